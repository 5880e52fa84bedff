import ArcMaskGIF
import Foundation

// The GIF conformance lane: compares every composited frame with the expected outputs
// of the external suites in a corpus folder (default ../shared/corpus/gif), checks
// robustness inputs and truncations, prints pass counts and every miss with its reason,
// and fails when a count falls below its bar.
//
// Usage: arcmask-conformance [CORPUS_DIR] [--misses FILE] [--quick]
//        arcmask-conformance --svga SVGA_DIR --fingerprints FILE [--write-fingerprints]
//        arcmask-conformance --anim apng|webp DIR [--misses FILE]
//        arcmask-conformance --svg DIR [--misses FILE]
//        arcmask-conformance --video WORKDIR   (made by Scripts/video-lane)

let args = CommandLine.arguments.dropFirst()

/// Prints each suite and its misses, writes the misses for the known-misses check, and exits.
func finish(_ results: [SuiteResult], lane: String) -> Never {
    var lines: [String] = []
    for s in results {
        print(
            "\(s.passed == s.total ? "ok  " : "miss") \(s.name): \(s.passed)/\(s.total) passed\(s.note.map { ", \($0)" } ?? "")"
        )
        for m in s.misses {
            print("       miss: \(m)")
            lines.append("\(s.name)\t\(m)")
        }
    }
    if let i = args.firstIndex(of: "--misses"), i + 1 < args.endIndex {
        try? (lines.joined(separator: "\n") + "\n").write(toFile: args[i + 1], atomically: true, encoding: .utf8)
    }
    let passed = results.reduce(0) { $0 + $1.passed }, total = results.reduce(0) { $0 + $1.total }
    print("\(lane) conformance: \(passed) of \(total) files match; \(total - passed) misses")
    exit(0)
}

if let i = args.firstIndex(of: "--lottie-key-order"), i + 2 < args.endIndex {
    let (files, compared, mismatches) = runLottieKeyOrderLane(args[i + 1], variants: args[i + 2])
    for m in mismatches { print("  differs: \(m)") }
    print(
        "lottie key order: \(files) JSON files, \(compared) re-saved copies drawn, \(compared - mismatches.count) with every frame equal to the original's"
    )
    exit(mismatches.isEmpty && compared > 0 ? 0 : 1)
}

if let i = args.firstIndex(of: "--lottie"), i + 1 < args.endIndex {
    let dir = args[i + 1]
    guard FileManager.default.fileExists(atPath: dir + "/INDEX.tsv") else {
        print("conformance: \(dir) is absent; lottie lane skipped")
        exit(0)
    }
    let only = args.firstIndex(of: "--only").map { args[$0 + 1] }
    let writeTo = args.firstIndex(of: "--write-misses").map { args[$0 + 1] }
    let verdicts = runLottieLane(dir, only: only, jobs: 2, writeTo: writeTo)
    var bySource: [String: (Int, Int)] = [:]
    for v in verdicts {
        bySource[v.source, default: (0, 0)].0 += v.agrees ? 1 : 0; bySource[v.source, default: (0, 0)].1 += 1
    }
    var lines: [String] = []
    for v in verdicts where !v.agrees {
        lines.append(
            "\(v.stem)\t\(v.frame)\t\(String(format: "%.2f", v.meanDelta))\t\(String(format: "%.2f", v.farPercent))\t\(v.note ?? "")"
        )
    }
    if let m = args.firstIndex(of: "--misses"), m + 1 < args.endIndex {
        try? (lines.joined(separator: "\n") + "\n").write(toFile: args[m + 1], atomically: true, encoding: .utf8)
    }
    for (source, (agree, total)) in bySource.sorted(by: { $0.key < $1.key }) {
        print("  \(source): \(agree) / \(total)")
    }
    let agree = verdicts.filter(\.agrees).count
    let percent = verdicts.isEmpty ? 0 : Double(agree) * 100 / Double(verdicts.count)
    var byFile: [String: [Int]] = [:]
    for v in verdicts where !v.agrees { byFile[v.stem, default: []].append(v.frame) }
    for (stem, frames) in byFile.sorted(by: { $0.key < $1.key }) {
        print("       disagree: \(stem) frames \(frames.map(String.init).joined(separator: ","))")
    }
    print(
        "lottie conformance: \(agree) of \(verdicts.count) counted frames agree with lottie-web (\(String(format: "%.1f", percent)) %)"
    )
    if let b = args.firstIndex(of: "--bar"), b + 1 < args.endIndex, let bar = Int(args[b + 1]), agree < bar {
        print("lottie conformance: FAIL: below the bar of \(bar) frames")
        exit(1)
    }
    exit(0)
}

