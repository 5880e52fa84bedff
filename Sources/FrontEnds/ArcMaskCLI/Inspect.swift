import ArcMaskFrames
import ArcMaskSources
import ArcMaskValues
import ArgumentParser
import Foundation

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Describe an animation without decoding its pixels: canvas, frames, delays, disposal and blending, loop count, damage.",
        discussion: """
            Reads \(AnimationArgument.formats). A sequence is named by a folder of numbered files or a printf-style pattern (anim/frame%03d.png); \
            --fps, --durations, --loops, --range and --allow-gaps say how it plays.
            """)

    @Argument(help: ArgumentHelp(AnimationArgument.help))
    var file: String

    @OptionGroup var reporting: ReportOptions

    @OptionGroup var source: InputOptions

    func validate() throws { try requirePath(file, "FILE") }

    func run() throws {
        try reportingFailures {
            let opened = try source.open(file)
            // A format with a report of its own (GIF's blocks, SVGA's keys) prints it; the rest the common one.
            if let details = opened.details {
                return emit(reporting.json ? try jsonString(details, file: file) : details.text(.commandLine))
            }
            let report = SourceReport(opened)
            emit(reporting.json ? try jsonString(report, file: file) : Self.table(report))
        }
    }

    /// The common report as text: a summary line, then one row per frame with the columns the format has.
    static func table(_ r: SourceReport) -> String {
        var extra: [String] = []
        if let l = r.lottie { extra += lottieLines(l) }
        if let v = r.video { extra += videoLines(v) }
        var lines = [summary(r)] + extra + frameRows(r)
        for w in r.warnings { lines.append("warning: \(w)") }
        return lines.joined(separator: "\n")
    }

    /// The summary line: format, canvas, frames, loop, duration and what else the report says.
    private static func summary(_ r: SourceReport) -> String {
        let loop: String
        switch (r.format, r.loopCount) {
        case (_, 0?): loop = "loops forever"
        case (_, 1?): loop = "plays once"
        case (_, let n?): loop = "plays \(n) times"
        case (_, nil): loop = "plays once"
        }
        var head =
            "\(r.file): \(r.format), canvas \(r.width)×\(r.height), \(r.frameCount) frame\(r.frameCount == 1 ? "" : "s"), \(loop), \(formatDuration(ms: r.durationMs)) per play"
        if r.defaultImageHidden == true { head += ", default image not shown" }
        if let bg = r.backgroundRGBA { head += ", background \(bg.map(String.init).joined(separator: ","))" }
        if let p = r.pattern, p != r.file { head += ", from \(p)" }
        if let renderer = r.renderer { head += ", drawn by \(renderer) at the size shown" }
        if r.damaged { head += ", DAMAGED" }
        return head
    }

    /// A Lottie file's lines: container and timing, its animations, themes, states, slots,
    /// markers, keypaths and Telegram's sticker rules.
    private static func lottieLines(_ l: SourceReport.LottieInfo) -> [String] {
        var extra: [String] = []
        extra.append(
            "\(l.container)\(l.version.isEmpty ? "" : " v\(l.version)")\(l.name.isEmpty ? "" : " \"\(l.name)\""): \(fmt(l.frameRate)) fps, frames \(fmt(l.inPoint))…\(fmt(l.outPoint)), \(l.layers) layers, \(l.precompositions) precompositions, \(l.images) images"
        )
        if let ids = l.animations {
            extra.append(
                "animations: \(ids.map { $0 == l.animation ? "\($0) (shown)" : $0 }.joined(separator: ", "))")
        }
        if let ids = l.themes {
            extra.append(
                "themes (--theme): "
                    + (ids.isEmpty
                        ? "none" : ids.map { $0 == l.theme ? "\($0) (applied)" : $0 }.joined(separator: ", ")))
        }
        if let names = l.states {
            extra.append(
                "states (--state): "
                    + (names.isEmpty
                        ? "none" : names.map { $0 == l.state ? "\($0) (played)" : $0 }.joined(separator: ", ")))
        }
        if !l.slots.isEmpty { extra.append("slots (a theme's rules set them): \(l.slots.joined(separator: ", "))") }
        extra.append(
            l.markers.isEmpty
                ? "markers: none"
                : "markers: "
                    + l.markers.map { "\($0.name) (frame \(fmt($0.frame)), \(fmt($0.durationFrames)) frames)" }
                    .joined(separator: ", "))
        let shown = l.keypaths.prefix(60)
        extra.append("keypaths (--set-color, --set-opacity):" + (l.keypaths.isEmpty ? " none" : ""))
        extra += wrapped(Array(shown), width: 100, indent: "  ")
        if l.keypaths.count > shown.count {
            let all =
                l.keypaths.count < 10_000 ? "them all" : "the first 10,000; precompositions nest too deep for more"
            extra.append("  … \(l.keypaths.count - shown.count) more (inspect --json lists \(all))")
        }
        if let rules = l.telegram {
            let broken = rules.filter { !$0.passes }
            extra.append(
                "Telegram sticker rules: \(rules.count - broken.count) of \(rules.count) kept"
                    + (broken.isEmpty
                        ? "" : "; broken: " + broken.map { "\($0.rule) (\($0.found))" }.joined(separator: ", ")))
        }
        return extra
    }

    /// A video's lines: container, codec, orientation and pixel shape, colour; the clip and its rate.
    private static func videoLines(_ v: SourceReport.VideoReport) -> [String] {
        let rate =
            v.variableRate
            ? "variable rate (frames of \(fmt(v.minFrameSeconds * 1000))–\(fmt(v.maxFrameSeconds * 1000)) ms)"
            : "constant rate (\(v.minFrameSeconds > 0 ? formatRate(1 / v.minFrameSeconds) : "?") fps)"
        var turned = ""
        if v.orientation != "identity" {
            let how: String
            switch v.orientation {
            case "mirrorHorizontal": how = "mirrored left to right"
            case "mirrorVertical": how = "mirrored top to bottom"
            case "transpose": how = "turned 90° anticlockwise and mirrored top to bottom"
            case "transverse": how = "turned 90° clockwise and mirrored top to bottom"
            default:
                how =
                    v.rotationDegrees == 270 ? "turned 90° anticlockwise" : "turned \(v.rotationDegrees)° clockwise"
            }
            turned = ", stored \(v.codedWidth)×\(v.codedHeight), shown \(how)"
        }
        if v.pixelAspect != 1 {
            turned +=
                "\(turned.isEmpty ? ", stored \(v.codedWidth)×\(v.codedHeight)" : ""), pixels \(fmt(v.pixelAspect)):1 (stretched to square)"
        }
        return [
            "\(v.container), \(v.codec) (decoder \(v.decoder))\(turned), \(v.color)",
            "clip: \(v.clipFrames) frames over \(String(format: "%.3f", v.clipSeconds)) s, \(rate)",
        ]
    }

    /// The frame table: a title row, then one row per frame, with only the columns some frame fills.
    private static func frameRows(_ r: SourceReport) -> [String] {
        var columns: [(title: String, right: Bool, cell: (SourceReport.Frame) -> String?)] = [
            ("frame", true, { String($0.index) }),
            ("number", true, { $0.number.map(String.init) }),
            ("rectangle", false, { f in f.x.map { "\($0),\(f.y!) \(f.width!)×\(f.height!)" } }),
            ("delay", true, { $0.delayMs.map { "\(fmt($0)) ms" } }),
            ("duration", true, { "\(fmt($0.durationMs)) ms" }),
            ("disposal", false, { $0.disposal }),
            ("blend", false, { $0.blend }),
            ("kind", false, { $0.kind }),
            ("file", false, { $0.path }),
            ("time", true, { $0.time.map(fmt) }),
            (r.video != nil ? "clip frame" : "shows frame", true, { $0.sourceFrame.map(String.init) }),
            ("at", true, { $0.seconds.map { String(format: "%.3f s", $0) } }),
        ]
        columns = columns.filter { c in r.frames.contains { c.cell($0) != nil } }
        // Every frame has a rectangle; the column is worth a look only where one is not the whole canvas.
        if r.frames.allSatisfy({ $0.x == 0 && $0.y == 0 && $0.width == r.width && $0.height == r.height }) {
            columns.removeAll { $0.title == "rectangle" }
        }
        let cells = r.frames.map { f in columns.map { $0.cell(f) ?? "-" } }
        let widths = columns.indices.map { i in max(columns[i].title.count, cells.map { $0[i].count }.max() ?? 0) }
        func row(_ values: [String]) -> String {
            values.indices.map { pad(values[$0], widths[$0], right: columns[$0].right) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return [row(columns.map(\.title))] + cells.map(row)
    }
}
