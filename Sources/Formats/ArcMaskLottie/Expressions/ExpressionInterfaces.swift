import ArcMaskJSON
import ArcMaskScript
import ArcMaskValues
import Foundation

// The objects expressions reach, as lottie-web's interfaces answer: compositions, layers,
// transforms, shape contents, effects, paths, and the values read from their properties.

private func arg(_ args: [ScriptValue], _ k: Int) -> ScriptValue { k < args.count ? args[k] : .undefined }

private func native(_ body: @escaping ([ScriptValue]) throws(ScriptFailure) -> ScriptValue) -> ScriptValue {
    .function(NativeFunction { _, _, args throws(ScriptFailure) in try body(args) })
}

/// Whether a name or number given to an interface matches a string or an index.
private func matches(_ x: ScriptValue, name: String, _ alternatives: [String] = [], index: Int? = nil) -> Bool {
    switch x.primitive {
    case .string(let s): return s == name || alternatives.contains(s)
    case .number(let n): return index.map { Double($0) == n } ?? false
    default: return false
    }
}

/// `thisComp`, `comp("Name")`: a function that finds a layer by name or `ind`.
final class CompHost: ScriptHost {
    let context: ExpressionContext
    let composition: String?
    init(_ context: ExpressionContext, composition: String?) {
        self.context = context
        self.composition = composition
    }
    override var isCallable: Bool { true }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        let x = arg(args, 0).primitive
        for (k, layer) in context.frame.layers(composition).enumerated() {
            let hit: Bool
            switch x {
            case .string(let s): hit = layer.name == s
            case .number(let n): hit = layer.index.map { Double($0) == n } ?? false
            default: hit = false
            }
            if hit, let h = LayerHost(context, LayerRef(composition: composition, position: k)) { return .host(h) }
        }
        return .null
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        let a = context.frame.animation
        switch name {
        case "layer": return .host(self)
        case "numLayers": return .number(Double(context.frame.layers(composition).count))
        case "width": return .number(sizeAndTitle().width)
        case "height": return .number(sizeAndTitle().height)
        case "frameDuration": return .number(1 / a.frameRate)
        case "pixelAspect": return .number(1)
        case "displayStartTime": return .number(0)
        case "name", "_name": return .string(sizeAndTitle().title)
        default: return nil
        }
    }

    /// The composition's size and name: the animation's, or for a precomposition its layer's
    /// (looked up only when asked: `thisComp.layer(…)` is read far more often).
    private func sizeAndTitle() -> (width: Double, height: Double, title: String) {
        let a = context.frame.animation
        guard let composition else { return (Double(a.width), Double(a.height), a.name) }
        for layers in [a.layers] + a.compositions.values {
            for layer in layers {
                if case .precomp(let id, let w, let h, _) = layer.kind, id == composition { return (w, h, layer.name) }
            }
        }
        return (Double(a.width), Double(a.height), a.name)
    }
}

/// A layer: `thisLayer`, `thisComp.layer("Name")`, `parent`.
final class LayerHost: ScriptHost {
    let context: ExpressionContext
    let ref: LayerRef
    let model: Layer

    init?(_ context: ExpressionContext, _ ref: LayerRef) {
        let layers = context.frame.layers(ref.composition)
        guard ref.position >= 0, ref.position < layers.count else { return nil }
        self.context = context
        self.ref = ref
        model = layers[ref.position]
    }

    override var isCallable: Bool { true }

    var parent: LayerHost? {
        guard let p = model.parent else { return nil }
        guard let k = context.frame.layers(ref.composition).firstIndex(where: { $0.index == p }) else { return nil }
        return LayerHost(context, LayerRef(composition: ref.composition, position: k))
    }

