import ArcMaskFrames
import ArcMaskSVGA
import ArcMaskValues
import Foundation

// The SVGA lane: every corpus file parses and renders every frame; chosen frames match the
// reviewed fingerprints; container twins render alike; cut and corrupted copies fail cleanly.

/// An 8×8 grid of mean premultiplied RGBA (0…255) over a render: enough to catch a wrong
/// transform, matte, clip or colour, and nothing like a copy of the picture.
func fingerprint(_ image: PixelBuffer) -> [Int] {
    let n = 8
    var sums = [Double](repeating: 0, count: n * n * 4), counts = [Double](repeating: 0, count: n * n)
    for y in 0..<image.height {
        for x in 0..<image.width {
            let cell = (y * n / image.height) * n + x * n / image.width, i = (y * image.width + x) * 4
            let a = Double(image.bytes[i + 3]) / 255
            sums[cell * 4] += Double(image.bytes[i]) * a
            sums[cell * 4 + 1] += Double(image.bytes[i + 1]) * a
            sums[cell * 4 + 2] += Double(image.bytes[i + 2]) * a
            sums[cell * 4 + 3] += Double(image.bytes[i + 3])
            counts[cell] += 1
        }
    }
    return (0..<(n * n * 4)).map { Int((sums[$0] / max(1, counts[$0 / 4])).rounded()) }
}

/// Frames whose fingerprints are kept: first, quarter, half, three quarters.
func chosenFrames(_ count: Int) -> [Int] { Array(Set([0, count / 4, count / 2, 3 * count / 4])).sorted() }

/// Renders at the viewBox size (rounded), capped at 512 px on the long side for speed.
func renderSize(_ m: SVGAMovie) -> PixelSize {
    let k = min(1, 512 / max(m.viewBoxWidth, m.viewBoxHeight))
    return PixelSize(
        width: max(1, Int((m.viewBoxWidth * k).rounded())), height: max(1, Int((m.viewBoxHeight * k).rounded())))
}

func runSVGALane(_ dir: String, fingerprintsFile: String, write: Bool) -> [SuiteResult] {
    let names = files(dir, suffix: ".svga")
    let (render, prints) = renderAndFingerprint(names, dir: dir, fingerprintsFile: fingerprintsFile, write: write)
    return [render, prints, svgaTwinSuite(dir), svgaDamageSuite(names, dir: dir)]
        + [runSVGADynamicSuite(dir)].compactMap { $0 }
}

/// Every file renders every frame; its chosen frames' fingerprints match the reviewed ones
/// in `fingerprintsFile` (with `write`, the fresh ones are written there instead).
private func renderAndFingerprint(
    _ names: [String], dir: String, fingerprintsFile: String, write: Bool
) -> (render: SuiteResult, prints: SuiteResult) {
    var render = SuiteResult(name: "SVGA: parse and render every frame", bar: names.count)
    var prints = SuiteResult(
        name: "SVGA: chosen frames match the reviewed fingerprints (tolerance 6/255 per cell)", bar: names.count)
    var stored: [String: [String: [Int]]] = [:]
    if let data = FileManager.default.contents(atPath: fingerprintsFile),
        let json = try? JSONDecoder().decode([String: [String: [Int]]].self, from: data)
    {
        stored = json
    }
    var fresh: [String: [String: [Int]]] = [:]
    var totalFrames = 0
    for name in names {
        var failure: String? = nil
        var printFailure: String? = nil
        do {
            let movie = try SVGAReader.read(path: "\(dir)/\(name)")
            let renderer = SVGARenderer(movie: movie)
            let size = renderSize(movie)
            let chosen = Set(chosenFrames(movie.frameCount))
            for k in 0..<movie.frameCount {
                let image = try renderer.render(frame: k, size: size)
                totalFrames += 1
                if chosen.contains(k) {
                    let fp = fingerprint(image)
                    fresh[name, default: [:]][String(k)] = fp
                    if let old = stored[name]?[String(k)] {
                        let worst = zip(old, fp).map { abs($0 - $1) }.max() ?? 0
                        if old.count != fp.count || worst > 6 {
                            printFailure = "frame \(k) differs by up to \(worst)/255 in a cell"
                        }
                    } else if !write {
                        printFailure = "frame \(k) has no reviewed fingerprint"
                    }
                }
            }
            if !renderer.imageProblems.isEmpty { failure = renderer.imageProblems.joined(separator: "; ") }
        } catch {
            failure = "\(error.localizedDescription)"
            printFailure = "not rendered"
        }
        render.record(name, failure)
        prints.record(name, printFailure)
    }
    render.note = "\(totalFrames) frames rendered"
    if write {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let data = try? encoder.encode(fresh) {
            try? data.write(to: URL(fileURLWithPath: fingerprintsFile))
            prints.note = "fingerprints written to \(fingerprintsFile)"
        }
    }
    return (render, prints)
}

