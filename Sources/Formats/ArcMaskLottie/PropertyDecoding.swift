import ArcMaskJSON

/// What reading one document keeps track of: the limits, the running counts they bound, and
/// what the file asks for that is not drawn (expressions found on the way).
final class DecodeContext {
    let limits: LottieLimits
    var keyframes = 0
    var layers = 0
    /// JSON paths of properties that carry an expression (`x`), in document order.
    var expressions: [JSONPath] = []
    /// Every expression read, in document order.
    var allExpressions: [LottieExpression] = []
    /// Expressions read since the last layer was finished (they get its owner).
    var pendingExpressions: [LottieExpression] = []
    /// The document's slots (`slots`: id → `{"p": property}`), which a property naming a slot
    /// id (`sid`) takes its value from, as lottie-web does.
    var slots: [String: Node] = [:]
    /// Files written before bodymovin 4.1.9 hold fill and stroke colours in 0…255; the players
    /// divide them.
    var colorsIn255 = false
    /// Whether paths being read give their tangents as absolute points (glyphs of files from
    /// Bodymovin before 4.7.99), not relative to their vertex.
    var absoluteTangents = false

    /// What was read leniently, as lottie-web reads it.
    let notes = ReadingNotes()

    init(limits: LottieLimits) { self.limits = limits }

    /// Set when a limit stopped the reading: what reads leniently must not swallow that.
    var limitReached = false

    /// A limit's refusal, noted as one.
    func limit(_ node: Node, _ message: String) -> LottieError {
        limitReached = true
        return node.fail(message)
    }

    func countKeyframes(_ n: Int, at node: Node) throws(LottieError) {
        keyframes += n
        guard keyframes <= limits.maxKeyframes else {
            throw limit(node, "the document holds more than \(limits.maxKeyframes) keyframes")
        }
    }
}

extension LottieExpression {
    /// An expression (`x`) of the object `node`, counted against the limits and joined to the
    /// layer being read (loopOut and loopIn alone take the direct route, before this).
    static func read(_ node: Node, _ source: String, _ ctx: DecodeContext) throws(LottieError) -> LottieExpression {
        ctx.expressions.append(node.path)
        guard ctx.allExpressions.count < ctx.limits.maxExpressions else {
            throw ctx.limit(node, "the document holds more than \(ctx.limits.maxExpressions) expressions")
        }
        guard source.utf8.count <= ctx.limits.maxExpressionBytes else {
            throw ctx.limit(
                node["x"]!,
                "the expression is \(source.utf8.count) bytes, over the limit of \(ctx.limits.maxExpressionBytes)")
        }
        let expression = LottieExpression(source: source, path: node.path)
        expression.propertyIndex = node["ix"].flatMap { try? $0.asInt() }
        ctx.allExpressions.append(expression)
        ctx.pendingExpressions.append(expression)
        return expression
    }
}

extension Animatable {
    /// Reads a property object (`{"a": 0, "k": …}` or keyframes in `k`), each value by `read`.
    static func decode(
        _ node: Node, _ ctx: DecodeContext, read: (Node) throws(LottieError) -> Value
    ) throws(LottieError) -> Animatable<Value> {
        var object = try node.asObject()
        if let sid = object.string("sid"), let slot = ctx.slots[sid], let p = slot["p"], p.value.object != nil {
            object = p
        }
        let k = try object.required("k")
        if let source = object.string("x") {
            if let loop = KeyframeLoop.parse(source), Self.isKeyframeList(k) {
                ctx.expressions.append(object.path)
                return .looped(try decodeKeyframes(object, k, ctx, read: read), loop)
            }
            let expression = try LottieExpression.read(object, source, ctx)
            let base = Self.isKeyframeList(k) ? try decodeKeyframes(object, k, ctx, read: read) : .fixed(try read(k))
            return .expression(base, expression)
        }
        guard Self.isKeyframeList(k) else { return .fixed(try read(k)) }
        return try decodeKeyframes(object, k, ctx, read: read)
    }

