import ArcMaskFrames
import ArcMaskIO
import ArcMaskSources
import ArcMaskVideo
import Foundation

/// The video lane's comparisons (Scripts/video-lane makes the clips and references):
/// every frame of every clip against the ffmpeg command's RGBA dump and ffprobe's times, and
/// every frame of every AVIF file against avifdec's PNGs.
///
/// Pixels agree when no channel is more than `tolerance` off (FFmpeg's converter is the same
/// library as ours with the same settings; a few levels allow for its SIMD paths) and times
/// when they match to the microsecond.
func runVideoLane(_ dir: String, tolerance: Int = 2) -> [SuiteResult] {
    var clips = SuiteResult(name: "video clips against ffmpeg and ffprobe (pixels within \(tolerance), times exact)")
    let clipDir = dir + "/clips"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: clipDir)) ?? [])
        .filter { $0.hasSuffix(".mp4") || $0.hasSuffix(".mov") || $0.hasSuffix(".webm") }.sorted()
    var frames = 0
    for name in names {
        // References are named after the clip with its extension (h264-rot90.mp4.rgba).
        clips.record(
            name, compareClip(clipDir + "/" + name, base: clipDir + "/" + name, tolerance: tolerance, frames: &frames))
    }
    clips.note = "\(frames) frames compared"
    var avif = SuiteResult(name: "AVIF against avifdec (pixels within 1, times exact)")
    let avifDir = dir + "/avif"
    var avifFrames = 0
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: avifDir)) ?? []).filter({ $0.hasSuffix(".avif") }
    ).sorted() {
        let base = (name as NSString).deletingPathExtension
        let lossless = base.hasPrefix("lossless")
        avif.record(
            name, compareAVIF(avifDir + "/" + name, base: avifDir + "/" + base, lossless: lossless, frames: &avifFrames)
        )
    }
    avif.note = "\(avifFrames) frames compared"
    return [clips, avif, runHDRClips(dir + "/hdr")]
}

/// HDR clips (BT.2100 HLG and PQ) against FFmpeg's tone map, `zscale` and `tonemap=hable`: every
/// frame's mean difference within `meanTolerance` levels and 99.9 % of its samples within
/// `sampleTolerance` (zimg's float kernels and FFmpeg's filter round a few edge samples apart),
/// and every frame nearer the tone map than FFmpeg's plain conversion is.
func runHDRClips(_ dir: String, meanTolerance: Double = 0.5, sampleTolerance: Int = 3) -> SuiteResult {
    var result = SuiteResult(
        name:
            "HDR clips against FFmpeg's tone map (mean within \(meanTolerance), 99.9 % of samples within \(sampleTolerance), nearer than the plain conversion)"
    )
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
        .filter { $0.hasPrefix("hdr-") && !$0.hasSuffix(".rgba") }.sorted()
    var frames = 0, ours = 0.0, plain = 0.0
    for name in names {
        result.record(name, compareHDR(dir + "/" + name, meanTolerance, sampleTolerance, &frames, &ours, &plain))
    }
    result.note =
        "\(frames) frames; mean difference from the tone map \(String(format: "%.2f", ours / Double(max(frames, 1)))) levels, the plain conversion's \(String(format: "%.2f", plain / Double(max(frames, 1))))"
    return result
}

/// Why a clip did not open as a video, as a comparison's answer.
private struct OpenProblem: Error { let text: String }

private func openVideo(_ path: String) -> Result<VideoFrameSource, OpenProblem> {
    do {
        guard let s = try FrameSources.open(path: path) as? VideoFrameSource else {
            return .failure(OpenProblem(text: "not opened as a video"))
        }
        return .success(s)
    } catch {
        return .failure(OpenProblem(text: "cannot open: \(error)"))
    }
}

