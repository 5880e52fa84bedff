// ArcMaskAnimation.swift: plays a folder of arc-masked layers in a widget.
//
// One source, two uses: ArcMaskKit compiles this file as its `ArcMaskAnimation` view, and
// `arcmask export` writes it unchanged beside each export's plan file. It imports only Apple's
// frameworks, so a widget extension compiles it without the package.
//
// How it plays: one image per frame in a ZStack, each masked by a thick stroked arc; all arcs turn
// together with WidgetKit's clock-hand rotation, so the view lies under one arc at a time.
//
// Every rotation route rests on private API: WidgetKit may change or remove the rotation in any
// iOS release, and App Review may object to it.

import Foundation

/// The numbers a widget needs to play arc-masked layers: the view's size in points, the arcs in
/// degrees (0° = 3 o'clock, growing clockwise), where each frame's image lies. Read from a
/// folder's `manifest.json`, or written out as constants by `arcmask export`.
public struct ArcMaskAnimationPlan: Sendable, Equatable {
    /// One image of the ZStack: a frame's picture, masked by the arc from `startDegrees` to
    /// `endDegrees`.
    public struct Layer: Sendable, Equatable {
        /// The cell whose image the layer shows: an index into `cells`.
        public let frame: Int
        /// Where the layer's arc starts, degrees, before the rotation turns it.
        public let startDegrees: Double
        /// Where the layer's arc ends, degrees, before the rotation turns it.
        public let endDegrees: Double
        /// How many cubic Bézier curves of equal sweep draw the arc, as the plan computed them
        /// (nil: as many as keep each within 1/16 pt of the circle, `curveCount(radius:)`).
        public let curves: Int?

        /// A layer showing cell `frame` under the arc from `startDegrees` to `endDegrees` (degrees),
        /// drawn as `curves` equal curves (nil: as many as keep each within 1/16 pt of the circle).
        public init(frame: Int, startDegrees: Double, endDegrees: Double, curves: Int? = nil) {
            self.frame = frame
            self.startDegrees = startDegrees
            self.endDegrees = endDegrees
            self.curves = curves.map { min(max($0, 1), 4096) }
        }

        /// The curves that draw the arc: the plan's count, or the fewest equal ones, a quarter
        /// turn at most each, that stay within 1/16 pt of a circle of `radius` points (the rule
        /// of arcmask's own plans). A cubic of sweep φ strays from its circle by
        /// √(1 + 4/27·sin⁶(φ/4)/cos²(φ/4)) − 1 of the radius (Dokken and Dæhlen, CAGD 8, 1990).
        public func curveCount(radius: Double) -> Int {
            if let curves { return curves }
            let sweep = abs(endDegrees - startDegrees)
            guard sweep.isFinite, radius.isFinite, radius > 0 else { return 1 }
            var n = max(1, Int((sweep / 90 - 1e-9).rounded(.up)))
            while n < 4096 {
                let q = sweep / Double(n) * .pi / 720
                let e = 4.0 / 27 * pow(sin(q), 6) / (cos(q) * cos(q))
                if e / ((1 + e).squareRoot() + 1) * radius <= 1.0 / 16 { break }
                n += 1
            }
            return n
        }

        /// The arc as cubic Bézier curves for a circle centred at (`cx`, `cy`) (angles grow
        /// toward +y, as on screen): each curve's end and two control points, the controls on
        /// the circle's tangents at 4/3·tan(φ/4) of the radius from the ends (Goldapp, CAGD 8,
        /// 1991). The view draws exactly these, so nothing is left to how the system would split
        /// one arc into curves, which Apple does not document.
        public func curvePoints(
            cx: Double, cy: Double, radius: Double
        ) -> (
            start: (x: Double, y: Double),
            curves: [(c1: (x: Double, y: Double), c2: (x: Double, y: Double), end: (x: Double, y: Double))]
        ) {
            let n = curveCount(radius: radius)
            let sweep = (endDegrees - startDegrees) / Double(n)
            let k = 4.0 / 3 * tan(sweep * .pi / 720) * radius
            func at(_ i: Int) -> (x: Double, y: Double, tx: Double, ty: Double) {
                let a = (i == n ? endDegrees : startDegrees + sweep * Double(i)) * .pi / 180
                return (cx + radius * cos(a), cy + radius * sin(a), -sin(a), cos(a))
            }
            let first = at(0)
            return (
                (first.x, first.y),
                (0..<n).map { i in
                    let p = at(i), q = at(i + 1)
                    return ((p.x + k * p.tx, p.y + k * p.ty), (q.x - k * q.tx, q.y - k * q.ty), (q.x, q.y))
                }
            )
        }
    }

    /// Where a frame's image lies: its own file at (0, 0), or a cell of the strip, in pixels.
    public struct Cell: Sendable, Equatable {
        /// The image's rectangle in `file`, px: its top-left corner at (`x`, `y`), then its size.
        public let x: Int, y: Int, width: Int, height: Int
        /// The name of the file in the folder the image lies in (the strip's, for a cell of a strip).
        public let file: String

