import ArcMaskValues
import Foundation

/// What a plan is made from.
public struct PlanRequest: Sendable {
    /// The view's size in points.
    public var viewWidth: Double
    public var viewHeight: Double
    /// Pixels per point (2 or 3 on iPhones).
    public var scale: Double
    /// Each frame's duration as players show it, in ms.
    public var durationsMs: [Double]
    public var preset: Preset
    /// For the `arcmask` preset: the display refresh rate the seams are sized for.
    public var refreshHz: Double
    /// For the `arcmask` preset: how long a seam takes to cross the view, as a fraction of one
    /// refresh interval; the verdict's budget for every preset. nil: the shortest seam the phone
    /// draws faithfully (`ArcPlanner.faithfulCentreOffset`), within a budget of
    /// `ArcPlanner.defaultSeamFraction` of a refresh (or that seam, when a long loop in a wide view
    /// cannot cross faster).
    public var seamFraction: Double?

    public init(
        viewWidth: Double, viewHeight: Double, scale: Double = 3, durationsMs: [Double],
        preset: Preset = .arcmask, refreshHz: Double = 120, seamFraction: Double? = nil
    ) {
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.scale = scale
        self.durationsMs = durationsMs
        self.preset = preset
        self.refreshHz = refreshHz
        self.seamFraction = seamFraction
    }
}

/// A setting a planning message points to. Each front end names it in its own words
/// (`PlanVocabulary`): the command line by its options.
public enum PlanSetting: String, Sendable, Equatable, CaseIterable {
    case seamFraction, framesPerSecond, loopSeconds, timing

    /// Stands for the setting in a suggestion until a front end names it.
    public var token: String { "⟨\(rawValue)⟩" }
}

/// What a front end calls the planning settings.
public struct PlanVocabulary: Sendable, Equatable {
    public var seamFraction: String
    public var framesPerSecond: String
    public var loopSeconds: String
    public var timing: String

    public init(seamFraction: String, framesPerSecond: String, loopSeconds: String, timing: String) {
        self.seamFraction = seamFraction
        self.framesPerSecond = framesPerSecond
        self.loopSeconds = loopSeconds
        self.timing = timing
    }

    public func name(_ setting: PlanSetting) -> String {
        switch setting {
        case .seamFraction: seamFraction
        case .framesPerSecond: framesPerSecond
        case .loopSeconds: loopSeconds
        case .timing: timing
        }
    }

    /// The settings in plain words, for callers without names of their own.
    public static let plain = PlanVocabulary(
        seamFraction: "the seam fraction", framesPerSecond: "the frame rate", loopSeconds: "the loop",
        timing: "the timing")
}

/// A plan that cannot work, with what would. The suggestion may point to settings
/// (`PlanSetting.token`), which `message(_:)` names in a front end's words.
public struct PlanError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problem: String
    /// The suggestion with its settings unnamed (tokens).
    public var advice: String

    public init(problem: String, suggestion: String) {
        self.problem = problem
        advice = suggestion
    }

    /// The settings the suggestion points to.
    public var settings: [PlanSetting] { PlanSetting.allCases.filter { advice.contains($0.token) } }

    public func suggestion(_ names: PlanVocabulary) -> String {
        PlanSetting.allCases.reduce(advice) { $0.replacingOccurrences(of: $1.token, with: names.name($1)) }
    }

    public var suggestion: String { suggestion(.plain) }

    public func message(_ names: PlanVocabulary) -> String { "\(problem); \(suggestion(names))" }

    public var description: String { message(.plain) }
}

/// Computes mask plans: the public implementations exactly as their code builds them, and
/// the project's own `arcmask` plan.
public enum ArcPlanner {
    /// Margin kept between the view's farthest/nearest points and the band's edges (points).
    public static let bandMargin = 1.0
    /// `arcmask` hand-offs complete this long before the timeline's boundary (ms), so a
    /// refresh that falls exactly on the boundary sees only the new frame.
    public static let guardMs = 0.05
    /// The most layers a plan may have (the repeating presets multiply frames by delay / gcd).
    public static let maxLayers = 20_000
    /// The seam budget when none is given: an eighth of a refresh interval (1.04 ms at 120 Hz).
    public static let defaultSeamFraction = 1.0 / 8

