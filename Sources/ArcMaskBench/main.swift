import ArcMaskCore
import ArcMaskGIF
import ArcMaskRender
import Foundation

// Measures arcmask's own engines for Scripts/bench, which runs the peers beside it and
// prints the ratios. Prints one JSON object per run on stdout.
//
//   arcmask-bench decode FILE.gif [--repeats N]   decode + composite every frame (best of N)

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
case "decode"?:
    guard args.count >= 2 else { FileHandle.standardError.write(Data("usage: arcmask-bench decode FILE [--repeats N]\n".utf8)); exit(64) }
    let path = args[1]
    var best = Double.infinity, crc: UInt32 = 0, frames = 0, size = PixelSize(width: 0, height: 0)
    for _ in 0..<option("--repeats", 3) {
        let start = now()
        let gif = try GIFFrameSource(path: path)
        crc = 0
        for i in 0..<gif.frameCount {
            crc = crc32(try gif.frame(at: i).bytes, previous: crc)
        }
        // The CRC is part of the C baseline's timed loop too.
        best = min(best, now() - start)
        frames = gif.frameCount
        size = gif.canvasSize
    }
    json(["decoder": "arcmask (giflib, lazy)", "file": path, "frames": frames, "canvas": [size.width, size.height],
          "seconds": best, "fps": Double(frames) / best, "crc32_all_frames": String(format: "%08x", crc)])
default:
    FileHandle.standardError.write(Data("usage: arcmask-bench decode FILE [--repeats N]\n".utf8))
    exit(64)
}
