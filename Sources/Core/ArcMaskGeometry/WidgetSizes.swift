/// Widget families, as WidgetKit names them.
public enum WidgetFamily: String, Codable, Sendable, CaseIterable {
    case small, medium, large, extraLarge
}

/// Widget sizes in points per device screen.
///
/// Source: Apple Human Interface Guidelines, "Widgets", Specifications: widget dimensions
/// (iPhone and iPad tables). Screen sizes are in portrait points; `extraLarge` exists on iPad only.
public struct WidgetSizeTable: Sendable {
    public struct Device: Sendable, Equatable {
        /// A short name for the option `--device`.
        public let id: String
        public let screen: String
        public let examples: String
        public let small: (Double, Double)
        public let medium: (Double, Double)
        public let large: (Double, Double)
        public let extraLarge: (Double, Double)?

        public func size(_ family: WidgetFamily) -> (width: Double, height: Double)? {
            switch family {
            case .small: small
            case .medium: medium
            case .large: large
            case .extraLarge: extraLarge
            }
        }

        public static func == (a: Device, b: Device) -> Bool { a.id == b.id }
    }

    public static let devices: [Device] = [
        Device(
            id: "iphone-430", screen: "430×932", examples: "iPhone 14/15/16 Plus and Pro Max",
            small: (170, 170), medium: (364, 170), large: (364, 382), extraLarge: nil),
        Device(
            id: "iphone-428", screen: "428×926", examples: "iPhone 12/13 Pro Max, 14 Plus",
            small: (170, 170), medium: (364, 170), large: (364, 382), extraLarge: nil),
        Device(
            id: "iphone-414", screen: "414×896", examples: "iPhone 11, XR, 11 Pro Max, XS Max",
            small: (169, 169), medium: (360, 169), large: (360, 379), extraLarge: nil),
        Device(
            id: "iphone-393", screen: "393×852", examples: "iPhone 14/15/16 Pro, 15/16",
            small: (158, 158), medium: (338, 158), large: (338, 354), extraLarge: nil),
        Device(
            id: "iphone-390", screen: "390×844", examples: "iPhone 12/13/14, 12/13 Pro",
            small: (158, 158), medium: (338, 158), large: (338, 354), extraLarge: nil),
        Device(
            id: "iphone-375", screen: "375×812", examples: "iPhone X, XS, 11 Pro, 12/13 mini",
            small: (155, 155), medium: (329, 155), large: (329, 345), extraLarge: nil),
        Device(
            id: "iphone-414-plus", screen: "414×736", examples: "iPhone 6s/7/8 Plus",
            small: (159, 159), medium: (348, 157), large: (348, 357), extraLarge: nil),
        Device(
            id: "iphone-375-se", screen: "375×667", examples: "iPhone SE (2nd, 3rd), 6s/7/8",
            small: (148, 148), medium: (321, 148), large: (321, 324), extraLarge: nil),
        Device(
            id: "iphone-320", screen: "320×568", examples: "iPhone SE (1st), iPod touch",
            small: (141, 141), medium: (292, 141), large: (292, 311), extraLarge: nil),
        Device(
            id: "ipad-1024", screen: "1024×1366", examples: "iPad Pro 12.9\"",
            small: (170, 170), medium: (379, 170), large: (379, 379), extraLarge: (795, 379)),
        Device(
            id: "ipad-834", screen: "834×1194", examples: "iPad Pro 11\", iPad Air 11\"",
            small: (155, 155), medium: (342, 155), large: (342, 342), extraLarge: (715, 342)),
        Device(
            id: "ipad-820", screen: "820×1180", examples: "iPad Air (4th, 5th), iPad (10th)",
            small: (155, 155), medium: (342, 155), large: (342, 342), extraLarge: (715, 342)),
        Device(
            id: "ipad-768", screen: "768×1024", examples: "iPad mini (5th), iPad 9.7\"",
            small: (141, 141), medium: (305.5, 141), large: (305.5, 305.5), extraLarge: (634.5, 305.5)),
        Device(
            id: "ipad-744", screen: "744×1133", examples: "iPad mini (6th)",
            small: (141, 141), medium: (305.5, 141), large: (305.5, 305.5), extraLarge: (634.5, 305.5)),
    ]

    /// The default device: the largest current iPhones (and the largest iPad for extraLarge).
    public static func defaultDevice(for family: WidgetFamily) -> Device {
        family == .extraLarge ? devices.first { $0.id == "ipad-1024" }! : devices[0]
    }

    public static func device(_ id: String) -> Device? { devices.first { $0.id == id } }
}
