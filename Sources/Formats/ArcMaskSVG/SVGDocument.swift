import ArcMaskCairo
import ArcMaskFrames
import ArcMaskValues
internal import CRSVG

/// Ceilings on an SVG, checked before librsvg parses or draws it.
public struct SVGLimits: Sendable, Equatable {
    /// Bytes in the file.
    public var maxFileBytes = 16 << 20
    /// Elements (start tags) in the file.
    public var maxElements = 100_000
    /// Pixels of one render.
    public var maxPixels = DecodeLimits.defaultMaxCanvasPixels

    public init(
        maxFileBytes: Int = 16 << 20, maxElements: Int = 100_000, maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxElements = maxElements
        self.maxPixels = maxPixels
    }

    public static let `default` = SVGLimits()
}

/// One SVG document parsed by librsvg, drawn at any pixel size onto a cairo surface.
///
/// The thin wrapper over librsvg: it parses from memory (so the document cannot reach files
/// beside it), knows the intrinsic size at 96 dpi, and renders with `rsvg_handle_render_document`
/// into a viewport placed as `FitMode` says. One document is drawn from one thread at a time.
public final class SVGDocument {
    public let name: String
    /// Width and height in CSS pixels (96 per inch): from width/height, else from the viewBox.
    public let intrinsicSize: (width: Double, height: Double)
    /// The start tags counted when the file was checked against the limits.
    public let elementCount: Int
    private let handle: UnsafeMutablePointer<RsvgHandle>
    private let limits: SVGLimits

    /// librsvg's version ("2.54.7"): part of every cache key, since another version may draw otherwise.
    public static var rendererVersion: String { "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)" }

    /// Whether `head` (the file's first bytes) looks like SVG: XML or an `<svg` tag near the start.
    public static func matches(_ head: [UInt8]) -> Bool {
        var text = String(decoding: head.prefix(4096), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        guard trimmed.hasPrefix("<") else { return false }
        return trimmed.contains("<svg")
    }

    public init(bytes: [UInt8], name: String, limits: SVGLimits = .default) throws {
        guard bytes.count <= limits.maxFileBytes else {
            throw InputError(
                file: name,
                "is \(bytes.count) bytes, over the \(limits.maxFileBytes)-byte limit for SVG files",
                mention: .raise(.maxSVGBytes)
            )
        }
        let elements = Self.countElements(bytes)
        guard elements <= limits.maxElements else {
            throw InputError(
                file: name,
                "has \(elements) elements, over the limit of \(limits.maxElements)", mention: .raise(.maxSVGElements))
        }
        var error: UnsafeMutablePointer<GError>? = nil
        let handle = bytes.withUnsafeBufferPointer {
            rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
        }
        guard let handle else {
            throw InputError(file: name, "librsvg cannot read it (\(Self.message(error)))")
        }
        rsvg_handle_set_dpi(handle, 96)
        var w = 0.0, h = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) == 0 || !(w > 0 && h > 0) {
            var hasW: gboolean = 0, hasH: gboolean = 0, hasBox: gboolean = 0
            var lw = RsvgLength(), lh = RsvgLength(), box = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, &hasW, &lw, &hasH, &lh, &hasBox, &box)
            if hasBox != 0 && box.width > 0 && box.height > 0 {
                (w, h) = (box.width, box.height)
            } else {
                g_object_unref(UnsafeMutableRawPointer(handle))
                throw InputError(file: name, "has no size: give its <svg> a width and height, or a viewBox")
            }
        }
        guard w.isFinite, h.isFinite, w < 1e7, h < 1e7 else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw InputError(file: name, "states an absurd size (\(w)×\(h) px)")
        }
        self.name = name
        self.handle = handle
        self.limits = limits
        self.elementCount = elements
        intrinsicSize = (w, h)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The intrinsic size rounded to whole pixels (at least 1×1).
    public var pixelSize: PixelSize {
        PixelSize(
            width: max(1, Int(intrinsicSize.width.rounded())), height: max(1, Int(intrinsicSize.height.rounded())))
    }

    /// The document drawn at `size` pixels, placed as `fit` says, straight RGBA. At
    /// `pixelSize` it is drawn at its natural size (a fraction of a pixel may stay empty).
    public func render(size: PixelSize, fit: FitMode = .fit) throws -> PixelBuffer {
        guard size.width > 0, size.height > 0, size.pixelCount <= limits.maxPixels else {
            throw InputError(
                file: name,
                "a \(size) render is over the limit of \(limits.maxPixels) pixels", mention: .raise(.maxPixels))
        }
        let surface: Surface, context: Context
        do {
            surface = try Surface(width: size.width, height: size.height)
            context = try Context(surface)
        } catch {
            throw InputError(file: name, "cannot make a \(size) surface (\(error))")
        }
        // At its own (rounded) size the document is drawn unscaled from the corner, as
        // rsvg-convert does; at any other size it is scaled into place.
        let place =
            size == pixelSize
            ? Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            : fit.placement(of: intrinsicSize, in: (Double(size.width), Double(size.height)))
        var viewport = RsvgRectangle(
            x: place.tx, y: place.ty, width: intrinsicSize.width * place.a, height: intrinsicSize.height * place.d)
        var error: UnsafeMutablePointer<GError>? = nil
        if rsvg_handle_render_document(handle, context.cairoContext, &viewport, &error) == 0 {
            throw InputError(file: name, "librsvg cannot draw it (\(Self.message(error)))")
        }
        surface.flush()
        return surface.pixelBuffer()
    }

    /// Start tags: '<' followed by a letter (comments, declarations and end tags not counted).
    static func countElements(_ bytes: [UInt8]) -> Int {
        var n = 0
        bytes.withUnsafeBufferPointer { b in
            guard b.count > 1 else { return }
            for i in 0..<(b.count - 1) where b[i] == 0x3C {
                let c = b[i + 1] | 0x20
                if c >= 0x61 && c <= 0x7A { n += 1 }
            }
        }
        return n
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no reason given" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "no reason given"
    }
}
