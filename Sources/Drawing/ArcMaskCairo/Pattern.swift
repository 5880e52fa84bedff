internal import CCairo

/// What fills a shape: a group drawn offscreen, or an image. Owns its cairo pattern.
public final class Pattern {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_pattern_destroy(pointer) }

    /// A colour stop of a gradient: offset 0…1 along it, straight colour 0…1.
    public struct Stop: Sendable {
        public var offset: Double, r: Double, g: Double, b: Double, a: Double
        public init(offset: Double, r: Double, g: Double, b: Double, a: Double) {
            self.offset = offset
            self.r = r
            self.g = g
            self.b = b
            self.a = a
        }
    }

    /// A linear gradient from (x0, y0) to (x1, y1), padded past its ends (as canvas draws one).
    public static func linear(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, stops: [Stop]) -> Pattern {
        let p = Pattern(owning: cairo_pattern_create_linear(x0, y0, x1, y1))
        p.add(stops)
        return p
    }

    /// A radial gradient from the circle (x0, y0, r0) to (x1, y1, r1), padded.
    public static func radial(
        _ x0: Double, _ y0: Double, _ r0: Double, _ x1: Double, _ y1: Double, _ r1: Double, stops: [Stop]
    ) -> Pattern {
        let p = Pattern(owning: cairo_pattern_create_radial(x0, y0, r0, x1, y1, r1))
        p.add(stops)
        return p
    }

    private func add(_ stops: [Stop]) {
        for s in stops { cairo_pattern_add_color_stop_rgba(pointer, s.offset, s.r, s.g, s.b, s.a) }
        cairo_pattern_set_extend(pointer, CAIRO_EXTEND_PAD)
    }

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