    var content: ScriptValue {
        if case .shape = model.kind { return .host(ContentHost(context, entries: model.contents, owner: self)) }
        return .undefined
    }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        let x = arg(args, 0)
        if matches(x, name: "ADBE Root Vectors Group", ["Contents"], index: 2) { return content }
        if matches(x, name: "ADBE Transform Group", ["Transform", "transform"], index: 1)
            || matches(x, name: "", index: 6)
        {
            return .host(TransformHost(context, layer: self))
        }
        if matches(x, name: "ADBE Effect Parade", ["effects", "Effects"], index: 4) {
            return .host(EffectsHost(context, layer: self))
        }
        return .null
    }

    /// The layer's matrix with its parents', into its composition's space, at `time` (frames
    /// on the composition's clock; now when nil).
    func matrix(at time: Double? = nil) -> Affine {
        var chain = [(transform: model.transform, autoOrient: model.autoOrient)]
        var p = parent
        var hops = 0
        while let layer = p, hops < 64 {
            chain.append((layer.model.transform, layer.model.autoOrient))
            p = layer.parent
            hops += 1
        }
        return Transform.chainMatrix(chain, at: time ?? context.time)
    }

    /// The space transforms (`toComp`, `fromComp`, `toWorld`, `fromWorld`, and the `Vec` forms,
    /// which leave out the translation), with After Effects' optional time in seconds as the
    /// second argument. Without a camera, world and composition space are one.
    private func spaceTransform(inverse: Bool, vector: Bool) -> ScriptValue {
        native { args throws(ScriptFailure) in
            let p = arg(args, 0).vector ?? []
            let t = args.count > 1 ? arg(args, 1).toNumber() * self.context.frameRate : nil
            var m = self.matrix(at: t.flatMap { $0.isFinite ? $0 : nil })
            if vector {
                m.tx = 0
                m.ty = 0
            }
            if inverse {
                guard let inv = m.inverted else { return .numbers([.nan, .nan, 0]) }
                m = inv
            }
            let x = p.count > 0 ? p[0] : 0, y = p.count > 1 ? p[1] : 0
            let q = m.apply(Vec2(x, y))
            return .numbers([q.x, q.y, p.count > 2 ? p[2] : 0])
        }
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        let fr = context.frameRate
        switch name {
        case "transform": return .host(TransformHost(context, layer: self))
        case "position", "scale", "rotation", "opacity", "anchorPoint", "anchor_point":
            return try TransformHost(context, layer: self).member(
                name == "anchor_point" ? "anchorPoint" : name, interpreter)
        case "content": return content
        case "effect": return .host(EffectsHost(context, layer: self))
        case "hasParent": return .bool(parent != nil)
        case "parent": return parent.map { .host($0) } ?? .undefined
        case "active": return .bool(context.time >= model.inPoint && context.time < model.outPoint)
        case "index": return model.index.map { .number(Double($0)) } ?? .undefined
        case "inPoint": return .number(model.inPoint / fr)
        case "outPoint": return .number(model.outPoint / fr)
        case "startTime": return .number(model.startTime)
        case "width", "height":
            if case .precomp(_, let w, let h, _) = model.kind { return .number(name == "width" ? w : h) }
            return .number(100)
        case "name", "_name": return .string(model.name)
        case "source":
            if case .precomp(let id, _, _, _) = model.kind { return .string(id) }
            if case .image(let id) = model.kind { return .string(id) }
            return .undefined
        case "mask": return native { _ throws(ScriptFailure) in .null }
        case "sampleImage": return native { _ throws(ScriptFailure) in .numbers([1, 1, 1, 1]) }
        case "toComp", "toWorld": return spaceTransform(inverse: false, vector: false)
        case "toCompVec", "toWorldVec": return spaceTransform(inverse: false, vector: true)
        case "fromComp", "fromWorld": return spaceTransform(inverse: true, vector: false)
        case "fromCompVec", "fromWorldVec": return spaceTransform(inverse: true, vector: true)
        default: return nil
        }
    }
}

/// A property's value as read through an interface: a number or array that also answers
/// `.value`, `.valueAtTime(t)`, `.key(n)`, `.numKeys`, `.velocity`.
final class PropertyRead: ScriptHost {
    let context: ExpressionContext
    let handle: PropertyHandle
    private let fixedValue: ScriptValue?
    private lazy var current: ScriptValue = fixedValue ?? handle.currentValue(context.time)

    init<V>(_ context: ExpressionContext, _ property: Animatable<V>, value: ScriptValue? = nil) {
        self.context = context
        handle = PropertyHandle(property, frame: context.frame)
        fixedValue = value
    }

