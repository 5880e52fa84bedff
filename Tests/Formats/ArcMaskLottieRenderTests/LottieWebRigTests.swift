import ArcMaskFrames
import ArcMaskIO
import Foundation
import Testing

@testable import ArcMaskLottieRender

/// Files written by hand with what animators' rigs use, each pinned to lottie-web's own frames
/// (made by Scripts/lottie-web-frames, lottie-web 5.13.0's canvas player in Chromium, beside each
/// file in Fixtures/rigs) and judged by the Lottie corpus's agreement rule.
@Suite("Rigs against lottie-web's frames")
struct LottieWebRigTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rigs")

    /// Every frame lottie-web drew of the file, with the frame number.
    static func expected(_ name: String) throws -> [(Int, PixelBuffer)] {
        let dir = folder.appendingPathComponent(name)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
            .sorted()
        return try names.map { file in
            let k = Int(file.dropFirst("frame-".count).dropLast(".png".count)) ?? -1
            return (k, try PNG.read(dir.appendingPathComponent(file)))
        }
    }

    @Test(
        "agrees with lottie-web on every pinned frame",
        arguments: [
            // Position keyframes whose handles lie on the line from start to end (two and three
            // components): a straight path at the eased pace, no overshoot past the end.
            "collinear-motion-path",
            // A card turning about y with an orientation, and a 2-D child set off in z.
            "flip-3d",
            // Text from Bodymovin 4.6: glyph tangents stored as absolute points.
            "old-glyphs",
            // An arm rigged as RubberHose rigs limbs: the hose path built by an expression from a
            // controller's effects (by name), parent.fromComp and toComp, propertyGroup(3) and
            // propertyIndex, eval of code built at run time, and call syntax
            // (thisLayer(2)('Admin')(2)('Hose Path')); the hand placed by an eval'd fromComp.
            "hand-rig",
        ])
    func agrees(_ name: String) throws {
        let url = Self.folder.appendingPathComponent("\(name).json")
        let source = try LottieFrameSource(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
        let frames = try Self.expected(name)
        #expect(frames.count == 5)
        for (k, expected) in frames {
            let verdict = LottieWebAgreement.judge(try source.frame(at: k), expected)
            #expect(verdict.agrees, "\(name) frame \(k): mean \(verdict.mean), \(verdict.far) % far")
        }
        #expect(source.featureWarnings.isEmpty, "\(source.featureWarnings)")
    }
}
