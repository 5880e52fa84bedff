import ArcMaskCore
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

func lottieAgreement(_ got: PixelBuffer, _ expected: PixelBuffer) -> (agrees: Bool, mean: Double, far: Double) {
    guard got.size == expected.size else { return (false, .infinity, 100) }
    var total = 0
    var far = 0
    got.bytes.withUnsafeBufferPointer { a in
        expected.bytes.withUnsafeBufferPointer { b in
            for i in stride(from: 0, to: a.count, by: 4) {
                let aa = Int(a[i + 3]), ba = Int(b[i + 3])
                var worst = abs(aa - ba)
                total += worst
                for c in 0..<3 {
                    let x = (Int(a[i + c]) * aa + 127) / 255, y = (Int(b[i + c]) * ba + 127) / 255
                    let d = abs(x - y)
                    total += d
                    if d > worst { worst = d }
                }
                if worst > 32 { far += 1 }
            }
        }
    }
    let pixels = Double(got.size.pixelCount)
    let mean = Double(total) / (pixels * 4)
    let farPercent = Double(far) / pixels * 100
    return (mean <= 2.0 && farPercent <= 1.0, mean, farPercent)
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
                let (agrees, mean, far) = lottieAgreement(got, expected)
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
