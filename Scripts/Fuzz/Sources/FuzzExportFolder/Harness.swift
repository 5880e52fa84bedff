import ArcMaskEmulator
import ArcMaskFiles
import ArcMaskFrames
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRotationRoute
import ArcMaskSources
import ArcMaskTimerMask
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation
import FuzzDriver

/// Rotation export folders read back (`emulate DIR`). The first two bytes (little-endian) are
/// the manifest's length; the manifest follows; what remains is every other file of the folder
/// (each layer image and each generated file reads as those bytes), so the manifest's checks,
/// the image headers, the recomputed plan and figures and the emulation are all reached. The
/// same folder is then read as a source (`ExportFrameSource`: its first layers decoded and
/// cropped), for the files its manifest lists (`ExportFiles`, what `--force` replaces), and its
/// timer masks judged against the source frames it records (`TimerMaskExportCheck.fidelity`).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = input(data, size)
    guard bytes.count >= 2 else { return 0 }
    let length = min(Int(bytes[0]) | Int(bytes[1]) << 8, bytes.count - 2)
    let manifest = Array(bytes[2..<(2 + length)])
    let body = Array(bytes[(2 + length)...])
    let settings = EmulationSettings(refreshRates: [60], listLimit: 0)
    _ = try? ExportCheck.run(path: "fuzz", manifest: manifest, settings: settings) { _, limit in
        guard body.count <= limit else { throw InputError(file: "fuzz", "over the limit") }
        return body
    }
    let read: (String, Int) throws -> [UInt8] = { _, limit in
        guard body.count <= limit else { throw InputError(file: "fuzz", "over the limit") }
        return body
    }
    let limits = DecodeLimits(maxCanvasPixels: 1 << 20, maxFrames: 1000, maxDecodedBytes: 64 << 20)
    if let source = try? ExportFrameSource.open("fuzz", manifest: Data(manifest), limits: limits, read: read) {
        for k in 0..<min(3, source.frameCount) { _ = try? source.frame(at: k) }
    }
    _ = ExportFiles.listed(inManifest: Data(manifest))
    // The timer masks judged against the source's frames the manifest records (`check`'s
    // fidelity): durations, lanes and timing all from the bytes.
    if let m = try? JSONDecoder().decode(ExportManifest.self, from: Data(manifest)), let section = m.timerMask {
        _ = TimerMaskExportCheck.fidelity(section, timing: m.timing)
    }
    return 0
}

@_cdecl("FuzzExportFolder_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, test)
}
