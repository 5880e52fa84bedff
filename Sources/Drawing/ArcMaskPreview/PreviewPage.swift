import ArcMaskCairo
import ArcMaskEmulator
import ArcMaskIO
import ArcMaskManifest
import ArcMaskValues
import Foundation

extension Preview {
    /// One offline page: the composite at each refresh (pre-rendered, embedded as PNG sheets,
    /// with and without the overlay of seams and frame numbers), a time slider, play and pause
    /// at real speed or a tenth of it, stepping one refresh at a time, the same labels as the
    /// contact sheet, and the emulator's verdict. `index.html?t=250` opens it at 250 ms
    /// (`&step=1` one refresh later, `&overlay=1` with the overlay, `&look=vibrant` in a look).
    ///
    /// A look switch draws the player as the system draws the widget (`WidgetLook`, approximated
    /// with CSS filters: `grayscale` weighs the channels by Rec. 709's luminance, as `looks.png`
    /// does): full colour; tinted as `tinted` asks; vibrant; Always-On, which holds the
    /// `poster` frame still and dims it. Where a look holds still, play shows the poster frame.
    ///
    /// A phase slider (`&phase=3.5`) plays the refreshes of a display whose refreshes fall that
    /// many ms after the rotation's epoch: each refresh is looked up in the loop's spans
    /// (`ShownLoop`), drawn from the span's composite and judged as the emulator judges.
    public func page(maxCells: Int = 240, tinted: AccentedRendering = .fullColor, poster: Int = 0) throws -> String {
        let count = min(maxCells, max(1, samples.count))
        let chosen = (0..<count).map { samples[$0 * samples.count / count] }
        let scale = min(1.0, 200 / max(plan.viewWidth, plan.viewHeight))
        let cw = max(1, Int((plan.viewWidth * scale).rounded())), ch = max(1, Int((plan.viewHeight * scale).rounded()))
        let columns = min(16, count), rows = (count + columns - 1) / columns
        // One composite per cell: drawn plain, then again with the overlay over it.
        let cellSheets = try sheets(
            chosen.map(\.rotationDegrees), columns: columns, rows: rows, cellWidth: cw, cellHeight: ch)
        // The loop's spans, for playing at another phase: one composite at each span's middle
        // (a span shows the same frames throughout; a seam's is drawn mid-crossing).
        let spans = ShownLoop.trace(plan)
        let phased = spans.count <= Self.maxPhaseSpans
        let spanColumns = max(1, min(16, spans.count))
        let spanRows = phased ? (spans.count + spanColumns - 1) / spanColumns : 1
        let spanSheets = try sheets(
            phased ? spans.map { plan.rotation(at: ($0.startMs + $0.endMs) / 2 / 1000) } : [], columns: spanColumns,
            rows: spanRows, cellWidth: cw, cellHeight: ch)
        let r = report
        // Refreshes between two cells (1 when every refresh has its cell).
        let refreshesPerCell = max(1, samples.count / count)
        let parts = PageParts(
            title: "\((source.name as NSString).lastPathComponent): \(plan.preset.rawValue) plan",
            summary: "At every phase of a \(fmt(refreshHz)) Hz display → \(r.verdictText). "
                + "At phase 0: \(r.samples) refreshes, \(r.clean) clean, \(r.torn) torn, \(r.gap) gap, \(r.wrongFrame) wrong frame. "
                + "Plays \(r.reversed ? "backwards" : "forward") at \(fmt(r.speedRatio))× speed. "
                + "Loop phase: \(r.phaseText). Worst timing error \(fmt(r.maxTimingErrorMs)) ms.",
            stepLabel: refreshesPerCell == 1 ? "one refresh" : "\(refreshesPerCell) refreshes",
            count: count, refreshesPerCell: refreshesPerCell, columns: columns, cw: cw, ch: ch,
            spanMs: report.sampledMs, periodMs: plan.periodSeconds * 1000, phased: phased, spanColumns: spanColumns,
            seamSlow: report.allPhases.longestSeamMs > report.allPhases.seamBudgetMs * (1 + 1e-9),
            tinted: tinted, poster: poster, cellsJSON: try cellsJSON(chosen),
            spansJSON: try Self.spansJSON(phased ? spans : []),
            plainPNG: cellSheets.plain, overlayPNG: cellSheets.overlaid, spanPlainPNG: spanSheets.plain,
            spanOverlayPNG: spanSheets.overlaid)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(parts.title))</title>
            <style>
            \(Self.pageStyle)
            </style></head><body>
            \(pageBody(parts))
            <script>
            \(scriptData(parts))
            \(Self.phaseScript)
            \(scriptSheets(parts))
            \(Self.playerScript)
            </script>
            </body></html>

