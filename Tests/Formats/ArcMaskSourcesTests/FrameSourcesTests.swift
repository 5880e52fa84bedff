import ArcMaskAPNG
import ArcMaskCore
import ArcMaskGIF
import ArcMaskIO
import ArcMaskSVG
import ArcMaskSVGA
import ArcMaskSequence
import ArcMaskSources
import ArcMaskValues
import Foundation
import Testing

@Suite("The frame-source entry point")
struct FrameSourcesTests {
    func gifBytes() throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("s-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        try TestPattern.writeGIF(to: url, size: PixelSize(width: 30, height: 20), frames: 3, delays: [5]) { _ in }
        return [UInt8](try Data(contentsOf: url))
    }

    @Test("the format is decided by the bytes, whatever the name says")
    func byBytes() throws {
        let source = try FrameSources.open(bytes: try gifBytes(), name: "really-a-gif.svga")
        #expect(source is GIFFrameSource)
        #expect(source.frameCount == 3 && source.canvasSize == PixelSize(width: 30, height: 20))
    }

    @Test("unknown, empty and missing files are clear errors naming the file")
    func refusals() throws {
        let unknown = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: Array("hello".utf8), name: "x.bin")
        }
        #expect(unknown?.file == "x.bin")
        #expect(unknown?.problem.contains("GIF, PNG/APNG, WebP, AVIF, Lottie/TGS/dotLottie, SVGA, SVG, video") == true)
        #expect(unknown?.problem.contains("68 65 6C 6C") == true)
        let empty = #expect(throws: InputError.self) { _ = try FrameSources.open(bytes: [], name: "e.gif") }
        #expect(empty?.problem == "is empty (0 bytes)")
        #expect(throws: InputError.self) { _ = try FrameSources.open(path: "/nonexistent/arcmask.gif") }
    }

    @Test("SVGA-only settings are refused for a GIF")
    func sequenceOnGIF() throws {
        var options = SourceOptions()
        options.svgaSequence = SVGASequence(reverse: true)
        let error = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: try gifBytes(), name: "a.gif", options: options)
        }
        #expect(error?.problem.contains("applies to SVGA files and image sequences, not to GIF files") == true)
    }

    @Test("PNG, SVG and folders open as their formats through the same entry point")
    func otherFormats() throws {
        var image = PixelBuffer(width: 4, height: 3)
        image.setPixel(x: 1, y: 1, (9, 8, 7, 255))
        let png = try FrameSources.open(bytes: try PNG.encode(image), name: "still.gif")
        #expect(png is APNGFrameSource && png.frameCount == 1)
        #expect(try png.frame(at: 0) == image)
        let svgBytes = Array(
            "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"4\"/>"
                .utf8)
        let svg = try FrameSources.open(bytes: svgBytes, name: "icon.png")
        #expect(svg is SVGFrameSource && svg.canvasSize == PixelSize(width: 8, height: 4))
        let report = try #require(SourceReports.report(of: svg) as? SourceReport)
        #expect(report.format == "SVG" && report.renderer?.hasPrefix("librsvg ") == true)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for k in 0..<3 { try PNG.write(image, to: folder.appendingPathComponent("f\(k).png")) }
        #expect(FrameSources.isSequence(folder.path) && FrameSources.isSequence(folder.path + "/f%d.png"))
        #expect(!FrameSources.isSequence(folder.path + "/f0.png"))
        let seq = try FrameSources.open(path: folder.path)
        #expect(seq is ImageSequenceSource && seq.frameCount == 3)
        var options = SourceOptions()
        options.sequence.loops = 2
        let refused = #expect(throws: InputError.self) {
            _ = try FrameSources.open(bytes: try gifBytes(), name: "a.gif", options: options)
        }
        #expect(refused?.problem == "--loops applies to image sequences, not to GIF files")
    }

    @Test("reports: a GIF gives its own, other sources the common one")
    func reports() throws {
        let gif = try FrameSources.open(bytes: try gifBytes(), name: "a.gif")
        #expect(SourceReports.report(of: gif) is GIFReport)
        #expect(!SourceReports.isDamaged(gif))
    }
}