private func compareHDR(
    _ path: String, _ meanTolerance: Double, _ sampleTolerance: Int, _ frames: inout Int, _ oursTotal: inout Double,
    _ plainTotal: inout Double
) -> String? {
    guard let toneMapped = FileManager.default.contents(atPath: path + ".tonemap.rgba"),
        let plain = FileManager.default.contents(atPath: path + ".plain.rgba")
    else { return "no reference (ffmpeg could not tone map it)" }
    let source: VideoFrameSource
    switch openVideo(path) {
    case .success(let s): source = s
    case .failure(let problem): return problem.text
    }
    let frameBytes = source.canvasSize.width * source.canvasSize.height * 4
    guard toneMapped.count == frameBytes * source.frameCount else {
        return "\(source.frameCount) frames, ffmpeg tone maps \(toneMapped.count / max(frameBytes, 1))"
    }
    for k in 0..<source.frameCount {
        let image: PixelBuffer
        do { image = try source.frame(at: k) } catch { return "frame \(k): \(error)" }
        if k == 0 && source.hdr == nil { return "not named HDR (its colour: \(source.colorDescription))" }
        var sum = 0, plainSum = 0, over = 0
        toneMapped.withUnsafeBytes { t in
            plain.withUnsafeBytes { p in
                let t = t.bindMemory(to: UInt8.self), p = p.bindMemory(to: UInt8.self)
                let offset = k * frameBytes
                for i in 0..<frameBytes where i & 3 != 3 {
                    let d = abs(Int(image.bytes[i]) - Int(t[offset + i]))
                    sum += d
                    if d > sampleTolerance { over += 1 }
                    plainSum += abs(Int(p[offset + i]) - Int(t[offset + i]))
                }
            }
        }
        let samples = Double(frameBytes / 4 * 3)
        let mean = Double(sum) / samples, plainMean = Double(plainSum) / samples
        frames += 1
        oursTotal += mean
        plainTotal += plainMean
        if mean > meanTolerance {
            return "frame \(k): \(String(format: "%.2f", mean)) levels from the tone map on average"
        }
        if Double(over) > samples * 0.001 {
            return "frame \(k): \(over) samples more than \(sampleTolerance) levels off"
        }
        if mean >= plainMean { return "frame \(k): no nearer the tone map than the plain conversion" }
    }
    return nil
}

/// nil when every frame agrees, else what differs first.
private func compareClip(_ path: String, base: String, tolerance: Int, frames: inout Int) -> String? {
    guard let timesText = try? String(contentsOfFile: base + ".times", encoding: .utf8),
        let raw = FileManager.default.contents(atPath: base + ".rgba")
    else { return "no reference (ffmpeg could not decode it)" }
    // One line a frame; a frame with side data gets a trailing comma.
    let times = timesText.split(whereSeparator: \.isNewline).compactMap {
        Double(
            $0.split(separator: ",", omittingEmptySubsequences: false).first?.trimmingCharacters(in: .whitespaces) ?? ""
        )
    }
    let source: VideoFrameSource
    switch openVideo(path) {
    case .success(let s): source = s
    case .failure(let problem): return problem.text
    }
    let w = source.canvasSize.width, h = source.canvasSize.height
    let frameBytes = w * h * 4
    let refCount = raw.count / max(frameBytes, 1)
    // A cut-off file: ffmpeg decodes what it can; so must we, and no more than the file holds.
    let damaged = path.contains("cutoff")
    if !damaged {
        guard refCount == source.frameCount else { return "\(source.frameCount) frames, ffmpeg decodes \(refCount)" }
        guard times.count == source.frameCount else {
            return "\(source.frameCount) frames, ffprobe lists \(times.count)"
        }
        // Times exact (to the microsecond), relative to the first frame.
        for k in 0..<times.count {
            let ours = source.info.times[source.sourceFrame(k)]
            let theirs = times[k] - times[0]
            if abs(ours - theirs) > 1e-6 { return "frame \(k) at \(ours) s, ffprobe says \(theirs) s" }
        }
        // Durations: each until the next frame's time.
        for k in 0..<(times.count - 1) {
            let d = source.duration(at: k) / 1000, want = times[k + 1] - times[k]
            if abs(d - want) > 1e-6 { return "frame \(k) lasts \(d) s, the next frame comes \(want) s later" }
        }
    }
    let count = damaged ? min(refCount, source.frameCount) : source.frameCount
    if damaged && refCount == 0 { return "ffmpeg decodes nothing of it" }
    for k in 0..<count {
        let image: PixelBuffer
        do { image = try source.frame(at: k) } catch { return "frame \(k): \(error)" }
        guard image.width == w, image.height == h else { return "frame \(k) is \(image.width)×\(image.height)" }
        var worst = 0
        raw.withUnsafeBytes { ref in
            let r = ref.bindMemory(to: UInt8.self)
            let offset = k * frameBytes
            for i in 0..<frameBytes { worst = max(worst, abs(Int(image.bytes[i]) - Int(r[offset + i]))) }
        }
        frames += 1
        if worst > tolerance { return "frame \(k): a channel is \(worst) levels off" }
    }
    if damaged && source.warnings.isEmpty { return "a cut-off file read without a warning" }
    return nil
}