        /// The cell at (`x`, `y`) of `width` × `height` px in `file`.
        public init(x: Int, y: Int, width: Int, height: Int, file: String) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.file = file
        }
    }

    /// The view's width, pt: the drawing's own size, before it is scaled to the widget's container.
    public let viewWidth: Double
    /// The view's height, pt.
    public let viewHeight: Double
    /// The images' pixels per point: the scale the layers were drawn at.
    public let scale: Double
    /// The arcs' radius, pt.
    public let radius: Double
    /// The width each arc is stroked with, pt.
    public let lineWidth: Double
    /// How far the arcs' centre lies below the view's centre, pt.
    public let centerOffset: Double
    /// How long the arcs take to turn once, seconds.
    public let periodSeconds: Double
    /// Whether the arcs are stroked with square caps (false: butt caps, flush with their ends).
    public let squareCaps: Bool
    /// The image holding every frame (nil: each frame is its own file, handed to SwiftUI as
    /// encoded bytes and decoded by the system, not by the extension).
    public let strip: String?
    /// ZStack order: later layers are drawn on top.
    public let layers: [Layer]
    /// One per frame.
    public let cells: [Cell]
    /// The same images under live timer masks (public API), where the export carries them.
    public let timerMasks: TimerMasks?
    /// The export was made for the timer masks (`--route timer-mask`): `.automatic` plays them
    /// first.
    public let prefersTimerMasks: Bool
    /// Each image file's digest as the manifest records it (FNV-1a, 64 bits, 16 hex digits):
    /// the view reads only files written with this manifest.
    public let digests: [String: String]
    /// The cell shown still where the view holds still: on Always-On displays (where "the
    /// system doesn't perform animations"), with `.still`, and in the accented and vibrant
    /// modes with `ArcMaskAccentedRendering.poster` (the manifest's `posterFrame`).
    public let posterCell: Int
    /// What VoiceOver reads for the animation (the manifest's `label`: `arcmask export --label`,
    /// by default the widget's gallery name); nil in folders written before labels.
    public let label: String?

    /// Pictures under live timer-text masks: lane by lane, bottom to top, each lane's image under
    /// timers set in mask fonts whose glyphs have ink only on the second that opens a period, so
    /// the system's renderer uncovers one picture after another (no private API; measured on a
    /// phone by cifyr/motionary, docs/widget-animation-surface.md §4.1). The fonts must be in the
    /// extension and listed under `UIAppFonts`.
    public struct TimerMasks: Sendable, Equatable {
        /// One timer over a lane: set in a mask font, it has ink only on the seconds that open
        /// the font's period.
        public struct Mask: Sendable, Equatable {
            /// The mask font's PostScript name.
            public let font: String
            /// The font's period, seconds (a divisor of 60): the timer has ink when its seconds
            /// field is a multiple of it.
            public let periodSeconds: Int
            /// The timer starts this long before the reference date.
            public let leadSeconds: Double

            /// A timer in `font`, of period `periodSeconds`, started `leadSeconds` before the
            /// reference date.
            public init(font: String, periodSeconds: Int, leadSeconds: Double) {
                self.font = font
                self.periodSeconds = periodSeconds
                self.leadSeconds = leadSeconds
            }
        }

        /// One picture of the stack: a cell's image, drawn where all of its masks have ink.
        public struct Lane: Sendable, Equatable {
            /// Which cell's image the lane shows.
            public let cell: Int
            /// It draws where all of these have ink (none: always).
            public let masks: [Mask]

            /// The lane showing cell `cell` where all of `masks` have ink.
            public init(cell: Int, masks: [Mask]) {
                self.cell = cell
                self.masks = masks
            }
        }

        /// One loop of the masks, seconds: a divisor of a minute, 2 to 30.
        public let loopSeconds: Int
        /// Bottom to top.
        public let lanes: [Lane]

        /// Masks that loop every `loopSeconds` seconds over `lanes`, bottom to top.
        public init(loopSeconds: Int, lanes: [Lane]) {
            self.loopSeconds = loopSeconds
            self.lanes = lanes
        }

        /// The date every timer counts from: `date` rounded down to a whole loop since
        /// 2001-01-01, so the phase follows the wall clock and survives timeline reloads.
        public func referenceDate(for date: Date) -> Date {
            let loops = (date.timeIntervalSinceReferenceDate / Double(loopSeconds)).rounded(.down)
            return Date(timeIntervalSinceReferenceDate: loops * Double(loopSeconds))
        }

        /// Whether a mask's timer has ink `t` seconds after the reference date: its text shows
        /// ⌊t + lead⌋ whole seconds, and the font inks the seconds field when it opens a period.
        public func inks(_ mask: Mask, at t: Double) -> Bool {
            let x = (t + mask.leadSeconds).rounded(.down)
            guard x.isFinite, abs(x) < 1e15, mask.periodSeconds > 0 else { return false }
            let seconds = ((Int(x) % 60) + 60) % 60
            return seconds % mask.periodSeconds == 0
        }

        /// The lane shown `t` seconds after the reference date: the topmost whose masks all have
        /// ink (nil: none draws).
        public func topLane(at t: Double) -> Int? {
            lanes.indices.reversed().first { i in lanes[i].masks.allSatisfy { inks($0, at: t) } }
        }
    }

    /// What a view plays the folder with.
    public enum Engine: String, Sendable, CaseIterable {
        /// The rotation where WidgetKit's type resolves and a payload decodes, otherwise the timer
        /// masks (first when the export was made for them), otherwise the first frame still.
        case automatic
        /// The clock-hand rotation only (private API).
        case rotation
        /// The timer masks only (public API).
        case timerMasks = "timer-masks"
        /// The first frame, still.
        case still
    }

    /// The engine that plays when `requested` is asked for, the rotation resolves here or not,
    /// and the masks' fonts are registered or not (without them the timers would draw their
    /// digits in another font).
    public func engine(_ requested: Engine, rotationResolves: Bool, masksDrawable: Bool = true) -> Engine {
        let masks = timerMasks != nil && masksDrawable
        switch requested {
        case .rotation: return rotationResolves ? .rotation : .still
        case .timerMasks: return masks ? .timerMasks : .still
        case .still: return .still
        case .automatic:
            if masks && (prefersTimerMasks || !rotationResolves) { return .timerMasks }
            return rotationResolves ? .rotation : .still
        }
    }

    /// A plan from its figures, as an export's plan file spells them out: sizes in points, angles
    /// in degrees, the period in seconds.
    /// - Parameters:
    ///   - scale: the images' pixels per point.
    ///   - squareCaps: stroke the arcs with square caps (false: butt caps).
    ///   - strip: the image holding every frame, or nil when each frame is its own file.
    ///   - layers: the ZStack's layers, bottom to top.
    ///   - cells: where each frame's image lies, one per frame.
    ///   - timerMasks: the same images under live timer masks, or nil (the default) for none.
    ///   - prefersTimerMasks: `.automatic` plays the timer masks first (false by default).
    ///   - digests: each image file's FNV-1a digest (16 hex digits) by file name; empty (the
    ///     default) checks no file.
    ///   - posterCell: the cell shown still where the view holds still (0, the first, by
    ///     default; a cell past the last is taken as 0).
    ///   - label: what VoiceOver reads for the animation (nil: "Animation").
    public init(
        viewWidth: Double, viewHeight: Double, scale: Double, radius: Double, lineWidth: Double,
        centerOffset: Double, periodSeconds: Double, squareCaps: Bool, strip: String?, layers: [Layer], cells: [Cell],
        timerMasks: TimerMasks? = nil, prefersTimerMasks: Bool = false, digests: [String: String] = [:],
        posterCell: Int = 0, label: String? = nil
    ) {
        self.label = label
        self.digests = digests
        self.posterCell = cells.indices.contains(posterCell) ? posterCell : 0
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.scale = scale
        self.radius = radius
        self.lineWidth = lineWidth
        self.centerOffset = centerOffset
        self.periodSeconds = periodSeconds
        self.squareCaps = squareCaps
        self.strip = strip
        self.layers = layers
        self.cells = cells
        self.timerMasks = timerMasks
        self.prefersTimerMasks = prefersTimerMasks
    }

    /// How much the view's drawing (`viewWidth` × `viewHeight` points, the largest device class
    /// of its family by default) is scaled to the container the widget gives it, points per
    /// point: `fill` covers the container and crops what overflows, `fit` shows all of it. The
    /// arcs and masks are drawn in the same points, so the construction is unchanged by the
    /// scale. An empty container (the size is not known yet) keeps the drawing's own size.
    /// The real size is `TimelineProviderContext.displaySize` (Apple's WidgetKit documentation).
    public func scale(toWidth width: Double, height: Double, mode: ArcMaskContentMode) -> Double {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return 1 }
        let sx = width / viewWidth, sy = height / viewHeight
        return mode == .fill ? max(sx, sy) : min(sx, sy)
    }

    /// What is wrong with a manifest, as a JSON path and a problem.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where in the manifest the problem lies, as a JSON path such as `$.frames[2]` (`$`: the
        /// whole document).
        public let path: String
        /// What is wrong there, as a phrase such as "is missing".
        public let problem: String
        /// "manifest.json: path: problem", for a log or a message.
        public var description: String { "manifest.json: \(path): \(problem)" }
    }

    /// The plan in `manifest.json`'s bytes, as `arcmask export` and ArcMaskKit's `prepare`
    /// write it; checked so that a damaged or edited file cannot make the view index past its
    /// images.
    public init(manifest data: Data) throws {
        let m = try Self.decode(data)
        try Self.checkSizes(m)
        try Self.checkLayers(m)
        if let strip = m.strip, strip.isEmpty || strip.contains("/") || strip.hasPrefix(".") {
            throw Invalid(path: "$.strip", problem: "is not a file in the folder")
        }
        let timerMasks = try m.timerMask.map { try Self.timerMasks($0, m) }
        // The cell whose source frames hold the poster frame (the first cell without one).
        var poster = 0
        if let frame = m.posterFrame {
            guard let cell = m.frames.firstIndex(where: { $0.sourceFrames?.contains(frame) ?? false }) else {
                throw Invalid(path: "$.posterFrame", problem: "\(frame) is not a source frame of any of the frames")
            }
            poster = cell
        }
        self.init(
            viewWidth: m.viewWidth, viewHeight: m.viewHeight, scale: m.scale, radius: m.plan.radius,
            lineWidth: m.plan.lineWidth, centerOffset: m.plan.centerOffset, periodSeconds: m.plan.periodSeconds,
            squareCaps: m.plan.cap == "square", strip: m.strip,
            layers: m.plan.layers.map {
                Layer(frame: $0.frame, startDegrees: $0.startAngle, endDegrees: $0.endAngle, curves: $0.curves?.count)
            },
            cells: m.frames.map { Cell(x: $0.x, y: $0.y, width: $0.width, height: $0.height, file: $0.file) },
            timerMasks: timerMasks, prefersTimerMasks: m.route == "timer-mask",
            digests: Dictionary(
                (m.images ?? []).map { ($0.file, $0.digest.lowercased()) }, uniquingKeysWith: { a, _ in a }),
            posterCell: poster, label: m.label.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) })
    }

    /// `manifest.json` as written, before any check of its values.
    private struct Manifest: Decodable {
        struct Plan: Decodable {
            struct Layer: Decodable {
                struct Curve: Decodable {
                    var startAngle: Double
                    var endAngle: Double
                }
                var frame: Int
                var startAngle: Double
                var endAngle: Double
                var curves: [Curve]?
            }
            var radius: Double
            var lineWidth: Double
            var centerOffset: Double
            var periodSeconds: Double
            var cap: String
            var layers: [Layer]
        }
        struct Frame: Decodable {
            var x: Int
            var y: Int
            var width: Int
            var height: Int
            var file: String
            var sourceFrames: [Int]?
        }
        struct TimerMask: Decodable {
            struct Font: Decodable {
                var file: String
                var postScriptName: String
                var periodSeconds: Int
            }
            struct Mask: Decodable {
                var font: String
                var leadSeconds: Double
            }
            struct Lane: Decodable {
                var image: String
                var masks: [Mask]
            }
            var loopSeconds: Int
            var fonts: [Font]
            var lanes: [Lane]
        }
        var route: String?
        var posterFrame: Int?
        var label: String?
        var viewWidth: Double
        var viewHeight: Double
        var scale: Double
        var plan: Plan
        var frames: [Frame]
        var strip: String?
        var timerMask: TimerMask?
        struct Image: Decodable {
            var file: String
            var digest: String
        }
        var images: [Image]?
    }

    /// The manifest in `data`; a document that does not decode is refused with the path of the
    /// first key or value that does not fit.
    private static func decode(_ data: Data) throws -> Manifest {
        do {
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw Invalid(path: Self.path(context.codingPath + [key]), problem: "is missing")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw Invalid(path: Self.path(context.codingPath), problem: context.debugDescription)
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            // A value that does not fit its type (an integer past Int's range, say), where the
            // decoder says where; swift-corelibs-foundation refuses such a document as a whole.
            throw Invalid(path: Self.path(context.codingPath), problem: context.debugDescription)
        } catch {
            throw Invalid(path: "$", problem: "is not JSON")
        }
    }

    /// The view's and plan's sizes are positive and bounded, and every frame is a cell of a
    /// file in the folder.
    private static func checkSizes(_ m: Manifest) throws {
        // A plan's circle lies at most 2¹⁹ pt below the view (arcmask's faithful bound), its
        // radius and offset as far.
        let sizes = [m.viewWidth, m.viewHeight, m.scale, m.plan.lineWidth, m.plan.periodSeconds]
        guard sizes.allSatisfy({ $0.isFinite && $0 > 0 && $0 < 100_000 }),
            m.plan.radius.isFinite, m.plan.radius > 0, m.plan.radius < 2_000_000,
            m.plan.centerOffset.isFinite, abs(m.plan.centerOffset) < 2_000_000
        else {
            throw Invalid(path: "$", problem: "viewWidth, viewHeight, scale or the plan's sizes are not positive")
        }
        guard !m.frames.isEmpty, !m.plan.layers.isEmpty else {
            throw Invalid(path: "$.frames", problem: "holds no frames")
        }
        for (i, f) in m.frames.enumerated() {
            guard f.x >= 0, f.y >= 0, f.width > 0, f.height > 0, !f.file.isEmpty, !f.file.contains("/"),
                !f.file.hasPrefix(".")
            else { throw Invalid(path: "$.frames[\(i)]", problem: "is not a cell of a file in the folder") }
        }
    }

    /// Every layer shows one of the frames, and its curves, where the plan lists them, are equal
    /// pieces end to end over its arc.
    private static func checkLayers(_ m: Manifest) throws {
        for (i, l) in m.plan.layers.enumerated() {
            guard (0..<m.frames.count).contains(l.frame) else {
                throw Invalid(
                    path: "$.plan.layers[\(i)].frame", problem: "\(l.frame) is not one of the \(m.frames.count) frames")
            }
            // The curves the plan computed: equal pieces, end to end over the arc.
            guard let curves = l.curves else { continue }
            let n = Double(curves.count), sweep = l.endAngle - l.startAngle
            let slack = 1e-6 * max(1, abs(l.startAngle), abs(l.endAngle))
            let equal = curves.enumerated().allSatisfy { k, c in
                abs(c.startAngle - (l.startAngle + sweep * Double(k) / n)) <= slack
                    && abs(c.endAngle - (l.startAngle + sweep * Double(k + 1) / n)) <= slack
            }
            guard (1...4096).contains(curves.count), sweep.isFinite, equal else {
                throw Invalid(
                    path: "$.plan.layers[\(i)].curves",
                    problem: "is not 1 to 4,096 curves of equal sweep, end to end over the layer's arc")
            }
        }
    }

    /// The timer-mask lanes `t` of manifest `m`: a loop dividing a minute, mask fonts of periods
    /// dividing 60, each lane over one of the frames' files (not a strip) and each mask naming
    /// one of the fonts with a lead of 0 to 86,400 s.
    private static func timerMasks(_ t: Manifest.TimerMask, _ m: Manifest) throws -> TimerMasks {
        guard m.strip == nil else {
            throw Invalid(path: "$.timerMask", problem: "lanes need a file per image, not a strip")
        }
        guard [2, 3, 4, 5, 6, 10, 12, 15, 20, 30].contains(t.loopSeconds) else {
            throw Invalid(path: "$.timerMask.loopSeconds", problem: "\(t.loopSeconds) s does not divide a minute")
        }
        var fonts: [String: (String, Int)] = [:]
        for (k, f) in t.fonts.enumerated() {
            guard f.periodSeconds > 0, 60 % f.periodSeconds == 0, !f.postScriptName.isEmpty else {
                throw Invalid(
                    path: "$.timerMask.fonts[\(k)]", problem: "is not a mask font of a period dividing 60")
            }
            fonts[f.file] = (f.postScriptName, f.periodSeconds)
        }
        let cellOf = Dictionary(m.frames.enumerated().map { ($1.file, $0) }, uniquingKeysWith: { a, _ in a })
        guard !t.lanes.isEmpty, t.lanes.count <= 4096 else {
            throw Invalid(path: "$.timerMask.lanes", problem: "holds \(t.lanes.count) lanes, not 1 to 4,096")
        }
        var lanes: [TimerMasks.Lane] = []
        for (i, lane) in t.lanes.enumerated() {
            guard let cell = cellOf[lane.image] else {
                throw Invalid(path: "$.timerMask.lanes[\(i)].image", problem: "is not one of the frames' files")
            }
            var masks: [TimerMasks.Mask] = []
            for (k, mask) in lane.masks.enumerated() {
                guard let (name, period) = fonts[mask.font], mask.leadSeconds.isFinite, mask.leadSeconds >= 0,
                    mask.leadSeconds <= 86_400
                else {
                    throw Invalid(
                        path: "$.timerMask.lanes[\(i)].masks[\(k)]",
                        problem: "names no font of timerMask.fonts or no lead of 0 to 86,400 s")
                }
                masks.append(TimerMasks.Mask(font: name, periodSeconds: period, leadSeconds: mask.leadSeconds))
            }
            lanes.append(TimerMasks.Lane(cell: cell, masks: masks))
        }
        return TimerMasks(loopSeconds: t.loopSeconds, lanes: lanes)
    }

    /// The manifest and every file it names, each checked against the manifest's digest. A
    /// folder replaced while it is read (the app prepared a new animation) gives files of
    /// another manifest: it is read once more, from the new manifest, so two animations are
    /// never mixed; nil when it still does not agree. `contents(name, limit)`: a file of the
    /// folder, nil when it is missing or over `limit` bytes; `size`: a file's size, to drop
    /// frames evenly from a folder whose images total past `maxArchiveBytes` (`thinned`).
    public static func read(
        _ contents: (String, Int) -> Data?, size: ((String) -> Int?)? = nil
    ) -> (ArcMaskAnimationPlan, [String: Data])? {
        for _ in 0..<2 {
            guard let data = contents("manifest.json", maxManifestBytes),
                let read = try? ArcMaskAnimationPlan(manifest: data),
                let plan = size.map({ read.thinned(maxBytes: maxArchiveBytes, bytes: $0) }) ?? read
            else { return nil }
            var files: [String: Data] = [:]
            for name in plan.files {
                guard let bytes = contents(name, maxImageBytes), plan.verifies(name, bytes) else { break }
                files[name] = bytes
            }
            if files.count == plan.files.count { return (plan, files) }
        }
        return nil
    }

    /// Image files larger than this are not read.
    public static let maxImageBytes = 64 << 20

    /// The cells a layer or a lane shows.
    public var shownCells: Set<Int> {
        Set(layers.map(\.frame)).union(timerMasks?.lanes.map(\.cell) ?? []).union([posterCell])
    }

    /// The image files the view reads: the strip, or the file of each cell shown, once.
    public var files: [String] {
        if let strip { return [strip] }
        var seen = Set<String>()
        let shown = shownCells
        return cells.indices.filter(shown.contains).map { cells[$0].file }.filter { seen.insert($0).inserted }
    }

    /// The most image bytes a view hands to the widget's renderer: an archive of 9.32 MB was
    /// photographed black where 7.48 MB drew (cifyr/motionary, docs/widget-animation-surface.md;
    /// docs/limits.md), and `prepare` and `export` refuse past 9 MB.
    public static let maxArchiveBytes = 9_000_000

    /// The plan with frames dropped evenly (every second kept, else every third, …) until the
    /// files it shows total at most `maxBytes`, rather than an archive drawn black: a dropped
    /// frame's layers and lanes show the kept frame before it, so every arc and lane keeps its
    /// time. A strip is one file and stays whole; a file whose size is unknown leaves the plan
    /// as it is (reading it will tell). Nil when the first frame alone is over.
    public func thinned(maxBytes: Int, bytes: (String) -> Int?) -> ArcMaskAnimationPlan? {
        guard strip == nil, !cells.isEmpty else { return self }
        var sizes: [String: Int] = [:]
        for file in files {
            guard let n = bytes(file) else { return self }
            sizes[file] = n
        }
        func total(_ kept: [Int]) -> Int {
            var seen = Set<String>()
            return kept.map { cells[$0].file }.filter { seen.insert($0).inserted }.reduce(0) { $0 + (sizes[$1] ?? 0) }
        }
        let shown = shownCells.sorted()
        if total(shown) <= maxBytes { return self }
        for step in 2...max(2, cells.count) {
            let kept = shown.filter { $0 % step == 0 }
            guard !kept.isEmpty else { break }
            if total(kept) <= maxBytes || kept == [0] {
                guard total(kept) <= maxBytes else { return nil }
                // Each cell shows the kept cell at or before it (cell 0 is always kept).
                func map(_ i: Int) -> Int { kept.last { $0 <= i } ?? kept[0] }
                return ArcMaskAnimationPlan(
                    viewWidth: viewWidth, viewHeight: viewHeight, scale: scale, radius: radius, lineWidth: lineWidth,
                    centerOffset: centerOffset, periodSeconds: periodSeconds, squareCaps: squareCaps, strip: strip,
                    layers: layers.map {
                        Layer(
                            frame: map($0.frame), startDegrees: $0.startDegrees, endDegrees: $0.endDegrees,
                            curves: $0.curves)
                    },
                    cells: cells,
                    timerMasks: timerMasks.map {
                        TimerMasks(
                            loopSeconds: $0.loopSeconds,
                            lanes: $0.lanes.map { TimerMasks.Lane(cell: map($0.cell), masks: $0.masks) })
                    },
                    prefersTimerMasks: prefersTimerMasks, digests: digests, posterCell: map(posterCell))
            }
        }
        return nil
    }

    /// Whether `data` is the file the manifest recorded as `file` (true when it records none).
    public func verifies(_ file: String, _ data: Data) -> Bool {
        guard let digest = digests[file] else { return true }
        return Self.digest(data) == digest
    }

    /// FNV-1a, 64 bits, as 16 hex digits: the digest an export and `prepare` record per file.
    public static func digest(_ data: Data) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in data {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Larger manifests are not read.
    public static let maxManifestBytes = 16 << 20

    /// The rotation at `seconds` after the epoch, degrees.
    public func rotation(at seconds: Double) -> Double {
        let turns = seconds / periodSeconds
        return 360 * (turns - turns.rounded(.down))
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

/// How the drawing meets a container of another size: covering it (cropping the overflow) or
/// inside it whole.
public enum ArcMaskContentMode: String, Sendable, CaseIterable {
    /// Cover the container, cropping what overflows (the view's default).
    case fill
    /// Show the whole drawing inside the container, leaving the rest of it empty.
    case fit
}

/// How the frames draw where the system does not keep a widget's colours: the tinted and clear
/// home screens of iOS 18 and later (WidgetKit's accented mode) and, for `.poster`, the Lock
/// Screen's vibrant mode.
public enum ArcMaskAccentedRendering: String, Sendable, CaseIterable {
    /// The frames keep their colours instead of turning into a tinted silhouette.
    case fullColor = "full-color"
    /// The frames are tinted with the rest of the home screen (colour replaced, alpha kept).
    case accented
    /// Each frame's luminance becomes its opacity (`.desaturated`), so the picture stays legible.
    case alpha
    /// The poster frame, still, as its luminance: the view holds still in these modes.
    case poster

    /// Whether the view holds still on the poster frame: always at reduced luminance (Always-On,
    /// where the system does not animate), and with `.poster` wherever colours are not kept.
    public func holdsStill(keepsColours: Bool, luminanceReduced: Bool) -> Bool {
        luminanceReduced || (self == .poster && !keepsColours)
    }
}

// MARK: What the widget played
extension ArcMaskAnimationPlan.Engine: Codable {}

/// What a folder plays on this system and why, and who answered: the widget itself, from the
/// record it keeps beside the manifest, or the calling process (`ArcMaskAnimation.diagnosis`).
public struct ArcMaskDiagnosis: Sendable, Equatable {
    /// Who decided the answer.
    public enum Origin: String, Sendable, Codable {
        /// The widget extension, as it drew this folder: what the widget plays.
        case widget
        /// The calling process: the widget has not drawn this folder yet. Fonts listed under
        /// `UIAppFonts` are registered only for the bundle that lists them, so an app whose
        /// widget extension carries the mask fonts is told "still" where its widget plays the
        /// masks (Apple's Information Property List reference, `UIAppFonts`).
        case thisProcess = "this-process"
    }

    /// What plays: the rotation, the timer masks or the first frame still.
    public let engine: ArcMaskAnimationPlan.Engine
    /// Why, in a sentence an app can show.
    public let reason: String
    /// Who answered.
    public let origin: Origin
    /// When the widget recorded it (nil when the calling process answered).
    public let recorded: Date?
    /// The system the widget ran on when it recorded it ("iOS 17.4"; nil when the calling
    /// process answered).
    public let system: String?

    /// The widget's answer from the bytes of its record (`.widget-engine.json`); nil when they
    /// are not one (damaged, another format, over 64 kB).
    public init?(widgetRecord data: Data) {
        guard let record = WidgetEngineRecord.decoded(data) else { return nil }
        self = record.diagnosis
    }

    init(engine: ArcMaskAnimationPlan.Engine, reason: String, origin: Origin, recorded: Date?, system: String?) {
        self.engine = engine
        self.reason = reason
        self.origin = origin
        self.recorded = recorded
        self.system = system
    }
}

/// The record `ArcMaskAnimation(folder:)` keeps in the folder (`.widget-engine.json`, hidden, so
/// `arcmask check` passes it over): what the widget extension resolved as it drew the folder.
/// Written only when what it says changes; tied to the manifest by its digest, so a record of
/// an earlier animation is not taken for this one.
struct WidgetEngineRecord: Codable, Equatable {
    static let file = ".widget-engine.json"
    /// Larger records are not read.
    static let maxBytes = 64 << 10

    var engine: ArcMaskAnimationPlan.Engine
    var requested: ArcMaskAnimationPlan.Engine
    var hasTimerMasks: Bool
    var rotationResolves: Bool
    var masksDrawable: Bool
    /// The manifest's FNV-1a digest (`ArcMaskAnimationPlan.digest`).
    var manifestDigest: String
    var system: String
    var recorded: Date

    /// The same record apart from when it was made.
    func saysTheSame(as other: WidgetEngineRecord) -> Bool {
        var o = other
        o.recorded = recorded
        return o == self
    }

    var reason: String {
        ArcMaskAnimationPlan.reason(
            engine, requested: requested, hasTimerMasks: hasTimerMasks, rotationResolves: rotationResolves,
            masksDrawable: masksDrawable)
    }

    var diagnosis: ArcMaskDiagnosis {
        ArcMaskDiagnosis(engine: engine, reason: reason, origin: .widget, recorded: recorded, system: system)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func decoded(_ data: Data) -> WidgetEngineRecord? {
        guard data.count <= maxBytes else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(WidgetEngineRecord.self, from: data)
    }

    /// The record in `folder`, if it has a readable one (a regular file of at most `maxBytes`).
    static func read(in folder: URL) -> WidgetEngineRecord? {
        let url = folder.appendingPathComponent(file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= maxBytes,
            let data = try? Data(contentsOf: url)
        else { return nil }
        return decoded(data)
    }

    /// Writes `self` into `folder` unless its record already says the same; a folder that
    /// cannot be written (a bundle's) is passed over: the record is advice, never a failure.
    /// Readable while the phone is locked: Data Protection class C, "complete until first user
    /// authentication", as ArcMaskKit gives the folder (StandBy, the Lock Screen and Live
    /// Activities draw while the phone is locked; a `.complete` file is unreadable then).
    func note(in folder: URL) {
        if let existing = Self.read(in: folder), existing.saysTheSame(as: self) { return }
        guard let data = try? encoded() else { return }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let options: Data.WritingOptions = [.atomic, .completeFileProtectionUntilFirstUserAuthentication]
        #else
        let options: Data.WritingOptions = [.atomic]
        #endif
        try? data.write(to: folder.appendingPathComponent(Self.file), options: options)
    }

    /// Whether this process writes records: a widget extension's (its bundle is an `.appex`), and
    /// not one of Xcode's previews (which run the view in a preview agent, and would record
    /// what the preview saw as the widget's answer). An app drawing the view records nothing;
    /// it asks `diagnosis(folder:)`, which answers for itself.
    static func writesHere(
        bundlePath: String = Bundle.main.bundlePath, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        bundlePath.hasSuffix(".appex") && environment["XCODE_RUNNING_FOR_PREVIEWS"] != "1"
    }

    /// Records go to disk off the drawing, on this queue, each folder's only when it changes
    /// from the last this process wrote or read.
    private static let queue = DispatchQueue(label: "ArcMask.widget-engine-record", qos: .utility)
    nonisolated(unsafe) private static var lastNoted: [String: WidgetEngineRecord] = [:]

    /// Hands `self` to the record queue, which writes it into `folder` if this process writes
    /// records and what it says changed: the view's body only computes it.
    func schedule(in folder: URL) {
        guard Self.writesHere() else { return }
        let record = self
        Self.queue.async {
            let key = folder.standardizedFileURL.path
            if let last = Self.lastNoted[key], last.saysTheSame(as: record) { return }
            record.note(in: folder)
            Self.lastNoted[key] = record
        }
    }

    /// This system, as people name it: "iOS 17.4".
    static var thisSystem: String {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        #if os(iOS)
        let name = "iOS"
        #elseif os(macOS)
        let name = "macOS"
        #elseif os(visionOS)
        let name = "visionOS"
        #else
        let name = "this system"
        #endif
        return "\(name) \(v.majorVersion).\(v.minorVersion)" + (v.patchVersion > 0 ? ".\(v.patchVersion)" : "")
    }
}

extension ArcMaskAnimationPlan {
    /// Whether this system plays timer masks: iOS 18 and later, where `Text(.timer)` rounds its
    /// seconds alike in every view, which the masks' proof assumes (⌊t + lead⌋). iOS 17 and
    /// earlier round them up or down inconsistently (brycebostwick/WidgetAnimation#2), so there
    /// the view plays the rotation, or the poster frame.
    public static var timerMasksSupported: Bool {
        if #available(iOS 18.0, macOS 15.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) { return true }
        return false
    }

    /// Why `engine` plays when `requested` was asked for, in a sentence: which of the rotation
    /// and the masks' fonts this process has, and what the folder holds.
    public static func reason(
        _ engine: Engine, requested: Engine, hasTimerMasks: Bool, rotationResolves: Bool, masksDrawable: Bool
    ) -> String {
        let noMasks =
            !hasTimerMasks
            ? "the folder has no timer masks"
            : !timerMasksSupported
                ? "the timer masks need iOS 18 or later (earlier systems round a timer's seconds up or down inconsistently, brycebostwick/WidgetAnimation#2, so a lane could come on top a second early or late)"
                : "the timer masks' fonts are not registered here (bundle them with the widget extension and list them under its UIAppFonts)"
        switch (engine, requested) {
        case (.rotation, _):
            return "the clock-hand rotation resolves on this system"
        case (.timerMasks, .timerMasks):
            return "the timer masks, as asked; their fonts are registered"
        case (.timerMasks, _):
            return rotationResolves
                ? "the timer masks, which the folder prefers; their fonts are registered"
                : "the clock-hand rotation does not resolve on this system; the timer masks play, their fonts registered"
        case (.still, .still):
            return "the first frame still, as asked"
        case (.still, .rotation):
            return "the rotation was asked for and does not resolve on this system: the first frame still"
        case (.still, .timerMasks):
            return "the timer masks were asked for, and \(noMasks): the first frame still"
        case (.still, _):
            return "the clock-hand rotation does not resolve on this system, and \(noMasks): the first frame still"
        case (.automatic, _):
            return "automatic is a request, not an engine"
        }
    }
}

#if canImport(SwiftUI) && canImport(WidgetKit) && canImport(ImageIO)
import ImageIO
import SwiftUI
import WidgetKit
import os
#if canImport(UIKit)
import UIKit
#endif

/// How the masks reach WidgetKit's clock-hand rotation.
public struct ArcMaskRotation: Sendable {
    /// For a period of this many seconds: what turns a view once per period, or nil when the
    /// rotation cannot turn here (the view then plays its timer masks, or shows the first frame
    /// still when the folder has none). Asked once per
    /// render of the view.
    let resolve: @MainActor @Sendable (Double) -> ((AnyView) -> AnyView)?

    init(resolve: @escaping @MainActor @Sendable (Double) -> ((AnyView) -> AnyView)?) {
        self.resolve = resolve
    }

    /// A route of your own: `isAvailable` says whether it turns here for a period of this many
    /// seconds, `turn` turns a view once every `period` seconds.
    public init(
        isAvailable: @escaping @MainActor @Sendable (Double) -> Bool,
        turn: @escaping @MainActor @Sendable (AnyView, Double) -> AnyView
    ) {
        resolve = { period in isAvailable(period) ? { turn($0, period) } : nil }
    }

    /// Public API only: never turns, so the view plays its timer masks, or its poster frame still.
    /// For an app that must not reach WidgetKit's private rotation (App Review); with the
    /// `ARCMASK_PUBLIC_API_ONLY` compilation condition (ArcMaskKit's `PublicAPIOnly` trait,
    /// `arcmask export --rotation-access none`) `.runtime` is this too, and the lookup is not compiled.
    public static let none = ArcMaskRotation { _ in nil }

    #if ARCMASK_PUBLIC_API_ONLY
    /// Public API only (`ARCMASK_PUBLIC_API_ONLY`): the same as `.none`.
    public static let runtime = none
    #else
    /// WidgetKit's `_ClockHandRotationEffect` modifier looked up by its mangled name at run time,
    /// built by decoding its Codable form and applied as a ViewModifier: no SDK declaration is
    /// needed, so it compiles with any current Xcode, and it does not go through the function
    /// that iOS 26.1 switched off for apps built with Xcode 26.1 or later (giljihun/ClockHandKit
    /// documents the route and reports it turning on iOS 26.1 and 26.5). When this system has no
    /// such type, or none of the known payloads decodes, it logs that when the view is drawn
    /// (subsystem "ArcMask", category "rotation") and the view plays its timer masks, or shows
    /// the first frame still when the folder has none.
    public static let runtime = ArcMaskRotation { period in
        // Looked up and decoded once per render; every layer's mask applies the same value.
        guard let effect = ArcMaskClockHand.effect(period: period) else { return nil }
        return { ArcMaskClockHand.apply(effect, to: $0) }
    }
    #endif
}

#if !ARCMASK_PUBLIC_API_ONLY
/// WidgetKit's clock-hand rotation, rebuilt at run time from its Codable form.
enum ArcMaskClockHand {
    static let mangledType = "9WidgetKit24_ClockHandRotationEffectV"

    /// The modifier for `period` seconds; nil when this system has no such type in a known form.
    static func effect(period: Double) -> (any ViewModifier)? {
        let logger = Logger(subsystem: "ArcMask", category: "rotation")
        guard let type = _typeByName(mangledType) as? any Decodable.Type else {
            logger.error("WidgetKit has no clock-hand rotation type here: showing the first frame still")
            return nil
        }
        for payload in payloads(period: period) {
            if let value = try? JSONDecoder().decode(type, from: payload), let modifier = value as? any ViewModifier {
                return modifier
            }
        }
        logger.error(
            "WidgetKit's clock-hand rotation did not decode from any known form: showing the first frame still")
        return nil
    }

    /// The Codable forms the modifier is known to take, newest first: period in seconds, the time
    /// zone as Foundation encodes it, the anchor at the centre; the first also asks for the real
    /// date rather than an idealized one (reported turning on iOS 18, 26 and 27; a release that
    /// does not know the key ignores it).
    static func payloads(period: Double) -> [Data] {
        let zone =
            String(
                data: (try? JSONEncoder().encode(TimeZone.current.identifier)) ?? Data("\"GMT\"".utf8), encoding: .utf8)
            ?? "\"GMT\""
        return [
            "{\"period\":\(period),\"timeZone\":{\"identifier\":\(zone)},\"anchor\":[0.5,0.5],\"honorIdealizedDate\":false}",
            "{\"period\":\(period),\"timeZone\":{\"identifier\":\(zone)},\"anchor\":[0.5,0.5]}",
            "{\"period\":{\"custom\":{\"_0\":\(period)}},\"timeZone\":{\"identifier\":\(zone)},\"anchor\":{\"x\":0.5,\"y\":0.5}}",
        ].map { Data($0.utf8) }
    }

    @MainActor
    static func apply(_ effect: any ViewModifier, to view: AnyView) -> AnyView {
        func applying<M: ViewModifier>(_ modifier: M) -> AnyView { AnyView(view.modifier(modifier)) }
        return applying(effect)
    }
}
#endif  // !ARCMASK_PUBLIC_API_ONLY

/// An open arc around the view's centre, drawn as the plan's cubic curves (`Layer.curvePoints`);
/// stroked, it becomes one layer's mask.
struct ArcMaskArc: Shape {
    let radius: Double
    let layer: ArcMaskAnimationPlan.Layer

    nonisolated func path(in rect: CGRect) -> Path {
        let (start, curves) = layer.curvePoints(cx: rect.midX, cy: rect.midY, radius: radius)
        var path = Path()
        path.move(to: CGPoint(x: start.x, y: start.y))
        for c in curves {
            path.addCurve(
                to: CGPoint(x: c.end.x, y: c.end.y), control1: CGPoint(x: c.c1.x, y: c.c1.y),
                control2: CGPoint(x: c.c2.x, y: c.c2.y))
        }
        return path
    }
}

extension View {
    /// A timer's text changes without a crossfade (iOS 16 or later; earlier systems do not fade).
    @ViewBuilder
    func arcMaskNoTransition() -> some View {
        if #available(iOS 16.0, macOS 13.0, *) {
            contentTransition(.identity)
        } else {
            self
        }
    }
}

extension Image {
    /// On tinted and clear home screens (iOS 18 or later) the frames keep their colours or join
    /// the tint (only an `Image` can choose). The iOS 18 SDK (Xcode 16, Swift 6 compilers)
    /// declares it; older Xcodes build the view without it.
    @ViewBuilder
    func arcMaskAccentedRendering(_ mode: ArcMaskAccentedRendering) -> some View {
        #if compiler(>=6.0)
        if #available(iOS 18.0, macOS 15.0, *) {
            switch mode {
            case .fullColor: widgetAccentedRenderingMode(.fullColor)
            case .accented: widgetAccentedRenderingMode(.accented)
            case .alpha, .poster: widgetAccentedRenderingMode(.desaturated)
            }
        } else {
            self
        }
        #else
        self
        #endif
    }
}

/// `ArcMaskAnimation(folder:)`, or `placeholder` until the folder holds an animation it can
/// play (none prepared yet, or one being replaced): a view that is always there.
@available(iOS 15.0, macOS 12.0, *)
public struct ArcMaskFolderView<Placeholder: View>: View {
    private let animation: ArcMaskAnimation?
    private let placeholder: Placeholder

    /// Shows the animation in `folder`, or `placeholder` when it holds none the view can play;
    /// the other parameters are `ArcMaskAnimation(folder:)`'s.
    /// - Parameters:
    ///   - folder: the folder `prepare` or `arcmask export` wrote (its `manifest.json` and images).
    ///   - label: what VoiceOver reads for the animation (nil: the folder's own label, the
    ///     animation's name).
    ///   - placeholder: the view shown instead when the folder cannot be played.
    public init(
        folder: URL, label: String? = nil, accented: ArcMaskAccentedRendering = .fullColor,
        rotation: ArcMaskRotation = .runtime, engine: ArcMaskAnimationPlan.Engine = .automatic, date: Date = Date(),
        contentMode: ArcMaskContentMode = .fill, @ViewBuilder placeholder: () -> Placeholder
    ) {
        animation = ArcMaskAnimation(
            folder: folder, label: label, accented: accented, rotation: rotation, engine: engine, date: date,
            contentMode: contentMode)
        self.placeholder = placeholder()
    }

    /// The animation, or the placeholder when the folder held none to play as the view was made.
    public var body: some View {
        if let animation {
            animation
        } else {
            placeholder
        }
    }
}

/// A folder read off the main actor, handed to it (`ArcMaskAnimation.load(folder:)`).
private struct LoadedExport: @unchecked Sendable {
    let plan: ArcMaskAnimationPlan
    let files: [String: Data]
    let manifestDigest: String
    init(_ read: (plan: ArcMaskAnimationPlan, files: [String: Data], manifestDigest: String)) {
        (plan, files, manifestDigest) = read
    }
}

/// Plays arc-masked layers inside a widget (iOS 15 or later): a folder written by `arcmask
/// export` or by ArcMaskKit's `prepare`, or an export's frames in the extension's bundle.
@available(iOS 15.0, macOS 12.0, *)
public struct ArcMaskAnimation: View {
    private let plan: ArcMaskAnimationPlan
    private let images: [Image]
    private let accented: ArcMaskAccentedRendering
    private let rotation: ArcMaskRotation
    private let engine: ArcMaskAnimationPlan.Engine
    private let date: Date
    private let contentMode: ArcMaskContentMode
    /// What VoiceOver reads: the view is one element, its layers hidden.
    private let label: String
    /// The folder it was made from and its manifest's digest, where the view records what it
    /// resolved (`WidgetEngineRecord`); nil for a bundle's frames.
    private var recordsIn: (folder: URL, manifest: String)? = nil

    /// Plays the folder at `folder` (its `manifest.json` and images, such as a folder in the App
    /// Group container); nil when the manifest or an image is missing or damaged. `engine`:
    /// by default the rotation where it turns, else the timer masks the folder carries (their
    /// fonts listed under `UIAppFonts`), else the first frame still; `date`: the entry's date
    /// (any date gives the timer masks the same phase); `contentMode`: how the drawing meets
    /// the size the widget is given (it scales to any container; `.fill` crops, `.fit` does not);
    /// `label`: what VoiceOver reads (nil: the folder's own label, the animation's name).
    public init?(
        folder: URL, label: String? = nil, accented: ArcMaskAccentedRendering = .fullColor,
        rotation: ArcMaskRotation = .runtime, engine: ArcMaskAnimationPlan.Engine = .automatic, date: Date = Date(),
        contentMode: ArcMaskContentMode = .fill
    ) {
        guard let read = Self.read(folder: folder) else { return nil }
        self.init(
            plan: read.plan, label: label, accented: accented, rotation: rotation, engine: engine, date: date,
            contentMode: contentMode
        ) { read.files[$0] }
        recordsIn = (folder, read.manifestDigest)
    }

    /// The folder's manifest and every file it names, read and checked against their digests;
    /// nil when one is missing, damaged or not a regular file. Touches no view: it may run on
    /// any thread (`load(folder:)` runs it off the main actor).
    nonisolated static func read(
        folder: URL
    ) -> (plan: ArcMaskAnimationPlan, files: [String: Data], manifestDigest: String)? {
        func contents(_ name: String, limit: Int) -> Data? {
            let url = folder.appendingPathComponent(name)
            // Regular files only: a FIFO would block the widget, a folder cannot be read.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = attributes[.size] as? NSNumber, size.intValue <= limit
            else { return nil }
            return try? Data(contentsOf: url)
        }
        let size = { (name: String) -> Int? in
            (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.size]
                .flatMap { ($0 as? NSNumber)?.intValue }
        }
        var manifestDigest: String?
        let reading = { (name: String, limit: Int) -> Data? in
            let data = contents(name, limit: limit)
            if name == "manifest.json", let data { manifestDigest = ArcMaskAnimationPlan.digest(data) }
            return data
        }
        guard let (plan, files) = ArcMaskAnimationPlan.read(reading, size: size), let manifestDigest else {
            return nil
        }
        return (plan, files, manifestDigest)
    }

    /// `init?(folder:)` for an app's own preview: the manifest and images are read off the main
    /// actor, so a large folder does not hold up the app's interface; the view is then made on
    /// the main actor. nil where `init?(folder:)` gives nil. (A widget's view is made as its
    /// timeline entry is drawn, where `init?(folder:)` is the one to use.)
    @MainActor
    public static func load(
        folder: URL, label: String? = nil, accented: ArcMaskAccentedRendering = .fullColor,
        rotation: ArcMaskRotation = .runtime, engine: ArcMaskAnimationPlan.Engine = .automatic, date: Date = Date(),
        contentMode: ArcMaskContentMode = .fill
    ) async -> ArcMaskAnimation? {
        let read = await Task.detached(priority: .userInitiated) { Self.read(folder: folder).map(LoadedExport.init) }
            .value
        guard let read else { return nil }
        var view = ArcMaskAnimation(
            plan: read.plan, label: label, accented: accented, rotation: rotation, engine: engine, date: date,
            contentMode: contentMode
        ) { read.files[$0] }
        view?.recordsIn = (folder, read.manifestDigest)
        return view
    }

    /// Plays an export's frames from `bundle` (the widget extension's own resources); `label`:
    /// what VoiceOver reads (nil: the plan's own).
    public init?(
        plan: ArcMaskAnimationPlan, bundle: Bundle = .main, label: String? = nil,
        accented: ArcMaskAccentedRendering = .fullColor, rotation: ArcMaskRotation = .runtime,
        engine: ArcMaskAnimationPlan.Engine = .automatic, date: Date = Date(), contentMode: ArcMaskContentMode = .fill
    ) {
        self.init(
            plan: plan, label: label, accented: accented, rotation: rotation, engine: engine, date: date,
            contentMode: contentMode
        ) { name in
            bundle.url(forResource: name, withExtension: nil).flatMap { try? Data(contentsOf: $0) }
        }
    }

    /// Image files larger than this are not read.
    public static let maxImageBytes = ArcMaskAnimationPlan.maxImageBytes

    /// What the folder plays: the rotation, the timer masks (their fonts registered), or its
    /// first frame still; nil when there is no readable manifest. `diagnosis(folder:)` says why
    /// and who answered.
    @MainActor
    public static func diagnose(
        folder: URL, rotation: ArcMaskRotation = .runtime, engine: ArcMaskAnimationPlan.Engine = .automatic
    ) -> ArcMaskAnimationPlan.Engine? {
        diagnosis(folder: folder, rotation: rotation, engine: engine)?.engine
    }

    /// What the folder plays, why, and who answered; nil when there is no readable manifest.
    /// For an app to tell its user when the widget shows a still.
    ///
    /// The widget's own answer when it has drawn this folder: `ArcMaskAnimation(folder:)`
    /// records what it resolved beside the manifest (`.widget-engine.json`), in the widget
    /// extension's process, whose fonts are the ones that count: fonts listed under
    /// `UIAppFonts` are registered only for the bundle whose Info.plist lists them (Apple's
    /// Information Property List reference), and the mask fonts belong in the extension.
    /// Otherwise this process answers, and `origin` says so (`.thisProcess`). On the main actor,
    /// as resolving the rotation is (SDKs before iOS 18 do not isolate `View` itself).
    @MainActor
    public static func diagnosis(
        folder: URL, rotation: ArcMaskRotation = .runtime, engine: ArcMaskAnimationPlan.Engine = .automatic
    ) -> ArcMaskDiagnosis? {
        let url = folder.appendingPathComponent("manifest.json")
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= ArcMaskAnimationPlan.maxManifestBytes,
            let data = try? Data(contentsOf: url), let plan = try? ArcMaskAnimationPlan(manifest: data)
        else { return nil }
        if let record = WidgetEngineRecord.read(in: folder), record.requested == engine,
            record.manifestDigest == ArcMaskAnimationPlan.digest(data)
        {
            return record.diagnosis
        }
        let turns = engine == .timerMasks || engine == .still ? false : rotation.resolve(plan.periodSeconds) != nil
        let drawable = ArcMaskAnimationPlan.timerMasksSupported && (plan.timerMasks.map(fontsRegistered) ?? false)
        let played = plan.engine(engine, rotationResolves: turns, masksDrawable: drawable)
        let reason = ArcMaskAnimationPlan.reason(
            played, requested: engine, hasTimerMasks: plan.timerMasks != nil, rotationResolves: turns,
            masksDrawable: drawable)
        return ArcMaskDiagnosis(
            engine: played,
            reason: reason + " (answered by this process: the widget has not drawn this folder yet)",
            origin: .thisProcess, recorded: nil, system: nil)
    }

    private init?(
        plan: ArcMaskAnimationPlan, label: String?, accented: ArcMaskAccentedRendering, rotation: ArcMaskRotation,
        engine: ArcMaskAnimationPlan.Engine, date: Date, contentMode: ArcMaskContentMode, data: (String) -> Data?
    ) {
        var images: [Image] = []
        if let strip = plan.strip {
            // One sheet: decoded here, in the extension, to crop its cells.
            guard let bytes = data(strip), let source = CGImageSourceCreateWithData(bytes as CFData, nil),
                let sheet = CGImageSourceCreateImageAtIndex(source, 0, nil)
            else { return nil }
            for c in plan.cells {
                guard let cell = sheet.cropping(to: CGRect(x: c.x, y: c.y, width: c.width, height: c.height)) else {
                    return nil
                }
                images.append(Image(decorative: cell, scale: CGFloat(plan.scale), orientation: .up))
            }
        } else {
            // Only the cells shown are read (a thinned plan shows fewer); the others are never
            // drawn and take the first shown cell's image.
            let shown = plan.shownCells
            var loaded: [Image?] = []
            for (i, c) in plan.cells.enumerated() {
                guard shown.contains(i) else {
                    loaded.append(nil)
                    continue
                }
                guard let bytes = data(c.file), let image = Self.image(bytes, scale: plan.scale) else { return nil }
                loaded.append(image)
            }
            guard let first = loaded.compactMap({ $0 }).first else { return nil }
            images = loaded.map { $0 ?? first }
        }
        guard !images.isEmpty else { return nil }
        self.plan = plan
        self.images = images
        self.accented = accented
        self.rotation = rotation
        self.engine = engine
        self.date = date
        self.contentMode = contentMode
        self.label = label ?? plan.label ?? "Animation"
    }

    /// A layer file's image. On iOS the encoded bytes go to SwiftUI as they are: the system
    /// process that draws the widget decodes them, not the extension.
    private static func image(_ bytes: Data, scale: Double) -> Image? {
        #if canImport(UIKit)
        return UIImage(data: bytes, scale: CGFloat(scale)).map { Image(uiImage: $0) }
        #else
        guard let source = CGImageSourceCreateWithData(bytes as CFData, nil),
            let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
        else { return nil }
        return Image(decorative: image, scale: CGFloat(scale), orientation: .up)
        #endif
    }

    /// The drawing at its own size, scaled to the container the widget gives it (158 pt on one
    /// phone, 170 on another for the same family) and centred; `.fill` crops what overflows.
    /// VoiceOver meets one image with the animation's label, not each of its layers, lanes and
    /// timers (Apple's "Accessibility modifiers": `accessibilityElement(children: .ignore)`
    /// makes the view one element whose children are not read).
    public var body: some View {
        GeometryReader { proxy in
            looked
                .scaleEffect(
                    CGFloat(
                        plan.scale(
                            toWidth: Double(proxy.size.width), height: Double(proxy.size.height), mode: contentMode))
                )
                .frame(width: proxy.size.width, height: proxy.size.height)
                .clipped()
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(label))
        .accessibilityAddTraits(.isImage)
    }

    /// What shows in the system's look: the poster frame, still, where the view holds still
    /// (at reduced luminance, where the system does not animate; `.poster` where colours are not
    /// kept), else what plays. Before iOS 16 there is no look to read: what plays.
    @MainActor @ViewBuilder
    private var looked: some View {
        if #available(iOS 16.0, macOS 13.0, *) {
            ArcMaskLookReader { keepsColours, reduced in
                if accented.holdsStill(keepsColours: keepsColours, luminanceReduced: reduced) {
                    poster
                } else {
                    drawing
                }
            }
        } else {
            drawing
        }
    }

    /// The poster frame, still, at the plan's size.
    @MainActor
    private var poster: some View {
        images[plan.posterCell]
            .resizable()
            .arcMaskAccentedRendering(accented)
            .frame(width: plan.viewWidth, height: plan.viewHeight)
            .accessibilityHidden(true)
    }

    /// What plays, at the plan's size.
    @MainActor @ViewBuilder
    private var drawing: some View {
        // The rotation is looked up only when it may play.
        let turn = engine == .timerMasks || engine == .still ? nil : rotation.resolve(plan.periodSeconds)
        let drawable =
            ArcMaskAnimationPlan.timerMasksSupported && (plan.timerMasks.map(Self.fontsRegistered) ?? false)
        let played = plan.engine(engine, rotationResolves: turn != nil, masksDrawable: drawable)
        // What the widget resolved, kept beside the manifest for the app (`diagnosis`). A
        // widget's view runs no `onAppear` or `task`, so it is decided as the view is drawn and
        // written off the drawing, by the widget extension only, when it changes.
        let _ = recordsIn.map {
            WidgetEngineRecord(
                engine: played, requested: engine, hasTimerMasks: plan.timerMasks != nil,
                rotationResolves: turn != nil, masksDrawable: drawable, manifestDigest: $0.manifest,
                system: WidgetEngineRecord.thisSystem, recorded: Date()
            ).schedule(in: $0.folder)
        }
        if played == .rotation, let turn {
            masks(turn)
        } else if played == .timerMasks, let lanes = plan.timerMasks {
            timerMasks(lanes)
        } else {
            poster
        }
    }

    /// Whether every mask font is registered (bundled with the extension and listed in its
    /// `UIAppFonts`): UIKit finds a font by its PostScript name only then.
    private static func fontsRegistered(_ t: ArcMaskAnimationPlan.TimerMasks) -> Bool {
        #if canImport(UIKit)
        return Set(t.lanes.flatMap { $0.masks.map(\.font) }).allSatisfy { UIFont(name: $0, size: 12) != nil }
        #else
        return true
        #endif
    }

    /// Every lane's image under its timers, bottom to top: the system's renderer uncovers one
    /// after another as the timers' seconds turn.
    @MainActor
    private func timerMasks(_ t: ArcMaskAnimationPlan.TimerMasks) -> some View {
        let reference = t.referenceDate(for: date)
        return ZStack {
            ForEach(0..<t.lanes.count, id: \.self) { i in
                lane(t.lanes[i], reference: reference)
            }
        }
        .frame(width: plan.viewWidth, height: plan.viewHeight)
        .clipped()
        .environment(\.locale, Locale(identifier: "en_US_POSIX"))
    }

    /// One lane: its image under each of its masks in turn.
    @MainActor
    private func lane(_ lane: ArcMaskAnimationPlan.TimerMasks.Lane, reference: Date) -> AnyView {
        var view = AnyView(
            images[lane.cell]
                .resizable()
                .arcMaskAccentedRendering(accented)
                .frame(width: plan.viewWidth, height: plan.viewHeight)
                .accessibilityHidden(true))
        for mask in lane.masks {
            let under = view
            view = AnyView(under.mask(alignment: .center) { timer(mask, reference: reference) })
        }
        return view
    }

    /// A timer counting up from `lead` seconds before the reference date in the mask font, one
    /// em as tall as the view: digits and separators draw nothing and take no room, so the
    /// seconds' glyph (a full square, or nothing) is all it shows.
    @MainActor
    private func timer(_ mask: ArcMaskAnimationPlan.TimerMasks.Mask, reference: Date) -> some View {
        Text(reference.addingTimeInterval(-mask.leadSeconds), style: .timer)
            .font(.custom(mask.font, fixedSize: plan.viewHeight))
            .foregroundStyle(Color.black)
            .lineLimit(1)
            .arcMaskNoTransition()
            .fixedSize()
            .frame(width: plan.viewWidth, height: plan.viewHeight, alignment: .trailing)
            .clipped()
    }

    /// Every frame, each masked by its arc; the arcs turn together. On the main actor, as the
    /// rotation is (SDKs before iOS 18 do not isolate `View` itself).
    @MainActor
    private func masks(_ turn: @escaping (AnyView) -> AnyView) -> some View {
        ZStack {
            ForEach(0..<plan.layers.count, id: \.self) { i in
                let layer = plan.layers[i]
                images[layer.frame]
                    .resizable()
                    .arcMaskAccentedRendering(accented)
                    .frame(width: plan.viewWidth, height: plan.viewHeight)
                    .mask(alignment: .center) {
                        turn(
                            AnyView(
                                ArcMaskArc(radius: plan.radius, layer: layer)
                                    .stroke(
                                        style: StrokeStyle(
                                            lineWidth: plan.lineWidth, lineCap: plan.squareCaps ? .square : .butt)
                                    )
                                    .frame(width: plan.viewWidth, height: plan.viewHeight))
                        )
                        .offset(y: plan.centerOffset)
                    }
                    .accessibilityHidden(true)
            }
        }
        .frame(width: plan.viewWidth, height: plan.viewHeight)
        .clipped()
    }
}
/// Reads the look the system draws the widget in: whether it keeps colours (WidgetKit's
/// full-colour rendering mode, not the accented or vibrant one) and whether the display is at
/// reduced luminance (Always-On).
@available(iOS 16.0, macOS 13.0, *)
private struct ArcMaskLookReader<Content: View>: View {
    @Environment(\.widgetRenderingMode) private var mode
    @Environment(\.isLuminanceReduced) private var reduced
    let content: @MainActor (_ keepsColours: Bool, _ luminanceReduced: Bool) -> Content

    init(@ViewBuilder content: @escaping @MainActor (_ keepsColours: Bool, _ luminanceReduced: Bool) -> Content) {
        self.content = content
    }

    var body: some View { content(mode == .fullColor, reduced) }
}
#endif