    /// The farthest the circle's centre may lie below the view, in points, for the phone to draw
    /// the arcs where the plan puts them: 2¹⁹ pt.
    ///
    /// The bound is derived, not measured. Core Animation keeps some of its geometry in 32-bit
    /// floats (a `CALayer`'s `zPosition` is cut to single precision: Stack Overflow question
    /// 25071192, and "shape rasterization may favor speed over accuracy": Apple's `CAShapeLayer`
    /// documentation), so assume the worst: every stage on the GPU rounds to 24-bit mantissas.
    /// A point of an arc of radius R near the view then carries the rounding of its coordinates
    /// (R·2⁻²⁴ each), of the rotation's sine and cosine (R·2⁻²⁴ each), of the angle itself
    /// (half an ulp of 2π: R·2⁻²²) and of the offset that brings the circle under the view
    /// (R·2⁻²⁴): about R·2⁻²¹ in all. Held to a quarter point — a quarter of the 1 pt margin the
    /// band keeps past the view, an eighth of the 2 pt by which neighbouring layers overlap — R
    /// stays under 2¹⁹ pt. A public arc-mask widget (DouYinComment) ships radii of about
    /// 1.8·10⁵ pt for a small widget and reports that larger draws better, which is within the bound.
    public static let faithfulCentreOffset = 524_288.0

    /// How long a seam takes to cross a `width`×`height` view whose circle centre lies `offset`
    /// below the view's centre, for a loop of `periodMs`.
    public static func seamCrossingMs(width: Double, height: Double, offset: Double, periodMs: Double) -> Double {
        ViewGeometry(width: width, height: height, centerOffset: offset).angularWidth / 360 * periodMs
    }

    /// The shortest seam a phone draws faithfully for this view and loop (the crossing with the
    /// circle's centre `faithfulCentreOffset` below the view), ms.
    public static func faithfulSeamMs(width: Double, height: Double, periodMs: Double) -> Double {
        seamCrossingMs(width: width, height: height, offset: max(faithfulCentreOffset, height), periodMs: periodMs)
    }

    /// The longest a seam may take to cross the view before the verdict fails, ms: the request's
    /// seam fraction of a refresh, or by default an eighth of one — or the faithful seam, when a
    /// long loop in a wide view cannot cross faster.
    public static func seamBudgetMs(_ r: PlanRequest) -> Double {
        let refreshMs = 1000 / r.refreshHz
        if let f = r.seamFraction { return f * refreshMs }
        let faithful = faithfulSeamMs(
            width: r.viewWidth, height: r.viewHeight, periodMs: r.durationsMs.reduce(0, +))
        return max(defaultSeamFraction * refreshMs, faithful)
    }

    public static func plan(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        guard r.durationsMs.count <= maxLayers else {
            throw PlanError(
                problem: "\(r.durationsMs.count) frames, over the limit of \(maxLayers) layers",
                suggestion: "use fewer frames")
        }
        guard !r.durationsMs.isEmpty else {
            throw PlanError(problem: "the animation has no frames", suggestion: "give it at least one frame")
        }
        guard r.viewWidth > 0, r.viewHeight > 0, r.scale > 0 else {
            throw PlanError(
                problem: "the view is \(r.viewWidth)×\(r.viewHeight) pt at \(r.scale)×",
                suggestion: "use a positive size and scale")
        }
        guard (r.viewWidth * r.scale).rounded() >= 1, (r.viewHeight * r.scale).rounded() >= 1 else {
            throw PlanError(
                problem: "the view is \(fmt(r.viewWidth))×\(fmt(r.viewHeight)) pt at \(fmt(r.scale))×: under one pixel",
                suggestion: "give a view of at least one pixel each way")
        }
        guard r.durationsMs.allSatisfy({ $0 >= 0 && $0.isFinite }), r.durationsMs.reduce(0, +) > 0 else {
            throw PlanError(
                problem: "the frames' total duration is zero",
                suggestion: "give the frames delays (a GIF delay of 0 plays as 100 ms)")
        }
        if r.durationsMs.count == 1 { return try still(r) }
        switch r.preset {
        case .dynamicwidget: return try dynamicWidget(r)
        case .oneday: return try oneDay(r)
        case .widgetnimation: return try widgetnimation(r)
        case .douyin: return try douyin(r)
        case .arcmask: return try arcmask(r)
        }
    }