private func compareAVIF(_ path: String, base: String, lossless: Bool, frames: inout Int) -> String? {
    let source: FrameSource
    let times: [Double]
    var turn = VideoOrientation.identity
    var tolerance = lossless ? 0 : 1
    do {
        source = try FrameSources.open(path: path)
    } catch {
        return "cannot open: \(error)"
    }
    if let a = source as? AVIFFrameSource {
        times = a.timeline.times
        turn = a.orientation
    } else if let v = source as? VideoFrameSource {
        // Read by FFmpeg where libavif cannot (a sequence with audio): its converter, not libavif's.
        times = v.info.times
        tolerance = 3
    } else {
        return "not opened as AVIF or video"
    }
    // avifdec --info: "N timescales per second" and each frame's "pts X (T timescales)".
    if let info = try? String(contentsOfFile: base + ".info", encoding: .utf8) {
        let lines = info.split(whereSeparator: \.isNewline)
        let rate =
            lines.compactMap { line -> Double? in
                guard let r = line.range(of: " timescales per second") else { return nil }
                return Double(line[..<r.lowerBound].split(separator: " ").last ?? "")
            }.first ?? 1
        let ticks = lines.compactMap { line -> Double? in
            guard line.contains("Decoded frame ["), let open = line.range(of: "[pts "),
                let paren = line[open.upperBound...].range(of: "(")
            else { return nil }
            return Double(line[paren.upperBound...].prefix { $0.isNumber })
        }
        guard ticks.count == source.frameCount else {
            return "\(source.frameCount) frames, avifdec lists \(ticks.count)"
        }
        for (k, t) in ticks.enumerated() where abs(times[k] - t / rate) > 1e-6 {
            return "frame \(k) at \(times[k]) s, avifdec says \(t / rate) s"
        }
    }
    for k in 0..<source.frameCount {
        let image: PixelBuffer
        do { image = try source.frame(at: k) } catch { return "frame \(k): \(error)" }
        var expected: PixelBuffer
        if lossless {
            let pngPath = String(
                format: "%@/png/%@%02d.png", (base as NSString).deletingLastPathComponent,
                base.hasSuffix("alpha") ? "f" : "o", k + 1)
            guard let p = try? PNG.read(URL(fileURLWithPath: pngPath)) else { return "no source PNG for frame \(k)" }
            expected = p
        } else {
            guard let p = try? PNG.read(URL(fileURLWithPath: "\(base).frame\(k).png")) else {
                return "no avifdec frame \(k)"
            }
            // avifdec writes the picture as stored; arcmask turns it as the file says (irot).
            expected = turn.apply(p)
        }
        guard expected.width == image.width, expected.height == image.height else {
            return "frame \(k) is \(image.width)×\(image.height), expected \(expected.width)×\(expected.height)"
        }
        let worst = zip(image.bytes, expected.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        frames += 1
        if worst > tolerance { return "frame \(k): a channel is \(worst) levels off" }
    }
    return nil
}
