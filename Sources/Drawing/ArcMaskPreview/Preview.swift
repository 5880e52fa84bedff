import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskValues
import Foundation

/// Pictures that tell a plan's story at a glance: a contact sheet of the timeline, the
/// diagram of the trick, a chart of frames shown against time, and an offline page with a
/// time slider.
///
/// `handoffChart()` reads the emulation report alone and may be drawn on another thread;
/// the pictures that composite frames (`timelineSheet`, `arcsDiagram`, `page`) share one
/// frame cache and are drawn one at a time.
public final class Preview: @unchecked Sendable {
    public let plan: ArcPlan
    public let source: FrameSource
    public let refreshHz: Double
    public let report: EmulationReport
    let compositor: ArcCompositor
    let images: FrameImages
    let model: AnalyticModel
    let timeline: Timeline

    /// - Parameter report: the emulation at `refreshHz` the pictures show (run here when not given).
    public init(
        plan: ArcPlan, source: FrameSource, refreshHz: Double, fit: FitMode = .fill, report: EmulationReport? = nil
    ) {
        self.plan = plan
        self.source = source
        self.refreshHz = refreshHz
        compositor = ArcCompositor(plan: Preview.thumbnailPlan(plan))
        images = FrameImages(source: source, pixelSize: compositor.pixelSize, fit: fit)
        model = AnalyticModel(plan)
        timeline = Timeline(durationsMs: plan.frameDurationsMs)
        self.report =
            report
            ?? Emulator.run(
                plan, model: model, settings: EmulationSettings(refreshRates: [refreshHz]))
    }

    /// The pictures are thumbnails: they draw the plan at a scale that keeps the view within
    /// 340 pixels (and at least one pixel across), so their cost does not grow with the view's
    /// pixel size. The verdicts still come from the plan at its own scale.
    static func thumbnailPlan(_ plan: ArcPlan) -> ArcPlan {
        var drawn = plan
        let longest = max(plan.viewWidth, plan.viewHeight), shortest = min(plan.viewWidth, plan.viewHeight)
        drawn.scale = max(min(plan.scale, 340 / longest), 1 / shortest)
        return drawn
    }

    /// A `width`×`height` picture scaled to fit a `box`×`box` square, at least `least` points each way.
    package static func fitted(
        _ width: Double, _ height: Double, in box: Double, least: Double = 4
    ) -> (w: Double, h: Double) {
        let k = box / max(width, height)
        return (max(least, width * k), max(least, height * k))
    }

    /// Every refresh the emulator sampled.
    public var samples: [Sample] { report.allSamples }

    /// One labelled instant.
    struct Moment {
        var timeMs: Double
        var caption: String
    }

    var refreshMs: Double { 1000 / refreshHz }

    /// What one instant shows, classified as the emulator classifies refreshes.
    func classify(_ t: Double) -> Sample {
        Emulator.sample(
            plan, model: model, at: t, timeline: timeline, offsetMs: report.phaseOffsetMs,
            toleranceMs: report.toleranceMs)
    }

    // MARK: timeline.png