    /// One frame: nothing hands off, so every preset shows it as a still, under one full ring
    /// (butt caps, 361°) wide enough to cover the view at any rotation. The ring's centre sits
    /// below the view so that the view spans a quarter turn, as a plan of a few frames would.
    static func still(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        let w = r.viewWidth, h = r.viewHeight
        let offset = h / 2 + (w / 2) / tan(Double.pi / 4)
        let view = ViewGeometry(width: w, height: h, centerOffset: offset)
        // The margin shrinks for views of a point or two, so the ring's inner edge stays above the centre.
        let margin = min(bandMargin, view.nearestRadius / 2)
        let inner = view.nearestRadius - margin, outer = view.farthestRadius + margin
        return try finish(
            r, radius: (inner + outer) / 2, lineWidth: outer - inner, cap: .butt, centerOffset: offset,
            period: r.durationsMs[0] / 1000, layers: [ArcLayer(zIndex: 0, frame: 0, startAngle: 0, endAngle: 361)])
    }

    // MARK: Public implementations

    /// SDWebImage turns a GIF into equal-length images by repeating each frame
    /// `delay / gcd(delays)` times.
    static func repeatedFrames(_ durations: [Double]) throws(PlanError) -> [Int] {
        let ms = durations.map { max(1, Int(min($0, 1e9).rounded())) }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let g = ms.reduce(0, gcd)
        let total = ms.reduce(0) { $0 + $1 / g }
        guard total <= maxLayers else {
            throw PlanError(
                problem:
                    "repeating each frame delay/gcd(delays) times (as SDWebImage does) makes \(total) layers, over the limit of \(maxLayers)",
                suggestion: "use the arcmask preset, which needs one layer per frame")
        }
        return ms.enumerated().flatMap { i, d in Array(repeating: i, count: d / g) }
    }

    static func uniformLayers(_ frames: [Int], frameForLayer: (Int) -> Int) -> [ArcLayer] {
        let theta = 360 / Double(frames.count)
        return (0..<frames.count).map { k in
            ArcLayer(zIndex: k, frame: frameForLayer(k), startAngle: Double(k) * theta, endAngle: Double(k + 1) * theta)
        }
    }

    static func dynamicWidget(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        let s = max(r.viewWidth, r.viewHeight)
        let expanded = try repeatedFrames(r.durationsMs)
        let period = r.durationsMs.reduce(0, +) / 2 / 1000
        return try finish(
            r, radius: s * s, lineWidth: s, cap: .square, centerOffset: s * s, period: period,
            layers: uniformLayers(expanded) { expanded[$0] })
    }

    static func oneDay(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        let s = max(r.viewWidth, r.viewHeight)
        let n = r.durationsMs.count
        let period = r.durationsMs.map { $0 < 20 ? 100 : $0 }.reduce(0, +) / 1000
        return try finish(
            r, radius: s * s, lineWidth: 1.1 * s, cap: .square, centerOffset: s * s, period: period,
            layers: uniformLayers(Array(0..<n)) { n - 1 - $0 })
    }

    static func widgetnimation(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        let s = max(r.viewWidth, r.viewHeight)
        let n = r.durationsMs.count
        let theta = 360 / Double(n)
        let layers = (0..<n).map { k in
            ArcLayer(zIndex: k, frame: k, startAngle: -Double(k + 1) * theta, endAngle: -Double(k) * theta)
        }
        return try finish(
            r, radius: 50 * s, lineWidth: 1.5 * s, cap: .butt, centerOffset: 50 * s, period: 2, layers: layers)
    }

    static func douyin(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        let s = max(r.viewWidth, r.viewHeight)
        let expanded = try repeatedFrames(r.durationsMs)
        let m = expanded.count
        let alpha = radians(360 / Double(m) / 2)
        let h = s / 2, ta = tan(alpha)
        let b = h / ta
        let outer = (5 * h * h + h * h / (ta * ta) + 4 * h * h / ta).squareRoot()
        let lw = outer - b
        let radius = (outer - lw / 2) * 300
        let t = outer - s - b
        return try finish(
            r, radius: radius, lineWidth: lw, cap: .square, centerOffset: radius - t / 2,
            period: r.durationsMs.reduce(0, +) / 1000,
            layers: uniformLayers(expanded) { expanded[m - 1 - $0] })
    }

    // MARK: arcmask

