import ArcMaskFrames
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskValues
import Foundation

/// The Lottie lane: every counted frame of ../shared/corpus/lottie drawn at the corpus's size
/// and compared with lottie-web's by the corpus's agreement rule (premultiplied; mean |Δ| over
/// the four channels ≤ 2.0 and at most 1 % of the pixels off by more than 32 on a channel).
struct LottieFrameVerdict {
    var stem: String
    var source: String
    var frame: Int
    var agrees: Bool
    var meanDelta: Double
    var farPercent: Double
    var note: String?
}

func runLottieLane(_ dir: String, only: String?, jobs: Int, writeTo: String? = nil) -> [LottieFrameVerdict] {
    guard let index = try? String(contentsOfFile: dir + "/INDEX.tsv", encoding: .utf8) else { return [] }
    let lines = index.split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard let header = lines.first else { return [] }
    func column(_ name: String) -> Int { header.firstIndex(of: name)! }
    let cPath = column("path"), cStem = column("stem"), cW = column("render_w"), cH = column("render_h")
    let cCounted = column("counted_frames")
    let rows = lines.dropFirst().filter { $0.count == header.count && !$0[cCounted].isEmpty }
        .filter { only == nil || $0[cPath].contains(only!) }
    final class Box: @unchecked Sendable {
        var results: [[LottieFrameVerdict]]
        let lock = NSLock()
        init(_ n: Int) { results = Array(repeating: [], count: n) }
    }
    let box = Box(rows.count)
    DispatchQueue.concurrentPerform(iterations: rows.count) { r in
        let row = rows[r]
        let path = dir + "/" + row[cPath]
        let stem = row[cStem]
        let source = row[cPath].split(separator: "/").dropFirst().first.map(String.init) ?? "?"
        let frames = row[cCounted].split(separator: ",").compactMap { Int($0) }
        let size = PixelSize(width: Int(row[cW]) ?? 0, height: Int(row[cH]) ?? 0)
        var out: [LottieFrameVerdict] = []
        do {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let lottie = try LottieFrameSource(
                bytes: bytes, name: row[cPath], directory: URL(fileURLWithPath: path).deletingLastPathComponent())
            for k in frames {
                guard k < lottie.frameCount else {
                    out.append(
                        LottieFrameVerdict(
                            stem: stem, source: source, frame: k, agrees: false, meanDelta: .infinity, farPercent: 100,
                            note: "no frame \(k)"))
                    continue
                }
                let got = try lottie.frame(at: k, size: size, fit: .fit)
                let expected = try PNG.read(
                    URL(fileURLWithPath: dir + "/expected/\(stem)/frame-\(String(format: "%04d", k)).png"))
                let (agrees, mean, far) = LottieWebAgreement.judge(got, expected)
                if let writeTo, !agrees {
                    try PNG.write(got, to: URL(fileURLWithPath: "\(writeTo)/\(stem)-\(k).png"))
                }
                out.append(
                    LottieFrameVerdict(
                        stem: stem, source: source, frame: k, agrees: agrees, meanDelta: mean, farPercent: far))
            }
        } catch {
            for k in frames {
                out.append(
                    LottieFrameVerdict(
                        stem: stem, source: source, frame: k, agrees: false, meanDelta: .infinity, farPercent: 100,
                        note: "\(error)"))
            }
        }
        box.lock.withLock { box.results[r] = out }
    }
    _ = jobs
    return box.results.flatMap { $0 }
}

/// The key-order lane: each JSON file of the corpus against its re-saved copies (keys sorted,
/// minified and indented, written by the lane's script under `variants` at the same relative
/// path with `.sorted.json` and `.indented.json` added): every frame drawn at 96×96 from each,
/// compared byte for byte. Images are looked for beside the original. Returns the mismatches.
func runLottieKeyOrderLane(_ dir: String, variants: String) -> (files: Int, compared: Int, mismatches: [String]) {
    let files = (FileManager.default.enumerator(atPath: dir + "/files")?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
    final class Box: @unchecked Sendable {
        var compared = 0
        var mismatches: [String] = []
        let lock = NSLock()
    }
    let box = Box()
    DispatchQueue.concurrentPerform(iterations: files.count) { f in
        let rel = files[f]
        let path = dir + "/files/" + rel
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func frames(_ file: String) throws -> [PixelBuffer] {
            let source = try LottieFrameSource(
                bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), name: rel, directory: folder)
            return try (0..<source.frameCount).map {
                try source.frame(at: $0, size: PixelSize(width: 96, height: 96), fit: .fit)
            }
        }
        let original: [PixelBuffer]
        do { original = try frames(path) } catch {
            // A file that does not read as it is (the corpus keeps a few) must fail the same way re-saved.
            for suffix in [".sorted.json", ".indented.json"] {
                let variant = variants + "/" + rel + suffix
                guard FileManager.default.fileExists(atPath: variant) else { continue }
                if (try? frames(variant)) != nil {
                    box.lock.withLock { box.mismatches.append("\(rel)\(suffix): reads, the original does not") }
                }
            }
            return
        }
        for suffix in [".sorted.json", ".indented.json"] {
            let variant = variants + "/" + rel + suffix
            guard FileManager.default.fileExists(atPath: variant) else { continue }
            let verdict: String?
            do {
                let got = try frames(variant)
                let differing = zip(original, got).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                verdict =
                    got.count != original.count
                    ? "\(got.count) frames, the original \(original.count)"
                    : differing.isEmpty
                        ? nil : "frames \(differing.prefix(5).map(String.init).joined(separator: ",")) differ"
            } catch {
                verdict = "\(error)"
            }
            box.lock.withLock {
                box.compared += 1
                if let verdict { box.mismatches.append("\(rel)\(suffix): \(verdict)") }
            }
        }
    }
    return (files.count, box.compared, box.mismatches.sorted())
}
