public struct UTType: Sendable, Hashable {
    public init?(_ identifier: String) { self.identifier = identifier }
    init(known identifier: String) { self.identifier = identifier }
    public let identifier: String
    public static let image = UTType(known: "public.image")
    public static let jpeg = UTType(known: "public.jpeg")
    public static let png = UTType(known: "public.png")
    public static let gif = UTType(known: "com.compuserve.gif")
    public static let heic = UTType(known: "public.heic")
    public static let webP = UTType(known: "org.webmproject.webp")
}
