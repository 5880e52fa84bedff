import ArcMaskJSON
import ArcMaskScript

/// An After Effects expression on a property (`x`), parsed when the document is read and run
/// by `ExpressionFrame` while a frame is drawn, as lottie-web runs it.
public final class LottieExpression: @unchecked Sendable {
    public let source: String
    /// Where the property (the object holding `x`) is in the file.
    public let path: JSONPath
    let program: ScriptFunctionBody?
    /// Why the source could not be read (nil when it parsed).
    public let syntaxError: String?
    /// The composition and layer holding the property; set once while the document is read
    /// (nil for glyph shapes, which belong to no layer), never changed after.
    fileprivate(set) var owner: ExpressionOwner?
    /// For an effect's parameter: the effect it belongs to (what `propertyGroup(1)` gives).
    fileprivate(set) var effect: Int?
    /// The property's own index in its group (`ix`), which `thisProperty.propertyIndex` gives;
    /// set once while the document is read.
    var propertyIndex: Int?

    init(source: String, path: JSONPath) {
        self.source = source
        self.path = path
        do {
            program = try ScriptParser.parse(source)
            syntaxError = nil
        } catch {
            program = nil
            let prefix = source.unicodeScalars.prefix(error.offset)
            let line = prefix.filter { $0 == "\n" }.count + 1
            syntaxError = "\(error.message) (line \(line) of the expression)"
        }
    }

    /// Functions whose results lottie-web draws from a random generator seeded anew each time
    /// the page loads: no player draws the same frame twice, so arcmask cannot match one.
    public var usesRandomness: Bool {
        source.contains("wiggle(") || source.contains("random(") || source.contains("gaussRandom(")
    }
}

/// Which composition (nil: the root) and which layer (its position there) an expression
/// belongs to.
struct ExpressionOwner: Sendable {
    var composition: String?
    var layer: Int
}

/// A property an expression can read by name: numbers or a path.
enum ContentProperty: Sendable {
    case vector(Animatable<[Double]>)
    case path(Animatable<BezierPath>)
}

/// A shape item as expressions see it (`content("Group 1").content("Path 1").path`): its
/// names and its properties under their JSON keys.
public struct ContentEntry: Sendable {
    var name: String
    var matchName: String
    var index: Int?
    var type: String
    var properties: [String: ContentProperty]
    var children: [ContentEntry]
}

/// An effect (`ef`) or one of its parameters, as expressions read them: sliders, angles,
/// colours, points, checkboxes, layers.
public struct EffectEntry: Sendable {
    var name: String
    var matchName: String
    var index: Int?
    var type: Int
    var value: Animatable<[Double]>?
    var children: [EffectEntry]
}

extension DecodeContext {
    /// Gives the expressions read since the last call their layer.
    func bindExpressions(composition: String?, layer: Int) {
        for e in pendingExpressions { e.owner = ExpressionOwner(composition: composition, layer: layer) }
        pendingExpressions.removeAll()
    }

    func markEffect(_ index: Int, from start: Int) {
        for e in pendingExpressions[start...] where e.effect == nil { e.effect = index }
    }
}

