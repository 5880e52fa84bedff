import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskPreview

/// The looks drawn as their documented rules say, on fixed colours.
@Suite("Each look's transform")
struct LooksTests {
    /// One pixel of each colour: red, green, blue, white, mid grey, black, half-transparent white.
    static let colours: [[UInt8]] = [
        [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255], [128, 128, 128, 255],
        [0, 0, 0, 255], [255, 255, 255, 128],
    ]
    static var picture: PixelBuffer {
        PixelBuffer(width: colours.count, height: 1, bytes: colours.flatMap { $0 })
    }

    @Test("vibrant and tinted (without the colour opt-in): white, as opaque as the pixel's Rec. 709 luminance")
    func luminance() {
        // Rec. 709: 0.2126 R + 0.7152 G + 0.0722 B; alpha scales it.
        let expected: [UInt8] = [54, 182, 18, 255, 128, 0, 128]
        for (look, tinted) in [
            (WidgetLook.vibrant, AccentedRendering.fullColor), (.vibrant, .alpha), (.tinted, .alpha),
            (.tinted, .poster),
        ] {
            let out = look.apply(Self.picture, tinted: tinted).bytes
            for (k, alpha) in expected.enumerated() {
                #expect(Array(out[4 * k..<4 * k + 3]) == [255, 255, 255], "\(look) \(k)")
                #expect(out[4 * k + 3] == alpha, "\(look) \(tinted) pixel \(k): \(out[4 * k + 3]) != \(alpha)")
            }
        }
    }

    @Test("full colour, and tinted with the opt-in, keep the picture; Always-On dims the vibrant picture by half")
    func others() {
        #expect(WidgetLook.fullColor.apply(Self.picture, tinted: .alpha) == Self.picture)
        #expect(WidgetLook.tinted.apply(Self.picture, tinted: .fullColor) == Self.picture)
        // accented: a template, white with each pixel's alpha.
        let template = WidgetLook.tinted.apply(Self.picture, tinted: .accented).bytes
        #expect(template == Self.colours.flatMap { [255, 255, 255, $0[3]] })
        let dim = WidgetLook.alwaysOn.apply(Self.picture, tinted: .fullColor).bytes
        #expect(dim[3] == 27 && abs(Int(dim[4 * 3 + 3]) - 128) <= 1 && dim[4 * 5 + 3] == 0, "\(dim)")
        #expect(!WidgetLook.alwaysOn.animates(tinted: .fullColor) && !WidgetLook.vibrant.animates(tinted: .poster))
        #expect(WidgetLook.vibrant.animates(tinted: .alpha) && WidgetLook.fullColor.animates(tinted: .poster))
    }

    @Test("looks.png: four panels on their backgrounds, the vibrant one without colour")
    func sheet() throws {
        let source = try patternSource(frames: 6)
        let plan = try ArcPlanner.plan(
            PlanRequest(viewWidth: 76, viewHeight: 76, scale: 3, durationsMs: source.durations))
        let preview = Preview(plan: plan, source: source, refreshHz: 60)
        let sheet = try preview.looksSheet(tinted: .alpha, poster: 2, family: "accessoryCircular")
        #expect(sheet.width > 4 * 200 && sheet.height > 200)
        // The vibrant panel's middle is grey (no colour), the full-colour one's is the frame's.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(sheet.bytes[4 * (y * sheet.width + x)..<4 * (y * sheet.width + x) + 3])
        }
        let panel = Double(sheet.width - 24) / 4
        let y = 70 + 100
        let vibrant = pixel(Int(24 + 2.5 * panel - 12), y)
        #expect(vibrant[0] == vibrant[1] && vibrant[1] == vibrant[2], "\(vibrant)")
    }
}
