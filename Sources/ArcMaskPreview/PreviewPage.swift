import ArcMaskCore
import ArcMaskEmulator
import ArcMaskIO
import ArcMaskValues
import Foundation

extension Preview {
    /// One offline page: a time slider scrubbing the composite (pre-rendered at each refresh,
    /// embedded as one PNG sheet), the same labels as the contact sheet, and the emulator summary.
    /// `index.html?t=250` opens it at 250 ms.
    public func page(maxCells: Int = 240) throws -> String {
        let periodMs = report.sampledMs
        let count = min(maxCells, max(1, samples.count))
        let chosen = (0..<count).map { samples[$0 * samples.count / count] }
        let scale = min(1.0, 200 / max(plan.viewWidth, plan.viewHeight))
        let cw = max(1, Int((plan.viewWidth * scale).rounded())), ch = max(1, Int((plan.viewHeight * scale).rounded()))
        let columns = min(16, count), rows = (count + columns - 1) / columns
        let sheet = try Chart(width: columns * cw, height: rows * ch, background: nil)
        for (k, s) in chosen.enumerated() {
            try sheet.image(
                compositor.render(rotation: s.rotationDegrees, images: images),
                x: Double(k % columns * cw), y: Double(k / columns * ch), w: Double(cw), h: Double(ch))
        }
        let png = try PNG.encode(sheet.pixels(), compression: .balanced)
        struct Cell: Encodable {
            let t: Double; let phi: Double; let shown: [Int]; let expected: Int; let verdict: String;
            let defective: Bool
        }
        let cells = chosen.map { s in
            Cell(
                t: (s.timeMs * 1000).rounded() / 1000, phi: (s.rotationDegrees * 10000).rounded() / 10000,
                shown: s.shown, expected: s.expected, verdict: s.verdict, defective: !s.isClean)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let cellsJSON = String(decoding: try encoder.encode(cells), as: UTF8.self)
        let r = report
        let summary =
            "\(r.samples) refreshes at \(fmt(refreshHz)) Hz: \(r.clean) clean, \(r.torn) torn, \(r.gap) gap, \(r.wrongFrame) wrong frame. "
            + "Plays \(r.reversed ? "backwards" : "forward") at \(fmt(r.speedRatio))× speed; worst timing error \(fmt(r.maxTimingErrorMs)) ms."
        let title = "\((source.name as NSString).lastPathComponent): \(plan.preset.rawValue) plan"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 14px/1.4 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #222; background: #fafafa; }
            h1 { font-size: 19px; margin: 0 0 4px; }
            #stage { display: flex; gap: 24px; align-items: flex-start; margin-top: 16px; }
            canvas { background: repeating-conic-gradient(#ddd 0% 25%, #f6f6f6 0% 50%) 0 0 / 16px 16px; border: 3px solid #999; }
            canvas.defective { border-color: #d22; }
            #labels div { margin: 2px 0; }
            #verdict { font-weight: bold; }
            .clean { color: #2a7; } .bad { color: #d22; }
            input[type=range] { width: 100%; max-width: 720px; }
            </style></head><body>
            <h1>\(escape(title))</h1>
            <div>View \(fmt(plan.viewWidth))×\(fmt(plan.viewHeight)) pt at \(fmt(plan.scale))×, radius \(fmt(plan.radius)) pt, stroke \(fmt(plan.lineWidth)) pt, \(plan.cap.rawValue) caps, period \(fmt(plan.periodSeconds * 1000)) ms.</div>
            <div id="summary" class="\(r.passed ? "clean" : "bad")">\(escape(summary))</div>
            <p><input id="slider" type="range" min="0" max="\(count - 1)" value="0" step="1" aria-label="time"></p>
            <div id="stage">
              <canvas id="view" width="\(cw * 2)" height="\(ch * 2)"></canvas>
              <div id="labels">
                <div>time <b id="time"></b> ms of \(fmt(periodMs)) ms</div>
                <div>rotation <b id="angle"></b>°</div>
                <div>widget shows frame(s) <b id="shown"></b></div>
                <div>timeline shows frame <b id="expected"></b></div>
                <div id="verdict"></div>
              </div>
            </div>
            <script>
            const cells = \(cellsJSON);
            const columns = \(columns), cw = \(cw), ch = \(ch);
            const sheet = new Image();
            sheet.src = "data:image/png;base64,\(Data(png).base64EncodedString())";
            const slider = document.getElementById("slider"), view = document.getElementById("view");
            const ctx = view.getContext("2d");
            function show() {
              const k = Number(slider.value), c = cells[k];
              ctx.clearRect(0, 0, view.width, view.height);
              ctx.imageSmoothingEnabled = true;
              ctx.drawImage(sheet, (k % columns) * cw, Math.floor(k / columns) * ch, cw, ch, 0, 0, view.width, view.height);
              document.getElementById("time").textContent = c.t.toFixed(2);
              document.getElementById("angle").textContent = c.phi.toFixed(3);
              document.getElementById("shown").textContent = c.shown.join(" | ");
              document.getElementById("expected").textContent = c.expected;
              const v = document.getElementById("verdict");
              v.textContent = c.verdict;
              v.className = c.defective ? "bad" : "clean";
              view.className = c.defective ? "defective" : "";
              document.title = "t=" + c.t.toFixed(2) + " frame " + c.shown.join("|");
            }
            slider.addEventListener("input", show);
            sheet.onload = () => {
              const t = Number(new URLSearchParams(location.search).get("t"));
              if (!Number.isNaN(t) && location.search.includes("t=")) {
                let best = 0;
                cells.forEach((c, k) => { if (Math.abs(c.t - t) < Math.abs(cells[best].t - t)) best = k; });
                slider.value = best;
                slider.dispatchEvent(new Event("input"));
              } else { show(); }
            };
            </script>
            </body></html>

            """
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
