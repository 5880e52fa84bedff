import ArcMaskFrames
import ArcMaskValues

@testable import ArcMaskGIF

/// Small GIFs written with giflib's encoder, so tests need nothing from outside.
enum Fixture {
    static let red = RGB(r: 255, g: 0, b: 0)
    static let green = RGB(r: 0, g: 255, b: 0)
    static let blue = RGB(r: 0, g: 0, b: 255)
    static let white = RGB(r: 255, g: 255, b: 255)
    /// Index 0 red, 1 green, 2 blue, 3 white.
    static let palette = [red, green, blue, white]

    static func rgba(_ c: RGB) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { (c.r, c.g, c.b, 255) }
    static let clear: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)

    /// A frame filled with one index.
    static func fill(
        _ index: UInt8, _ rect: PixelRect, delay: Int = 10, disposal: Disposal = .unspecified,
        transparent: Int? = nil, localPalette: [RGB]? = nil, interlaced: Bool = false
    ) -> GIFWriter.Frame {
        GIFWriter.Frame(
            indices: [UInt8](repeating: index, count: rect.width * rect.height), rect: rect,
            delayCentiseconds: delay, disposal: disposal, transparentIndex: transparent,
            localPalette: localPalette, interlaced: interlaced)
    }

    static func gif(
        size: PixelSize = PixelSize(width: 4, height: 4), palette: [RGB]? = Fixture.palette,
        loop: Int? = 0, loopExtension: GIFWriter.LoopExtension = .netscape,
        _ frames: [GIFWriter.Frame]
    ) throws -> [UInt8] {
        let w = try GIFWriter(screen: size, globalPalette: palette, loopCount: loop, loopExtension: loopExtension)
        for f in frames { try w.add(f) }
        return try w.finish()
    }

    static func source(_ bytes: [UInt8], limits: DecodeLimits = .default) throws -> GIFFrameSource {
        try GIFFrameSource(bytes: bytes, name: "fixture.gif", limits: limits)
    }

    static func full(_ size: PixelSize = PixelSize(width: 4, height: 4)) -> PixelRect {
        PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    }
}
