import ArcMaskCore
import ArcMaskExport
import ArcMaskSVGA
import ArcMaskValues
import ArgumentParser

/// Ceilings on inputs, shared by every command that reads one.
struct LimitOptions: ParsableArguments {
    @Option(help: "Refuse canvases with more pixels than this.")
    var maxPixels: Int = DecodeLimits.defaultMaxCanvasPixels

    @Option(help: "Refuse inputs with more frames than this.")
    var maxFrames: Int = DecodeLimits.defaultMaxFrames

    @Option(help: "Refuse inputs whose frames, decoded once each, make more bytes than this.")
    var maxDecodedBytes: Int = DecodeLimits.defaultMaxDecodedBytes

    @Option(help: "SVGA: refuse files that inflate past this many bytes.")
    var maxSvgaBytes: Int = SVGALimits.default.maxInflatedBytes

    @Option(help: "SVGA: refuse images inside the file with more pixels than this.")
    var maxImagePixels: Int = SVGALimits.default.maxImagePixels

    @Option(help: "SVGA: refuse path data with more commands than this per shape or clip.")
    var maxPathCommands: Int = SVGALimits.default.maxPathCommands

    @Option(help: "Give up on an input after this many seconds.")
    var timeout: Double = 600

    var limits: DecodeLimits { DecodeLimits(maxCanvasPixels: maxPixels, maxFrames: maxFrames, maxDecodedBytes: maxDecodedBytes) }

    var svgaLimits: SVGALimits {
        var l = SVGALimits()
        l.maxFrames = maxFrames
        l.maxViewBoxPixels = maxPixels
        l.maxInflatedBytes = maxSvgaBytes
        l.maxImagePixels = maxImagePixels
        l.maxPathCommands = maxPathCommands
        return l
    }

    func validate() throws {
        for (name, value) in [("--max-pixels", maxPixels), ("--max-frames", maxFrames), ("--max-decoded-bytes", maxDecodedBytes),
                              ("--max-svga-bytes", maxSvgaBytes), ("--max-image-pixels", maxImagePixels), ("--max-path-commands", maxPathCommands)]
        where value <= 0 {
            throw ValidationError("\(name) must be positive")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    /// Ends the run with a clear error (and no partial output) if `file` takes longer than --timeout.
    func armWatchdog(for file: String) {
        Watchdog.arm(seconds: timeout) {
            "arcmask: \(file): took longer than \(fmt(timeout)) s (the limit; raise it with --timeout)"
        }
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