    override var primitiveValue: ScriptValue? { current }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        let fr = context.frameRate
        switch name {
        case "value": return current
        case "numKeys": return .number(Double(handle.keyTimes.count))
        case "valueAtTime":
            return native { args throws(ScriptFailure) in self.handle.keyframeValue(arg(args, 0).toNumber() * fr) }
        case "velocity": return handle.isKeyframed ? .number(.nan) : .number(0)
        case "velocityAtTime", "speedAtTime":
            return native { args throws(ScriptFailure) in
                guard self.handle.isKeyframed else { return .number(0) }
                let t = arg(args, 0).toNumber()
                let dt = name == "speedAtTime" ? 0.01 : 0.001
                let a = self.handle.keyframeValue((t - dt) * fr).vector ?? [],
                    b = self.handle.keyframeValue(t * fr).vector ?? []
                if name == "speedAtTime" {
                    return .number(100 * zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot())
                }
                let v = zip(a, b).map { ($0 - $1) / -dt }
                return v.count == 1 ? .number(v[0]) : .numbers(v)
            }
        case "key":
            return native { args throws(ScriptFailure) in
                guard self.handle.isKeyframed else { return .number(0) }
                let k = clampedInt(arg(args, 0).toNumber(), -1...Int(Int32.max))
                guard k >= 1, k <= self.handle.keyTimes.count else {
                    throw .error("key(\(k)) is outside 1…\(self.handle.keyTimes.count)")
                }
                let value = self.handle.keyValues[k - 1]
                let o = ScriptObject()
                if let items = value.arrayItems {
                    for (i, x) in items.enumerated() { o.set(String(i), x) }
                    o.set("value", value)
                } else {
                    return .host(KeyNumber(value.toNumber(), time: self.handle.keyTimes[k - 1] / fr))
                }
                o.set("time", .number(self.handle.keyTimes[k - 1] / fr))
                return .object(o)
            }
        default: return nil
        }
    }
}

/// A keyframe of a one-number property read through an interface: a number with `.time`.
final class KeyNumber: ScriptHost {
    let value: Double
    let time: Double
    init(_ value: Double, time: Double) {
        self.value = value
        self.time = time
    }
    override var primitiveValue: ScriptValue? { .number(value) }
    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        switch name {
        case "time": return .number(time)
        case "value": return .number(value)
        default: return nil
        }
    }
}

/// `thisProperty`: the property the expression is on.
final class ThisPropertyHost: ScriptHost {
    let context: ExpressionContext
    init(_ context: ExpressionContext) { self.context = context }
    override var primitiveValue: ScriptValue? { context.input }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        let c = context
        switch name {
        case "value": return c.input
        case "propertyIndex": return c.expression.propertyIndex.map { .number(Double($0)) } ?? .undefined
        case "numKeys": return .number(Double(c.property.keyTimes.count))
        case "name", "_name":
            return c.layer.flatMap { LayerHost(c, $0) }.map { .string($0.model.name) } ?? .undefined
        case "valueAtTime": return native { args throws(ScriptFailure) in c.valueAtTime(arg(args, 0).toNumber()) }
        case "velocityAtTime": return native { args throws(ScriptFailure) in c.velocityAtTime(arg(args, 0).toNumber()) }
        case "speedAtTime": return native { args throws(ScriptFailure) in c.speedAtTime(arg(args, 0).toNumber()) }
        case "loopOut", "loop_out": return native { args throws(ScriptFailure) in try c.loopOut(args, seconds: false) }
        case "loopIn", "loop_in": return native { args throws(ScriptFailure) in try c.loopIn(args, seconds: false) }
        case "loopOutDuration": return native { args throws(ScriptFailure) in try c.loopOut(args, seconds: true) }
        case "loopInDuration": return native { args throws(ScriptFailure) in try c.loopIn(args, seconds: true) }
        case "smooth": return native { args throws(ScriptFailure) in c.smooth(args) }
        case "nearestKey": return native { args throws(ScriptFailure) in c.nearestKey(arg(args, 0).toNumber()) }
        case "propertyGroup":
            return native { args throws(ScriptFailure) in
                let level = args.isEmpty ? 1 : clampedInt(arg(args, 0).toNumber(), -1...1000)
                guard let ref = c.layer, let layer = LayerHost(c, ref) else { return .undefined }
                if let effect = c.expression.effect, effect < layer.model.effectEntries.count {
                    switch level {
                    case ...0: return .undefined
                    case 1: return .host(EffectGroupHost(c, layer.model.effectEntries[effect], layer: layer))
                    case 2: return .host(EffectsHost(c, layer: layer))
                    default: return .host(layer)
                    }
                }
                let groups = PropertyGroups.ancestry(of: c.expression.path, layer: layer, c)
                guard !groups.isEmpty else { throw .error("propertyGroup is not available on this property") }
                if level <= 0 { return .host(self) }
                return groups[min(level, groups.count) - 1]
            }
        default: return nil
        }
    }
}

