import ArcMaskFrames
import ArcMaskIO
import ArcMaskSVG
import ArcMaskValues
import Foundation
import Testing

/// A 40×20 SVG: a red left half and a blue right half.
let halves = Array(
    """
    <?xml version="1.0"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
      <rect x="0" y="0" width="20" height="20" fill="#ff0000"/>
      <rect x="20" y="0" width="20" height="20" fill="#0000ff"/>
    </svg>
    """.utf8)

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-svg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func rgba(_ b: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
    let p = b.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
}

@Suite("SVG")
struct SVGTests {
    @Test("an SVG is drawn at its intrinsic size, and at any size without resampling")
    func sizes() throws {
        let s = try SVGFrameSource(bytes: halves, name: "h.svg")
        #expect(s.canvasSize == PixelSize(width: 40, height: 20) && s.frameCount == 1)
        let natural = try s.frame(at: 0)
        #expect(rgba(natural, 5, 10) == [255, 0, 0, 255] && rgba(natural, 35, 10) == [0, 0, 255, 255])
        // 4× larger: the halves meet exactly at x = 80, with no blur across the seam.
        let big = try s.frame(at: 0, size: PixelSize(width: 160, height: 80), fit: .fit)
        #expect(rgba(big, 79, 40) == [255, 0, 0, 255] && rgba(big, 80, 40) == [0, 0, 255, 255])
        // Square view: fit leaves bars, fill crops to the middle.
        let fit = try s.frame(at: 0, size: PixelSize(width: 40, height: 40), fit: .fit)
        #expect(rgba(fit, 20, 5)[3] == 0 && rgba(fit, 5, 20) == [255, 0, 0, 255])
        let fill = try s.frame(at: 0, size: PixelSize(width: 40, height: 40), fit: .fill)
        #expect(rgba(fill, 19, 0) == [255, 0, 0, 255] && rgba(fill, 20, 39) == [0, 0, 255, 255])
    }

    @Test("the same SVG at the same size is drawn once: the second run reads the disk cache")
    func cacheAcrossRuns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = PixelSize(width: 400, height: 200)
        let first = try SVGFrameSource(
            bytes: halves, name: "a.svg", cache: SVGRasterCache(disk: RenderCache(directory: folder)))
        let drawn = try first.frame(at: 0, size: size, fit: .fit)
        _ = try first.frame(at: 0, size: size, fit: .fit)
        #expect(first.renders == 1 && first.cacheHits == 1)  // the second ask came from memory
        // A new process: a fresh memory cache over the same folder.
        let second = try SVGFrameSource(
            bytes: halves, name: "b.svg", cache: SVGRasterCache(disk: RenderCache(directory: folder)))
        #expect(try second.frame(at: 0, size: size, fit: .fit) == drawn)
        #expect(second.renders == 0 && second.cacheHits == 1)
        // Another size or placement is another entry.
        _ = try second.frame(at: 0, size: size, fit: .fill)
        #expect(second.renders == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 2 && names.allSatisfy { $0.contains("svg\(SVGDocument.rendererVersion)-") })
    }

    @Test("the memory cache is bounded in bytes")
    func memoryBound() throws {
        let cache = SVGRasterCache(disk: nil, memoryBytes: 121_000)  // room for two of the three renders
        let s = try SVGFrameSource(bytes: halves, name: "m.svg", cache: cache)
        for w in [100, 101, 102] { _ = try s.frame(at: 0, size: PixelSize(width: w, height: 100), fit: .fit) }
        _ = try s.frame(at: 0, size: PixelSize(width: 100, height: 100), fit: .fit)
        #expect(s.renders == 4)  // the oldest entry was evicted to keep the bound
        _ = try s.frame(at: 0, size: PixelSize(width: 102, height: 100), fit: .fit)
        #expect(s.cacheHits == 1)
    }

    @Test("limits: file size, element count and render size are refused before drawing")
    func limits() throws {
        let small = SVGLimits(maxFileBytes: 100)
        let tooBig = #expect(throws: InputError.self) {
            _ = try SVGDocument(bytes: halves, name: "x.svg", limits: small)
        }
        #expect(tooBig?.problem.contains("over the 100-byte limit") == true)
        let many = Array(
            ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\">"
                + String(repeating: "<g/>", count: 50) + "</svg>").utf8)
        let elements = #expect(throws: InputError.self) {
            _ = try SVGDocument(bytes: many, name: "e.svg", limits: SVGLimits(maxElements: 20))
        }
        // The ceiling is named by the front end: the command line by its option, others in plain words.
        #expect(elements?.problem == "has 51 elements, over the limit of 20")
        #expect(elements?.mention == .raise(.maxSVGElements))
        #expect(
            elements?.message(InputVocabulary([.maxSVGElements: "--max-svg-elements"]))
                == "has 51 elements, over the limit of 20 (raise it with --max-svg-elements)")
        #expect(elements?.message == "has 51 elements, over the limit of 20 (raise the SVG element limit)")
        let doc = try SVGDocument(bytes: halves, name: "p.svg", limits: SVGLimits(maxPixels: 1000))
        #expect(throws: InputError.self) { _ = try doc.render(size: PixelSize(width: 100, height: 100)) }
    }

    @Test("broken SVGs get a clear error naming the file")
    func broken() throws {
        let cut = Array(halves.prefix(90))
        let e = #expect(throws: InputError.self) { _ = try SVGDocument(bytes: cut, name: "cut.svg") }
        #expect(e?.file == "cut.svg" && e?.problem.contains("librsvg") == true)
        let sizeless = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"5\" height=\"5\"/></svg>".utf8)
        let s = #expect(throws: InputError.self) { _ = try SVGDocument(bytes: sizeless, name: "n.svg") }
        #expect(s?.problem.contains("no size") == true)
        #expect(SVGDocument.matches(halves) && !SVGDocument.matches(Array("GIF89a".utf8)))
    }
}
