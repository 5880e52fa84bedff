import ArcMaskValues

/// What happens to a frame's rectangle before the next frame is drawn.
public enum Disposal: Int, Sendable, CustomStringConvertible {
    /// 0: unspecified; decoders leave the frame in place.
    case unspecified = 0
    /// 1: leave the frame in place.
    case keep = 1
    /// 2: clear the frame's rectangle to transparent (not the background colour).
    case background = 2
    /// 3: restore the canvas as it was before the frame was drawn.
    case previous = 3

    /// Values 4–7 are reserved; decoders treat them as "leave in place".
    init(gifValue: Int) { self = Disposal(rawValue: gifValue) ?? .unspecified }

    public var description: String {
        switch self {
        case .unspecified: "none"
        case .keep: "keep"
        case .background: "background"
        case .previous: "previous"
        }
    }
}

/// One image of a GIF as the file describes it (read without decoding pixels).
public struct GIFFrameInfo: Sendable, Equatable {
    public var index: Int
    /// The image's rectangle on the logical screen; may reach outside it (then it is clipped).
    public var rect: PixelRect
    /// The delay as written, in centiseconds (0 when the image has no Graphic Control Extension).
    public var delayCentiseconds: Int
    public var disposal: Disposal
    /// Palette index that leaves the canvas untouched, if any.
    public var transparentIndex: Int?
    public var hasLocalPalette: Bool
    public var interlaced: Bool
    /// The image's data ends early (the file is cut or corrupt inside this image).
    public var truncated: Bool
    /// Byte offset of the image descriptor (the 0x2C byte).
    var descriptorOffset: Int

    /// How long browsers show the frame: delays of 10 ms or less play as 100 ms.
    public var durationMs: Double {
        FrameDelay.browserMs(Double(delayCentiseconds * 10))
    }
}
