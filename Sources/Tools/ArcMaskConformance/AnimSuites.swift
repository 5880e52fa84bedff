import ArcMaskAPNG
import ArcMaskFrames
import ArcMaskSources
import ArcMaskValues
import ArcMaskWebP
import Foundation

// The APNG and WebP lanes: every file in a corpus's INDEX.tsv opened through the library's one
// entry point and compared with `expected/<stem>/`: frame count, stored delays, loop count, and
// every composited frame. Files whose expectation is an error must be refused; files whose
// expectation is "the default image or an error" may do either.

/// Reads `expected/<stem>/frames.json`.
private func expectation(_ dir: String, _ stem: String) -> [String: Any]? {
    let url = URL(fileURLWithPath: dir).appendingPathComponent("expected/\(stem)/frames.json")
    guard let data = try? Data(contentsOf: url) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

/// The rows of a corpus's INDEX.tsv: the file column.
func indexedFiles(_ dir: String) -> [String] {
    guard let text = try? String(contentsOfFile: dir + "/INDEX.tsv", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
}

/// The stored delay of each frame as the format writes it (ms), for comparison with `durations_ms`.
private func storedDelays(_ source: FrameSource) -> [Double]? {
    if let a = source as? APNGFrameSource { return a.isAnimated ? a.frames.map(\.delayMs) : nil }
    if let w = source as? WebPFrameSource { return w.isAnimated ? w.frames.map { Double($0.delayMs) } : nil }
    return nil
}

private func loopCount(_ source: FrameSource) -> Int? {
    (source as? APNGFrameSource)?.numPlays ?? (source as? WebPFrameSource)?.loopCount
}

/// Compares one file with its expectation; nil when it matches.
func checkAnimation(_ dir: String, _ file: String, tolerance: Int) -> String? {
    let stem = (URL(fileURLWithPath: file).lastPathComponent as NSString).deletingPathExtension
    guard let e = expectation(dir, stem) else { return "no expected/\(stem)/frames.json" }
    let expect = e["expect"] as? String
    let path = dir + "/" + file
    let source: FrameSource
    do {
        source = try FrameSources.open(path: path)
    } catch {
        return expect == "error" || expect == "error-or-default-image" ? nil : "refused: \(error.localizedDescription)"
    }
    if expect == "error" { return "opened (\(source.frameCount) frames) but an error is expected" }
    let names = e["frames"] as? [String] ?? []
    if source.frameCount != names.count { return "\(source.frameCount) frames, expected \(names.count)" }
    if expect == nil {
        if let want = e["durations_ms"] as? [Double], let got = storedDelays(source), want != got {
            return "delays \(got.map { fmt($0) }) ms, expected \(want.map { fmt($0) })"
        }
        if let want = e["loop_count"] as? Int, loopCount(source) != want {
            return "loop count \(loopCount(source).map(String.init) ?? "none"), expected \(want)"
        }
    }
    for (n, frameName) in names.enumerated() {
        do {
            let want = try readPNG(dir + "/expected/\(stem)/\(frameName)")
            if let diff = difference(try source.frame(at: n), want, tolerance: tolerance) {
                return "frame \(n): \(diff)"
            }
        } catch {
            return "frame \(n): \(error.localizedDescription)"
        }
    }
    return nil
}

/// One suite per top folder of the corpus (philip-taylor, pillow, image-rs, derived, …).
func runAnimLane(_ dir: String, format: String, tolerance: Int) -> [SuiteResult] {
    var suites: [String: SuiteResult] = [:]
    var order: [String] = []
    for file in indexedFiles(dir) {
        let folder = file.split(separator: "/").first.map(String.init) ?? "."
        let suite = "\(format)/\(folder)"
        if suites[suite] == nil {
            suites[suite] = SuiteResult(name: suite)
            order.append(suite)
        }
        suites[suite]!.record(file, checkAnimation(dir, file, tolerance: tolerance))
    }
    return order.map { suites[$0]! }
}
