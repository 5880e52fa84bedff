import ArcMaskFontCheck
import ArcMaskFrames
import ArcMaskGeometry
import ArcMaskPreview
import ArcMaskTimerFontPlan
import ArcMaskValues
import Foundation

/// Pictures of a timer-font export, drawn from its fonts: what the widget shows in each frame
/// of the loop (the top layer's glyph, decoded by FreeType), and how the layers and their mask
/// timers hand over within two seconds.
public final class TimerFontPreview {
    public let plan: TimerFontPlan
    let verifier: TimerFontVerifier
    let faces: [FreeTypeFace]
    let pixelSize: PixelSize

    /// At most this many frames in the frame sheet.
    public static let maxCells = 60

    public init(plan: TimerFontPlan, verifier: TimerFontVerifier, frameFonts: [[UInt8]], pixelSize: PixelSize) throws {
        self.plan = plan
        self.verifier = verifier
        self.pixelSize = pixelSize
        faces = try frameFonts.enumerated().map { try FreeTypeFace(bytes: $1, name: "frame font \($0)") }
    }

    /// One cell per frame of the loop at its middle instant: the picture the top layer's font
    /// draws there, with the frame, time, layer and timer text; a red frame marks a wrong one.
    public func frameSheet() throws -> PixelBuffer {
        let n = min(plan.frameCount, Self.maxCells)
        let box = 120.0
        let (w, h) = Preview.fitted(Double(pixelSize.width), Double(pixelSize.height), in: box)
        let columns = min(n, 8), rows = (n + columns - 1) / columns
        let cellW = box + 16, cellH = box + 52, top = 56.0
        let chart = try Chart(
            width: Int(16 + Double(columns) * cellW), height: Int(top + Double(rows) * cellH + 8))
        chart.text(
            "timer-font: \(plan.frameCount) frames at \(plan.fps) fps, a \(plan.loopSeconds) s loop, \(plan.layers) stacked timers",
            x: 16, y: 24, size: 15, bold: true)
        chart.text(
            "what the widget shows in the middle of each frame, drawn from the top layer's font (FreeType)"
                + (n < plan.frameCount ? "; the first \(n) frames" : ""),
            x: 16, y: 44, size: 11, .grey)
        for j in 0..<n {
            let t = (Double(j) + 0.5) / Double(plan.fps)
            let (layer, frame) = verifier.shown(at: t)
            let (glyph, text) = verifier.lastGlyph(layer: layer, at: t)
            let x = 16 + Double(j % columns) * cellW, y = top + Double(j / columns) * cellH
            let ix = x + (box - w) / 2, iy = y + (box - h) / 2
            chart.checkerboard(x: ix, y: iy, w: w, h: h)
            if let glyph, let bitmap = try faces[layer].colorBitmap(glyph, ppem: pixelSize.height) {
                try chart.image(bitmap, x: ix, y: iy, w: w, h: h)
            }
            let right = verifier.shows(plan.intendedFrame(at: t), frame)
            chart.stroke(x: ix - 1, y: iy - 1, w: w + 2, h: h + 2, right ? .light : .red, width: right ? 1 : 3)
            chart.text("frame \(j)  \(fmt(t - 0.5 / Double(plan.fps))) s", x: x, y: y + box + 16, size: 11, bold: true)
            chart.text(
                "layer \(layer) “\(text)”" + (right ? "" : "  WRONG"), x: x, y: y + box + 32, size: 10,
                right ? .grey : .red)
        }
        return try chart.pixels()
    }

    /// Two seconds of the layers, bottom row layer 0: where each layer's masks uncover it, the
    /// layer on top in its frame's colour (numbered), and where each frame timer's digits change
    /// (ticks: always while the layer is covered).
    public func layerChart() throws -> PixelBuffer {
        let rowH = 22.0, left = 120.0, plotW = 960.0, top = 64.0
        let rows = plan.layers + 1
        let chart = try Chart(width: Int(left + plotW + 24), height: Int(top + Double(rows) * rowH + 48))
        chart.text(
            "timer-font layers over two seconds: \(plan.layers) timers, each under a mask timer", x: 16, y: 24,
            size: 15,
            bold: true)
        chart.text(
            "grey: covered by its mask · pale: uncovered beneath the top · bright: on top (its frame's number) · ▲: its digits change",
            x: 16, y: 44, size: 11, .grey)
        func x(_ t: Double) -> Double { left + t / 2 * plotW }
        func y(_ row: Int) -> Double { top + Double(rows - 1 - row) * rowH }
        let columns = Int(plotW)
        // The shared mask over the upper half, as the top row.
        let upperRow = plan.layers
        chart.text("upper mask", x: 16, y: y(upperRow) + 15, size: 11)
        for layer in 0..<plan.layers {
            chart.text("layer \(layer)", x: 16, y: y(layer) + 15, size: 11, bold: layer % plan.fps == 0)
        }
        for c in 0..<columns {
            let t = (Double(c) + 0.5) / Double(columns) * 2
            let upperOn = verifier.maskIsOn(lead: plan.upperMaskLead, at: t)
            chart.fill(x: left + Double(c), y: y(upperRow) + 3, w: 1, h: rowH - 6, upperOn ? .blue : .light)
            let (topLayer, frame) = verifier.shown(at: t)
            for layer in 0..<plan.layers {
                let own = !plan.isMasked(layer) || verifier.maskIsOn(lead: plan.maskLead(layer), at: t)
                let open = own && (!plan.isUpper(layer) || upperOn)
                let colour: Color =
                    layer == topLayer
                    ? .frame(frame ?? 0) : open ? Color.frame(layer).withAlpha(0.25) : .light
                chart.fill(x: left + Double(c), y: y(layer) + 3, w: 1, h: rowH - 6, colour)
            }
        }
        // Frame numbers where each layer is on top, and the digit changes.
        for k in 0..<(2 * plan.fps) {
            let t = (Double(k) + 0.5) / Double(plan.fps)
            let (layer, frame) = verifier.shown(at: t)
            chart.text(
                frame.map(String.init) ?? "?", x: x(t), y: y(layer) + 15, size: 10, .white, bold: true, align: .center)
        }
        for layer in 0..<plan.layers {
            // Digits change when the timer's elapsed seconds do: at t ≡ −lead (mod 1).
            let lead = plan.frameLead(layer)
            var t = (1 - (lead - lead.rounded(.down))).truncatingRemainder(dividingBy: 1)
            while t < 2 {
                chart.text("▲", x: x(t), y: y(layer) + rowH - 2, size: 8, .ink, align: .center)
                t += 1
            }
        }
        // Seconds grid.
        for s in stride(from: 0.0, through: 2, by: 1.0 / Double(plan.fps)) {
            let whole = s == s.rounded()
            chart.line(
                [(x(s), top - 4), (x(s), top + Double(rows) * rowH)], whole ? .ink : .grey, width: whole ? 1 : 0.5,
                dash: whole ? [] : [2, 3])
            if whole { chart.text("\(Int(s)) s", x: x(s), y: top + Double(rows) * rowH + 18, size: 11, align: .center) }
        }
        return try chart.pixels()
    }
}
