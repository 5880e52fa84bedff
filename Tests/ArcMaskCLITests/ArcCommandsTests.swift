import ArcMaskCore
import ArcMaskGIF
import ArcMaskIO
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskCLI

@Suite("plan, render and emulate commands")
struct ArcCommandsTests {
    func input(_ s: Scratch) throws -> String {
        let path = s.path("in.gif")
        try TestPattern.writeGIF(
            to: URL(fileURLWithPath: path), size: PixelSize(width: 40, height: 40),
            frames: 8, delays: [5, 10, 20, 8])
        return path
    }

    @Test("emulate exits 0 for the arcmask plan and 2 when defects are found")
    func exitStatus() throws {
        let s = try Scratch()
        let file = try input(s)
        #expect(run(["emulate", file, "--size", "60x60", "--scale", "2"]) == 0)
        #expect(
            run(["emulate", file, "--size", "60x60", "--scale", "2", "--preset", "oneday"])
                == ExitStatus.defectsFound.rawValue)
        #expect(
            run(["emulate", file, "--size", "60x60", "--scale", "2", "--preset", "dynamicwidget", "--mode", "raster"])
                == ExitStatus.defectsFound.rawValue)
        // Only gaps count: oneday has wrong frames but no gap on this square view.
        #expect(
            run(["emulate", file, "--size", "60x60", "--scale", "2", "--preset", "oneday", "--fail-on", "gap"]) == 0)
    }

    @Test("render writes a PNG of the view's pixel size and refuses to replace files without --force")
    func render() throws {
        let s = try Scratch()
        let file = try input(s)
        #expect(
            run(["render", file, "--size", "50x30", "--scale", "2", "--time", "120ms", "--out", s.path("r.png")]) == 0)
        let picture = try PNG.read(URL(fileURLWithPath: s.path("r.png")))
        #expect(picture.width == 100 && picture.height == 60)
        #expect(
            run(["render", file, "--size", "50x30", "--angle", "3", "--out", s.path("r.png")])
                == ExitStatus.badInput.rawValue)
        #expect(
            run(["render", file, "--size", "50x30", "--angle", "3", "--out", s.path("r.png"), "--force", "--overlay"])
                == 0)
        #expect(run(["render", file, "--size", "50x30", "--out", s.path("x.png")]) == ExitStatus.usage.rawValue)
        #expect(
            run(["render", file, "--size", "50x30", "--angle", "3", "--time", "1", "--out", s.path("x.png")])
                == ExitStatus.usage.rawValue)
    }

    @Test("an impossible plan is refused with a clear message and exit 1")
    func refused() throws {
        let s = try Scratch()
        let file = try input(s)
        #expect(
            run(["plan", file, "--size", "60x60", "--seam-fraction", "1", "--plan-refresh", "2"])
                == ExitStatus.badInput.rawValue)
        #expect(run(["plan", file, "--size", "60x60", "--seam-fraction", "0"]) == ExitStatus.usage.rawValue)
        #expect(run(["plan", file, "--size", "60x60", "--json"]) == 0)
    }

    /// A user's finding: tall, narrow views ended in an internal error (a sheet taller than cairo
    /// can draw), and huge views took minutes. The pictures are thumbnails of bounded size now.
    @Test("preview draws any view shape and size", arguments: [["1x364"], ["64x2000", "--scale", "2"], ["4000x2000"]])
    func previewShapes(_ size: [String]) throws {
        let s = try Scratch()
        let file = try input(s)
        let started = Date()
        #expect(
            run(["preview", file, "--size"] + size + ["--out", s.path("p"), "--quiet"]) == ExitStatus.success.rawValue)
        #expect(Date().timeIntervalSince(started) < 20)
        let sheet = try PNG.read(URL(fileURLWithPath: s.path("p/timeline.png")))
        #expect(sheet.width <= 1000 && sheet.height <= 2400)
    }
}