    /// Two frames or more (`plan` hands one frame to `still`). Slices proportional to the
    /// durations, laid out so that frame i covers the view from (its start − guard) to (its
    /// end − guard − seam crossing); seams are radial lines (butt caps) and each layer reaches
    /// a little under the layer above it, so no seam ever shows the background.
    static func arcmask(_ r: PlanRequest) throws(PlanError) -> ArcPlan {
        let w = r.viewWidth, h = r.viewHeight
        let periodMs = r.durationsMs.reduce(0, +)
        let n = r.durationsMs.count
        let refreshMs = 1000 / r.refreshHz
        let sweepMs =
            r.seamFraction.map { $0 * refreshMs } ?? faithfulSeamMs(width: w, height: h, periodMs: periodMs)
        guard sweepMs > 0, sweepMs < periodMs / 2 else {
            throw PlanError(
                problem: "a seam budget of \(fmt(sweepMs)) ms does not fit a \(fmt(periodMs)) ms animation",
                suggestion: "use a seam fraction between 0 and 1 and a refresh rate above 1 Hz")
        }
        // Centre offset D: the view spans Δ = 360°·sweep/P seen from the centre.
        let delta = 2 * Double.pi * sweepMs / periodMs
        let offset = h / 2 + (w / 2) / tan(delta / 2)
        guard offset.isFinite, offset <= faithfulCentreOffset * (1 + 1e-9) else {
            // The seam crosses the view in so little time that the circle lies too far away to draw faithfully.
            let needed = faithfulSeamMs(width: w, height: h, periodMs: periodMs) / refreshMs
            throw PlanError(
                problem:
                    "a seam fraction of \(fmt(r.seamFraction ?? 0)) puts the circle's centre \(offset.isFinite ? fmt(offset) + " pt" : "infinitely far") below the view, past the \(fmt(faithfulCentreOffset)) pt a phone draws faithfully",
                suggestion: "raise \(PlanSetting.seamFraction.token) to at least \(fmt(needed * 1.01))")
        }
        let view = ViewGeometry(width: w, height: h, centerOffset: offset)
        let inner = view.nearestRadius - bandMargin, outer = view.farthestRadius + bandMargin
        let radius = (inner + outer) / 2, lineWidth = outer - inner

        let shortest = sweepMs + guardMs
        if let k = r.durationsMs.indices.first(where: { r.durationsMs[$0] <= shortest }) {
            throw PlanError(
                problem:
                    "frame \(k) lasts \(fmt(r.durationsMs[k])) ms, not longer than a seam's crossing (\(fmt(shortest)) ms at \(fmt(r.refreshHz)) Hz with seam fraction \(fmt(sweepMs / refreshMs)))",
                suggestion:
                    "lower \(PlanSetting.seamFraction.token) (the largest that works is about \(fmt(((r.durationsMs.min() ?? 0) - guardMs) / refreshMs * 0.99)))"
            )
        }
        // Seam into frame i, unrotated: at the rotation of its crossing's end it reaches the
        // view's right edge.
        let timeline = Timeline(durationsMs: r.durationsMs)
        let ends = crossingEnds(
            starts: timeline.starts, durationsMs: r.durationsMs, crossingMs: sweepMs, refreshMs: refreshMs)
        let seams = (0...n).map { i in view.maxAngle - 360 * ends[i] / periodMs }
        let narrowest = (0..<n).map { seams[$0] - seams[$0 + 1] }.min()!
        let overlap = min(narrowest / 4, degrees(2 / radius))
        var layers: [ArcLayer] = []
        for i in 0..<n {
            let end = i == 0 ? seams[0] + overlap : seams[i]
            let start = i == n - 1 ? seams[n] : seams[i + 1] - overlap
            layers.append(ArcLayer(zIndex: i, frame: i, startAngle: start, endAngle: end))
        }
        return try finish(
            r, radius: radius, lineWidth: lineWidth, cap: .butt, centerOffset: offset,
            period: periodMs / 1000, layers: layers)
    }

    /// Margin kept between a crossing placed off the refresh grid and the refresh before it, ms.
    static let gridMarginMs = 0.01