/// A transform (a layer's, or a shape group's): its properties by name.
final class TransformHost: ScriptHost {
    let context: ExpressionContext
    let properties: [String: ContentProperty]
    init(_ context: ExpressionContext, layer: LayerHost) {
        self.context = context
        let t = layer.model.transform
        var p: [String: ContentProperty] = [
            "a": .vector(t.anchor), "p": .vector(t.position), "s": .vector(t.scale), "r": .vector(t.rotation),
            "o": .vector(t.opacity), "sk": .vector(t.skew), "sa": .vector(t.skewAxis),
        ]
        if let x = t.positionX { p["px"] = .vector(x) }
        if let y = t.positionY { p["py"] = .vector(y) }
        properties = p
    }
    init(_ context: ExpressionContext, properties: [String: ContentProperty]) {
        self.context = context
        self.properties = properties
    }

    override var isCallable: Bool { true }

    private func read(_ key: String) -> ScriptValue {
        guard case .vector(let v) = properties[key] else { return .undefined }
        return .host(PropertyRead(context, v))
    }

    private var position: ScriptValue {
        if case .vector(let x) = properties["px"], case .vector(let y) = properties["py"] {
            let vx = x.value(at: context.time).first ?? 0, vy = y.value(at: context.time).first ?? 0
            return .numbers([vx, vy, 0])
        }
        return read("p")
    }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        let x = arg(args, 0)
        if matches(x, name: "scale", ["Scale", "ADBE Scale", "ADBE Vector Scale"], index: 6) { return read("s") }
        if matches(
            x, name: "rotation", ["Rotation", "ADBE Rotation", "ADBE Rotate Z", "ADBE Vector Rotation"], index: 10)
        {
            return read("r")
        }
        if matches(x, name: "position", ["Position", "ADBE Position", "ADBE Vector Position"], index: 2) {
            return position
        }
        if matches(x, name: "ADBE Position_0") { return read("px") }
        if matches(x, name: "ADBE Position_1") { return read("py") }
        if matches(
            x, name: "anchorPoint", ["AnchorPoint", "Anchor Point", "ADBE AnchorPoint", "ADBE Vector Anchor"], index: 1)
        {
            return read("a")
        }
        if matches(x, name: "opacity", ["Opacity", "ADBE Opacity", "ADBE Vector Group Opacity"], index: 11) {
            return read("o")
        }
        if matches(x, name: "Skew", ["skew", "ADBE Vector Skew"]) { return read("sk") }
        if matches(x, name: "Skew Axis", ["skewAxis", "ADBE Vector Skew Axis"]) { return read("sa") }
        return .null
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        switch name {
        case "position": return position
        case "xPosition": return read("px")
        case "yPosition": return read("py")
        case "zPosition": return .number(0)
        case "scale": return read("s")
        case "rotation", "zRotation": return read("r")
        case "xRotation", "yRotation": return .number(0)
        case "opacity": return read("o")
        case "anchorPoint", "anchor_point": return read("a")
        case "skew": return read("sk")
        case "skewAxis": return read("sa")
        case "orientation": return .numbers([0, 0, 0])
        default: return nil
        }
    }
}

