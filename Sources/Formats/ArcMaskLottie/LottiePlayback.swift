import ArcMaskJSON
import ArcMaskValues
import Foundation

/// Which composition times an animation is played at, and how long each frame lasts: all
/// frames, a marker's segment, a dotLottie state's segment, speed and direction, a range of
/// those, resampled to a rate. Frame k shows composition time round(ip) + k, each 1/fr s long,
/// as lottie-web counts them. Shared by both front ends.
public struct LottiePlayback: Sendable, Equatable {
    /// The composition time each frame shows.
    public let times: [Double]
    /// How long each frame lasts, ms.
    public let stepMs: Double

    /// - Parameters:
    ///   - marker: a marker's segment (it takes the place of the state's).
    ///   - range: first and last frame, inclusive, of the frames chosen so far.
    ///   - fps: resample to this many frames per second; nil keeps the file's rate.
    public init(
        _ animation: LottieAnimation, state: DotLottieV2.State? = nil, marker: String? = nil,
        range: ClosedRange<Int>? = nil, reverse: Bool = false, fps: Double? = nil,
        names: InputVocabulary
    ) throws(LottieChoiceError) {
        var first = animation.inPoint.rounded(), count = animation.frameCount
        if marker == nil, let frames = state?.frames {
            // A state's segment in frames: those of the composition it covers.
            let lo = max(first, frames.lowerBound.rounded()),
                hi = min(first + Double(count - 1), frames.upperBound.rounded())
            guard lo <= hi else {
                throw LottieChoiceError(
                    "state '\(state!.name)'",
                    "its segment \(Self.number(frames.lowerBound))…\(Self.number(frames.upperBound)) "
                        + "is outside the animation's frames")
            }
            first = lo
            count = Int(hi - lo) + 1
        }
        if let markerName = marker ?? state?.marker {
            guard let found = animation.markers.first(where: { $0.name == markerName }) else {
                let all = animation.markers.map { "'\($0.name)'" }
                throw LottieChoiceError(
                    marker == nil ? "state '\(state?.name ?? "")'" : names.name(.marker),
                    all.isEmpty
                        ? "the animation has no markers"
                        : "no marker '\(markerName)'; it has \(all.joined(separator: ", "))")
            }
            first = found.time.rounded()
            // A marker longer than the animation plays to its end (and a hostile length is no count).
            count = max(1, Int(min(Double(animation.frameCount), max(0, found.duration)).rounded(.down)))
        }
        guard count > 0 else { throw LottieChoiceError(nil, "the animation has no frames (op − ip < 1)") }
        var base = (0..<count).map { first + Double($0) }
        if let range {
            guard range.lowerBound >= 0, range.upperBound < count else {
                throw LottieChoiceError(
                    names.name(.range), "\(range.lowerBound)..\(range.upperBound) is outside frames 0..\(count - 1)")
            }
            base = Array(base[range])
        }
        if reverse != (state?.reverse ?? false) { base.reverse() }
        // A state's speed plays the same frames faster or slower, within the players' frame rates.
        let fr = animation.frameRate * (state?.speed ?? 1)
        guard fr > 0, fr <= 1000 else {
            throw LottieChoiceError(
                "state '\(state?.name ?? "")'", "its speed plays \(Self.number(fr)) frames a second, outside (0, 1000]")
        }
        if let fps {
            guard fps > 0, fps <= 240 else {
                throw LottieChoiceError(names.name(.framesPerSecond), "\(fps) must be in (0, 240]")
            }
            let seconds = Double(base.count) / fr
            let n = max(1, Int((seconds * fps).rounded()))
            times = (0..<n).map { j in base[min(base.count - 1, Int((Double(j) / fps * fr).rounded(.down)))] }
            stepMs = 1000 / fps
        } else {
            times = base
            stepMs = 1000 / fr
        }
    }

    static func number(_ x: Double) -> String { String(format: "%g", x) }
}

extension LottieAnimation {
    /// A document read with a dotLottie theme's rules set into its slots (the theme's notes join
    /// `readingNotes`), or as it is without one.
    public static func decode(
        _ json: [UInt8], theme: (id: String, rules: JSONValue)?, animationID: String?, limits: LottieLimits
    ) throws(LottieError) -> LottieAnimation {
        guard let theme else { return try decode(json, limits: limits) }
        let document: JSONValue
        do { document = try JSONParser.parse(json, limits: limits.json) } catch {
            throw LottieError("line \(error.line), column \(error.column): \(error.message)", at: error.path)
        }
        let themed = DotLottieV2.apply(theme: theme.rules, id: theme.id, animation: animationID ?? "", to: document)
        var decoded = try decode(themed.0, limits: limits)
        decoded.readingNotes += themed.notes
        return decoded
    }
}
