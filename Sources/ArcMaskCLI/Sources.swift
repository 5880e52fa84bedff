import ArcMaskCore
import ArcMaskGIF
import ArcMaskRender
import ArcMaskSVGA
import ArgumentParser
import Foundation

/// Options shaping an SVGA's frame sequence (refused for GIFs, which have no player settings).
struct SequenceOptions: ParsableArguments {
    @Option(help: "SVGA: play frames A..B only (inclusive).")
    var range: String?

    @Flag(help: "SVGA: play backwards.")
    var reverse = false

    @Option(help: "SVGA: resample to this many frames per second.")
    var fps: Double?

    @Flag(help: "SVGA: render every frame anew instead of reusing renders kept in the cache folder (ARCMASK_CACHE_DIR, default ~/.cache/arcmask/renders).")
    var noRenderCache = false

    var parsedRange: ClosedRange<Int>? {
        guard let range else { return nil }
        let parts = range.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, a <= b else { return nil }
        return a...b
    }

    func validate() throws {
        if range != nil && parsedRange == nil { throw ValidationError("--range takes A..B with 0 ≤ A ≤ B, e.g. 10..40") }
        if let fps, !(fps > 0 && fps <= 240) { throw ValidationError("--fps takes a rate in (0, 240]") }
    }

    var sequence: SVGASequence { SVGASequence(range: parsedRange, reverse: reverse, fps: fps) }
    var isDefault: Bool { range == nil && !reverse && fps == nil }
}

enum SourceKind { case gif, svga }

/// GIF or SVGA, told apart by the file's first bytes.
func sourceKind(_ path: String) throws -> SourceKind {
    let head = try FileReader(path: path).bytes(at: 0, count: 4)
    if head.starts(with: Array("GIF".utf8)) { return .gif }
    if head.first == 0x78 || head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .svga }
    if head.isEmpty { throw InputError(file: path, "is empty (0 bytes)") }
    throw InputError(file: path, "is neither a GIF nor an SVGA file (it starts with \(head.map { String(format: "%02X", $0) }.joined(separator: " ")))")
}

/// Opens a GIF or an SVGA as a frame source, with the limits and the time limit armed.
func openFrameSource(_ path: String, limits: LimitOptions, sequence: SequenceOptions? = nil) throws -> FrameSource {
    limits.armWatchdog(for: path)
    switch try sourceKind(path) {
    case .gif:
        if let sequence, !sequence.isDefault {
            throw InputError(file: path, "--range, --reverse and --fps apply to SVGA files only")
        }
        return try GIFFrameSource(path: path, limits: limits.limits)
    case .svga:
        return try SVGAFrameSource(path: path, sequence: sequence?.sequence ?? SVGASequence(), limits: limits.svgaLimits,
                                   cache: sequence?.noRenderCache == true ? nil : RenderCache())
    }
}
