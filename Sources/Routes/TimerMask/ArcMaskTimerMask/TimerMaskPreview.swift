import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskManifest
import ArcMaskPreview
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// Pictures of a folder's timer-mask lanes as the written mask font draws them (every mask's
/// timer text shaped by HarfBuzz, `TimerMaskProof`): which lane is on top through the loop, its
/// picture at each turn, and an offline page that plays the loop from the same shaping.
public final class TimerMaskPreview {
    public let section: TimerMaskSection
    let proof: TimerMaskProof
    let folder: String
    let manifest: ExportManifest
    private var decoded: [String: PixelBuffer] = [:]

    /// At most this many turns in the sheet, and lanes in the chart.
    public static let maxCells = 60
    public static let maxRows = 48
    /// The steps per second at which the page's hand-offs are found (then refined to 0.1 ms).
    static let stepsPerSecond = 240.0

    public init(folder: String, manifest: ExportManifest) throws {
        (section, proof) = try TimerMaskExportCheck.proof(folder: folder, manifest: manifest)
        self.folder = folder
        self.manifest = manifest
    }

    /// The topmost lane the fonts draw at `t` seconds after the reference (nil: none, black).
    public func top(at t: Double) -> Int? {
        for i in stride(from: section.lanes.count - 1, through: 0, by: -1)
        where proof.plan.lanes[i].masks.allSatisfy({ proof.draws($0, at: t) }) {
            return i
        }
        return nil
    }

    /// When the lane on top changes within one loop, from the reference date: the lane on top
    /// from each instant until the next (found at 1/240 s, then halved to 0.1 ms).
    public func handOffs() -> [(from: Double, lane: Int?)] {
        let period = Double(section.loopSeconds)
        var out: [(Double, Int?)] = [(0, top(at: 0))]
        let steps = Int(period * Self.stepsPerSecond)
        for k in 1...steps {
            let t = Double(k) / Self.stepsPerSecond
            let lane = top(at: min(t, period - 1e-9))
            guard lane != out.last!.1 else { continue }
            var lo = Double(k - 1) / Self.stepsPerSecond, hi = t
            while hi - lo > 0.0001 {
                let mid = (lo + hi) / 2
                if top(at: mid) == out.last!.1 { lo = mid } else { hi = mid }
            }
            out.append((hi, lane))
        }
        return out
    }

    private func image(_ file: String) throws -> PixelBuffer {
        if let done = decoded[file] { return done }
        let path = (folder as NSString).appendingPathComponent(file)
        let bytes = try FileReader.contents(of: path, limit: 64 << 20, kind: "layer images")
        let picture: PixelBuffer
        do {
            picture = file.lowercased().hasSuffix(".png") ? try PNG.decode(bytes) : try JPEG.decode(bytes).image
        } catch {
            throw InputError(file: path, "\(error)")
        }
        decoded[file] = picture
        return picture
    }

    /// One cell per lane's turn at its middle instant: the picture of the lane the fonts put on
    /// top there, with the turn, the lane and the source frame; a red frame marks a wrong lane.
    public func timelineSheet() throws -> PixelBuffer {
        let lanes = section.lanes
        let n = min(lanes.count, Self.maxCells)
        let box = 120.0
        let (w, h) = Preview.fitted(Double(manifest.pixelWidth), Double(manifest.pixelHeight), in: box)
        let columns = min(n, 8), rows = (n + columns - 1) / columns
        let cellW = box + 16, cellH = box + 52, top = 56.0
        let chart = try Chart(width: Int(16 + Double(columns) * cellW), height: Int(top + Double(rows) * cellH + 8))
        chart.text(
            "timer masks: \(lanes.count) lanes over a \(section.loopSeconds) s loop",
            x: 16, y: 24, size: 15, bold: true)
        chart.text(
            "the lane on top in the middle of each turn, as the mask font draws its timers (HarfBuzz)"
                + (n < lanes.count ? "; the first \(n) turns" : ""),
            x: 16, y: 44, size: 11, .grey)
        for j in 0..<n {
            let lane = lanes[j]
            let t = (lane.onTopFromSeconds + lane.onTopToSeconds) / 2
            let shown = self.top(at: t)
            let x = 16 + Double(j % columns) * cellW, y = top + Double(j / columns) * cellH
            let ix = x + (box - w) / 2, iy = y + (box - h) / 2
            chart.checkerboard(x: ix, y: iy, w: w, h: h)
            if let shown { try chart.image(try image(lanes[shown].image), x: ix, y: iy, w: w, h: h) }
            let right = shown.map { lanes[$0].frame == lane.frame } ?? false
            chart.stroke(x: ix - 1, y: iy - 1, w: w + 2, h: h + 2, right ? .light : .red, width: right ? 1 : 3)
            chart.text(
                "\(fmt(lane.onTopFromSeconds))–\(fmt(lane.onTopToSeconds)) s", x: x, y: y + box + 16, size: 11,
                bold: true)
            chart.text(
                shown.map { "lane \($0), frame \(lanes[$0].frame)" + (right ? "" : "  WRONG") } ?? "no lane: BLACK",
                x: x, y: y + box + 32, size: 10, right ? .grey : .red)
        }
        return try chart.pixels()
    }

