import ArcMaskJSON

/// `f` applied to a member that may be missing (the standard library's typed-throws `map`
/// needs Swift 6's runtime, which iOS 17 lacks).
func optional<T>(_ node: Node?, _ f: (Node) throws(LottieError) -> T) throws(LottieError) -> T? {
    guard let node else { return nil }
    return try f(node)
}

extension LottieAnimation {
    /// Whether `head` (the first bytes of a file) may be a Lottie document: a JSON object (after
    /// a byte-order mark and white space). No other format arcmask reads is one, and the keys
    /// that tell a Lottie file may be anywhere in it (JSON objects are unordered; tools that sort
    /// keys put `assets` first): `decode` decides from the top-level keys and names what a
    /// JSON document that is not Lottie lacks.
    public static func matches(_ head: [UInt8]) -> Bool {
        var k = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { k = 3 }
        while k < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[k]) { k += 1 }
        return k < head.count && head[k] == UInt8(ascii: "{")
    }

    /// The members every Lottie animation has at its top level.
    public static let requiredKeys = ["fr", "ip", "op", "w", "h", "layers"]

    /// Why a JSON document whose top-level keys are `keys` is not a Lottie animation; nil when it may be one.
    public static func notLottie(keys: [String]) -> String? {
        let missing = requiredKeys.filter { !keys.contains($0) }
        guard !missing.isEmpty else { return nil }
        let shown = keys.prefix(8).map { "\"\(JSONText.escaped($0, maxLength: 24))\"" }.joined(separator: ", ")
        let has = keys.isEmpty ? "this object is empty" : "this one has \(shown)\(keys.count > 8 ? ", …" : "")"
        let all = requiredKeys.map { "\"\($0)\"" }.joined(separator: ", ")
        if missing.count == requiredKeys.count {
            return "a JSON object but not a Lottie animation: a Lottie file has \(all) at its top level; \(has)"
        }
        return
            "a JSON object but not a Lottie animation: it has no \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) "
            + "(a Lottie file has \(all) at its top level; \(has))"
    }

    /// Reads a document, checking the limits as it goes. Its top-level keys are looked at first,
    /// wherever they are: a JSON document that is not Lottie is refused for what it lacks.
    public static func decode(_ bytes: [UInt8], limits: LottieLimits = .default) throws(LottieError) -> LottieAnimation
    {
        if let keys = JSONKeys.topLevel(bytes, limits: limits.json), let reason = notLottie(keys: keys) {
            throw LottieError(reason, at: .root)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits.json)
        } catch {
            throw LottieError("line \(error.line), column \(error.column): \(error.message)", at: error.path)
        }
        return try decode(json, limits: limits)
    }

    /// Whether the file's exporter version (`v`, "5.7.4") is older than `minimum`, compared as
    /// lottie-web's `checkVersion` compares: part by part while both have a part, a part that
    /// is not a number deciding nothing; a file without a version counts as new.
    static func version(_ text: String?, precedes minimum: [Int]) -> Bool {
        guard let text else { return false }
        for (part, least) in zip(text.split(separator: ".", omittingEmptySubsequences: false), minimum) {
            guard let n = Int(part) else { continue }
            if n != least { return n < least }
        }
        return false
    }

    public static func decode(_ json: JSONValue, limits: LottieLimits = .default) throws(LottieError) -> LottieAnimation
    {
        let ctx = DecodeContext(limits: limits)
        let root = try Node(json, .root, notes: ctx.notes).asObject()
        let version = root.string("v")
        ctx.colorsIn255 = Self.version(version, precedes: [4, 1, 9])
        if let slots = root["slots"], case .object(let members) = slots.value {
            for (id, _) in members { ctx.slots[id] = slots[id] }
        }
        for key in ["fr", "ip", "op", "w", "h", "layers"] where !root.has(key) {
            throw root.fail("\"\(key)\" is missing: not a Lottie animation")
        }
        let frameRate = try root.required("fr").asNumber()
        guard frameRate > 0, frameRate <= 1000 else {
            throw root["fr"]!.fail("frame rate \(fmtNumber(frameRate)) is outside (0, 1000]")
        }
        let ip = try root.required("ip").asNumber(), op = try root.required("op").asNumber()
        guard op > ip else {
            throw root["op"]!.fail("out point \(fmtNumber(op)) is not after in point \(fmtNumber(ip))")
        }
        guard op - ip <= Double(limits.maxFrames) else {
            throw root["op"]!.fail(
                "\(fmtNumber((op - ip).rounded(.down))) frames, over the limit of \(limits.maxFrames)")
        }
        let w = try root.required("w").asInt(in: 1...limits.maxSide)
        let h = try root.required("h").asInt(in: 1...limits.maxSide)

        var compositions: [String: [Layer]] = [:]
        var extraCompositions: [(name: String, id: String)] = []
        var images: [String: ImageAsset] = [:]
        for asset in root["assets"]?.value.array == nil ? [] : try root["assets"]!.asArray() {
            let id = try asset.required("id").asString()
            if let layers = asset["layers"] {
                compositions[id] = try decodeLayers(layers, ctx, composition: id)
                if asset.bool("xt") { extraCompositions.append((asset.string("nm") ?? "", id)) }
            } else if let p = asset["p"] {
                // An image whose file is not a string is one lottie-web cannot load: its layers draw nothing.
                guard let file = p.value.string else {
                    p.note(
                        "expected a file name, found \(p.value.kind): the image is left out, as lottie-web cannot load it"
                    )
                    continue
                }
                images[id] = ImageAsset(
                    id: id, width: try asset.number("w", default: 0), height: try asset.number("h", default: 0),
                    folder: asset.string("u") ?? "", file: file)
            }
        }
        let layers = try decodeLayers(root.required("layers"), ctx, composition: nil)
        // Members that do not draw (markers, fonts) read leniently: one of the wrong kind is left out.
        for key in ["markers", "chars", "assets"] {
            if let n = root[key], n.value.array == nil {
                n.note("expected an array, found \(n.value.kind): read as empty, as lottie-web reads it")
            }
        }
        var markers: [Marker] = []
        for m in root["markers"]?.value.array == nil ? [] : try root["markers"]!.asArray() {
            markers.append(
                Marker(
                    name: m.string("cm") ?? "", time: try m.number("tm", default: 0),
                    duration: try m.number("dr", default: 0)))
        }
        var glyphs: [GlyphKey: Glyph] = [:]
        for c in root["chars"]?.value.array == nil ? [] : try root["chars"]!.asArray() {
            let key = GlyphKey(
                character: c.string("ch") ?? "", family: c.string("fFamily") ?? "", style: c.string("style") ?? "")
            var shapes: [ShapeItem] = []
            if let data = c["data"], let items = data["shapes"] {
                // Bodymovin before 4.7.99 stored glyph tangents as absolute points, as all its
                // paths once were; lottie-web converts glyphs from relative only for files from
                // 4.7.99 on (`checkChars` in player/js/utils/DataManager.js).
                ctx.absoluteTangents = Self.version(version, precedes: [4, 7, 99])
                defer { ctx.absoluteTangents = false }
                shapes = try decodeShapes(items, ctx)
            }
            ctx.pendingExpressions.removeAll()  // glyphs belong to no layer
            glyphs[key] = Glyph(
                size: try c.number("size", default: 100), width: try c.number("w", default: 0), shapes: shapes)
        }
        var fonts: [String: FontInfo] = [:]
        var firstFont: FontInfo? = nil
        for f in root["fonts"]?["list"]?.value.array == nil ? [] : try root["fonts"]!["list"]!.asArray() {
            let info = FontInfo(
                name: f.string("fName") ?? "", family: f.string("fFamily") ?? "", style: f.string("fStyle") ?? "",
                ascent: try f.number("ascent", default: 0))
            if fonts[info.name] == nil { fonts[info.name] = info }
            if firstFont == nil { firstFont = info }
        }
        return LottieAnimation(
            version: root.string("v") ?? "", name: root.string("nm") ?? "", frameRate: frameRate, inPoint: ip,
            outPoint: op, width: w, height: h, layers: layers, compositions: compositions, images: images,
            markers: markers, glyphs: glyphs, fonts: fonts, firstFont: firstFont, expressionPaths: ctx.expressions,
            expressions: ctx.allExpressions, maxExpressionSteps: limits.maxExpressionSteps,
            readingNotes: ctx.notes.warnings, slotIDs: ctx.slots.keys.sorted(), extraCompositions: extraCompositions,
            maxFrameWork: limits.maxFrameWork)
    }

    static func decodeLayers(_ node: Node, _ ctx: DecodeContext, composition: String?) throws(LottieError) -> [Layer] {
        var out: [Layer] = []
        for item in try node.asArray() {
            defer { ctx.bindExpressions(composition: composition, layer: out.count - 1) }
            ctx.layers += 1
            guard ctx.layers <= ctx.limits.maxLayers else {
                throw item.fail("the document holds more than \(ctx.limits.maxLayers) layers")
            }
            out.append(try decodeLayer(item.asObject(), ctx))
        }
        return out
    }

    static func decodeLayer(_ node: Node, _ ctx: DecodeContext) throws(LottieError) -> Layer {
        let type = try node.int("ty", default: -1)
        let kind: LayerKind
        switch type {
        case 0:
            kind = .precomp(
                id: try node.required("refId").asString(), width: try node.number("w", default: 0),
                height: try node.number("h", default: 0),
                timeRemap: try optional(node["tm"]) { (n) throws(LottieError) in try Property.scalar(n, ctx, default: 0)
                })
        case 1:
            kind = .solid(
                color: node.string("sc") ?? "#000000", width: try node.number("sw", default: 0),
                height: try node.number("sh", default: 0))
        case 2: kind = .image(id: try node.required("refId").asString())
        case 3: kind = .null
        case 4:
            kind = .shape(try optional(node["shapes"]) { (n) throws(LottieError) in try decodeShapes(n, ctx) } ?? [])
        case 5: kind = .text(try decodeText(node.required("t"), ctx))
        default: kind = .other(type: type)
        }
        var masks: [Mask] = []
        for m in try node["masksProperties"]?.asArray() ?? [] {
            let modeText = m.string("mode") ?? "a"
            guard let mode = MaskMode(rawValue: modeText) else {
                throw (m["mode"] ?? m).fail("unknown mask mode \"\(modeText)\"")
            }
            masks.append(
                Mask(
                    mode: mode, inverted: m.bool("inv"), path: try Property.shape(m.required("pt"), ctx),
                    opacity: try Property.scalar(m["o"], ctx, default: 100),
                    expansion: try Property.scalar(m["x"], ctx, default: 0), name: m.string("nm") ?? ""))
        }
        let effectEntries = try decodeEffects(node["ef"], ctx)
        let effects = effectEntries.map {
            $0.name.isEmpty ? ($0.matchName.isEmpty ? "effect type \($0.type)" : $0.matchName) : $0.name
        }
        var contents: [ContentEntry] = []
        if case .shape(let items) = kind, let shapes = node["shapes"] { contents = contentEntries(shapes, items) }
        let tt = try node.int("tt", default: 0)
        let sr = try node.number("sr", default: 1)
        let transform = try decodeTransform(node["ks"], ctx)
        return Layer(
            name: node.string("nm") ?? "",
            index: try node.optionalInt("ind"), parent: try node.optionalInt("parent"), kind: kind,
            inPoint: try node.number("ip", default: 0), outPoint: try node.number("op", default: 0),
            startTime: try node.number("st", default: 0), timeStretch: sr == 0 ? 1 : sr, transform: transform,
            autoOrient: node.bool("ao"), hidden: node.bool("hd"),
            blendMode: BlendMode(rawValue: try node.int("bm", default: 0)) ?? .normal, matte: MatteMode(rawValue: tt),
            matteParent: try node.optionalInt("tp"),
            isMatte: node.bool("td"),
            masks: masks, effects: effects, effectEntries: effectEntries, contents: contents,
            hasStyles: !(node["sy"]?.value.array?.isEmpty ?? true),
            is3D: node.bool("ddd") && transform.has3D, path: node.path)
    }

    static func decodeTransform(_ node: Node?, _ ctx: DecodeContext) throws(LottieError) -> Transform {
        let n = node
        var positionX: Animatable<[Double]>? = nil, positionY: Animatable<[Double]>? = nil
        var position = Animatable<[Double]>.fixed([0, 0])
        if let p = n?["p"] {
            if p.bool("s"), p.has("x") {
                positionX = try Property.scalar(p["x"], ctx, default: 0)
                positionY = try Property.scalar(p["y"], ctx, default: 0)
            } else {
                position = try Property.vector(p, ctx, default: [0, 0])
            }
        }
        var rotation = n?["r"]
        if rotation == nil { rotation = n?["rz"] }
        return Transform(
            anchor: try Property.vector(n?["a"], ctx, default: [0, 0]), position: position, positionX: positionX,
            positionY: positionY, scale: try Property.vector(n?["s"], ctx, default: [100, 100]),
            rotation: try Property.scalar(rotation, ctx, default: 0),
            opacity: try Property.scalar(n?["o"], ctx, default: 100),
            skew: try Property.scalar(n?["sk"], ctx, default: 0),
            skewAxis: try Property.scalar(n?["sa"], ctx, default: 0),
            startOpacity: try optional(n?["so"]) { (x) throws(LottieError) in try Property.scalar(x, ctx, default: 100)
            },
            endOpacity: try optional(n?["eo"]) { (x) throws(LottieError) in try Property.scalar(x, ctx, default: 100) },
            rotationX: try optional(n?["rx"]) { (x) throws(LottieError) in try Property.scalar(x, ctx, default: 0) },
            rotationY: n?.has("rx") == true ? try Property.scalar(n?["ry"], ctx, default: 0) : nil,
            orientation: n?.has("rx") == true ? try Property.vector(n?["or"], ctx, default: [0, 0, 0]) : nil)
    }

    static func decodeShapes(_ node: Node, _ ctx: DecodeContext) throws(LottieError) -> [ShapeItem] {
        var out: [ShapeItem] = []
        for item in try node.asArray() { out.append(try decodeShape(item.asObject(), ctx)) }
        return out
    }

    static func decodeShape(_ n: Node, _ ctx: DecodeContext) throws(LottieError) -> ShapeItem {
        let ty = n.string("ty") ?? ""
        let hidden = n.bool("hd")
        // `d` is a direction (3: reversed) on shapes and the dash list on strokes. The players
        // draw a rectangle reversed unless `d` is 1 or 2, an ellipse or star only when it is 3.
        let reversed = n["d"]?.number == 3
        let rectangleReversed = !(n["d"]?.number == 1 || n["d"]?.number == 2)
        switch ty {
        case "gr":
            return .group(
                name: n.string("nm") ?? "",
                items: try optional(n["it"]) { (x) throws(LottieError) in try decodeShapes(x, ctx) } ?? [],
                hidden: hidden)
        case "rc":
            return .rectangle(
                position: try Property.vector(n["p"], ctx, default: [0, 0]),
                size: try Property.vector(n["s"], ctx, default: [0, 0]),
                roundness: try Property.scalar(n["r"], ctx, default: 0), reversed: rectangleReversed, hidden: hidden)
        case "el":
            return .ellipse(
                position: try Property.vector(n["p"], ctx, default: [0, 0]),
                size: try Property.vector(n["s"], ctx, default: [0, 0]),
                reversed: reversed, hidden: hidden)
        case "sr":
            return .star(
                StarShape(
                    isStar: try n.int("sy", default: 1) != 2,
                    position: try Property.vector(n["p"], ctx, default: [0, 0]),
                    points: try Property.scalar(n["pt"], ctx, default: 5),
                    rotation: try Property.scalar(n["r"], ctx, default: 0),
                    outerRadius: try Property.scalar(n["or"], ctx, default: 0),
                    outerRoundness: try Property.scalar(n["os"], ctx, default: 0),
                    innerRadius: try Property.scalar(n["ir"], ctx, default: 0),
                    innerRoundness: try Property.scalar(n["is"], ctx, default: 0), reversed: reversed, hidden: hidden))
        case "sh":
            // The players ignore `d` on free paths.
            return .path(try Property.shape(n.required("ks"), ctx), reversed: false, hidden: hidden)
        case "fl":
            return .fill(
                color: try color(n["c"], ctx), opacity: try Property.scalar(n["o"], ctx, default: 100),
                evenOdd: try n.int("r", default: 1) == 2,
                blend: BlendMode(rawValue: try n.int("bm", default: 0)) ?? .normal,
                hidden: hidden, name: n.string("nm") ?? "")
        case "st":
            return .stroke(
                color: try color(n["c"], ctx), opacity: try Property.scalar(n["o"], ctx, default: 100),
                style: try strokeStyle(n, ctx), blend: BlendMode(rawValue: try n.int("bm", default: 0)) ?? .normal,
                hidden: hidden,
                name: n.string("nm") ?? "")
        case "gf":
            return .gradientFill(try gradient(n, ctx), evenOdd: try n.int("r", default: 1) == 2, hidden: hidden)
        case "gs":
            return .gradientStroke(try gradient(n, ctx), style: try strokeStyle(n, ctx), hidden: hidden)
        case "tr":
            return .transform(try decodeTransform(n, ctx))
        case "tm":
            return .trim(
                start: try Property.scalar(n["s"], ctx, default: 0),
                end: try Property.scalar(n["e"], ctx, default: 100),
                offset: try Property.scalar(n["o"], ctx, default: 0), individually: try n.int("m", default: 1) == 2,
                hidden: hidden)
        case "rp":
            return .repeater(
                copies: try Property.scalar(n["c"], ctx, default: 1),
                offset: try Property.scalar(n["o"], ctx, default: 0),
                above: try n.int("m", default: 1) == 2, transform: try decodeTransform(n["tr"], ctx), hidden: hidden)
        case "rd":
            return .roundCorners(radius: try Property.scalar(n["r"], ctx, default: 0), hidden: hidden)
        case "pb":
            return .puckerBloat(amount: try Property.scalar(n["a"], ctx, default: 0), hidden: hidden)
        case "zz":
            return .zigZag(
                size: try Property.scalar(n["s"], ctx, default: 0),
                ridges: try Property.scalar(n["r"], ctx, default: 0),
                smooth: try n.int("pt", default: 1) == 2, hidden: hidden)
        case "op":
            return .offsetPath(
                amount: try Property.scalar(n["a"], ctx, default: 0), join: try n.int("lj", default: 1),
                miterLimit: try Property.scalar(n["ml"], ctx, default: 4), hidden: hidden)
        case "mm":
            return .merge(mode: try n.int("mm", default: 1), hidden: hidden)
        case "tw":
            return .twist
        default:
            return .unknown(ty)
        }
    }

    /// A fill or stroke colour, in 0…1.
    static func color(_ node: Node?, _ ctx: DecodeContext) throws(LottieError) -> Animatable<[Double]> {
        guard ctx.colorsIn255 else { return try Property.vector(node, ctx, default: [0, 0, 0]) }
        guard let node else { return .fixed([0, 0, 0]) }
        return try Animatable.decode(node, ctx) { (n) throws(LottieError) in try n.asVector().map { $0 / 255 } }
    }

    static func strokeStyle(_ n: Node, _ ctx: DecodeContext) throws(LottieError) -> StrokeStyleItem {
        var dashes: [(kind: String, value: Animatable<[Double]>)] = []
        for d in try n["d"]?.asArray() ?? [] {
            dashes.append((d.string("n") ?? "d", try Property.scalar(d["v"], ctx, default: 0)))
        }
        return StrokeStyleItem(
            width: try Property.scalar(n["w"], ctx, default: 0), cap: try n.int("lc", default: 2),
            join: try n.int("lj", default: 2), miterLimit: try n.number("ml", default: 4), dashes: dashes)
    }

    static func gradient(_ n: Node, _ ctx: DecodeContext) throws(LottieError) -> Gradient {
        let g = try n.required("g")
        let count = try g.int("p", default: 0, in: 0...10_000)
        return Gradient(
            radial: try n.int("t", default: 1) == 2, start: try Property.vector(n["s"], ctx, default: [0, 0]),
            end: try Property.vector(n["e"], ctx, default: [0, 0]),
            highlightLength: try Property.scalar(n["h"], ctx, default: 0),
            highlightAngle: try Property.scalar(n["a"], ctx, default: 0),
            stops: GradientStops(colorCount: count, values: try Property.vector(g.required("k"), ctx, default: [])),
            opacity: try Property.scalar(n["o"], ctx, default: 100))
    }

    /// The Source Text expression, when the document has one.
    static func decodeTextExpression(_ d: Node, _ ctx: DecodeContext) throws(LottieError) -> LottieExpression? {
        guard let source = d.string("x") else { return nil }
        return try LottieExpression.read(d, source, ctx)
    }

    static func decodeText(_ t: Node, _ ctx: DecodeContext) throws(LottieError) -> TextDocument {
        var keyframes: [(time: Double, style: TextDocument.Style)] = []
        for k in try t.required("d").required("k").asArray() {
            let s = try k.required("s")
            keyframes.append(
                (
                    try k.number("t", default: 0),
                    TextDocument.Style(
                        text: s.string("t") ?? "", font: s.string("f") ?? "", size: try s.number("s", default: 10),
                        fillColor: try s["fc"]?.asVector(), strokeColor: try s["sc"]?.asVector(),
                        strokeWidth: try s.number("sw", default: 0), strokeOverFill: s.bool("of"),
                        justify: try s.int("j", default: 0), tracking: try s.number("tr", default: 0),
                        lineHeight: try s.number("lh", default: 0), baselineShift: try s.number("ls", default: 0),
                        boxSize: try s["sz"]?.asVector(), boxPosition: try s["ps"]?.asVector())
                ))
        }
        let expression = try decodeTextExpression(t.required("d"), ctx)
        let animators = try decodeTextAnimators(t, ctx)
        let path = t["p"]?.value.object?.isEmpty == false
        let more = t["m"]
        return TextDocument(
            keyframes: keyframes, expression: expression, animators: animators,
            grouping: try more?.int("g", default: 1) ?? 1,
            groupingAlignment: try Property.vector(more?["a"], ctx, default: [0, 0]), hasPath: path)
    }
}
