import ArcMaskTimerClock
import Foundation
import Testing

/// The timer routes' frame durations at random phases: within one refresh of their own, the
/// loop's length kept, and the bound reached.
@Suite("Timer changes land on refreshes")
struct RefreshJitterTests {
    struct Generator {
        var state: UInt64
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    @Test("every frame lasts its time ± under one refresh, at any phase; the loop keeps its length")
    func bound() {
        var g = Generator(state: 42)
        for hz in [60.0, 120.0, 90.0] {
            let t = 1000 / hz
            var worst = 0.0
            for _ in 0..<400 {
                // Ticks as the routes make them: whole seconds, or lanes at 8, 12, 15, 24 or 30 fps.
                let fps = [1.0, 8, 12, 15, 24, 30][Int(g.unit() * 6)]
                let start = g.unit() * 5000
                let ticks = (0...60).map { start + Double($0) * 1000 / fps }
                let phase = g.unit() * t
                let shown = RefreshJitter.shownDurations(ticksMs: ticks, phaseMs: phase, refreshMs: t)
                for (k, d) in shown.enumerated() {
                    let own = ticks[k + 1] - ticks[k]
                    #expect(abs(d - own) < RefreshJitter.bound(refreshMs: t) + 1e-9)
                    worst = max(worst, abs(d - own))
                }
                // The errors cancel: the whole stretch is off by less than one refresh too.
                #expect(abs(shown.reduce(0, +) - (ticks.last! - ticks.first!)) < t + 1e-9)
                // Each change is seen at a refresh, and at or after the change.
                for tick in ticks {
                    let s = RefreshJitter.seen(tick, phaseMs: phase, refreshMs: t)
                    #expect(s >= tick - 1e-9 && s < tick + t)
                    let k = ((s - phase) / t).rounded()
                    #expect(abs(s - (phase + k * t)) < 1e-6)
                }
            }
            _ = worst
        }
    }

    @Test("the bound is tight: changes at arbitrary instants come within a tenth of a refresh of it")
    func tight() {
        var g = Generator(state: 7)
        for hz in [60.0, 120.0] {
            let t = 1000 / hz
            var worst = 0.0
            for _ in 0..<200 {
                var tick = g.unit() * 1000
                var ticks = [tick]
                for _ in 0..<30 {
                    tick += 20 + g.unit() * 200
                    ticks.append(tick)
                }
                let shown = RefreshJitter.shownDurations(ticksMs: ticks, phaseMs: g.unit() * t, refreshMs: t)
                for (k, d) in shown.enumerated() { worst = max(worst, abs(d - (ticks[k + 1] - ticks[k]))) }
            }
            #expect(worst < t && worst > 0.9 * t, "\(hz) Hz: worst \(worst) ms")
        }
    }

    @Test("the summaries say it in figures")
    func sentence() {
        #expect(
            RefreshJitter.sentence(refreshHz: [60, 120])
                == "each timer change shows at the next refresh, so a frame lasts its time ± under one refresh at any phase (8.3 ms at 120 Hz, 16.7 ms at 60 Hz)"
        )
    }
}
