import ArcMaskFrames
import ArcMaskGIF
import ArcMaskIO
import ArcMaskValues
import Foundation

struct SuiteResult {
    var name: String
    var passed = 0
    var total = 0
    var bar: Int?
    var misses: [String] = []
    var note: String?

    mutating func record(_ test: String, _ failure: String?) {
        total += 1
        if let failure { misses.append("\(test): \(failure)") } else { passed += 1 }
    }
}

func files(_ dir: String, suffix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
}

/// Decodes `gif` and compares every frame with its reference, in order; nil when all match.
func everyFrameMatches(_ gif: String, references: [String], load: (String) throws -> PixelBuffer) -> String? {
    do {
        let (_, frames) = try decodeAll(gif)
        guard references.count == frames.count else { return "\(frames.count) frames, expected \(references.count)" }
        for (n, ref) in references.enumerated() {
            if let diff = difference(frames[n], try load(ref)) { return "frame \(n): \(diff)" }
        }
        return nil
    } catch { return "\(error.localizedDescription)" }
}

func readPNG(_ path: String) throws -> PixelBuffer { try PNG.read(URL(fileURLWithPath: path)) }

/// Decodes every frame; nil on error.
func decodeAll(_ path: String) throws -> (GIFFrameSource, [PixelBuffer]) {
    let gif = try GIFFrameSource(path: path)
    return (gif, try (0..<gif.frameCount).map { try gif.frame(at: $0) })
}

// MARK: pygif

/// pygif's test suite: each `<name>.conf` lists canvas-sized RGBA frames. Its frame model
/// merges an image with no delay into the frame that follows, unless the test forces
/// animation (`force-animation = yes`: every image is a frame), so a pygif frame is
/// compared with the canvas after the last image of its group. A forced animation without
/// a loop extension loops forever in pygif's model; here it plays once (GIF.md), so the
/// loop count is compared only for tests that do not force animation.
func runPygif(_ corpus: String) -> SuiteResult {
    var result = SuiteResult(name: "pygif", bar: 79)
    let dir = "\(corpus)/pygif/test-suite"
    guard let list = try? String(contentsOfFile: "\(dir)/TESTS", encoding: .utf8) else {
        result.note = "TESTS missing"; return result
    }
    for name in list.split(whereSeparator: \.isNewline).map(String.init) where !name.isEmpty {
        result.record(name, pygifTest(dir, name))
    }
    return result
}

func parseINI(_ text: String) -> [String: [String: String]] {
    var out: [String: [String: String]] = [:]
    var section = ""
    for raw in text.split(whereSeparator: \.isNewline) {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("#") || line.isEmpty { continue }
        if line.hasPrefix("[") { section = String(line.dropFirst().dropLast()); continue }
        if let eq = line.firstIndex(of: "=") {
            out[section, default: [:]][line[..<eq].trimmingCharacters(in: .whitespaces)] =
                line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        }
    }
    return out
}

