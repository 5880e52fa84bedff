import ArcMaskCore

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