    private static func decodeKeyframes(
        _ object: Node, _ k: Node, _ ctx: DecodeContext, read: (Node) throws(LottieError) -> Value
    ) throws(LottieError) -> Animatable<Value> {
        let items = try k.asArray()
        try ctx.countKeyframes(items.count, at: k)
        // Each keyframe: time, its start (s, or the previous keyframe's end) and its end (e, or
        // the next keyframe's start).
        var times: [Double] = []
        var starts: [Value?] = []
        var ends: [Value?] = []
        for item in items {
            let time = try item.required("t").asNumber()
            if let prev = times.last, time < prev {
                throw item["t"]!.fail(
                    "keyframe time \(fmtNumber(time)) comes before the previous one (\(fmtNumber(prev)))")
            }
            times.append(time)
            starts.append(try optional(item["s"], read))
            ends.append(try optional(item["e"], read))
        }
        var spans: [KeyframeSpan<Value>] = []
        spans.reserveCapacity(items.count)
        var previousEnd: Value? = nil
        for idx in 0..<items.count {
            guard let start = starts[idx] ?? previousEnd else {
                throw items[idx].fail("the keyframe has no value (\"s\") and none comes before it")
            }
            if idx == items.count - 1 { return .keyframed(spans, last: start) }
            let end = ends[idx] ?? starts[idx + 1] ?? start
            previousEnd = end
            let item = items[idx]
            let hold = item.bool("h")
            let easings = hold ? [] : try Self.easings(item)
            var spatialOut = try Self.tangent(item["to"]), spatialIn = try Self.tangent(item["ti"])
            if spatialOut != nil, Self.isStraightSegment(item, next: items[idx + 1]) {
                spatialOut = nil
                spatialIn = nil
            }
            spans.append(
                KeyframeSpan(
                    time: times[idx], endTime: times[idx + 1], start: start, end: end, hold: hold,
                    easings: easings, spatialOut: spatialOut, spatialIn: spatialIn)
            )
        }
        // An empty list: no keyframe at all.
        throw k.fail("the property has an empty keyframe list")
    }

    private static func isKeyframeList(_ k: Node) -> Bool {
        guard case .array(let a) = k.value, let first = a.first, case .object(let o) = first else { return false }
        return o["t"] != nil
    }

    /// The keyframe's out tangent `o` and the next one's in tangent `i`, as curves per dimension.
    private static func easings(_ item: Node) throws(LottieError) -> [BezierEasing] {
        guard let o = item["o"], let i = item["i"] else { return [.linear] }
        let ox = try o.required("x").asVector(), oy = try o.required("y").asVector()
        let ix = try i.required("x").asVector(), iy = try i.required("y").asVector()
        let n = max(ox.count, oy.count, ix.count, iy.count)
        guard !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty else { throw o.fail("an easing tangent is empty") }
        return (0..<n).map { d in
            BezierEasing(
                ox[min(d, ox.count - 1)], oy[min(d, oy.count - 1)], ix[min(d, ix.count - 1)], iy[min(d, iy.count - 1)])
        }
    }