extension LottieAnimation {
    /// The entries expressions reach through `content(…)`, from the decoded items and the JSON
    /// that named them.
    static func contentEntries(_ node: Node, _ items: [ShapeItem]) -> [ContentEntry] {
        let nodes = (try? node.asArray()) ?? []
        var out: [ContentEntry] = []
        for (k, item) in items.enumerated() where k < nodes.count {
            let n = nodes[k]
            var properties: [String: ContentProperty] = [:]
            var children: [ContentEntry] = []
            func transformProperties(_ t: Transform) {
                properties["a"] = .vector(t.anchor)
                properties["p"] = .vector(t.position)
                if let x = t.positionX { properties["px"] = .vector(x) }
                if let y = t.positionY { properties["py"] = .vector(y) }
                properties["s"] = .vector(t.scale)
                properties["r"] = .vector(t.rotation)
                properties["o"] = .vector(t.opacity)
                properties["sk"] = .vector(t.skew)
                properties["sa"] = .vector(t.skewAxis)
            }
            switch item {
            case .group(_, let inner, _):
                if let it = n["it"] { children = contentEntries(it, inner) }
            case .rectangle(let p, let s, let r, _, _):
                properties = ["p": .vector(p), "s": .vector(s), "r": .vector(r)]
            case .ellipse(let p, let s, _, _):
                properties = ["p": .vector(p), "s": .vector(s)]
            case .star(let star):
                properties = [
                    "p": .vector(star.position), "pt": .vector(star.points), "r": .vector(star.rotation),
                    "or": .vector(star.outerRadius), "os": .vector(star.outerRoundness),
                    "ir": .vector(star.innerRadius),
                    "is": .vector(star.innerRoundness),
                ]
            case .path(let shape, _, _): properties = ["ks": .path(shape)]
            case .fill(let c, let o, _, _, _, _): properties = ["c": .vector(c), "o": .vector(o)]
            case .stroke(let c, let o, let style, _, _, _):
                properties = ["c": .vector(c), "o": .vector(o), "w": .vector(style.width)]
            case .gradientFill(let g, _, _):
                properties = ["s": .vector(g.start), "e": .vector(g.end), "o": .vector(g.opacity)]
            case .gradientStroke(let g, let style, _):
                properties = [
                    "s": .vector(g.start), "e": .vector(g.end), "o": .vector(g.opacity), "w": .vector(style.width),
                ]
            case .transform(let t): transformProperties(t)
            case .trim(let s, let e, let o, _, _): properties = ["s": .vector(s), "e": .vector(e), "o": .vector(o)]
            case .repeater(let c, let o, _, _, _): properties = ["c": .vector(c), "o": .vector(o)]
            case .roundCorners(let r, _): properties = ["r": .vector(r)]
            case .puckerBloat(let a, _): properties = ["a": .vector(a)]
            case .zigZag(let s, let r, _, _): properties = ["s": .vector(s), "r": .vector(r)]
            case .offsetPath(let a, _, let ml, _): properties = ["a": .vector(a), "ml": .vector(ml)]
            default: break
            }
            out.append(
                ContentEntry(
                    name: n.string("nm") ?? "", matchName: n.string("mn") ?? "",
                    index: n["ix"].flatMap { try? $0.asInt() },
                    type: n.string("ty") ?? "", properties: properties, children: children))
        }
        return out
    }

    /// A layer's effects with their parameters' values (effects are not drawn; expressions read
    /// them). An effect that cannot be read is left out with a note, as lottie-web passes over
    /// what it does not know (its parameters' `ty` as a string, say).
    static func decodeEffects(_ node: Node?, _ ctx: DecodeContext, depth: Int = 0) throws(LottieError) -> [EffectEntry]
    {
        guard let node, depth < 8 else { return [] }
        guard node.value.array != nil else {
            node.note("expected an array of effects, found \(node.value.kind): read as none, as lottie-web reads it")
            return []
        }
        var out: [EffectEntry] = []
        for (k, e) in try node.asArray().enumerated() {
            let start = ctx.pendingExpressions.count
            let counts = (ctx.expressions.count, ctx.allExpressions.count)
            do {
                out.append(try decodeEffect(e, ctx, depth: depth))
                if depth == 0 { ctx.markEffect(k, from: start) }
            } catch {
                // A limit stops the file; anything else leaves the effect out, its expressions with it.
                if ctx.limitReached { throw error }
                ctx.pendingExpressions.removeSubrange(start...)
                ctx.expressions.removeSubrange(counts.0...)
                ctx.allExpressions.removeSubrange(counts.1...)
                e.note("effect not read (\(error.path): \(error.message)): left out; effects are not drawn")
                // A place kept, so that expressions reach the effects after it by their index.
                out.append(EffectEntry(name: "", matchName: "", index: nil, type: -1, value: nil, children: []))
            }
        }
        return out
    }

    private static func decodeEffect(_ e: Node, _ ctx: DecodeContext, depth: Int) throws(LottieError) -> EffectEntry {
        let type = try e.int("ty", default: -1)
        var value: Animatable<[Double]>? = nil
        if let v = e["v"], case .object = v.value, v.has("k") {
            value = try Animatable.decode(v, ctx) { (n) throws(LottieError) in
                // Layer and dropdown parameters hold numbers; anything else unreadable reads as 0.
                (try? n.asVector()) ?? [0]
            }
        }
        let children = try decodeEffects(e["ef"], ctx, depth: depth + 1)
        return EffectEntry(
            name: e.string("nm") ?? "", matchName: e.string("mn") ?? "", index: e["ix"].flatMap { try? $0.asInt() },
            type: type, value: value, children: children)
    }
}
