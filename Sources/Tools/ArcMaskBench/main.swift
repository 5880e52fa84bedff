import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskIO
import ArcMaskLottieRender
import ArcMaskSVGA
import ArcMaskSources
import ArcMaskValues
import ArcMaskZIP
import Foundation

// Measures arcmask's own engines for Scripts/bench, which runs the peers beside it and
// prints the ratios. Prints one JSON object per run on stdout.
//
//   arcmask-bench decode FILE [--repeats N]       decode + composite every frame (best of N); any
//                                                 input FrameSources opens (a folder is a sequence)
//   arcmask-bench emulate [--samples N]           analytic emulator samples/s, one core
//   arcmask-bench svga FILE...                    render every frame at the viewBox size, one core
//                                                 (straight RGBA, then premultiplied)
//   arcmask-bench kit-prepare FILE [--out DIR]    ArcMaskKit's prepare for a small widget at 3x,
//                                                 the CLI's codecs standing in for ImageIO:
//                                                 decodes per frame, passes, kept bytes; the
//                                                 folder kept in DIR (a new folder) when given
//   arcmask-bench composite [--count N]           raster composites/s at 510×510 with 100 frames,
//                                                 reachable layers only and all layers

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func json(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

let args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: Int) -> Int {
    args.firstIndex(of: name).flatMap { args.count > $0 + 1 ? Int(args[$0 + 1]) : nil } ?? fallback
}

switch args.first {
case "kit-prepare"?:
    guard args.count >= 2 else {
        FileHandle.standardError.write(Data("usage: arcmask-bench kit-prepare FILE [--out DIR]\n".utf8)); exit(64)
    }
    let out = args.firstIndex(of: "--out").flatMap { args.count > $0 + 1 ? args[$0 + 1] : nil }
    if let out, FileManager.default.fileExists(atPath: out) {
        FileHandle.standardError.write(Data("arcmask-bench: \(out): exists; give a new folder\n".utf8)); exit(1)
    }
    do {
        json(try kitPrepare(args[1], keepingIn: out))
    } catch {
        FileHandle.standardError.write(Data("arcmask-bench: \(args[1]): \(error)\n".utf8)); exit(1)
    }
case "decode"?:
    guard args.count >= 2 else {
        FileHandle.standardError.write(Data("usage: arcmask-bench decode FILE [--repeats N]\n".utf8)); exit(64)
    }
    let path = args[1]
    var best = Double.infinity, crc: UInt32 = 0, frames = 0, size = PixelSize(width: 0, height: 0)
    for _ in 0..<option("--repeats", 3) {
        let start = now()
        let gif = try FrameSources.open(path: path)
        crc = 0
        for i in 0..<gif.frameCount {
            crc = crc32(try gif.frame(at: i).bytes, previous: crc)
        }
        // The CRC is part of the C baseline's timed loop too.
        best = min(best, now() - start)
        frames = gif.frameCount
        size = gif.canvasSize
    }
    json([
        "decoder": "arcmask (lazy, one frame at a time)", "file": path, "frames": frames,
        "canvas": [size.width, size.height],
        "seconds": best, "fps": Double(frames) / best, "crc32_all_frames": String(format: "%08x", crc),
    ])
case "emulate"?:
    let plan = try ArcPlanner.plan(
        PlanRequest(
            viewWidth: 170, viewHeight: 170, scale: 3,
            durationsMs: (0..<100).map { [40.0, 60, 80, 120][$0 % 4] }))
    let model = AnalyticModel(plan)
    let n = option("--samples", 2_000_000)
    var torn = 0
    let start = now()
    for k in 0..<n {
        let phi = Double(k) * 360 / Double(n)
        if model.observe(rotation: phi).frames.count > 1 { torn += 1 }
    }
    let seconds = now() - start
    json([
        "engine": "analytic emulator", "plan": "arcmask, 100 frames, 170x170 pt @3x", "samples": n,
        "seconds": seconds, "samplesPerSecond": Double(n) / seconds, "tornSamples": torn,
    ])
case "svga"?:
    for path in args.dropFirst() where !path.hasPrefix("--") {
        let movie = try SVGAReader.read(path: path)
        let size = PixelSize(
            width: max(1, Int(movie.viewBoxWidth.rounded())), height: max(1, Int(movie.viewBoxHeight.rounded())))
        let renderer = SVGARenderer(movie: movie)
        // Straight RGBA (what PNG output takes), then premultiplied surfaces (what consumers
        // that composite again take): the same renderer, its images already decoded.
        var start = now()
        for k in 0..<movie.frameCount { _ = try renderer.render(frame: k, size: size) }
        let seconds = now() - start
        start = now()
        for k in 0..<movie.frameCount { _ = try renderer.renderSurface(frame: k, size: size) }
        let premultipliedSeconds = now() - start
        let fps = Double(movie.frameCount) / seconds, premultipliedFps = Double(movie.frameCount) / premultipliedSeconds
        json([
            "file": path, "frames": movie.frameCount, "size": [size.width, size.height], "seconds": seconds,
            "framesPerSecond": fps, "fileFps": movie.fps, "timesRealTime": fps / Double(movie.fps),
            "premultipliedSeconds": premultipliedSeconds,
            "timesRealTimePremultiplied": premultipliedFps / Double(movie.fps),
        ])
    }
case "lottie"?:
    // Every frame at 510×510 (fitted, as the corpus's frames are), drawn on two threads.
    let size = PixelSize(width: 510, height: 510)
    for path in args.dropFirst() where !path.hasPrefix("--") {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let source = try LottieFrameSource(
            bytes: bytes, name: path, directory: URL(fileURLWithPath: path).deletingLastPathComponent())
        let n = source.frameCount
        let start = now()
        final class Failure: @unchecked Sendable { var error: Error? }
        let failure = Failure()
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for k in stride(from: lane, to: n, by: 2) {
                do { _ = try source.surface(at: k, size: size, fit: .fit) } catch { failure.error = error }
            }
        }
        if let e = failure.error { throw e }
        let seconds = now() - start
        let fps = Double(n) / seconds
        json([
            "file": path, "frames": n, "size": [size.width, size.height], "seconds": seconds, "framesPerSecond": fps,
            "fileFps": source.animation.frameRate, "timesRealTime": fps / source.animation.frameRate,
        ])
    }
