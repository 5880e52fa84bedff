import ArcMaskScript
import Foundation

/// Runs the expressions of one frame as lottie-web runs them: each property's at most once per
/// composition time (later reads take the cached result), a property read while its own
/// expression runs gives its value underneath, a script that fails or runs past the budget
/// leaves that value in place. One frame, one thread: a new `ExpressionFrame` per frame drawn.
final class ExpressionFrame: @unchecked Sendable {
    /// The frame being drawn on this task (a task-local written out rather than with
    /// `@TaskLocal`, which iOS 17's SDK reports as shared mutable state).
    static let local = TaskLocal<ExpressionFrame?>(wrappedValue: nil)
    static var current: ExpressionFrame? { local.get() }

    let animation: LottieAnimation
    let interpreter: ScriptInterpreter
    private var cache: [Key: Any] = [:]
    private var running: Set<ObjectIdentifier> = []
    /// Expressions that failed while this frame was drawn, with the reason (first failure each).
    private(set) var failures: [(LottieExpression, String)] = []
    private var failed: Set<ObjectIdentifier> = []
    /// Nested reads (A reads B reads C …).
    private var depth = 0
    static let maxDepth = 12

    private struct Key: Hashable {
        var expression: ObjectIdentifier
        var time: Double
    }

    init(_ animation: LottieAnimation) {
        self.animation = animation
        interpreter = ScriptInterpreter(budget: animation.maxExpressionSteps, globals: ExpressionLibrary.globals())
    }

    /// Runs `body` with expressions evaluated (when the animation has any).
    static func run<T>(
        _ animation: LottieAnimation, _ body: () throws -> T
    ) rethrows -> (T, [(LottieExpression, String)]) {
        guard !animation.expressions.isEmpty else { return (try body(), []) }
        let frame = ExpressionFrame(animation)
        let arena = ScriptArena()
        defer { arena.breakCycles() }
        let result = try ScriptArena.local.withValue(arena) { try local.withValue(frame) { try body() } }
        return (result, frame.failures)
    }

    /// The property's value at `time` (comp frames) with its expression applied to `input`
    /// (the keyframed or fixed value underneath).
    func evaluate<V>(_ expression: LottieExpression, base: Animatable<V>, input: V, at time: Double) -> V {
        run(
            expression, at: time, input: input, script: ExpressionConvert.script(input),
            property: { PropertyHandle(base, frame: self) }
        ) { result throws(ScriptFailure) in
            guard let value = ExpressionConvert.value(result, like: input) else {
                throw .error("the result (\(result.typeName)) is not a value for this property")
            }
            return value
        }
    }

    /// A text document's expression (`t.d.x`, the layer's Source Text) at `time`: run with
    /// `value` the document's text, its result made a string as JavaScript's `toString` makes
    /// it (lottie-web's `getExpressionValue`). The text underneath when it fails.
    func evaluateText(_ expression: LottieExpression, input: String, at time: Double) -> String {
        run(
            expression, at: time, input: input, script: .string(input),
            property: { PropertyHandle(Animatable<[Double]>.fixed([0]), frame: self) }
        ) { result throws(ScriptFailure) in
            String(result.toText().prefix(Self.maxTextLength))
        }
    }

    /// One run of an expression, once per frame and time: skipped (the value underneath) while
    /// it runs already, after it failed this frame, or past the nesting limit; its result
    /// converted by `convert`, a failure of either recorded.
    private func run<V>(
        _ expression: LottieExpression, at time: Double, input: V, script: ScriptValue,
        property: () -> PropertyHandle, convert: (ScriptValue) throws(ScriptFailure) -> V
    ) -> V {
        let id = ObjectIdentifier(expression)
        let key = Key(expression: id, time: time)
        if let hit = cache[key] as? V { return hit }
        guard let program = expression.program, !running.contains(id), !failed.contains(id), depth < Self.maxDepth
        else {
            return input
        }
        running.insert(id)
        depth += 1
        defer {
            running.remove(id)
            depth -= 1
        }
        let context = ExpressionContext(
            frame: self, expression: expression, property: property(), time: time, input: script)
        let value: V
        do {
            value = try convert(try context.run(program))
        } catch {
            fail(expression, error.message)
            return input
        }
        cache[key] = value
        return value
    }

