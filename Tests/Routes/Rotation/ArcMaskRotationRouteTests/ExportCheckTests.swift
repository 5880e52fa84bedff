import ArcMaskBudget
import ArcMaskFiles
import ArcMaskIO
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLayerExport
@testable import ArcMaskRotationRoute

@Suite("A rotation export folder read back")
struct ExportCheckTests {
    /// A small export's folder, and its manifest as a JSON object.
    func folder(_ dir: TempDir) throws -> (URL, [String: Any]) {
        _ = try export(
            DrawnFrames.smooth(width: 40, height: 30, frames: 4), dir, "out",
            WidgetSettings(viewWidth: 20, viewHeight: 15, scale: 2))
        let url = dir.path("out")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent("manifest.json")))
        return (url, json as! [String: Any])
    }

    /// Checks the folder with `manifest` in place of its own.
    func check(_ url: URL, _ manifest: [String: Any]) throws -> ExportCheck {
        let data = try JSONSerialization.data(withJSONObject: manifest)
        return try ExportCheck.run(path: url.path, manifest: Array(data)) { name, limit in
            try FileReader.contents(of: url.appendingPathComponent(name).path, limit: limit, kind: "files")
        }
    }

    @Test("as written: no problem, the figures equal the manifest's")
    func clean() throws {
        let dir = try TempDir()
        let (url, _) = try folder(dir)
        let c = try ExportCheck.run(url.path)
        #expect(c.problems.isEmpty && c.passed && c.layers == 4 && c.images == 4)
        let m = try JSONDecoder().decode(
            ExportManifest.self, from: Data(contentsOf: url.appendingPathComponent("manifest.json")))
        #expect(c.limits == m.limits)
    }

    @Test("timer-mask lanes over the layers: read and checked against the folder, each problem said where")
    func timerMaskLanes() throws {
        let dir = try TempDir()
        let (url, manifest) = try folder(dir)
        let images = (manifest["images"] as! [[String: Any]]).map { $0["file"] as! String }
        func lanes(image: (Int) -> String, font: String) -> [String: Any] {
            [
                "loopSeconds": 2,
                "fonts": [["file": "ArcMaskMask2.ttf", "postScriptName": "ArcMaskMask2", "periodSeconds": 2]],
                "lanes": images.indices.map { i -> [String: Any] in
                    let a = 2.0 * Double(i) / Double(images.count)
                    return [
                        "image": image(i), "frame": i, "onTopFromSeconds": a,
                        "onTopToSeconds": 2.0 * Double(i + 1) / Double(images.count),
                        "masks": i == 0 ? [] : [["font": font, "leadSeconds": 2 - a]],
                    ]
                },
            ]
        }
        var good = manifest
        good["timerMask"] = lanes(image: { images[$0] }, font: "ArcMaskMask2.ttf")
        // (The code on disk was written without lanes: only the section's own problems matter here.)
        let own = try check(url, good).problems.filter { $0.location?.hasPrefix("timerMask") == true }
        #expect(own.isEmpty, "\(own)")
        var bad = manifest
        bad["timerMask"] = lanes(image: { $0 == 1 ? "gone.jpg" : images[$0] }, font: "Other.ttf")
        let located = try check(url, bad).problems.compactMap(\.location)
        #expect(located.contains("timerMask.lanes[1].image"))
        #expect(located.contains("timerMask.lanes[2].masks[0].font"))
        var unreadable = manifest
        unreadable["timerMask"] = ["loopSeconds": 2, "fonts": "none", "lanes": []]
        #expect(throws: InputError.self) { try check(url, unreadable) }
    }

    @Test("hostile sizes and durations are problems, never an overflow or a trap")
    func hostile() throws {
        let dir = try TempDir()
        let (url, manifest) = try folder(dir)
        var edits: [(String, ([String: Any]) -> [String: Any])] = []
        for (key, value) in [
            ("pixelWidth", Int.max / 2 as Any), ("pixelHeight", Int.max as Any), ("stripColumns", 0 as Any),
            ("viewWidth", 1e300 as Any), ("scale", -3 as Any),
        ] {
            edits.append(
                (
                    key,
                    {
                        var m = $0; m[key] = value; return m
                    }
                ))
        }
        edits.append(
            (
                "durations",
                { m in
                    var m = m
                    m["frames"] = (m["frames"] as! [[String: Any]]).map {
                        var f = $0; f["durationMs"] = 1e300; return f
                    }
                    return m
                }
            ))
        edits.append(
            (
                "image sizes",
                { m in
                    var m = m
                    m["images"] = (m["images"] as! [[String: Any]]).map {
                        var i = $0; i["width"] = Int.max; i["height"] = Int.max; return i
                    }
                    return m
                }
            ))
        for (name, edit) in edits {
            let c = try check(url, edit(manifest))
            #expect(!c.passed && !c.problems.isEmpty, "\(name)")
        }
    }

    @Test("a huge image header saturates the figures")
    func saturates() {
        let image = ExportManifest.Image(
            file: "a.png", bytes: Int.max, digest: "0", width: Int(Int32.max), height: Int(Int32.max))
        let f = LimitFigures(
            layout: .files, images: [image, image], layers: 2, layerSize: .init(width: 1, height: 1), limits: .standard)
        #expect(f.archiveBytes == Int.max && f.rendererDecodedBytes == Int.max)
        #expect(f.largestLayerPixels == Int(Int32.max) * Int(Int32.max))
        #expect(f.overLimits(.plain).count == 3)
    }

    @Test("the start scale keeps every side within cairo's 32,767 px")
    func sideLimit() {
        let s = Exporter.scale(within: 718_080, viewWidth: 1, viewHeight: 32_767, scale: 3)
        #expect(s == 1)
        #expect(Exporter.scale(within: 718_080, viewWidth: 170, viewHeight: 170, scale: 3) == 3)
        #expect(
            Int((30_000 * Exporter.scale(within: 1 << 30, viewWidth: 30_000, viewHeight: 2, scale: 3)).rounded())
                <= 32_767)
    }
}