    /// Whether lottie-web drops a keyframe's spatial tangents as it loads the file, so that
    /// the value moves in a straight line at the eased pace (overshooting with the easing, not
    /// along the curve past the end point): both handles' tips lie on the line from this
    /// keyframe's `s` to the next one's, and the two differ. For two components the test is
    /// the determinant of the three points within ±0.001; for three, the same when all the
    /// z are 0, else the longest of the three distances equals the other two within ±0.0001
    /// (`KeyframedMultidimensionalProperty` with `pointOnLine2D`/`pointOnLine3D`,
    /// player/js/utils/PropertyFactory.js and bez.js, lottie-web 5.13.0).
    static func isStraightSegment(_ item: Node, next: Node) -> Bool {
        guard let s = item["s"].flatMap({ try? $0.asVector() }), let e = next["s"].flatMap({ try? $0.asVector() }),
            let to = item["to"].flatMap({ try? $0.asVector() }), let ti = item["ti"].flatMap({ try? $0.asVector() }),
            s.count == 2 || s.count == 3, e.count >= s.count
        else { return false }
        func at(_ v: [Double], _ k: Int) -> Double { k < v.count ? v[k] : .nan }
        func onLine2D(_ x3: Double, _ y3: Double) -> Bool {
            let (x1, y1, x2, y2) = (s[0], s[1], e[0], e[1])
            let det = x1 * y2 + y1 * x3 + x2 * y3 - x3 * y2 - y3 * x1 - x2 * y1
            return det > -0.001 && det < 0.001
        }
        func onLine3D(_ p: [Double]) -> Bool {
            if s[2] == 0 && e[2] == 0 && p[2] == 0 { return onLine2D(p[0], p[1]) }
            func distance(_ a: [Double], _ b: [Double]) -> Double {
                ((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]))
                    .squareRoot()
            }
            let d1 = distance(s, e), d2 = distance(s, p), d3 = distance(e, p)
            let diff = d1 > d2 ? (d1 > d3 ? d1 - d2 - d3 : d3 - d2 - d1) : (d3 > d2 ? d3 - d2 - d1 : d2 - d1 - d3)
            return diff > -0.0001 && diff < 0.0001
        }
        if s.count == 2 {
            guard s[0] != e[0] || s[1] != e[1] else { return false }
            return onLine2D(s[0] + at(to, 0), s[1] + at(to, 1)) && onLine2D(e[0] + at(ti, 0), e[1] + at(ti, 1))
        }
        guard s[0] != e[0] || s[1] != e[1] || s[2] != e[2] else { return false }
        return onLine3D((0..<3).map { s[$0] + at(to, $0) }) && onLine3D((0..<3).map { e[$0] + at(ti, $0) })
    }

    private static func tangent(_ node: Node?) throws(LottieError) -> Vec2? {
        guard let node else { return nil }
        let v = try node.asVector()
        guard v.count >= 2 else { return nil }
        return Vec2(v[0], v[1])
    }
}

/// The property readers the model uses.
enum Property {
    static func vector(
        _ node: Node?, _ ctx: DecodeContext, default d: [Double]
    ) throws(LottieError) -> Animatable<[Double]> {
        guard let node else { return .fixed(d) }
        return try Animatable.decode(node, ctx) { (n) throws(LottieError) in try n.asVector() }
    }

    static func scalar(
        _ node: Node?, _ ctx: DecodeContext, default d: Double
    ) throws(LottieError) -> Animatable<[Double]> {
        try vector(node, ctx, default: [d])
    }

    static func shape(_ node: Node, _ ctx: DecodeContext) throws(LottieError) -> Animatable<BezierPath> {
        try Animatable.decode(node, ctx) { (n) throws(LottieError) in try bezier(n, ctx) }
    }

    /// `{"v": [[x, y]…], "i": […], "o": […], "c": bool}`, or such an object alone in an array
    /// (keyframes hold them so).
    static func bezier(_ node: Node, _ ctx: DecodeContext) throws(LottieError) -> BezierPath {
        var node = node
        if case .array = node.value {
            let items = try node.asArray()
            guard let first = items.first else { return BezierPath() }
            node = first
        }
        let v = try points(node["v"])
        guard v.count <= ctx.limits.maxPathVertices else {
            throw node.fail("the path has \(v.count) vertices, over the limit of \(ctx.limits.maxPathVertices)")
        }
        let i = try points(node["i"]), o = try points(node["o"])
        var path = BezierPath(closed: node.bool("c"))
        path.vertices = v
        let base = ctx.absoluteTangents ? Vec2(0, 0) : nil
        path.inPoints = v.indices.map { k in k < i.count ? (base ?? v[k]) + i[k] : v[k] }
        path.outPoints = v.indices.map { k in k < o.count ? (base ?? v[k]) + o[k] : v[k] }
        return path
    }

    private static func points(_ node: Node?) throws(LottieError) -> [Vec2] {
        guard let node else { return [] }
        var out: [Vec2] = []
        for p in try node.asArray() {
            let xy = try p.asVector()
            out.append(Vec2(xy.first ?? 0, xy.count > 1 ? xy[1] : 0))
        }
        return out
    }
}