/// A layer's contents (`content`), or a group's (`group.content`).
final class ContentHost: ScriptHost {
    let context: ExpressionContext
    let entries: [ContentEntry]
    let owner: LayerHost
    /// The group whose contents these are (nil: the layer's).
    let group: ContentEntry?
    init(_ context: ExpressionContext, entries: [ContentEntry], owner: LayerHost, group: ContentEntry? = nil) {
        self.context = context
        self.entries = entries
        self.owner = owner
        self.group = group
    }
    override var isCallable: Bool { true }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        let x = arg(args, 0).primitive
        let items = entries.filter { $0.type != "tr" }
        if group == nil {
            switch x {
            case .number(let n):
                if n == 0 { return .host(owner) }
                guard n >= 1, n == n.rounded(), n <= Double(items.count) else { return .null }
                return item(items[Int(n) - 1])
            case .string(let s):
                if let e = items.first(where: { $0.name == s }) { return item(e) }
                return .null
            default: return .null
            }
        }
        for e in entries {
            switch x {
            case .string(let s) where e.name == s || e.matchName == s: return item(e)
            case .number(let n) where e.index.map({ Double($0) == n }) ?? false: return item(e)
            default: continue
            }
        }
        if case .number(let n) = x, n >= 1, n == n.rounded(), n <= Double(entries.count) {
            return item(entries[Int(n) - 1])
        }
        return .null
    }

    func item(_ e: ContentEntry) -> ScriptValue {
        switch e.type {
        case "gr": return .host(GroupHost(context, e, owner: owner))
        case "tr": return .host(TransformHost(context, properties: e.properties))
        default: return .host(ShapeItemHost(context, e))
        }
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        switch name {
        case "numProperties": return .number(Double(entries.filter { $0.type != "tr" }.count))
        case "name", "_name": return .string(group?.name ?? "Contents")
        case "transform":
            if let tr = entries.first(where: { $0.type == "tr" }) {
                return .host(TransformHost(context, properties: tr.properties))
            }
            return .undefined
        default: return nil
        }
    }
}

/// A shape group: `content("Group 1")`.
final class GroupHost: ScriptHost {
    let context: ExpressionContext
    let entry: ContentEntry
    let owner: LayerHost
    init(_ context: ExpressionContext, _ entry: ContentEntry, owner: LayerHost) {
        self.context = context
        self.entry = entry
        self.owner = owner
    }
    override var isCallable: Bool { true }

    private var contents: ContentHost { ContentHost(context, entries: entry.children, owner: owner, group: entry) }
    private var transform: ScriptValue {
        if let tr = entry.children.first(where: { $0.type == "tr" }) {
            return .host(TransformHost(context, properties: tr.properties))
        }
        return .null
    }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        if matches(arg(args, 0), name: "ADBE Vectors Group", ["Contents"], index: 2) { return .host(contents) }
        return transform
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        switch name {
        case "content": return .host(contents)
        case "transform": return transform
        case "numProperties": return .number(Double(entry.children.count))
        case "propertyIndex": return entry.index.map { .number(Double($0)) } ?? .undefined
        case "name", "_name", "nm": return .string(entry.name)
        case "mn": return .string(entry.matchName)
        default: return nil
        }
    }
}

/// Any other shape item: a path, rectangle, ellipse, star, fill, stroke, gradient, trim,
/// repeater, round corners … with its properties under After Effects' names.
final class ShapeItemHost: ScriptHost {
    let context: ExpressionContext
    let entry: ContentEntry
    init(_ context: ExpressionContext, _ entry: ContentEntry) {
        self.context = context
        self.entry = entry
    }
    override var isCallable: Bool { true }

    /// Member names to JSON keys, by item type.
    private static let names: [String: [String: String]] = [
        "sh": ["path": "ks", "shape": "ks"],
        "rc": ["position": "p", "size": "s", "roundness": "r"],
        "el": ["position": "p", "size": "s"],
        "sr": [
            "position": "p", "rotation": "r", "points": "pt", "outerRadius": "or", "outerRoundness": "os",
            "innerRadius": "ir", "innerRoundness": "is",
        ],
        "fl": ["color": "c", "opacity": "o"],
        "st": ["color": "c", "opacity": "o", "strokeWidth": "w"],
        "gf": ["startPoint": "s", "endPoint": "e", "opacity": "o"],
        "gs": ["startPoint": "s", "endPoint": "e", "opacity": "o", "strokeWidth": "w"],
        "tm": ["start": "s", "end": "e", "offset": "o"],
        "rd": ["radius": "r"],
        "rp": ["copies": "c", "offset": "o"],
        "pb": ["amount": "a"],
        "zz": ["size": "s", "ridges": "r"],
        "op": ["amount": "a", "miterLimit": "ml"],
    ]

    /// Names `item(…)` takes, to JSON keys.
    private static let callNames: [String: String] = [
        "Shape": "ks", "shape": "ks", "Path": "ks", "path": "ks", "ADBE Vector Shape": "ks",
        "Size": "s", "ADBE Vector Rect Size": "s", "Position": "p", "Roundness": "r",
        "ADBE Vector Star Outer Radius": "or", "ADBE Vector Star Inner Radius": "ir",
        "Color": "c", "color": "c", "Opacity": "o", "opacity": "o", "Stroke Width": "w", "stroke width": "w",
        "End": "e", "end": "e", "Start": "s", "start": "s", "Offset": "o", "offset": "o",
        "Copies": "c", "copies": "c", "Round Corners 1": "r", "Radius": "r",
    ]