    /// When each seam finishes crossing the view, ms into the loop (`n + 1` values: frame i's
    /// seam, and frame 0's again one loop later).
    ///
    /// A crossing ends `guardMs` before its frame starts, so a refresh on the boundary sees the
    /// new frame alone. Where a refresh of the grid that starts at the rotation's epoch (phase 0)
    /// would fall inside the crossing, the crossing starts just after that refresh instead: the old
    /// frame still leaves no later than its time, so nothing is shown late, and the pictures at
    /// phase 0 stay clean. This costs nothing and nothing depends on it: a phone's refreshes keep
    /// no phase to the rotation, which the verdict takes into account.
    static func crossingEnds(
        starts: [Double], durationsMs: [Double], crossingMs: Double, refreshMs: Double
    ) -> [Double] {
        let n = starts.count
        let periodMs = durationsMs.reduce(0, +)
        func end(_ i: Int) -> Double {
            let boundary = i == 0 ? periodMs : starts[i]
            let planned = boundary - guardMs
            // The refresh at or before the crossing's end; is it inside the crossing?
            let k = (planned + gridMarginMs) / refreshMs
            let refresh = k.rounded(.down) * refreshMs
            guard refresh >= planned - crossingMs - gridMarginMs else { return planned }
            let moved = refresh + gridMarginMs + crossingMs
            // The frame before keeps at least its crossing's length on screen alone, and the loop's
            // last crossing stays inside the loop (past its end lies the refresh at 0).
            let before = durationsMs[(i - 1 + n) % n]
            guard moved - planned + 2 * crossingMs + guardMs < before, i > 0 || moved < periodMs else { return planned }
            return moved
        }
        let zero = end(0) - periodMs
        return [zero] + (1..<n).map(end) + [zero + periodMs]
    }

    // MARK: Figures

    static func finish(
        _ r: PlanRequest, radius: Double, lineWidth: Double, cap: LineCap, centerOffset: Double,
        period: Double, layers: [ArcLayer]
    ) throws(PlanError) -> ArcPlan {
        // The geometry needs the circle's centre below the view (and finite numbers).
        guard centerOffset.isFinite, radius.isFinite, lineWidth.isFinite, period.isFinite, period > 0,
            centerOffset > r.viewHeight / 2
        else {
            throw PlanError(
                problem:
                    "the \(r.preset.rawValue) geometry for a \(fmt(r.viewWidth))×\(fmt(r.viewHeight)) pt view puts the circle's centre inside the view (radius \(fmt(radius)) pt)",
                suggestion: "use a view of at least a few points, or the arcmask preset")
        }
        let view = ViewGeometry(width: r.viewWidth, height: r.viewHeight, centerOffset: centerOffset)
        let periodMs = period * 1000
        let seam = periodMs * view.angularWidth / 360
        let lag = cap == .square ? periodMs * (lineWidth / (2 * radius)) / (2 * .pi) : 0
        let margin = min(view.nearestRadius - (radius - lineWidth / 2), (radius + lineWidth / 2) - view.farthestRadius)
        let pixels = Int((r.viewWidth * r.scale).rounded()) * Int((r.viewHeight * r.scale).rounded())
        // The curves each layer is drawn with: the public implementations' one `addArc` per slice
        // as Core Graphics is assumed to split it, arcmask's own pieces within the tolerance.
        let rule: CurveRule = r.preset == .arcmask ? .bounded : .quarterTurns
        let drawn = layers.map { l -> ArcLayer in
            var l = l
            l.curves = rule.curves(from: l.startAngle, to: l.endAngle, radius: radius)
            l.curveDistance = l.curves.map { $0.deviation(radius: radius) }.max() ?? 0
            return l
        }
        let figures = PlanFigures(
            seamCrossingMs: seam, switchLagMs: lag, cornerMarginPoints: margin,
            maxFrames: Int((2 * .pi * radius / r.viewWidth).rounded(.down)),
            layerMemoryBytes: r.durationsMs.count * pixels * 4,
            viewAngleDegrees: view.angularWidth,
            shortestFrameMs: r.preset == .arcmask ? seam + guardMs : seam, seamBudgetMs: seamBudgetMs(r),
            curveDistancePoints: drawn.compactMap(\.curveDistance).max() ?? 0,
            widestCurveDegrees: drawn.map(\.widestCurve).max() ?? 0)
        return ArcPlan(
            preset: r.preset, viewWidth: r.viewWidth, viewHeight: r.viewHeight, scale: r.scale,
            radius: radius, lineWidth: lineWidth, cap: cap, centerOffset: centerOffset,
            periodSeconds: period, direction: .clockwise, epochSeconds: 0, layers: drawn,
            frameDurationsMs: r.durationsMs, figures: figures)
    }
}
