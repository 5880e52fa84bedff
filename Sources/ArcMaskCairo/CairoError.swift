import ArcMaskCore
internal import CCairo

/// A cairo failure, with cairo's own message.
public struct CairoError: ArcMaskError, CustomStringConvertible, Sendable {
    public let description: String
    public var message: String { description }
    public var location: String? { nil }
    /// cairo fails only on sizes and states arcmask should have refused before drawing.
    public var exitStatus: ExitStatus { .internalError }
}

/// Maps a cairo status to success or a typed error: the one place that reads statuses.
func check(_ status: cairo_status_t) throws(CairoError) {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw CairoError(description: "cairo: " + String(cString: cairo_status_to_string(status)))
    }
}
