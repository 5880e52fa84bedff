import ArcMaskManifest
import Foundation
import Testing

@testable import ArcMaskKit

/// What the view shows in each look the system draws it in.
@Suite("The view in each look")
struct LookTests {
    @Test("it holds still on the poster frame at reduced luminance, and with .poster where colours are not kept")
    func holdsStill() {
        for mode in ArcMaskAccentedRendering.allCases {
            #expect(mode.holdsStill(keepsColours: true, luminanceReduced: true))
            #expect(!mode.holdsStill(keepsColours: true, luminanceReduced: false))
            #expect(mode.holdsStill(keepsColours: false, luminanceReduced: false) == (mode == .poster))
        }
    }

    @Test("the manifest's posterFrame is the cell whose source frames hold it; one no cell holds is refused")
    func poster() throws {
        let dir = try SharedSourceTests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = PrepareOptions(timerMasks: nil)
        options.posterFrame = 2
        let target = dir.appendingPathComponent("w")
        let m = try AnimationPreparation.run(
            source: AnimationPreparationTests.source, options: options, destination: target, replacing: false,
            writer: AnimationPreparationTests.FixedWriter(bytesPerLayer: 100, frames: 4))
        #expect(m.posterFrame == 2)
        let data = try Data(contentsOf: target.appendingPathComponent("manifest.json"))
        let plan = try ArcMaskAnimationPlan(manifest: data)
        #expect(plan.posterCell == 2 && plan.shownCells.contains(2))
        // Thinned to every second cell, the poster shows the kept cell before it.
        let thin = try #require(plan.thinned(maxBytes: 250, bytes: { _ in 100 }))
        #expect(thin.posterCell == 2 || thin.posterCell == 0)
        #expect(thin.shownCells.contains(thin.posterCell))
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["posterFrame"] = 9
        #expect(throws: ArcMaskAnimationPlan.Invalid.self) {
            try ArcMaskAnimationPlan(manifest: try JSONSerialization.data(withJSONObject: json))
        }
        // Without one: the first.
        json["posterFrame"] = nil
        #expect(try ArcMaskAnimationPlan(manifest: try JSONSerialization.data(withJSONObject: json)).posterCell == 0)
        options.posterFrame = 4
        #expect(throws: PrepareError.self) {
            try AnimationPreparation.run(
                source: AnimationPreparationTests.source, options: options,
                destination: dir.appendingPathComponent("x"),
                replacing: false, writer: AnimationPreparationTests.FixedWriter(bytesPerLayer: 100, frames: 4))
        }
    }
}
