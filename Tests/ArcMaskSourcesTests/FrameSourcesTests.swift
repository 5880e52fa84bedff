import ArcMaskCore
import ArcMaskGIF
import ArcMaskSVGA
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
        #expect(unknown?.problem.contains("GIF, SVGA") == true)
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

    @Test("reports: a GIF gives its own, other sources the common one")
    func reports() throws {
        let gif = try FrameSources.open(bytes: try gifBytes(), name: "a.gif")
        #expect(SourceReports.report(of: gif) is GIFReport)
        #expect(!SourceReports.isDamaged(gif))
    }
}