    /// Rows of hand-offs (at most `maxRows`, evenly chosen): the outgoing frame at its middle,
    /// then just before, during and just after the seam crosses the view.
    public func timelineSheet(maxRows: Int = 8) throws -> PixelBuffer {
        let handoffs = report.handoffs
        let picked: [EmulationReport.Handoff] =
            handoffs.count <= maxRows
            ? handoffs
            : (0..<maxRows).map { handoffs[$0 * handoffs.count / maxRows] }
        let periodMs = plan.periodSeconds * 1000
        let view = plan.viewGeometry
        let crossing = periodMs * view.angularWidth / 360
        let toLeft = periodMs * (270 - view.minAngle) / 360
        var rows: [[Moment]] = []
        // "during" instants: the share of phases at which a refresh sees that seam.
        var seen: [Double: Double] = [:]
        let budget = report.allPhases.seamBudgetMs
        for h in picked {
            seen[h.atMs - toLeft + crossing / 2] = min(1, h.crossingMs / refreshMs)
            let enter = h.atMs - toLeft
            let outgoing = Timeline(durationsMs: plan.frameDurationsMs)
            // The widget shows the timeline `phaseOffsetMs` ahead.
            let mid = outgoing.starts[h.from] + outgoing.durations[h.from] / 2 - report.phaseOffsetMs
            rows.append([
                Moment(timeMs: mid, caption: "frame \(h.from), mid-frame"),
                Moment(timeMs: enter - refreshMs / 4, caption: "just before"),
                Moment(timeMs: enter + crossing / 2, caption: "during \(h.from)→\(h.to)"),
                Moment(timeMs: enter + crossing + refreshMs / 4, caption: "just after"),
            ])
        }
        if rows.isEmpty { rows = [[Moment(timeMs: 0, caption: "single frame")]] }
        // Cells fit a 170-point square whatever the view's shape; columns leave room for the captions.
        let (cellW, cellH) = Preview.fitted(plan.viewWidth, plan.viewHeight, in: 170)
        let labelH = 58.0, pad = 14.0, header = 112.0, pitch = max(cellW, 150) + pad
        let columns = rows.map(\.count).max()!
        let w = max(880, pad + Double(columns) * pitch), h = header + Double(rows.count) * (cellH + labelH + pad) + pad
        let d = try Chart(width: Int(w), height: Int(h))
        d.text(
            "\((source.name as NSString).lastPathComponent): \(plan.preset.rawValue) plan, \(fmt(plan.viewWidth))×\(fmt(plan.viewHeight)) pt, period \(fmt(periodMs)) ms",
            x: pad, y: 24, size: 16, bold: true)
        d.text(
            "At every phase of a \(fmt(refreshHz)) Hz display → \(report.passed ? "PASS" : report.verdictText)",
            x: pad, y: 46, size: 12, report.passed ? .green : .red, bold: true)
        d.text(report.allPhases.tearText, x: pad, y: 63, size: 12)
        d.text("phase of the loop: \(report.phaseText)", x: pad, y: 80, size: 12)
        d.text(
            "red frames are defects at some phase; orange ones show a seam crossing, with the share of phases at which a refresh sees it",
            x: pad, y: 97, size: 12)
        for (r, row) in rows.enumerated() {
            for (c, m) in row.enumerated() {
                let x = pad + Double(c) * pitch, y = header + Double(r) * (cellH + labelH + pad)
                let t = (m.timeMs.truncatingRemainder(dividingBy: periodMs) + periodMs).truncatingRemainder(
                    dividingBy: periodMs)
                let phi = plan.rotation(at: t / 1000)
                let info = classify(t)
                // A seam within its budget is drawn with how often a refresh sees it: not a defect.
                let share = seen[m.timeMs]
                let unseen =
                    share != nil && info.torn && !info.gap && !info.wrongFrame
                    && report.allPhases.longestSeamMs <= budget * (1 + 1e-9)
                let verdict = unseen ? "seen torn at \(percent(share!)) of phases" : info.verdict
                let color: Color = unseen ? .orange : !info.isClean ? .red : .grey
                d.checkerboard(x: x, y: y, w: cellW, h: cellH)
                try d.image(compositor.render(rotation: phi, images: images), x: x, y: y, w: cellW, h: cellH)
                d.stroke(x: x - 1.5, y: y - 1.5, w: cellW + 3, h: cellH + 3, color, width: info.isClean ? 1 : 3)
                d.text(m.caption, x: x, y: y + cellH + 15, size: 11, bold: true)
                d.text("t \(fmt(t)) ms, φ \(String(format: "%.3f", phi))°", x: x, y: y + cellH + 29, size: 10.5)
                d.text(
                    "shows \(info.shown.map(String.init).joined(separator: "|")), timeline \(info.expected)", x: x,
                    y: y + cellH + 42, size: 10.5)
                d.text(
                    verdict, x: x, y: y + cellH + 55, size: 10.5, unseen ? .orange : info.isClean ? .green : .red,
                    bold: true)
            }
        }
        return try d.pixels()
    }

    // MARK: arcs.png

