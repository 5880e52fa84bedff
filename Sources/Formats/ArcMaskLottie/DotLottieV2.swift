import ArcMaskJSON

/// What dotLottie v2 adds to an animation (dotlottie.io/spec/2.0): themes, JSON files in `t/`
/// whose rules set the values of an animation's slots, and state machines, JSON files in `s/`
/// whose playback states each play an animation's segment. A widget plays one look and one
/// segment, so a theme and a state are chosen once (`--theme ID`, `--state NAME`; ArcMaskKit's
/// `PrepareOptions.lottie`): by default the animation's `initialTheme` and the initial state of
/// the manifest's initial state machine, as the players start it. Plain Swift, shared by both
/// front ends (`DotLottieChoice` reads the manifest; each front end brings its ZIP reader). Written from the published
/// specifications (the theme specification 1.0 and the state machine specification 1.0 on
/// docs.lottiefiles.com); transitions, inputs and interactions are not played.
public enum DotLottieV2 {
    /// A playback state: the animation it plays and the part of it.
    public struct State: Sendable, Equatable {
        public var name: String
        /// The animation's id; nil keeps the file's initial one.
        public var animation: String?
        /// A marker's segment, or first and last frame.
        public var marker: String?
        public var frames: ClosedRange<Double>?
        /// Playback speed (1: the file's rate) and direction.
        public var speed: Double
        public var reverse: Bool
    }

    /// The names of a state machine's states and its initial one; the chosen playback state.
    static func state(
        _ machine: JSONValue, named wanted: String?, machineID: String, option: String
    ) throws(LottieChoiceError) -> (names: [String], state: State?) {
        let location = "s/\(machineID).json"
        let states = machine["states"]?.array ?? []
        let names = states.compactMap { $0["name"]?.string }
        guard let chosen = wanted ?? machine["initial"]?.string else { return (names, nil) }
        guard let entry = states.first(where: { $0["name"]?.string == chosen }) else {
            throw LottieChoiceError(
                wanted == nil ? "\(location) $.initial" : option,
                "no state '\(chosen)'; the state machine '\(machineID)' has "
                    + (names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")))
        }
        let type = entry["type"]?.string ?? "PlaybackState"
        guard type == "PlaybackState" else {
            throw LottieChoiceError(
                wanted == nil ? "\(location) $.initial" : option,
                "'\(chosen)' is a \(type), not a PlaybackState: it plays nothing of its own")
        }
        var state = State(
            name: chosen, animation: entry["animation"]?.string.flatMap { $0.isEmpty ? nil : $0 }, marker: nil,
            frames: nil, speed: 1, reverse: false)
        switch entry["segment"] {
        case .string(let marker)?: state.marker = marker
        case .array(let pair)? where pair.count == 2:
            if let a = pair[0].number, let b = pair[1].number, a.isFinite, b.isFinite, a <= b { state.frames = a...b }
        default: break
        }
        // Speeds outside what a player would play (1/100 to 100 times) are held to those.
        if let speed = entry["speed"]?.number, speed.isFinite, speed > 0 { state.speed = min(100, max(0.01, speed)) }
        let mode = entry["mode"]?.string ?? "Forward"
        state.reverse = mode == "Reverse" || mode == "ReverseBounce"
        return (names, state)
    }

    /// The animation JSON with `rules` (a theme file's `rules`) set into its `slots`, each as
    /// a static value or keyframes; rules limited to other animations are passed over. Returns
    /// what could not be applied, as warnings.
    public static func apply(
        theme rules: JSONValue, id: String, animation: String, to document: JSONValue
    ) -> (JSONValue, notes: [String]) {
        guard case .object(var root) = document else { return (document, []) }
        var slots = root["slots"]?.object ?? [:]
        var notes: [String] = []
        for (k, rule) in (rules["rules"]?.array ?? []).enumerated() {
            let place = "theme '\(id)' rule \(k)"
            guard let slot = rule["id"]?.string, let type = rule["type"]?.string else {
                notes.append("\(place): has no slot id or type: not applied")
                continue
            }
            if let only = rule["animations"]?.array, !only.contains(.string(animation)) { continue }
            guard ["Color", "Scalar", "Position", "Vector"].contains(type) else {
                notes.append(
                    "\(place) ('\(slot)'): \(type) rules are not applied (colours, scalars, positions and vectors are)")
                continue
            }
            guard let property = property(rule, type: type) else {
                notes.append("\(place) ('\(slot)'): its value is not a \(type.lowercased()): not applied")
                continue
            }
            slots[slot] = .object(["p": property])
        }
        root["slots"] = .object(slots)
        return (.object(root), notes)
    }

    /// A rule's value as a Lottie property: `{"a":0,"k":value}`, or keyframes
    /// (`frame`, `value`, `inTangent`, `outTangent`, `hold`) as `{"a":1,"k":[…]}`.
    static func property(_ rule: JSONValue, type: String) -> JSONValue? {
        func value(_ v: JSONValue?) -> JSONValue? {
            switch v {
            case .number(let n)? where type == "Scalar": return .number(n)
            case .array(let items)? where !items.isEmpty && items.allSatisfy({ $0.number != nil }):
                if type == "Scalar" { return items[0] }
                // Colours without alpha are opaque.
                return type == "Color" && items.count == 3 ? .array(items + [.number(1)]) : .array(items)
            default: return nil
            }
        }
        if let keyframes = rule["keyframes"]?.array, !keyframes.isEmpty {
            var out: [JSONValue] = []
            for kf in keyframes {
                guard let t = kf["frame"]?.number, let v = value(kf["value"]) else { return nil }
                var key: [String: JSONValue] = ["t": .number(t), "s": v.array != nil ? v : .array([v])]
                func tangent(_ name: String, _ fallback: Double) -> JSONValue {
                    let x = kf[name]?["x"]?.number ?? fallback, y = kf[name]?["y"]?.number ?? fallback
                    return .object(["x": .array([.number(x)]), "y": .array([.number(y)])])
                }
                key["o"] = tangent("outTangent", 0)
                key["i"] = tangent("inTangent", 1)
                if kf["hold"]?.bool == true { key["h"] = .number(1) }
                out.append(.object(key))
            }
            return .object(["a": .number(1), "k": .array(out)])
        }
        return value(rule["value"]).map { .object(["a": .number(0), "k": $0]) }
    }
}
