internal import CCairo

/// What fills a shape: a group drawn offscreen, or an image. Owns its cairo pattern.
public final class Pattern {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_pattern_destroy(pointer) }

    /// The coverage of an alpha-only group, when cairo holds it as a plain A8 image.
    public func alphaImage() -> ImageAccess? {
        var s: OpaquePointer?
        guard cairo_pattern_get_surface(pointer, &s) == CAIRO_STATUS_SUCCESS, let s else { return nil }
        return ImageAccess(s, format: CAIRO_FORMAT_A8)
    }
}

/// How an image is sampled between pixels.
public enum Filter: Sendable {
    /// Box-filtered when shrinking, bilinear when growing.
    case good
    case bilinear
    case nearest

    var cairo: cairo_filter_t {
        switch self {
        case .good: CAIRO_FILTER_GOOD
        case .bilinear: CAIRO_FILTER_BILINEAR
        case .nearest: CAIRO_FILTER_NEAREST
        }
    }
}

/// What an image shows outside its own rectangle.
public enum Extend: Sendable {
    /// Transparent (a one-pixel soft edge when filtered).
    case none
    /// The edge pixels repeated, so borders do not darken.
    case pad

    var cairo: cairo_extend_t { self == .none ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD }
}