    /// The trick, drawn: the ring cut into one slice per layer (not to scale: the real radius is
    /// far larger), each frame's thumbnail at its slice, the view at the top, the rotation arrow.
    public func arcsDiagram() throws -> PixelBuffer {
        let size = 900.0, cx = size / 2, cy = size / 2 + 20, r0 = 250.0, r1 = 330.0
        let d = try Chart(width: Int(size), height: Int(size))
        d.text(
            "The trick for \((source.name as NSString).lastPathComponent) (\(plan.preset.rawValue)): one arc per frame, all turning together",
            x: 20, y: 28, size: 16, bold: true)
        d.text(
            "Slices at rotation 0, not to scale (radius \(fmt(plan.radius)) pt, stroke \(fmt(plan.lineWidth)) pt, \(plan.cap.rawValue) caps); the view sits at the top",
            x: 20, y: 50, size: 12)
        for l in plan.layers {
            d.sector(
                x: cx, y: cy, r0: r0, r1: r1, a0: l.startAngle, a1: l.endAngle,
                Color.frame(l.frame).withAlpha(0.85), outline: .white)
        }
        // Thumbnails at their slices' middles, skipping any that would touch the last one drawn
        // (or the first, across the wrap), so they never overlap however narrow the slices.
        let (tw, th) = Preview.fitted(plan.viewWidth, plan.viewHeight, in: 54)
        let ring = r0 - 48, spacing = 2 * asin(min(1, ((tw * tw + th * th).squareRoot() + 6) / (2 * ring))) * 180 / .pi
        var placed: [Double] = []
        for l in plan.layers.sorted(by: { $0.startAngle + $0.endAngle < $1.startAngle + $1.endAngle }) {
            let midDegrees = (l.startAngle + l.endAngle) / 2
            func apart(_ a: Double) -> Bool {
                let d = abs((midDegrees - a).truncatingRemainder(dividingBy: 360))
                return min(d, 360 - d) >= spacing
            }
            guard placed.allSatisfy(apart) else { continue }
            placed.append(midDegrees)
            let mid = midDegrees * .pi / 180
            let x = cx + cos(mid) * ring - tw / 2, y = cy + sin(mid) * ring - th / 2
            try d.image(images.image(l.frame), x: x, y: y, w: tw, h: th)
            d.stroke(x: x, y: y, w: tw, h: th, Color.frame(l.frame), width: 2)
            // The frame's number beside its slice, unless it would sit on the "view" label at the top.
            let lx = cx + cos(mid) * (r1 + 16), ly = cy + sin(mid) * (r1 + 16) + 4
            guard abs(lx - cx) > 36 || ly > cy - r1 else { continue }
            d.text("\(l.frame)", x: lx, y: ly, size: 12, bold: true, align: .center)
        }
        // The view at 270°, and the rotation direction.
        d.fill(x: cx - 18, y: cy - r1 - 6, w: 36, h: r1 - r0 + 12, .init(0, 0, 0, 0.15))
        d.stroke(x: cx - 18, y: cy - r1 - 6, w: 36, h: r1 - r0 + 12, .ink, width: 2)
        d.text("view", x: cx, y: cy - r1 - 12, size: 12, bold: true, align: .center)
        let arrow = (0...20).map { k -> (Double, Double) in
            let a = (200 + Double(k) * 3) * .pi / 180
            return (cx + cos(a) * (r1 + 48), cy + sin(a) * (r1 + 48))
        }
        d.line(arrow, .ink, width: 3)
        let tip = arrow.last!, a = 260 * Double.pi / 180
        d.line(
            [
                (tip.0 - 14 * cos(a - 0.5), tip.1 - 14 * sin(a - 0.5)), tip,
                (tip.0 - 14 * cos(a + 0.5), tip.1 - 14 * sin(a + 0.5)),
            ], .ink, width: 3)
        d.text(
            "rotates \(plan.direction.rawValue), once per \(fmt(plan.periodSeconds * 1000)) ms", x: cx - r1 - 20,
            y: cy - r1 - 40, size: 12, bold: true)
        d.text(
            "a slice's angle = its share of the period: \(plan.preset == .arcmask ? "proportional to the frame's delay" : "as the preset's code makes it")",
            x: 20, y: size - 20, size: 12)
        return try d.pixels()
    }

    // MARK: handoff.png

