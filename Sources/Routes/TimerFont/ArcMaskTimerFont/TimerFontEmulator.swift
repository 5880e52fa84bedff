import ArcMaskFontCheck
import ArcMaskGeometry
import ArcMaskTimerFontPlan

/// What a timer-font widget shows at display refreshes, judged against the loop: the fonts
/// are shaped (HarfBuzz) for every timer string the refreshes see, and the picture on top at
/// each refresh must be the intended frame's.
public struct TimerFontEmulation: Sendable, Codable, Equatable {
    public struct Defect: Sendable, Codable, Equatable {
        public let timeSeconds: Double
        public let refreshHz: Double
        public let intendedFrame: Int
        /// The first frame with the picture shown (nil: no picture of the loop).
        public let shownFrame: Int?
        public let layer: Int
    }

    public var route = "timer-font"
    public let refreshHz: [Double]
    public let phasesMs: [Double]
    /// Seconds after the reference date the timers were sampled over: the main window, then
    /// one around each later hour wrap.
    public let windows: [TimerFontVerifier.Window]
    public let samples: Int
    public let clean: Int
    public let wrongFrame: Int
    public let fps: Int
    public let loopSeconds: Int
    public let frameCount: Int
    /// Frames a second the refreshes saw: changes of the layer on top over the main window,
    /// at the fastest refresh rate.
    public let measuredFps: Double
    public let stringsShaped: Int
    /// The first defects (at most 32).
    public let defects: [Defect]
    /// Files in the folder the manifest does not list (set by the folder check).
    public var unlistedFiles: [String]? = nil
    public var passed: Bool { wrongFrame == 0 && (unlistedFiles ?? []).isEmpty }
}

public enum TimerFontEmulator {
    public static func sampleCount(refreshHz: [Double], phases: Int, windows: [TimerFontVerifier.Window]) -> Int {
        let seconds = windows.reduce(0) { $0 + $1.seconds }
        return refreshHz.reduce(0) { $0 + Int(Double(seconds) * $1) } * phases
    }

    /// Samples every refresh of every rate and phase over `windows`.
    /// - Parameter progress: called once per refresh-rate × phase × window.
    public static func run(
        _ verifier: TimerFontVerifier, refreshHz: [Double], phasesMs: [Double], windows: [TimerFontVerifier.Window],
        progress: (() -> Void)? = nil
    ) -> TimerFontEmulation {
        let plan = verifier.plan
        let before = verifier.stringsShaped
        var samples = 0, wrong = 0
        var defects: [TimerFontEmulation.Defect] = []
        var layerChanges = 0
        let fastest = refreshHz.max() ?? 60
        for (w, window) in windows.enumerated() {
            verifier.forget()
            for rate in refreshHz {
                for phase in phasesMs {
                    let n = Int(Double(window.seconds) * rate)
                    var lastLayer: Int? = nil
                    for k in 0..<n {
                        let t = Double(window.fromSeconds) + phase / 1000 + Double(k) / rate
                        let (layer, frame) = verifier.shown(at: t)
                        let intended = plan.intendedFrame(at: t)
                        samples += 1
                        if !verifier.shows(intended, frame) {
                            wrong += 1
                            if defects.count < 32 {
                                defects.append(
                                    .init(
                                        timeSeconds: t, refreshHz: rate, intendedFrame: intended, shownFrame: frame,
                                        layer: layer))
                            }
                        }
                        if w == 0 && rate == fastest && phase == phasesMs[0] {
                            if let lastLayer, lastLayer != layer { layerChanges += 1 }
                            lastLayer = layer
                        }
                    }
                    progress?()
                }
            }
        }
        verifier.forget()
        let mainSeconds = Double(windows.first?.seconds ?? 1)
        // Changes seen over the window, plus the one the window starts with.
        let measured = Double(layerChanges + 1) / mainSeconds
        return TimerFontEmulation(
            refreshHz: refreshHz, phasesMs: phasesMs, windows: windows, samples: samples, clean: samples - wrong,
            wrongFrame: wrong, fps: plan.fps, loopSeconds: plan.loopSeconds, frameCount: plan.frameCount,
            measuredFps: (measured * 1000).rounded() / 1000, stringsShaped: verifier.stringsShaped - before,
            defects: defects)
    }
}