func pygifTest(_ dir: String, _ name: String) -> String? {
    guard let text = try? String(contentsOfFile: "\(dir)/\(name).conf", encoding: .utf8) else { return "no .conf" }
    let ini = parseINI(text)
    guard let c = ini["config"], let input = c["input"] else { return "no [config]" }
    let frameNames = (c["frames"] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
    let gif: GIFFrameSource, frames: [PixelBuffer]
    do { (gif, frames) = try decodeAll("\(dir)/\(input)") } catch {
        // Tests without frames only ask that the decoder does not crash.
        return frameNames.isEmpty ? nil : "decoding failed: \(error.localizedDescription)"
    }
    if frameNames.isEmpty { return nil }
    if let w = c["width"].flatMap(Int.init), let h = c["height"].flatMap(Int.init),
        gif.canvasSize != PixelSize(width: w, height: h)
    {
        return "canvas \(gif.canvasSize), expected \(w)×\(h)"
    }
    let forced = c["force-animation"] == "yes"
    switch forced ? nil : c["loop-count"] {
    case "infinite"?:
        if gif.loopCount != 0 { return "loop count \(String(describing: gif.loopCount)), expected 0 (forever)" }
    case "0"?: if gif.loopCount != nil { return "loop count \(gif.loopCount!), expected no loop extension" }
    case let n?: if gif.loopCount != Int(n) { return "loop count \(String(describing: gif.loopCount)), expected \(n)" }
    case nil: break
    }
    // Group images into pygif frames.
    let delays = gif.frames.map(\.delayCentiseconds)
    var ends: [Int] = []
    if forced {
        ends = Array(0..<frames.count)
    } else {
        for i in 0..<frames.count where delays[i] > 0 || i == frames.count - 1 { ends.append(i) }
    }
    guard ends.count == frameNames.count else { return "\(ends.count) frames, expected \(frameNames.count)" }
    for (k, frameName) in frameNames.enumerated() {
        guard let f = ini[frameName], let pixels = f["pixels"] else { return "\(frameName) missing" }
        if let d = f["delay"].flatMap(Int.init), d != delays[ends[k]] {
            return "\(frameName): delay \(delays[ends[k]]) cs, expected \(d)"
        }
        do {
            let expected = try readRaw("\(dir)/\(pixels)", size: gif.canvasSize)
            if let diff = difference(frames[ends[k]], expected) { return "\(frameName): \(diff)" }
        } catch { return "\(error)" }
    }
    return nil
}

// MARK: peterdn

/// peterdn/gif-test-suite: `frames/<name>-<n>.png` for every frame.
func runPeterdn(_ corpus: String) -> SuiteResult {
    var result = SuiteResult(name: "peterdn", bar: 13)
    let dir = "\(corpus)/peterdn/gifs"
    for file in files(dir, suffix: ".gif") {
        let stem = String(file.dropLast(4))
        // Animations have <name>-<n>.png per frame; still images a single <name>.png.
        var refs = files("\(dir)/frames", suffix: ".png").filter {
            $0.hasPrefix(stem + "-") && Int($0.dropFirst(stem.count + 1).dropLast(4)) != nil
        }.map { "\(dir)/frames/\($0)" }
        refs.sort { a, b in a.count != b.count ? a.count < b.count : a < b }
        if refs.isEmpty, FileManager.default.fileExists(atPath: "\(dir)/frames/\(stem).png") {
            refs = ["\(dir)/frames/\(stem).png"]
        }
        result.record(file, everyFrameMatches("\(dir)/\(file)", references: refs, load: readPNG))
    }
    return result
}

// MARK: image-rs

/// image-rs: `reference/gif/<kind>/<gif>.png` is frame 0; `reference-anim-2021/gif/anim/
/// <gif>.anim_<n>_<crc>.png` is composited frame n (1-based). Files with a reference count.
func runImageRS(_ corpus: String) -> SuiteResult {
    var result = SuiteResult(name: "image-rs", bar: 9)
    let root = "\(corpus)/image-rs/tests"
    for kind in ["anim", "simple"] {
        for file in files("\(root)/images/gif/\(kind)", suffix: ".gif") {
            let first = "\(root)/reference/gif/\(kind)/\(file).png"
            guard FileManager.default.fileExists(atPath: first) else { continue }
            result.record(
                "\(kind)/\(file)",
                {
                    do {
                        let (_, frames) = try decodeAll("\(root)/images/gif/\(kind)/\(file)")
                        if let diff = difference(frames[0], try PNG.read(URL(fileURLWithPath: first))) {
                            return "frame 0: \(diff)"
                        }
                        let animDir = "\(root)/reference-anim-2021/gif/\(kind)"
                        for ref in files(animDir, suffix: ".png") where ref.hasPrefix(file + ".anim_") {
                            let n = Int(ref.dropFirst(file.count + 6).prefix { $0 != "_" })! - 1
                            guard n < frames.count else {
                                return "reference for frame \(n) but only \(frames.count) frames"
                            }
                            if let diff = difference(frames[n], try PNG.read(URL(fileURLWithPath: "\(animDir)/\(ref)")))
                            {
                                return "frame \(n): \(diff)"
                            }
                        }
                        return nil
                    } catch { return "\(error.localizedDescription)" }
                }())
        }
    }
    return result
}

// MARK: wuffs

func runWuffs(_ corpus: String) -> SuiteResult {
    var result = SuiteResult(name: "wuffs animated-red-blue", bar: 1)
    let dir = "\(corpus)/wuffs/test/data"
    let refs = files(dir, suffix: ".nie").filter { $0.hasPrefix("animated-red-blue.") }.map { "\(dir)/\($0)" }
    result.record(
        "animated-red-blue.gif", everyFrameMatches("\(dir)/animated-red-blue.gif", references: refs, load: readNIE))
    return result
}

// MARK: derived

func runDerived(_ corpus: String) -> SuiteResult {
    var result = SuiteResult(name: "disposal 0 after 2", bar: 1)
    let dir = "\(corpus)/derived/disposal0-after-2"
    let count = files(dir, suffix: ".png").filter { $0.hasPrefix("expected-") }.count
    let refs = (0..<count).map { "\(dir)/expected-\($0).png" }
    result.record(
        "disposal0-after-2.gif", everyFrameMatches("\(dir)/disposal0-after-2.gif", references: refs, load: readPNG))
    return result
}

// MARK: robustness

/// Crash, stall and regression inputs, and Pillow's edge cases: each decodes every frame
/// or fails with a clear error, within 2 s.
func runRobustness(_ corpus: String) -> SuiteResult {
    var paths: [String] = []
    for sub in [
        "image-gif/tests/crashtest", "image-gif/tests/stall", "image-gif/tests/regression", "pillow/Tests/images",
    ] {
        paths += files("\(corpus)/\(sub)", suffix: ".gif").map { "\(corpus)/\(sub)/\($0)" }
    }
    var result = SuiteResult(name: "robustness (decode or clear error, ≤ 2 s)", bar: paths.count)
    var errors = 0, slowest = 0.0
    for path in paths {
        let start = Date()
        var outcome: String? = nil
        do { _ = try decodeAll(path) } catch let e as InputError {
            errors += 1
            if e.problem.isEmpty { outcome = "empty error message" }
        } catch { outcome = "unexpected error type: \(error)" }
        let t = Date().timeIntervalSince(start)
        slowest = max(slowest, t)
        if t > 2 { outcome = String(format: "took %.2f s", t) }
        result.record((path as NSString).lastPathComponent, outcome)
    }
    result.note = "\(errors) refused with a clear error, slowest \(String(format: "%.3f", slowest)) s"
    return result
}

// MARK: truncations

/// Every corpus GIF cut at every byte offset (the first 2,048 offsets, then 2,048 spread
/// over the rest of larger files): frames so far or a clear error, never a crash.
func runTruncations(_ corpus: String) -> SuiteResult {
    var gifs: [String] = []
    if let e = FileManager.default.enumerator(atPath: corpus) {
        for case let p as String in e where p.hasSuffix(".gif") { gifs.append("\(corpus)/\(p)") }
    }
    gifs.sort()
    var result = SuiteResult(name: "truncated corpus GIFs (frames so far or a clear error)", bar: gifs.count)
    let start = Date()
    // Files are independent: spread them over every core.
    let outcomes = Outcomes(count: gifs.count)
    let paths = gifs
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
        outcomes.set(index, truncate(paths[index]))
    }
    var cuts = 0, partial = 0, refused = 0
    for (path, o) in zip(gifs, outcomes.all) {
        cuts += o.cuts; partial += o.partial; refused += o.refused
        result.record((path as NSString).lastPathComponent, o.failure)
    }
    result.note =
        "\(cuts) cuts: \(partial) gave frames so far, \(refused) a clear error, in \(String(format: "%.1f", Date().timeIntervalSince(start))) s"
    return result
}

