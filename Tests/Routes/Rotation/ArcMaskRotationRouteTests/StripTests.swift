import ArcMaskBudget
import ArcMaskIO
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskValues
import Testing

@testable import ArcMaskRotationRoute

@Suite("The strip layout")
struct StripTests {
    @Test("--layout strip counts the decoded strip against the extension's memory")
    func stripLayout() throws {
        let dir = try TempDir()
        let r = WidgetSettings(viewWidth: 60, viewHeight: 45, scale: 2, layout: .strip)
        let m = try export(DrawnFrames.smooth(frames: 5), dir, "out", r)
        #expect(m.layout == .strip && m.strip == "strip.png" && m.images.count == 1)
        #expect(m.limits.extensionBytes >= 5 * 120 * 90 * 4)
        #expect(m.warnings.contains { $0.contains("re-encode") })
        let (bytes, digest) = try LayerDigest.ofFile(dir.path("out/strip.png").path)
        #expect(m.images[0].bytes == bytes && m.images[0].digest == digest)
    }

    @Test("a strip is as wide as it may be, narrower only when its empty cells would break the budget")
    func stripGrid() {
        let cell = PixelSize(width: 340, height: 340)
        // 64 cells, 12 a row: 8 empty cells put the decoded strip at 33.3 MB; 8 × 8 has none.
        #expect(RotationExporter.stripGrid(cells: 64, cell: cell, budgetBytes: 30_000_000) == (8, 8))
        #expect(RotationExporter.stripGrid(cells: 64, cell: cell, budgetBytes: 40_000_000) == (12, 6))
        #expect(
            RotationExporter.stripGrid(cells: 500, cell: PixelSize(width: 510, height: 510), budgetBytes: 1 << 30) == (
                8, 63
            ))
        #expect(RotationExporter.stripGrid(cells: 1, cell: cell, budgetBytes: 1) == (1, 1))
    }
}
