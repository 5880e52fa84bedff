import ArcMaskFrames
import ArcMaskValues

/// What `inspect --json` prints and `frames` writes as `frames.json`.
public struct GIFReport: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        public var index: Int
        public var x: Int, y: Int, width: Int, height: Int
        public var delayCentiseconds: Int
        public var durationMs: Double
        public var disposal: String
        public var disposalCode: Int
        public var transparentIndex: Int?
        public var localPalette: Bool
        public var interlaced: Bool
        public var truncated: Bool
    }

    public var file: String
    /// "GIF", as in every format's report.
    public var format = "GIF"
    public var version: String
    public var width: Int
    public var height: Int
    public var frameCount: Int
    /// As written: 0 = forever, n = n repeats; nil when the file has no loop extension (plays once).
    public var loopCount: Int?
    public var plays: Int?
    public var durationMs: Double
    public var damaged: Bool
    public var warnings: [String]
    public var frames: [Frame]
}

extension GIFFrameSource {
    public var report: GIFReport {
        GIFReport(
            file: name, version: version,
            width: canvasSize.width, height: canvasSize.height,
            frameCount: frameCount, loopCount: loopCount, plays: loopMode.plays,
            durationMs: totalDuration, damaged: damaged, warnings: warnings,
            frames: frames.map {
                GIFReport.Frame(
                    index: $0.index, x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height,
                    delayCentiseconds: $0.delayCentiseconds, durationMs: $0.durationMs,
                    disposal: $0.disposal.description, disposalCode: $0.disposal.rawValue,
                    transparentIndex: $0.transparentIndex, localPalette: $0.hasLocalPalette,
                    interlaced: $0.interlaced, truncated: $0.truncated)
            })
    }
}

extension GIFReport: FormatDetails {
    /// The report as `inspect` prints it: a summary line, then one row per frame.
    public func text(_ names: InputVocabulary = .plain) -> String {
        let r = self
        let loop =
            r.loopCount.map { $0 == 0 ? "loops forever" : "loop count \($0) (\($0 + 1) plays)" }
            ?? "no loop extension (plays once)"
        var lines = [
            "\(r.file): \(r.version), canvas \(r.width)×\(r.height), \(r.frameCount) frame\(r.frameCount == 1 ? "" : "s"), \(loop), \(formatDuration(ms: r.durationMs)) per play\(r.damaged ? ", DAMAGED" : "")",
            "frame  rectangle             delay  duration  disposal    transparent  palette  interlaced",
        ]
        for f in r.frames {
            let rect = "\(f.x),\(f.y) \(f.width)×\(f.height)"
            lines.append(
                pad(String(f.index), 5, right: true) + "  " + pad(rect, 20) + "  "
                    + pad("\(f.delayCentiseconds)cs", 5, right: true) + "  "
                    + pad("\(Int(f.durationMs)) ms", 8, right: true) + "  " + pad(f.disposal, 10) + "  "
                    + pad(f.transparentIndex.map(String.init) ?? "-", 11) + "  "
                    + pad(f.localPalette ? "local" : "global", 7) + "  " + (f.interlaced ? "yes" : "no")
                    + (f.truncated ? "  (truncated)" : ""))
        }
        for w in r.warnings { lines.append("warning: \(w)") }
        return lines.joined(separator: "\n")
    }

    /// With the file's name only: it lists every frame, so `frames.json` keeps it.
    public var portable: (any FormatDetails)? {
        var r = self
        r.file = SourceReport.fileName(file)
        return r
    }
}

extension GIFFrameSource {
    /// GIF's own report (blocks, palettes, interlacing) in place of the common one.
    public var details: (any FormatDetails)? { report }

    /// The common report's fields, where a playback reports over a GIF's frames: the plays (0 for
    /// ever), and each frame's region, delay and disposal.
    public func describe(into r: inout SourceReport) {
        r.format = "GIF"
        r.loopCount = loopMode.plays ?? 0
        for (k, f) in frames.enumerated() where k < r.frames.count {
            r.frames[k].x = f.rect.x
            r.frames[k].y = f.rect.y
            r.frames[k].width = f.rect.width
            r.frames[k].height = f.rect.height
            r.frames[k].delayMs = Double(f.delayCentiseconds * 10)
            r.frames[k].disposal = f.disposal.description
        }
    }
}