    /// Frame shown against time at the refresh rate, beside the source's own timeline.
    public func handoffChart() throws -> PixelBuffer {
        let w = 1200.0, h = 530.0, left = 70.0, right = 30.0, top = 84.0, bottom = 70.0
        let d = try Chart(width: Int(w), height: Int(h))
        let span = report.sampledMs, n = plan.frameCount
        func x(_ t: Double) -> Double { left + t / span * (w - left - right) }
        func y(_ f: Double) -> Double { top + (1 - (f + 0.5) / Double(n)) * (h - top - bottom) }
        d.text(
            "Frame shown at each \(fmt(refreshHz)) Hz refresh (dots) against the animation's own timeline (grey steps): \(plan.preset.rawValue)",
            x: left, y: 24, size: 15, bold: true)
        d.text(
            "At every phase → \(report.passed ? "PASS: " + report.allPhases.tearText : report.verdictText)",
            x: left, y: 42, size: 11, report.passed ? .green : .red)
        d.text(
            "\(report.reversed ? "plays BACKWARDS, " : "")speed \(fmt(report.speedRatio))×; the dots at phase \(fmt(report.phasesMs.first ?? 0)) ms: \(report.clean) clean, \(report.torn) torn, \(report.gap) gap, \(report.wrongFrame) wrong frame",
            x: left, y: 56, size: 11)
        if report.phaseOffsetMs != 0 {
            d.text(
                "timeline drawn \(fmt(report.phaseOffsetMs)) ms ahead, the phase the widget plays at (\(report.reversed || report.wrongSpeed ? "the best fit" : "not a defect: it follows the wall clock"))",
                x: left, y: 70, size: 11)
        }
        // Axes and grid.
        for f in stride(from: 0, to: n, by: max(1, n / 12)) {
            d.line([(left, y(Double(f))), (w - right, y(Double(f)))], .light)
            d.text("\(f)", x: left - 8, y: y(Double(f)) + 4, size: 10, align: .right)
        }
        let tick = niceStep(span / 10)
        for t in stride(from: 0.0, through: span, by: tick) {
            d.line([(x(t), top), (x(t), h - bottom)], .light)
            d.text("\(fmt(t))", x: x(t), y: h - bottom + 16, size: 10, align: .center)
        }
        d.text("time (ms)", x: (left + w - right) / 2, y: h - bottom + 34, size: 11, align: .center)
        d.text("frame", x: 12, y: top - 10, size: 11)
        // Intended timeline.
        var steps: [(Double, Double)] = []
        var t = 0.0
        let shift = report.phaseOffsetMs
        while t < span {
            let f = timeline.frame(at: t + shift)
            var local = (t + shift).truncatingRemainder(dividingBy: timeline.period)
            if local < 0 { local += timeline.period }
            let end = min(span, t + max(1e-6, timeline.starts[f] + timeline.durations[f] - local))
            steps += [(x(t), y(Double(f))), (x(end), y(Double(f)))]
            t = end + 1e-9
        }
        d.line(steps, .grey, width: 6)
        // Hand-offs of the widget.
        let widgetPeriod = plan.periodSeconds * 1000
        // Each labelled with the share of phases at which a refresh sees its seam torn (orange
        // where some phase does, red past the seam budget).
        var labels: [(x: Double, text: String, slow: Bool)] = []
        for hnd in report.handoffs {
            let share = min(1, hnd.crossingMs / refreshMs)
            let slow = hnd.crossingMs > report.allPhases.seamBudgetMs * (1 + 1e-9)
            for at in stride(from: hnd.atMs, through: span, by: widgetPeriod) {
                d.line([(x(at), top), (x(at), h - bottom)], .init(0.2, 0.5, 0.9, 0.35), dash: [3, 3])
                if share > 0 { labels.append((x(at), percent(share), slow)) }
            }
        }
        var lastLabel = -Double.infinity  // labels at least 44 px apart
        for label in labels.sorted(by: { $0.x < $1.x }) where label.x - lastLabel >= 44 {
            d.text(label.text, x: label.x, y: top - 2, size: 9, label.slow ? .red : .orange, align: .center)
            lastLabel = label.x
        }
        // Samples.
        for s in samples {
            let color: Color = s.torn ? .orange : s.gap ? .purple : s.wrongFrame ? .red : .blue
            for f in s.shown {
                d.circle(x: x(s.timeMs), y: y(Double(f)), r: s.torn || s.gap || s.wrongFrame ? 3.2 : 2.4, color)
            }
        }
        // Legend.
        let ly = h - 18.0
        var lx = left
        for (label, c) in [
            ("timeline", Color.grey), ("clean", .blue), ("torn", .orange), ("gap", .purple), ("wrong frame", .red),
        ] {
            d.circle(x: lx + 5, y: ly - 4, r: 5, c)
            d.text(label, x: lx + 14, y: ly, size: 11)
            lx += 110
        }
        d.line([(lx, ly - 4), (lx + 20, ly - 4)], .init(0.2, 0.5, 0.9, 0.6), dash: [3, 3])
        d.text(
            "widget hand-off (seam at the view's centre); above it, the share of phases that see it torn", x: lx + 26,
            y: ly, size: 11)
        return try d.pixels()
    }

    private func niceStep(_ raw: Double) -> Double {
        let p = pow(10, (log10(max(raw, 1e-9))).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * p >= raw { return m * p }
        return 10 * p
    }
}