    private func read(_ key: String) -> ScriptValue {
        switch entry.properties[key] {
        case .vector(let v): return .host(PropertyRead(context, v))
        case .path(let p): return .host(PathHost(p.value(at: context.time)))
        case nil: return .undefined
        }
    }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        switch arg(args, 0).primitive {
        case .string(let s):
            if entry.type == "rc", s == "Roundness" { return read("r") }
            if let key = Self.callNames[s], entry.properties[key] != nil { return read(key) }
        case .number(let n):
            if entry.type == "sh", n == 2 { return read("ks") }
        default: break
        }
        return .null
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        if let key = Self.names[entry.type]?[name] { return read(key) }
        switch name {
        case "name", "_name", "nm": return .string(entry.name)
        case "mn": return .string(entry.matchName)
        case "propertyIndex", "ix": return entry.index.map { .number(Double($0)) } ?? .undefined
        default: return nil
        }
    }
}

/// A path value: `.points()`, `.inTangents()`, `.outTangents()`, `.isClosed()`,
/// `.pointOnPath(p)`, `.tangentOnPath(p)`, `.normalOnPath(p)`; as a result, the path itself.
final class PathHost: ScriptHost {
    let path: BezierPath
    init(_ path: BezierPath) { self.path = path }

    private func points(_ list: [Vec2], relative: Bool) -> ScriptValue {
        .array(
            list.indices.map { k in
                let p = relative ? list[k] - path.vertices[k] : list[k]
                return .numbers([p.x, p.y])
            })
    }

    /// The point at fraction `perc` of the length, as lottie-web finds it (150-sample tables).
    func point(at perc: Double) -> [Double] {
        guard let first = path.vertices.first else { return [0, 0] }
        let shape = MeasuredShape([path])
        guard let contour = shape.contours.first else { return [first.x, first.y] }
        let target = contour.total * perc
        var acc = 0.0
        for (k, seg) in contour.segments.enumerated() {
            let len = contour.lengths[k]
            if acc + len > target {
                let f = len > 0 ? (target - acc) / len : 0
                let t = MeasuredShape.parameter(contour.tables[k], len, f)
                let p = seg.point(at: t)
                return [p.x, p.y]
            }
            acc += len
        }
        let end = path.closed ? first : path.vertices[path.count - 1]
        return [end.x, end.y]
    }

    private func vector(_ perc0: Double, normal: Bool) -> ScriptValue {
        var perc = perc0
        if perc == 1 { perc = path.closed ? 1 : 0 } else if perc == 0 { perc = 0.999 }
        let a = point(at: perc), b = point(at: perc + 0.001)
        let dx = b[0] - a[0], dy = b[1] - a[1]
        let m = (dx * dx + dy * dy).squareRoot()
        if m == 0 { return .numbers([0, 0]) }
        return normal ? .numbers([-dy / m, dx / m]) : .numbers([dx / m, dy / m])
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        switch name {
        case "points": return native { _ throws(ScriptFailure) in self.points(self.path.vertices, relative: false) }
        case "inTangents": return native { _ throws(ScriptFailure) in self.points(self.path.inPoints, relative: true) }
        case "outTangents":
            return native { _ throws(ScriptFailure) in self.points(self.path.outPoints, relative: true) }
        case "isClosed": return native { _ throws(ScriptFailure) in .bool(self.path.closed) }
        case "pointOnPath":
            return native { args throws(ScriptFailure) in
                .numbers(self.point(at: arg(args, 0).isNullish ? 0 : arg(args, 0).toNumber()))
            }
        case "tangentOnPath":
            return native { args throws(ScriptFailure) in
                self.vector(arg(args, 0).isNullish ? 0 : arg(args, 0).toNumber(), normal: false)
            }
        case "normalOnPath":
            return native { args throws(ScriptFailure) in
                self.vector(arg(args, 0).isNullish ? 0 : arg(args, 0).toNumber(), normal: true)
            }
        case "path", "shape", "value": return .host(self)
        case "v": return points(path.vertices, relative: false)
        case "i": return points(path.inPoints, relative: true)
        case "o": return points(path.outPoints, relative: true)
        case "c": return .bool(path.closed)
        default: return nil
        }
    }
}