    /// The longest text an expression may give (a script can build a string of any length).
    static let maxTextLength = 10_000

    private func fail(_ expression: LottieExpression, _ reason: String) {
        let id = ObjectIdentifier(expression)
        // As lottie-web does: an expression that failed once stays off for the frame.
        if failed.insert(id).inserted { failures.append((expression, reason)) }
    }

    /// The layers of a composition (nil: the root).
    func layers(_ composition: String?) -> [Layer] {
        guard let composition else { return animation.layers }
        return animation.compositions[composition] ?? []
    }
}

/// Values between the model and scripts, in the units the file writes (degrees, percent,
/// colours in 0…1).
enum ExpressionConvert {
    static func script<V>(_ value: V) -> ScriptValue {
        if let v = value as? [Double] { return v.count == 1 ? .number(v[0]) : .numbers(v) }
        if let p = value as? BezierPath { return .host(PathHost(p)) }
        return .undefined
    }

    /// The script's result as a value like `input`: a number for a one-number property, an
    /// array's numbers element by element (a missing or non-number element keeps the value
    /// underneath, as the player does), a path for a path.
    static func value<V>(_ result: ScriptValue, like input: V) -> V? {
        if let base = input as? [Double] {
            var out = base
            switch result.primitive {
            case .number, .bool:
                let n = result.toNumber()
                if base.count == 1 {
                    if n.isFinite { out[0] = n }
                } else {
                    return nil
                }
            case .array(let a):
                if base.count == 1 {
                    // lottie-web multiplies the result: a one-element array reads as its number.
                    if a.items.count == 1 { let n = a.items[0].toNumber(); if n.isFinite { out[0] = n } }
                } else {
                    for k in 0..<min(base.count, a.items.count) {
                        let n = a.items[k].toNumber()
                        if n.isFinite { out[k] = n }
                    }
                }
            case .string(let s):
                guard base.count == 1, let n = Double(s), n.isFinite else { return nil }
                out[0] = n
            default: return nil
            }
            return out as? V
        }
        if input is BezierPath {
            guard case .host(let h) = result, let p = h as? PathHost else { return nil }
            let finite = (p.path.vertices + p.path.inPoints + p.path.outPoints).allSatisfy {
                $0.x.isFinite && $0.y.isFinite
            }
            return finite ? p.path as? V : nil
        }
        return nil
    }
}

/// A property as scripts reach it: its keyframes (for `valueAtTime`, `key`, `loopOut` …) and,
/// through the frame, its value with its own expression applied.
final class PropertyHandle {
    /// Keyframes only, at a time in frames.
    let keyframeValue: (Double) -> ScriptValue
    /// The value with expressions applied, at a time in frames.
    let currentValue: (Double) -> ScriptValue
    let keyTimes: [Double]
    private let values: () -> [ScriptValue]
    /// Each keyframe's value (its start; the last one's value last).
    lazy var keyValues: [ScriptValue] = values()
    var isKeyframed: Bool { !keyTimes.isEmpty }

    init<V>(_ property: Animatable<V>, frame: ExpressionFrame?) {
        let keys = property.keyframesOnly
        keyframeValue = { t in
            if let k = keys as? Animatable<[Double]> { return ExpressionConvert.script(k.position(at: t)) }
            return ExpressionConvert.script(keys.value(at: t))
        }
        currentValue = { t in
            if let k = property as? Animatable<[Double]> { return ExpressionConvert.script(k.position(at: t)) }
            return ExpressionConvert.script(property.value(at: t))
        }
        if case .keyframed(let spans, let last) = keys {
            keyTimes = spans.map(\.time) + (spans.last.map { [$0.endTime] } ?? [])
            values = { spans.map { ExpressionConvert.script($0.start) } + [ExpressionConvert.script(last)] }
        } else {
            keyTimes = []
            values = { [] }
        }
    }
}
