import ArcMaskValues
import Foundation

extension PrepareOptions {
    /// The part of a clip `prepare` plays: from `start` seconds, for `length` seconds (nil: to
    /// the end), as `arcmask export --start --length` cuts one.
    public struct ClipCut: Sendable, Equatable {
        /// Where the part starts, seconds from the clip's beginning (0 or more; 0 by default).
        public var start: Double
        /// How long the part lasts, seconds (more than 0); nil, the default, plays to the end.
        public var length: Double?

        /// The part from `start` seconds, for `length` seconds (nil: to the end); by default the
        /// whole clip.
        public init(start: Double = 0, length: Double? = nil) {
            self.start = start
            self.length = length
        }
    }
}

/// Which frames of a clip `prepare` draws and for how long, from the presentation timestamps
/// AVFoundation reads: the command line's rules for clips (`VideoTimeline`: a frame lasts until
/// the next timestamp; a cut starts with the frame on screen and adds up to its length). Plain
/// Swift, tested where AVFoundation is not.
struct ClipFrames: Equatable {
    /// The frames shown: which of the clip's frames, for how many seconds.
    let shown: [VideoTimeline.Shown]
    /// Each frame's presentation time in the stream, in ticks of 1/timescale s (ascending,
    /// distinct: frame k of `shown.source`).
    let ticks: [Int64]
    let warnings: [String]

    /// Clips longer than this are played, with a warning to cut them (the command line's rule).
    static let longClipSeconds = 60.05

    /// - Parameters:
    ///   - timestamps: presentation times in ticks of 1/`timescale` s, in any order.
    ///   - frameRate: the track's nominal rate (the last frame lasts one frame at it).
    init(
        timestamps: [Int64], timescale: Int32, frameRate: Double?, cut: PrepareOptions.ClipCut, name: String
    ) throws {
        guard !timestamps.isEmpty else { throw PrepareError(.input, "\(name) holds no video frames", code: .damaged) }
        guard timescale > 0 else {
            throw PrepareError(.input, "\(name): its video track's timescale \(timescale) is not positive")
        }
        guard cut.start.isFinite, cut.start >= 0 else {
            throw PrepareError(.options, "clip.start \(cut.start) is not 0 s or more")
        }
        if let length = cut.length, !(length.isFinite && length > 0) {
            throw PrepareError(.options, "clip.length \(length) is not more than 0 s")
        }
        let timeline = VideoTimeline(
            timestamps: timestamps, denominator: Int64(timescale), frameRate: frameRate.flatMap { $0 > 0 ? $0 : nil })
        guard cut.start < timeline.length else {
            throw PrepareError(
                .options,
                "clip.start \(cut.start) s is past the clip's end (\(String(format: "%.3f", timeline.length)) s)")
        }
        shown = timeline.cut(start: cut.start, duration: cut.length).filter { $0.duration > 0 }
        ticks = Array(Set(timestamps)).sorted()
        let seconds = shown.reduce(0) { $0 + $1.duration }
        warnings =
            seconds > Self.longClipSeconds
            ? [
                "the clip plays \(String(format: "%.1f", seconds)) s; the rotation keeps its length by dropping frames "
                    + "to fit the budget: cut it with clip (PrepareOptions.ClipCut, for example length 6) to keep more of its frames"
            ] : []
    }

    /// The source as `AnimationPreparation` sees it.
    func source(name: String, width: Int, height: Int) -> PreparedSource {
        PreparedSource(
            name: name, canvasWidth: width, canvasHeight: height, durationsMs: shown.map { $0.duration * 1000 },
            warnings: warnings)
    }
}