/// `effect`: a layer's effects, found by name, match name or index.
final class EffectsHost: ScriptHost {
    let context: ExpressionContext
    let layer: LayerHost
    init(_ context: ExpressionContext, layer: LayerHost) {
        self.context = context
        self.layer = layer
    }
    override var isCallable: Bool { true }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        let x = arg(args, 0)
        for e in layer.model.effectEntries where matches(x, name: e.name, [e.matchName], index: e.index) {
            return .host(EffectGroupHost(context, e, layer: layer))
        }
        return .null
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        name == "numProperties" ? .number(Double(layer.model.effectEntries.count)) : nil
    }
}

/// One effect (or a group of its parameters): `effect("Slider Control")("Slider")` gives the
/// parameter's value; an unknown parameter is an error, as in lottie-web.
final class EffectGroupHost: ScriptHost {
    let context: ExpressionContext
    let entry: EffectEntry
    let layer: LayerHost
    init(_ context: ExpressionContext, _ entry: EffectEntry, layer: LayerHost) {
        self.context = context
        self.entry = entry
        self.layer = layer
    }
    override var isCallable: Bool { true }

    override func call(_ args: [ScriptValue], _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue {
        let x = arg(args, 0)
        guard let p = entry.children.first(where: { matches(x, name: $0.name, [$0.matchName], index: $0.index) }) else {
            throw .error("effect \"\(entry.name)\" has no parameter \(x.toText())")
        }
        if p.type == 5 { return .host(EffectGroupHost(context, p, layer: layer)) }
        guard let value = p.value else { return .number(0) }
        if p.type == 10 {
            // A layer parameter: the layer with that `ind`.
            let ind = value.value(at: context.time).first ?? 0
            return try CompHost(context, composition: layer.ref.composition).call([.number(ind)], interpreter)
        }
        return .host(PropertyRead(context, value))
    }

    override func member(_ name: String, _ interpreter: ScriptInterpreter) throws(ScriptFailure) -> ScriptValue? {
        switch name {
        case "numProperties": return .number(Double(entry.children.count))
        case "name", "_name": return .string(entry.name)
        case "active", "enabled": return .bool(true)
        case "color":
            if let p = entry.children.first(where: { $0.type == 2 }), let v = p.value {
                return .host(PropertyRead(context, v))
            }
            return .undefined
        default: return nil
        }
    }
}

/// The groups above a shape or transform property, nearest first, as `propertyGroup(n)` climbs
/// them: for a shape item's property the item, then by turns the contents of each enclosing
/// group and the group, then the layer's contents and the layer; a group transform's property
/// climbs from the transform to its group (lottie-web's `propertyGroupFactory` chains in
/// ShapeInterface.js). A layer transform's property climbs to the transform, then the layer,
/// as in After Effects (lottie-web gives those properties no groups).
enum PropertyGroups {
    static func ancestry(of path: JSONPath, layer: LayerHost, _ context: ExpressionContext) -> [ScriptValue] {
        let parts = path.components
        guard let k = parts.lastIndex(of: .key("layers")), k + 2 < parts.count, case .index = parts[k + 1] else {
            return []
        }
        let rest = Array(parts[(k + 2)...])
        if rest.first == .key("ks") { return [.host(TransformHost(context, layer: layer)), .host(layer)] }
        var chain: [ContentEntry] = []
        var entries = layer.model.contents
        var i = 0
        while i + 1 < rest.count, case .key(let key) = rest[i], key == "shapes" || key == "it",
            case .index(let n) = rest[i + 1], n >= 0, n < entries.count
        {
            chain.append(entries[n])
            entries = entries[n].children
            i += 2
        }
        guard let holder = chain.last, i > 0 else { return [] }
        let root = ContentHost(context, entries: layer.model.contents, owner: layer)
        var out: [ScriptValue] = [root.item(holder)]
        var j = chain.count - 2
        if holder.type == "tr", j >= 0 {
            out.append(.host(GroupHost(context, chain[j], owner: layer)))
            j -= 1
        }
        while j >= 0 {
            out.append(.host(ContentHost(context, entries: chain[j].children, owner: layer, group: chain[j])))
            out.append(.host(GroupHost(context, chain[j], owner: layer)))
            j -= 1
        }
        out.append(.host(root))
        out.append(.host(layer))
        return out
    }
}