struct TruncationOutcome: Sendable {
    var cuts = 0, partial = 0, refused = 0
    var failure: String?
}

final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [TruncationOutcome]
    init(count: Int) { values = Array(repeating: TruncationOutcome(), count: count) }
    func set(_ i: Int, _ v: TruncationOutcome) { lock.withLock { values[i] = v } }
    var all: [TruncationOutcome] { lock.withLock { values } }
}

func truncate(_ path: String) -> TruncationOutcome {
    var o = TruncationOutcome()
    guard let data = FileManager.default.contents(atPath: path) else { o.failure = "unreadable"; return o }
    let bytes = [UInt8](data)
    var offsets = Array(0..<min(bytes.count, 2048))
    if bytes.count > 2048 {
        let step = max(1, (bytes.count - 2048) / 2048)
        offsets += stride(from: 2048, to: bytes.count, by: step)
    }
    for cut in offsets {
        o.cuts += 1
        do {
            let gif = try GIFFrameSource(bytes: Array(bytes[0..<cut]), name: "cut")
            for i in 0..<gif.frameCount { _ = try gif.frame(at: i) }
            o.partial += 1
        } catch let e as InputError {
            o.refused += 1
            if e.problem.isEmpty { o.failure = "byte \(cut): empty error message" }
        } catch {
            o.failure = "byte \(cut): unexpected error \(error)"
        }
    }
    return o
}