if let i = args.firstIndex(of: "--video"), i + 1 < args.endIndex {
    // Every generated clip and every AVIF file must agree: a miss fails the lane.
    let results = runVideoLane(args[i + 1])
    for s in results {
        print(
            "\(s.passed == s.total ? "ok  " : "miss") \(s.name): \(s.passed)/\(s.total) passed\(s.note.map { ", \($0)" } ?? "")"
        )
        for m in s.misses { print("       miss: \(m)") }
    }
    let failed = results.contains { $0.passed < $0.total || $0.total == 0 }
    print("video conformance: \(failed ? "FAIL" : "pass")")
    exit(failed ? 1 : 0)
}

if let i = args.firstIndex(of: "--svg"), i + 1 < args.endIndex {
    let dir = args[i + 1]
    guard FileManager.default.fileExists(atPath: dir + "/INDEX.tsv") else {
        print("conformance: \(dir) is absent; svg lane skipped")
        exit(0)
    }
    finish(runSVGLane(dir, tolerance: 2), lane: "svg")
}

if let i = args.firstIndex(of: "--anim"), i + 2 < args.endIndex {
    let format = args[i + 1], dir = args[i + 2]
    guard FileManager.default.fileExists(atPath: dir + "/INDEX.tsv") else {
        print("conformance: \(dir) is absent; \(format) lane skipped")
        exit(0)
    }
    // APNG: the expected frames were blended in floating point; 8-bit blending rounds each step,
    // so repeated OVER blends may differ by one level (22 and 23 of Philip Taylor's suite).
    finish(runAnimLane(dir, format: format, tolerance: format == "apng" ? 1 : 0), lane: format)
}
if let i = args.firstIndex(of: "--svga"), i + 1 < args.endIndex {
    let dir = args[i + 1]
    guard FileManager.default.fileExists(atPath: dir) else {
        print("conformance: \(dir) is absent; SVGA lane skipped")
        exit(0)
    }
    let prints =
        args.firstIndex(of: "--fingerprints").map { args[$0 + 1] } ?? "Tests/Conformance/svga-fingerprints.json"
    let results = runSVGALane(dir, fingerprintsFile: prints, write: args.contains("--write-fingerprints"))
    var failed = 0
    for s in results {
        let ok = s.bar.map { s.passed >= $0 } ?? true
        if !ok { failed += 1 }
        print(
            "\(ok ? "ok  " : "FAIL") \(s.name): \(s.passed)/\(s.total) passed\(s.bar.map { " (bar \($0))" } ?? "")\(s.note.map { ", \($0)" } ?? "")"
        )
        for m in s.misses { print("       miss: \(m)") }
    }
    let passed = results.reduce(0) { $0 + $1.passed }, total = results.reduce(0) { $0 + $1.total }
    print("svga conformance: \(passed) passed, \(total - passed) failed")
    exit(failed == 0 ? 0 : 1)
}
let corpus = args.first { !$0.hasPrefix("--") } ?? "../shared/corpus/gif"

var missesFile: String? = nil
if let i = args.firstIndex(of: "--misses"), i + 1 < args.endIndex { missesFile = args[i + 1] }

guard FileManager.default.fileExists(atPath: corpus) else {
    print("conformance: \(corpus) is absent; GIF conformance lane skipped")
    exit(0)
}

var suites: [SuiteResult] = []
suites.append(runPygif(corpus))
suites.append(runPeterdn(corpus))
suites.append(runImageRS(corpus))
suites.append(runWuffs(corpus))
suites.append(runDerived(corpus))
suites.append(runFindings(corpus))
suites.append(runRobustness(corpus))
if !args.contains("--quick") { suites.append(runTruncations(corpus)) }

var failedBars = 0
var missLines: [String] = []
for s in suites {
    let bar = s.bar.map { " (bar \($0))" } ?? ""
    let ok = s.bar.map { s.passed >= $0 } ?? true
    if !ok { failedBars += 1 }
    print("\(ok ? "ok  " : "FAIL") \(s.name): \(s.passed)/\(s.total) passed\(bar)\(s.note.map { ", \($0)" } ?? "")")
    for m in s.misses {
        print("       miss: \(m)")
        missLines.append("\(s.name)\t\(m)")
    }
}
if let missesFile {
    try? (missLines.joined(separator: "\n") + "\n").write(toFile: missesFile, atomically: true, encoding: .utf8)
}
let passed = suites.reduce(0) { $0 + $1.passed }, total = suites.reduce(0) { $0 + $1.total }
print(
    "gif conformance: \(passed) of \(total) checks pass; \(total - passed) misses, each listed with its reason in Tests/Conformance/gif-known-misses.tsv or failing the lane"
)
exit(failedBars == 0 ? 0 : 1)
