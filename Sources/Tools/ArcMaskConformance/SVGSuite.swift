import ArcMaskSVG
import ArcMaskSources
import ArcMaskValues
import Foundation

// The SVG lane: every file in the corpus's INDEX.tsv opened through the library's one entry
// point, drawn at its intrinsic size and compared with `reference/<name>.png` (rsvg-convert's
// render). The references are one renderer's output, so pixels may differ by `tolerance` levels;
// text depends on the fonts installed.

func runSVGLane(_ dir: String, tolerance: Int) -> [SuiteResult] {
    var suite = SuiteResult(name: "svg/reference")
    for file in indexedFiles(dir) {
        let stem = (file as NSString).deletingPathExtension
        suite.record(file, svgMiss(dir + "/" + file, reference: dir + "/reference/\(stem).png", tolerance: tolerance))
    }
    return [suite]
}

private func svgMiss(_ path: String, reference: String, tolerance: Int) -> String? {
    do {
        let source = try FrameSources.open(path: path)
        guard let svg = source as? SVGFrameSource else { return "opened as \(type(of: source)), not as SVG" }
        let want = try readPNG(reference)
        let got = try svg.frame(at: 0, size: want.size, fit: .fit)
        return difference(got, want, tolerance: tolerance)
    } catch {
        return error.localizedDescription
    }
}