case "composite"?:
    let count = option("--count", 600)
    let plan = try ArcPlanner.plan(
        PlanRequest(
            viewWidth: 170, viewHeight: 170, scale: 3,
            durationsMs: (0..<100).map { [40.0, 60, 80, 120][$0 % 4] }))
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-bench-\(getpid()).gif")
    try TestPattern.writeGIF(to: tmp, size: PixelSize(width: 170, height: 170), frames: 100, delays: [4, 6, 8, 12])
    defer { try? FileManager.default.removeItem(at: tmp) }
    let source = try GIFFrameSource(path: tmp.path)
    let compositor = ArcCompositor(plan: plan)
    let images = FrameImages(source: source, pixelSize: compositor.pixelSize, budget: 256 << 20)
    for i in 0..<100 { _ = try images.image(i) }  // resized once, as a widget holds its images
    func measure(_ selection: ArcCompositor.LayerSelection, _ angles: [Double]) throws -> Double {
        let start = now()
        var checksum = 0
        for phi in angles {
            let picture = try compositor.render(rotation: phi, images: images, layers: selection)
            checksum &+= Int(picture.bytes[picture.bytes.count / 2])
        }
        _ = checksum
        return Double(angles.count) / (now() - start)
    }
    // Instants spread evenly over the period (what a timeline preview asks for), and instants
    // with a seam in the view (the worst case: two layers stroked and composited).
    let even = (0..<count).map { Double($0) * 360 / Double(count) + 0.1234 }
    let model = AnalyticModel(plan)
    let seams = (0..<(count * 400)).map { Double($0) * 360 / Double(count * 400) }
        .filter { model.observe(rotation: $0).frames.count > 1 }
    let seamAngles = (0..<count).map { seams[$0 * seams.count / count] }
    let evenReachable = try measure(.reachable, even)
    let evenAll = try measure(.all, Array(even.prefix(max(20, count / 10))))
    let seamReachable = try measure(.reachable, seamAngles)
    let seamAll = try measure(.all, Array(seamAngles.prefix(max(20, count / 10))))
    json([
        "engine": "cairo compositor", "view": "510x510 px", "frames": 100,
        "evenInstants": [
            "compositesPerSecond": evenReachable, "allLayersCompositesPerSecond": evenAll,
            "speedup": evenReachable / evenAll,
        ],
        "seamInstants": [
            "compositesPerSecond": seamReachable, "allLayersCompositesPerSecond": seamAll,
            "speedup": seamReachable / seamAll,
        ],
    ])
default:
    FileHandle.standardError.write(
        Data("usage: arcmask-bench decode FILE [--repeats N] | emulate [--samples N] | composite [--count N]\n".utf8))
    exit(64)
}
