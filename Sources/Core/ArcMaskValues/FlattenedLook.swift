import Foundation

/// One picture before and after it was flattened onto an opaque colour (see
/// `Flattening.measured`, which makes them): enough to tell whether the animation survived.
public struct FlattenedLook: Sendable, Equatable, Codable {
    /// Pixels at least half opaque in the picture: what it shows.
    public var contentPixels: Int
    /// Of those, the pixels whose flattened colour a person can tell from the background.
    public var visiblePixels: Int
    /// Whether the picture had any pixel that was not opaque (an opaque one is not changed).
    public var translucent: Bool
    /// The picture before and after flattening, each as a `thumbnailSide`² grid of cell averages
    /// (premultiplied RGBA before, RGB and 255 after): what tells two pictures apart at a glance.
    public var sourceThumbnail: [UInt8]
    public var flatThumbnail: [UInt8]

    /// Cells per side of the thumbnails.
    public static let thumbnailSide = 16

    public init(
        contentPixels: Int, visiblePixels: Int, translucent: Bool, sourceThumbnail: [UInt8], flatThumbnail: [UInt8]
    ) {
        self.contentPixels = contentPixels
        self.visiblePixels = visiblePixels
        self.translucent = translucent
        self.sourceThumbnail = sourceThumbnail
        self.flatThumbnail = flatThumbnail
    }

    /// Whether two thumbnails differ by more than a step a person can see in some cell.
    static func differ(_ a: [UInt8], _ b: [UInt8], by step: Int) -> Bool {
        a.count != b.count || zip(a, b).contains { abs(Int($0) - Int($1)) > step }
    }

    /// The share of the picture's content still visible (1 for a picture with none).
    public var visibleShare: Double {
        contentPixels == 0 ? 1 : Double(visiblePixels) / Double(contentPixels)
    }

    /// The largest channel difference (of 255) that counts as the same colour: a step a person
    /// cannot tell on a phone's screen.
    public static let invisibleDifference = 12

    /// A picture loses "most of what it showed" when fewer than this share of its content pixels
    /// stay visible over the background.
    public static let visibleShareNeeded = 0.5

    /// What flattening did wrong to a sequence of pictures (`looks[i]` is picture `i` as the
    /// widget plays them; `picture` says what one is called, "frame" or "layer"), each
    /// problem naming the pictures and the remedy. Empty when the animation survives.
    /// - Parameter remedy: what the user can do, in the front end's words (the option that sets
    ///   the background).
    public static func problems(
        _ looks: [FlattenedLook], onto hex: String, picture: String = "frame",
        remedy: String = "choose a background colour the animation does not use"
    ) -> [String] {
        var out: [String] = []
        // Runs of neighbours that were different and became the same picture.
        var runs: [ClosedRange<Int>] = []
        var i = 0
        while i + 1 < looks.count {
            var j = i
            while j + 1 < looks.count,
                !differ(looks[j + 1].flatThumbnail, looks[j].flatThumbnail, by: invisibleDifference),
                differ(looks[j + 1].sourceThumbnail, looks[j].sourceThumbnail, by: invisibleDifference)
            {
                j += 1
            }
            if j > i { runs.append(i...j) }
            i = j + 1
        }
        if !runs.isEmpty {
            let total = runs.reduce(0) { $0 + $1.count }
            let named = runs.prefix(4).map { "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
            out.append(
                "\(total) \(picture)s that differ look the same once flattened onto \(hex) (\(picture)s \(named)\(runs.count > 4 ? ", …" : "")): the animation does not move there; \(remedy)"
            )
        }
        let lost = looks.indices.filter {
            looks[$0].translucent && looks[$0].contentPixels > 0 && looks[$0].visibleShare < visibleShareNeeded
        }
        if !lost.isEmpty {
            let worst = lost.min { looks[$0].visibleShare < looks[$1].visibleShare }!
            let shown = lost.prefix(6).map(String.init).joined(separator: ", ")
            out.append(
                "\(lost.count) \(picture)\(lost.count == 1 ? "" : "s") lose most of their picture against \(hex) (\(picture)\(lost.count == 1 ? "" : "s") \(shown)\(lost.count > 6 ? ", …" : ""); \(picture) \(worst) keeps \(Int((looks[worst].visibleShare * 100).rounded())) % of it): \(remedy)"
            )
        }
        return out
    }
}