    /// The lanes over the loop's first seconds (at most four), bottom row lane 0: grey where
    /// its masks hide it, pale where drawn beneath the top, bright where on top (its frame's
    /// number at each hand-off).
    public func laneChart() throws -> PixelBuffer {
        let window = min(Double(section.loopSeconds), 4)
        let shownLanes = section.lanes.indices.filter { section.lanes[$0].onTopFromSeconds < window }
        let lanes = Array(shownLanes.prefix(Self.maxRows))
        let rowH = 18.0, left = 96.0, plotW = 960.0, top = 64.0
        let chart = try Chart(
            width: Int(left + plotW + 24), height: Int(top + Double(lanes.count) * rowH + 48))
        chart.text(
            "timer-mask lanes over \(fmt(window)) s of the \(section.loopSeconds) s loop"
                + (lanes.count < shownLanes.count ? " (the first \(lanes.count) lanes)" : ""),
            x: 16, y: 24, size: 15, bold: true)
        chart.text(
            "grey: hidden by its masks · pale: drawn beneath the top · bright: on top (its frame's number)",
            x: 16, y: 44, size: 11, .grey)
        func x(_ t: Double) -> Double { left + t / window * plotW }
        func y(_ row: Int) -> Double { top + Double(lanes.count - 1 - row) * rowH }
        for (row, i) in lanes.enumerated() {
            chart.text("lane \(i)", x: 16, y: y(row) + 13, size: 10)
        }
        for c in 0..<Int(plotW) {
            let t = (Double(c) + 0.5) / plotW * window
            let topLane = self.top(at: t)
            for (row, i) in lanes.enumerated() {
                let drawn = proof.plan.lanes[i].masks.allSatisfy { proof.draws($0, at: t) }
                let colour: Color =
                    i == topLane
                    ? .frame(section.lanes[i].frame)
                    : drawn ? Color.frame(section.lanes[i].frame).withAlpha(0.25) : .light
                chart.fill(x: left + Double(c), y: y(row) + 2, w: 1, h: rowH - 4, colour)
            }
        }
        for (from, lane) in handOffs() where from < window {
            guard let lane, let row = lanes.firstIndex(of: lane) else { continue }
            chart.text(
                "\(section.lanes[lane].frame)", x: x(from) + 2, y: y(row) + 13, size: 9, .white, bold: true)
        }
        for s in stride(from: 0.0, through: window, by: 1) {
            chart.line([(x(s), top - 4), (x(s), top + Double(lanes.count) * rowH)], .ink, width: 1)
            chart.text("\(Int(s)) s", x: x(s), y: top + Double(lanes.count) * rowH + 18, size: 11, align: .center)
        }
        return try chart.pixels()
    }

    /// An offline page that plays the loop as the fonts draw it: each hand-off's lane shown
    /// from its instant (the images embedded as they are in the folder), with the lane, frame and
    /// time under it.
    public func page() throws -> String {
        let changes = handOffs()
        var files: [String] = []
        var index: [String: Int] = [:]
        for lane in section.lanes where index[lane.image] == nil {
            index[lane.image] = files.count
            files.append(lane.image)
        }
        var sources: [String] = []
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file)
            let bytes = try FileReader.contents(of: path, limit: 64 << 20, kind: "layer images")
            let type = file.lowercased().hasSuffix(".png") ? "image/png" : "image/jpeg"
            sources.append("\"data:\(type);base64,\(Data(bytes).base64EncodedString())\"")
        }
        let steps = changes.map { change -> String in
            guard let lane = change.lane else { return "[\(change.from),-1,-1,-1]" }
            let l = section.lanes[lane]
            return "[\(change.from),\(lane),\(l.frame),\(index[l.image]!)]"
        }
        let width = manifest.viewWidth, height = manifest.viewHeight
        return """
            <!doctype html>
            <meta charset="utf-8">
            <title>timer masks: \(section.lanes.count) lanes, \(section.loopSeconds) s loop</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #222; }
            #view { width: \(fmt(width * 2))px; height: \(fmt(height * 2))px; background: #000; border-radius: 22px; overflow: hidden; }
            #view img { width: 100%; height: 100%; object-fit: fill; display: block; }
            #info { margin-top: 12px; font-variant-numeric: tabular-nums; }
            </style>
            <h1>Timer masks: \(section.lanes.count) lanes over a \(section.loopSeconds) s loop</h1>
            <p>What the widget shows, as its mask font draws the timers (shaped by HarfBuzz): each hand-off's lane from its instant. Black where no lane is drawn.</p>
            <div id="view"><img id="pic" alt=""></div>
            <div id="info"></div>
            <script>
            const images = [\(sources.joined(separator: ","))];
            const steps = [\(steps.joined(separator: ","))];
            const period = \(section.loopSeconds);
            const pic = document.getElementById("pic"), info = document.getElementById("info");
            const start = performance.now();
            let last = -2;
            function frame(now) {
              const t = ((now - start) / 1000) % period;
              let k = 0;
              while (k + 1 < steps.length && steps[k + 1][0] <= t) k++;
              const [, lane, source, image] = steps[k];
              if (k !== last) {
                if (image >= 0) { pic.src = images[image]; pic.style.visibility = "visible"; } else { pic.style.visibility = "hidden"; }
                last = k;
              }
              info.textContent = (lane >= 0 ? "lane " + lane + ", frame " + source : "no lane (black)") + " · " + t.toFixed(3) + " s of " + period + " s";
              requestAnimationFrame(frame);
            }
            requestAnimationFrame(frame);
            </script>

            """
    }
}
