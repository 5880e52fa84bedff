import ArcMaskValues
internal import CCairo

/// A cairo failure, with cairo's own message.
public struct CairoError: ArcMaskError, CustomStringConvertible, Sendable {
    public let description: String
    public var message: String { description }
    public var location: String? { nil }
    /// cairo fails only on sizes and states arcmask should have refused before drawing: a bug,
    /// except a picture past cairo's size limit, which the input asked for.
    public let kind: ErrorKind

    init(description: String, kind: ErrorKind = .bug) {
        self.description = description
        self.kind = kind
    }

    /// The most pixels a side cairo draws.
    public static let maxSide = 32_767

    /// Refuses a picture cairo cannot hold, before cairo sees its size.
    static func checkSize(width: Int, height: Int) throws(CairoError) {
        guard width > maxSide || height > maxSide || width < 0 || height < 0 else { return }
        throw CairoError(
            description: "a \(width)×\(height) px picture is past \(maxSide) px a side, the most arcmask draws",
            kind: .input)
    }
}

/// Maps a cairo status to success or a typed error: the one place that reads statuses.
func check(_ status: cairo_status_t) throws(CairoError) {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw CairoError(description: "cairo: " + String(cString: cairo_status_to_string(status)))
    }
}

/// cairo's version, as the library linked in reports it ("1.16.0").
public let cairoVersion = String(cString: cairo_version_string())
