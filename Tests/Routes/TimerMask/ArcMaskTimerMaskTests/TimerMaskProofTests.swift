import ArcMaskMaskFonts
import ArcMaskTimerMask
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Testing

/// The lanes proven with the mask fonts as written, shaped by HarfBuzz.
@Suite struct TimerMaskProofTests {
    static let cell = PixelSize(width: 40, height: 32)

    static func fonts(for plan: TimerMaskPlan, periodOf: (Int) -> Int = { $0 }) throws -> [Int: [UInt8]] {
        var out: [Int: [UInt8]] = [:]
        for p in Set(plan.masks.map(\.periodSeconds)) {
            out[p] = try MaskFonts.laneMaskFont(periodSeconds: periodOf(p), name: "Mask\(p)", family: "Mask \(p)")
                .bytes
        }
        return out
    }

    @Test(
        "the written fonts play every lane at its time, at 60 and 120 Hz and across the hour wraps",
        arguments: [(16, 2), (30, 2), (8, 5), (12, 10)])
    func passes(fps: Int, loop: Int) throws {
        let plan = try TimerMaskPlan(fps: fps, loopSeconds: loop)
        let proof = try TimerMaskProof(plan: plan, fonts: try Self.fonts(for: plan), cell: Self.cell)
        let check = proof.run(seconds: Double(2 * loop + 1))
        #expect(check.passed, "\(check.defects.prefix(3))")
        #expect(check.handOffs > 0 && proof.stringsShaped > 0)
    }

    @Test("a mask font whose period is one second off fails, naming the instant")
    func wrongFont() throws {
        let plan = try TimerMaskPlan(fps: 16, loopSeconds: 4)
        let proof = try TimerMaskProof(
            plan: plan, fonts: try Self.fonts(for: plan) { $0 + 1 }, cell: Self.cell)
        let check = proof.run(rates: [60], seconds: 9)
        #expect(!check.passed)
        #expect(check.defects.first.map { "\($0)" }?.hasPrefix("at ") == true)
    }

    @Test("a missing period's font is refused")
    func missingFont() throws {
        let plan = try TimerMaskPlan(fps: 8, loopSeconds: 2)
        #expect(throws: (any Error).self) { try TimerMaskProof(plan: plan, fonts: [:], cell: Self.cell) }
    }
}
