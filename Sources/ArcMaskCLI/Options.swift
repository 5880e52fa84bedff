import ArcMaskCore
import ArgumentParser

/// Ceilings on inputs, shared by every command that reads one.
struct LimitOptions: ParsableArguments {
    @Option(help: "Refuse canvases with more pixels than this.")
    var maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels

    @Option(help: "Refuse inputs with more frames than this.")
    var maxFrames: Int = DecodeLimits.defaultMaxFrames

    var limits: DecodeLimits { DecodeLimits(maxCanvasPixels: maxPixels, maxFrames: maxFrames) }

    func validate() throws {
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
        guard maxFrames > 0 else { throw ValidationError("--max-frames must be positive") }
    }
}

/// "WxH" on the command line.
struct SizeArgument: ExpressibleByArgument, Sendable {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
    }
}
