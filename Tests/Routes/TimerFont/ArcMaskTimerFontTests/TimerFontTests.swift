import ArcMaskFontCheck
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskRouteTesting
import ArcMaskTimerFont
import ArcMaskTimerFontPlan
import ArcMaskValues
import Testing

@Suite("Timer-font route: fonts proven by shaping")
struct TimerFontTests {
    /// `count` opaque frames, each a flat colour with its index in a stripe (all distinct).
    func frames(_ count: Int, size: PixelSize = PixelSize(width: 24, height: 20)) -> [PixelBuffer] {
        (0..<count).map { k in
            var p = PixelBuffer(width: size.width, height: size.height)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let stripe = x == k % size.width
                    p.setPixel(x: x, y: y, (UInt8(k * 37 % 256), stripe ? 0 : 200, UInt8(k * 11 % 256), 255))
                }
            }
            return p
        }
    }

    @Test("timers read as iOS shows them: m:ss below an hour, h:mm:ss from then on")
    func timerText() {
        #expect(TimerFontPlan.timerText(elapsed: 0) == "0:00")
        #expect(TimerFontPlan.timerText(elapsed: 65) == "1:05")
        #expect(TimerFontPlan.timerText(elapsed: 3599) == "59:59")
        #expect(TimerFontPlan.timerText(elapsed: 3600) == "1:00:00")
        #expect(TimerFontPlan.timerText(elapsed: 7262) == "2:01:02")
    }

    @Test("plans refuse rates and loops the design cannot play")
    func refusals() {
        #expect(throws: PlanError.self) { try TimerFontPlan(fps: 16, loopSeconds: 2) }
        #expect(throws: PlanError.self) { try TimerFontPlan(fps: 8, loopSeconds: 7) }
        #expect(throws: PlanError.self) { try TimerFontPlan(fps: 8, loopSeconds: 8) }  // even, but 60 is no multiple
    }

    @Test("2 s at 8 fps: HarfBuzz shapes the intended frame at every 1/8 s over two hours of timer strings")
    func twoHours() throws {
        let plan = try TimerFontPlan(fps: 8, loopSeconds: 2)
        let fonts = try TimerFonts.build(plan: plan, frames: frames(plan.frameCount), baseName: "Test")
        #expect(fonts.frameFonts.count == 16)
        let verifier = try TimerFontVerifier(
            plan: plan, frameFonts: fonts.frameFonts.map(\.bytes), maskFont: fonts.maskFont.bytes,
            pictures: fonts.pictures, pixelSize: fonts.pixelSize)
        let report = verifier.verify(seconds: 2 * 3600, samplesPerFrame: 1)
        #expect(report.instants == 2 * 60 * 60 * 8)
        #expect(report.wrongFrames == 0, "\(report.mismatches.prefix(3))")
        // Each layer's text while it is on top (16 layers once every 2 s: 57,600) and every
        // mask value (7,200), each shaped once.
        #expect(report.stringsShaped == 57_600 + 7_200)
        // FreeType decodes every picture of every frame font to the very frame it stands for.
        let source = frames(plan.frameCount)
        for (layer, file) in fonts.frameFonts.enumerated() {
            let face = try FreeTypeFace(bytes: file.bytes, name: file.fileName)
            #expect(face.strikes == [20])
            for g in 0..<plan.picturesPerFont {
                #expect(try face.colorBitmap(12 + g, ppem: 20) == source[plan.frame(layer: layer, seconds: 2 * g)])
            }
        }
        // Near the edges of every frame too (1 ms in, the middle, 1 ms before the end), for ten minutes.
        #expect(verifier.verify(seconds: 600, samplesPerFrame: 3).wrongFrames == 0)
    }

    @Test("longer loops and other rates: 6 s at 5 fps, 4 s at 15 fps, 2 s at 1 fps")
    func otherRates() throws {
        for (fps, loop) in [(5, 6), (15, 4), (1, 2)] {
            let plan = try TimerFontPlan(fps: fps, loopSeconds: loop)
            let fonts = try TimerFonts.build(plan: plan, frames: frames(plan.frameCount), baseName: "Rate\(fps)")
            let verifier = try TimerFontVerifier(
                plan: plan, frameFonts: fonts.frameFonts.map(\.bytes), maskFont: fonts.maskFont.bytes,
                pictures: fonts.pictures, pixelSize: fonts.pixelSize)
            let report = verifier.verify(seconds: 3 * 60 + 4, samplesPerFrame: 3)
            #expect(report.wrongFrames == 0, "\(fps) fps, \(loop) s: \(report.mismatches.prefix(3))")
        }
    }

    @Test("the verifier catches fonts in the wrong order and translucent frames are refused")
    func catchesMistakes() throws {
        let plan = try TimerFontPlan(fps: 8, loopSeconds: 2)
        let fonts = try TimerFonts.build(plan: plan, frames: frames(plan.frameCount), baseName: "Test")
        var swapped = fonts.frameFonts.map(\.bytes)
        swapped.swapAt(3, 4)
        let verifier = try TimerFontVerifier(
            plan: plan, frameFonts: swapped, maskFont: fonts.maskFont.bytes, pictures: fonts.pictures,
            pixelSize: fonts.pixelSize)
        let report = verifier.verify(seconds: 60)
        // Layers 3 and 4 are each on top for 1/8 s of every 2 s: 60 s × 2 layers × 3 samples / 2.
        #expect(report.wrongFrames == 60 * 3)
        var translucent = frames(plan.frameCount)
        translucent[5].setPixel(x: 0, y: 0, (1, 2, 3, 128))
        #expect(throws: InputError.self) { try TimerFonts.build(plan: plan, frames: translucent, baseName: "Test") }
    }
}