/// Twins in different containers render alike.
/// 1.x stores numbers as JSON doubles, 2.x as floats: antialiased edges may differ by a level or two.
private func svgaTwinSuite(_ dir: String) -> SuiteResult {
    var twins = SuiteResult(name: "SVGA: container twins render alike (within 2/255 per premultiplied channel)", bar: 2)
    twins.record(
        "matteBitmap_1x / matteBitmap_2x",
        rendersAlike {
            (
                try SVGAReader.read(path: "\(dir)/matteBitmap_1x.svga"),
                try SVGAReader.read(path: "\(dir)/matteBitmap_2x.svga")
            )
        })
    twins.record(
        "red_pocket_miss_1.5: movie.binary (1.5) / movie.spec (1.x)",
        rendersAlike {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/red_pocket_miss_1.5.svga")))
            let a = try SVGAReader.read(bytes: bytes, name: "binary"),
                b = try SVGAReader.read(bytes: bytes, name: "spec", preferJSON: true)
            guard a.container == .zipProtobuf, b.container == .zipJSON else {
                throw Failure("containers \(a.container), \(b.container)")
            }
            return (a, b)
        })
    return twins
}

/// Damaged copies: each file cut at 20 offsets, and 20 single flipped bytes each; every copy
/// must fail with a clear error or render its first and last frames.
private func svgaDamageSuite(_ names: [String], dir: String) -> SuiteResult {
    var damaged = SuiteResult(
        name: "SVGA: cut or corrupted copies give a clear error or a full render", bar: names.count)
    var refused = 0, accepted = 0
    for name in names {
        guard let data = FileManager.default.contents(atPath: "\(dir)/\(name)") else { continue }
        let bytes = [UInt8](data)
        var failure: String? = nil
        for k in 1...20 {
            let cut = Array(bytes.prefix(bytes.count * k / 21))
            var flipped = bytes
            let at = (bytes.count * (2 * k - 1)) / 41
            flipped[at] ^= 0x5A
            for (label, variant) in [("cut at \(cut.count)", cut), ("byte \(at) flipped", flipped)] {
                do {
                    let m = try SVGAReader.read(bytes: variant, name: name)
                    let r = SVGARenderer(movie: m)
                    _ = try r.render(frame: 0, size: renderSize(m))
                    _ = try r.render(frame: m.frameCount - 1, size: renderSize(m))
                    accepted += 1
                } catch let e as InputError {
                    refused += 1
                    if e.problem.isEmpty { failure = "\(label): empty message" }
                } catch {
                    failure = "\(label): unexpected \(error)"
                }
            }
        }
        damaged.record(name, failure)
    }
    damaged.note =
        "\(refused) refused with a clear error, \(accepted) still decoded and rendered (damage in image data or slack)"
    return damaged
}

/// Colour times alpha: translucent pixels compare by what they add to a picture.
func premultiplied(_ image: PixelBuffer) -> PixelBuffer {
    var out = image
    for i in stride(from: 0, to: out.bytes.count, by: 4) {
        let a = Int(out.bytes[i + 3])
        for c in 0..<3 { out.bytes[i + c] = UInt8((Int(out.bytes[i + c]) * a + 127) / 255) }
    }
    return out
}

/// nil when the two movies render every frame alike (premultiplied, within 2/255), else where not.
func rendersAlike(_ load: () throws -> (SVGAMovie, SVGAMovie)) -> String? {
    do {
        let (a, b) = try load()
        guard a.frameCount == b.frameCount else { return "\(a.frameCount) vs \(b.frameCount) frames" }
        let ra = SVGARenderer(movie: a), rb = SVGARenderer(movie: b)
        for k in 0..<a.frameCount {
            let x = try ra.render(frame: k, size: renderSize(a)), y = try rb.render(frame: k, size: renderSize(b))
            if let d = difference(premultiplied(x), premultiplied(y), tolerance: 2) { return "frame \(k): \(d)" }
        }
        return nil
    } catch { return "\(error)" }
}
