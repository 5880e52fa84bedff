import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskValues
import FuzzDriver

/// Timer-font exports read back. The first byte picks what the rest is:
/// - even: a font file, loaded by HarfBuzz and FreeType as every layer and the mask of a
///   1 fps, 2 s plan (16 px pictures), shaped for four seconds of timer strings, and each of
///   its first 64 glyphs' colour bitmaps decoded in each strike;
/// - odd: a `manifest.json`, checked key by key against fonts of the right sizes (empty files),
///   so every refusal before shaping is reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    guard let mode = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    if mode & 1 == 0 {
        guard let plan = try? TimerFontPlan(fps: 1, loopSeconds: 2),
            let verifier = try? TimerFontVerifier(
                plan: plan, frameFonts: [body, body], maskFont: body, pictureDigests: [1, 2],
                pixelSize: PixelSize(width: 16, height: 16))
        else { return 0 }
        _ = verifier.verify(seconds: 4, samplesPerFrame: 2)
        if let face = try? FreeTypeFace(bytes: body, name: "fuzz") {
            for strike in face.strikes.prefix(4) {
                for glyph in 0..<min(face.glyphCount, 64) { _ = try? face.colorBitmap(glyph, ppem: strike) }
            }
        }
    } else {
        // Each font reads as zeros, as many as its name has bytes: the sizes rarely match.
        _ = try? TimerFontOutput(path: "fuzz", manifest: body) { name in
            Array(repeating: 0, count: name.utf8.count)
        }
    }
    return 0
}

@_cdecl("FuzzTimerFont_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
