import ArcMaskJSON

/// What a file asks for that the renderer does not draw as After Effects would, found by a
/// scan of the model: one warning per layer and feature, naming both
/// (`layer "Title": expression on position not evaluated`).
public enum LottieFeatures {
    public static func warnings(_ animation: LottieAnimation) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        func add(_ text: String) { if seen.insert(text).inserted { out.append(text) } }
        for note in animation.readingNotes { add(note) }
        let allLayers = animation.layers + animation.compositions.keys.sorted().flatMap { animation.compositions[$0]! }
        // Expressions that are not run as lottie-web runs them, by the layer whose path holds them.
        func owner(_ path: JSONPath) -> String {
            allLayers.filter { isPrefix($0.path, of: path) }.max { $0.path.components.count < $1.path.components.count }
                .map(describe)
                ?? "the file"
        }
        var reported = Set<ObjectIdentifier>()
        for e in animation.expressions {
            let property = propertyName(e.path)
            if let error = e.syntaxError {
                add(
                    "\(owner(e.path)): expression on \(property) not evaluated: \(error) (its keyframed or static value is drawn)"
                )
                reported.insert(ObjectIdentifier(e))
            } else if e.usesRandomness {
                add(
                    "\(owner(e.path)): expression on \(property) uses random numbers (wiggle, random), which lottie-web draws anew at every load: its keyframed or static value is drawn"
                )
                reported.insert(ObjectIdentifier(e))
            }
        }
        for (e, reason) in LottieEvaluator(animation).expressionFailures() where !reported.contains(ObjectIdentifier(e))
        {
            add(
                "\(owner(e.path)): expression on \(propertyName(e.path)) fails (\(JSONText.escaped(reason.replacingOccurrences(of: "\"", with: "'"), maxLength: 120))): its keyframed or static value is drawn where it does"
            )
        }
        for layer in allLayers {
            let name = describe(layer)
            for (effect, entry) in zip(layer.effects, layer.effectEntries) where !isExpressionControl(entry) {
                add("\(name): effect \"\(effect)\" not drawn")
            }
            if layer.hasStyles { add("\(name): layer styles not drawn") }
            for mask in layer.masks where mask.mode != .add && mask.mode != .none {
                add("\(name): mask mode \(mask.mode) drawn as add, as lottie-web's canvas renderer draws it")
            }
            if case .other(let type) = layer.kind, type == 13 {
                add(
                    "\(name): camera not used: 3-D layers drawn without perspective, as lottie-web's canvas renderer draws them"
                )
            }
            switch layer.kind {
            case .shape(let items): scanShapes(items, layer: name, add)
            case .text(let doc):
                if !doc.animators.isEmpty && animation.glyphs.isEmpty {
                    add("\(name): text animators not applied to text set with installed fonts")
                }
                if doc.animators.contains(where: \.selector.randomized) {
                    add(
                        "\(name): text animator in random order (lottie-web shuffles anew at every load): letters taken in order"
                    )
                }
                if doc.animators.contains(where: \.rotates3D) {
                    add("\(name): text animator's x and y rotations ignored (drawn flat)")
                }
                if doc.hasPath { add("\(name): text on a path laid out on a straight line") }
                if animation.glyphs.isEmpty {
                    add(
                        "\(name): no glyphs embedded: the text is set with installed fonts (lottie-web's canvas renderer draws none)"
                    )
                    continue
                }
                let missing = Set(
                    doc.keyframes.flatMap { k in
                        k.style.text.map(String.init).filter { ch in
                            let font = animation.fonts[k.style.font] ?? animation.firstFont
                            return ch != " " && ch != "\r"
                                && animation.glyphs[
                                    GlyphKey(character: ch, family: font?.family ?? "", style: font?.style ?? "")]
                                    == nil
                        }
                    })
                if !missing.isEmpty {
                    add(
                        "\(name): no glyph embedded for \(missing.sorted().prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")) (not drawn)"
                    )
                }
            default: break
            }
        }
        return out
    }

    private static func scanShapes(_ items: [ShapeItem], layer: String, _ add: (String) -> Void) {
        for item in items {
            switch item {
            case .group(_, let children, _): scanShapes(children, layer: layer, add)
            case .merge:
                add(
                    "\(layer): merge paths not applied (drawn as separate paths, as lottie-web's canvas renderer draws them)"
                )
            case .twist: add("\(layer): twist not applied")
            case .unknown(let ty): add("\(layer): shape item \"\(ty)\" not drawn")
            default: break
            }
        }
    }

    /// Sliders, angles, colours, points, checkboxes, layer pickers and dropdowns, and After
    /// Effects' pseudo effects built of them: values for expressions to read, nothing to draw.
    static func isExpressionControl(_ e: EffectEntry) -> Bool {
        let controls = ["Slider", "Angle", "Color", "Point", "3D Point", "Checkbox", "Layer", "Dropdown"]
        return e.matchName.hasPrefix("Pseudo/") || controls.contains { e.matchName == "ADBE \($0) Control" }
    }

    static func describe(_ layer: Layer) -> String { "layer \"\(JSONText.escaped(layer.name, maxLength: 60))\"" }

    static func isPrefix(_ a: JSONPath, of b: JSONPath) -> Bool {
        a.components.count <= b.components.count && Array(b.components.prefix(a.components.count)) == a.components
    }

    /// A property's name for people, from the last keys of its path.
    static func propertyName(_ path: JSONPath) -> String {
        let keys = path.components.compactMap { if case .key(let k) = $0 { k } else { nil } }
        let names = [
            "p": "position", "a": "anchor point", "s": "scale", "r": "rotation", "o": "opacity", "rz": "rotation",
            "sk": "skew", "sa": "skew axis", "c": "colour", "w": "stroke width", "ks": "path", "pt": "mask path",
            "tm": "time remap", "x": "position x", "y": "position y", "e": "end", "g": "gradient colours",
            "or": "outer radius", "ir": "inner radius", "os": "outer roundness", "is": "inner roundness",
        ]
        guard let last = keys.last else { return "a property" }
        var name = names[last] ?? "\"\(last)\""
        if keys.count >= 2, keys[keys.count - 2] == "tm", last != "tm" { name = "trim \(name)" }
        return name
    }
}

extension MaskMode: CustomStringConvertible {
    public var description: String {
        switch self {
        case .add: "add"
        case .subtract: "subtract"
        case .intersect: "intersect"
        case .lighten: "lighten"
        case .darken: "darken"
        case .difference: "difference"
        case .none: "none"
        }
    }
}