            """
    }

    /// What the page's text and script are made of, besides the preview's own plan and report.
    private struct PageParts {
        var title: String
        /// The verdict line under the title.
        var summary: String
        /// How far a step moves ("one refresh", "4 refreshes").
        var stepLabel: String
        /// How many cells the slider steps through, and how many refreshes lie between two.
        var count: Int
        var refreshesPerCell: Int
        /// The cell sheets' columns, and one cell's size in pixels.
        var columns: Int
        var cw: Int
        var ch: Int
        /// How long the report samples, and the rotation's period, ms.
        var spanMs: Double
        var periodMs: Double
        /// Whether the loop's spans are drawn (the phase slider works), and their sheets' columns.
        var phased: Bool
        var spanColumns: Int
        /// Whether the longest seam runs past its budget (a seam is then a defect).
        var seamSlow: Bool
        var tinted: AccentedRendering
        var poster: Int
        var cellsJSON: String
        var spansJSON: String
        /// The sheets as base64 PNG: cells plain and overlaid, spans plain and overlaid.
        var plainPNG: String
        var overlayPNG: String
        var spanPlainPNG: String
        var spanOverlayPNG: String
    }

    /// One composite at each rotation, laid out `columns` to a row in cells of
    /// `cellWidth`×`cellHeight` pixels: drawn plain, then again with the overlay of seams and
    /// frame numbers over it. Both sheets as base64 PNG.
    private func sheets(
        _ rotations: [Double], columns: Int, rows: Int, cellWidth cw: Int, cellHeight ch: Int
    ) throws -> (plain: String, overlaid: String) {
        let plain = try Chart(width: columns * cw, height: max(1, rows) * ch, background: nil)
        let overlaid = try Chart(width: columns * cw, height: max(1, rows) * ch, background: nil)
        for (k, phi) in rotations.enumerated() {
            let x = Double(k % columns * cw), y = Double(k / columns * ch)
            let composite = try compositor.surface(rotation: phi, images: images)
            plain.image(composite, x: x, y: y, w: Double(cw), h: Double(ch))
            try Overlay.draw(compositor, over: composite, phi: phi)
            overlaid.image(composite, x: x, y: y, w: Double(cw), h: Double(ch))
        }
        let plainPNG = try PNG.encode(plain.pixels(), compression: .balanced)
        let overlayPNG = try PNG.encode(overlaid.pixels(), compression: .balanced)
        return (Data(plainPNG).base64EncodedString(), Data(overlayPNG).base64EncodedString())
    }

    /// The chosen refreshes as the script's cells: time, rotation, frames shown and expected,
    /// and the verdict, in which a seam within its budget is a refresh some phases see torn,
    /// not a defect.
    private func cellsJSON(_ chosen: [Sample]) throws -> String {
        struct Cell: Encodable {
            let t: Double; let phi: Double; let shown: [Int]; let expected: Int; let verdict: String;
            let defective: Bool
        }
        let cells = chosen.map { s in
            let crossing = s.torn && !s.gap && !s.wrongFrame && !report.allPhases.rates.isEmpty
            let seam = crossing && report.allPhases.longestSeamMs <= report.allPhases.seamBudgetMs * (1 + 1e-9)
            return Cell(
                t: (s.timeMs * 1000).rounded() / 1000, phi: (s.rotationDegrees * 10000).rounded() / 10000,
                shown: s.shown, expected: s.expected,
                verdict: seam ? "torn: a seam crossing, within its budget" : s.verdict,
                defective: !s.isClean && !seam)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(cells), as: UTF8.self)
    }

    /// The loop's spans as the script reads them: start and end (ms), frames shown, gap.
    private static func spansJSON(_ spans: [ShownSpan]) throws -> String {
        struct SpanCell: Encodable {
            let s: Double; let e: Double; let shown: [Int]; let gap: Bool
        }
        return String(
            decoding: try JSONEncoder().encode(
                spans.map {
                    SpanCell(
                        s: ($0.startMs * 1e6).rounded() / 1e6, e: ($0.endMs * 1e6).rounded() / 1e6,
                        shown: $0.frames,
                        gap: $0.gap)
                }), as: UTF8.self)
    }

    /// The page's visible part: title, plan, verdict, the controls and the player with its labels.
    private func pageBody(_ f: PageParts) -> String {
        let r = report
        return """
            <h1>\(escape(f.title))</h1>
            <div>View \(fmt(plan.viewWidth))×\(fmt(plan.viewHeight)) pt at \(fmt(plan.scale))×, radius \(fmt(plan.radius)) pt, stroke \(fmt(plan.lineWidth)) pt, \(plan.cap.rawValue) caps, period \(fmt(plan.periodSeconds * 1000)) ms.</div>
            <div id="summary" class="\(r.passed ? "clean" : "bad")">\(escape(f.summary))</div>
            <div id="controls">
              <button id="play" aria-label="play or pause">▶ play</button>
              <label><input type="radio" name="speed" value="1" checked> real speed</label>
              <label><input type="radio" name="speed" value="0.1"> 1/10 speed</label>
              <button id="back" aria-label="step back">◀ step</button>
              <button id="next" aria-label="step forward">step ▶</button>
              <span>(a step is \(f.stepLabel) at \(fmt(refreshHz)) Hz)</span>
              <label><input type="checkbox" id="overlay"> overlay: seams and frame numbers</label>
            </div>
            <div id="looks">look:
              <label><input type="radio" name="look" value="fullColor" checked> full colour</label>
              <label><input type="radio" name="look" value="tinted"> tinted (\(f.tinted.rawValue))</label>
              <label><input type="radio" name="look" value="vibrant"> vibrant (Lock Screen)</label>
              <label><input type="radio" name="look" value="alwaysOn"> Always-On (poster frame \(f.poster))</label>
            </div>
            <p><input id="slider" type="range" min="0" max="\(f.count - 1)" value="0" step="1" aria-label="time"></p>
            <div id="phasing">\(f.phased ? "" : "(the loop has too many spans to play at other phases here) ")display phase <b id="phaseValue">0.00</b> ms of \(fmt(refreshMs)) ms:
              <input id="phase" type="range" min="0" max="\(fmt(refreshMs))" value="0" step="0.01" aria-label="display phase"\(f.phased ? "" : " disabled")>
              <span>(a phone's refreshes keep no phase to the rotation: the verdict above holds at every one)</span>
            </div>
            <div id="stage">
              <div id="frame"><canvas id="view" width="\(f.cw * 2)" height="\(f.ch * 2)"></canvas></div>
              <div id="labels">
                <div>time <b id="time"></b> ms of \(fmt(f.spanMs)) ms</div>
                <div>rotation <b id="angle"></b>°</div>
                <div>widget shows frame(s) <b id="shown"></b></div>
                <div>timeline shows frame <b id="expected"></b>\(r.phaseOffsetMs != 0 ? " (at the widget's phase, \(fmt(r.phaseOffsetMs)) ms ahead)" : "")</div>
                <div id="verdict"></div>
              </div>
            </div>
            """
    }

    /// The script's data: the cells, the spans, the timeline and the judging figures, and the
    /// span sheets.
    private func scriptData(_ f: PageParts) -> String {
        let r = report
        return """
            const cells0 = \(f.cellsJSON);
            let cells = cells0;
            const spans = \(f.spansJSON), periodW = \(f.periodMs), refreshMs = \(refreshMs), stepMs = \(refreshMs * Double(f.refreshesPerCell));
            const starts = \(timeline.starts), durations = \(timeline.durations), periodT = \(timeline.period);
            const offset = \(r.phaseOffsetMs), tolerance = \(r.toleranceMs), seamSlow = \(f.seamSlow);
            const spanColumns = \(f.spanColumns);
            const spanPlain = new Image(), spanOverlaid = new Image();
            spanPlain.src = "data:image/png;base64,\(f.spanPlainPNG)";
            spanOverlaid.src = "data:image/png;base64,\(f.spanOverlayPNG)";
            """
    }

    /// The script's cell layout, looks and cell sheets.
    private func scriptSheets(_ f: PageParts) -> String {
        """
        const columns = \(f.columns), cw = \(f.cw), ch = \(f.ch), span = \(f.spanMs);
        const tinted = "\(f.tinted.rawValue)", poster = \(f.poster);
        // Each look as a CSS filter, and whether it holds the poster frame still.
        const looks = {
          fullColor: { filter: "none", still: false },
          tinted: { filter: tinted === "full-color" ? "none" : tinted === "accented" ? "brightness(0) invert(1)" : "grayscale(1)", still: tinted === "poster" },
          vibrant: { filter: "grayscale(1)", still: tinted === "poster" },
          alwaysOn: { filter: "grayscale(1) brightness(0.5)", still: true },
        };
        function look() { return document.querySelector("input[name=look]:checked").value; }
        const plain = new Image(), overlaid = new Image();
        plain.src = "data:image/png;base64,\(f.plainPNG)";
        overlaid.src = "data:image/png;base64,\(f.overlayPNG)";
        """
    }

    /// The page's style sheet.
    private static let pageStyle = """
        body { font: 14px/1.4 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #222; background: #fafafa; }
        h1 { font-size: 19px; margin: 0 0 4px; }
        #stage { display: flex; gap: 24px; align-items: flex-start; margin-top: 16px; }
        canvas { display: block; background: repeating-conic-gradient(#ddd 0% 25%, #f6f6f6 0% 50%) 0 0 / 16px 16px; }
        #frame { border: 3px solid #999; } #frame.defective { border-color: #d22; }
        canvas.look-tinted { background: #1f2b45; } canvas.look-vibrant { background: #292929; }
        canvas.look-alwaysOn { background: #000; }
        #labels div { margin: 2px 0; }
        #verdict { font-weight: bold; }
        .clean { color: #2a7; } .bad { color: #d22; }
        #controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0 4px; }
        button { font: inherit; padding: 3px 10px; }
        input[type=range] { width: 100%; max-width: 720px; }
        """

    /// The script's timeline and judging, as the emulator's: the frame at a time, a shown
    /// frame's timing error, and the refreshes at a display phase.
    private static let phaseScript = """
        function mod(x, m) { const v = x % m; return v < 0 ? v + m : v; }
        // The timeline's frame at t, and how far from its own time a shown frame is (as the emulator says).
        function frameAt(t) {
          const local = mod(t, periodT) + 1e-6;
          if (local >= periodT) return 0;
          let k = 0;
          while (k + 1 < starts.length && starts[k + 1] <= local) k++;
          return k;
        }
        function timingError(f, t) {
          const local = mod(t, periodT), a = starts[f], b = a + durations[f];
          if (local + 1e-6 >= a && local < b - 1e-6) return 0;
          const w = (x) => { let v = x % periodT; if (v > periodT / 2) v -= periodT; if (v < -periodT / 2) v += periodT; return v; };
          const toStart = w(a - local), fromEnd = w(local - b);
          return Math.abs(toStart) <= Math.abs(fromEnd) ? -Math.abs(toStart) : Math.abs(fromEnd);
        }
        // The refreshes at a display phase: each finds its span and is judged as the emulator judges.
        function cellsAtPhase(phase) {
          if (phase === 0 || spans.length === 0) return cells0;
          const out = [];
          for (let k = 0; k < cells0.length; k++) {
            const t = phase + k * stepMs, local = mod(t, periodW);
            let j = 0;
            while (j + 1 < spans.length && spans[j + 1].s <= local) j++;
            const sp = spans[j], expected = frameAt(t + offset);
            const torn = sp.shown.length > 1;
            const wrong = sp.shown.length === 1 && sp.shown[0] !== expected && Math.abs(timingError(sp.shown[0], t + offset)) > tolerance;
            const kinds = [torn ? "TORN" : null, sp.gap ? "GAP" : null, wrong ? "WRONG FRAME" : null].filter((x) => x);
            const seam = torn && !sp.gap && !wrong && !seamSlow;
            out.push({ t: Math.round(t * 1000) / 1000, phi: Math.round(360 * local / periodW * 10000) / 10000, shown: sp.shown,
              expected: expected, verdict: seam ? "torn: a seam crossing, within its budget" : kinds.length ? kinds.join(" + ") : "clean",
              defective: kinds.length > 0 && !seam, span: j });
          }
          return out;
        }
        """

    /// The script's player: drawing a cell in a look, play, pause and steps, the controls,
    /// the phase slider and the query (`t`, `step`, `overlay`, `look`, `phase`).
    private static let playerScript = """
        const $ = (id) => document.getElementById(id);
        const slider = $("slider"), view = $("view"), ctx = view.getContext("2d");
        let playing = false, clock = 0, last = null;
        function show() {
          const name = look(), l = looks[name];
          // A look that holds still shows the first cell that shows the poster frame alone.
          if (l.still) {
            const k = cells.findIndex((c) => c.shown.length === 1 && c.shown[0] === poster);
            if (k >= 0 && k !== Number(slider.value)) slider.value = k;
          }
          view.style.filter = l.filter;
          const k = Number(slider.value), c = cells[k];
          ctx.clearRect(0, 0, view.width, view.height);
          ctx.imageSmoothingEnabled = true;
          if (c.span === undefined) {
            const sheet = $("overlay").checked ? overlaid : plain;
            ctx.drawImage(sheet, (k % columns) * cw, Math.floor(k / columns) * ch, cw, ch, 0, 0, view.width, view.height);
          } else {
            const sheet = $("overlay").checked ? spanOverlaid : spanPlain;
            ctx.drawImage(sheet, (c.span % spanColumns) * cw, Math.floor(c.span / spanColumns) * ch, cw, ch, 0, 0, view.width, view.height);
          }
          $("time").textContent = c.t.toFixed(2);
          $("angle").textContent = c.phi.toFixed(3);
          $("shown").textContent = c.shown.join(" | ");
          $("expected").textContent = c.expected;
          const v = $("verdict");
          v.textContent = c.verdict;
          v.className = c.defective ? "bad" : "clean";
          $("frame").className = c.defective ? "defective" : "";
          view.className = "look-" + name;
          document.title = "t=" + c.t.toFixed(2) + " frame " + c.shown.join("|");
        }
        function cellAt(t) {
          let k = 0;
          while (k + 1 < cells.length && cells[k + 1].t <= t) k++;
          return k;
        }
        function speed() { return Number(document.querySelector("input[name=speed]:checked").value); }
        function tick(now) {
          if (!playing) { last = null; return; }
          if (last !== null) clock = (clock + (now - last) * speed()) % span;
          last = now;
          const k = cellAt(clock);
          if (k !== Number(slider.value)) { slider.value = k; show(); }
          requestAnimationFrame(tick);
        }
        function setPlaying(on) {
          if (looks[look()].still) on = false;
          playing = on;
          $("play").textContent = on ? "❚❚ pause" : "▶ play";
          if (on) { clock = cells[Number(slider.value)].t; requestAnimationFrame(tick); }
        }
        function step(by) {
          setPlaying(false);
          slider.value = (Number(slider.value) + by + cells.length) % cells.length;
          show();
        }
        $("play").addEventListener("click", () => setPlaying(!playing));
        $("back").addEventListener("click", () => step(-1));
        $("next").addEventListener("click", () => step(1));
        $("overlay").addEventListener("change", show);
        document.querySelectorAll("input[name=look]").forEach((r) => r.addEventListener("change", () => { setPlaying(false); show(); }));
        slider.addEventListener("input", () => { setPlaying(false); show(); });
        function setPhase(p) {
          const phase = Math.min(refreshMs, Math.max(0, p));
          $("phase").value = phase;
          $("phaseValue").textContent = phase.toFixed(2);
          cells = cellsAtPhase(phase);
        }
        $("phase").addEventListener("input", () => { setPlaying(false); setPhase(Number($("phase").value)); show(); });
        document.addEventListener("keydown", (e) => {
          if (e.key === " ") { e.preventDefault(); setPlaying(!playing); }
          if (e.key === "ArrowRight") step(1);
          if (e.key === "ArrowLeft") step(-1);
        });
        // index.html?t=250&step=1&overlay=1: open at 250 ms, one step on, with the overlay.
        plain.onload = overlaid.onload = spanPlain.onload = spanOverlaid.onload = () => {
          if (!plain.complete || !overlaid.complete || !spanPlain.complete || !spanOverlaid.complete) return;
          const query = new URLSearchParams(location.search);
          // &phase=3.5: the display's refreshes 3.5 ms after the rotation's epoch.
          if (query.has("phase") && spans.length) setPhase(Number(query.get("phase")) || 0);
          const t = Number(query.get("t"));
          if (query.has("t") && !Number.isNaN(t)) {
            let best = 0;
            cells.forEach((c, k) => { if (Math.abs(c.t - t) < Math.abs(cells[best].t - t)) best = k; });
            slider.value = best;
          }
          $("overlay").checked = query.get("overlay") === "1";
          const asked = document.querySelector("input[name=look][value=" + (query.get("look") || "fullColor") + "]");
          if (asked) asked.checked = true;
          const steps = Number(query.get("step") || 0);
          if (steps) step(steps); else show();
        };
        """

    /// Loops with more spans than this play at phase 0 only (their span sheet would be too large).
    static let maxPhaseSpans = 480

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
