import ArcMaskBudget
import Foundation

/// Turns an animation the user chose into a folder a widget plays with
/// `ArcMaskAnimation(folder:)`: what ImageIO decodes (GIF, APNG, HEICS, WebP, AVIF sequences),
/// movies and Live Photos (AVFoundation), and Lottie JSON, dotLottie and Telegram stickers (drawn
/// on Core Graphics in the theme and state `PrepareOptions.lottie` chooses). Frames are decoded
/// once, downsampled on the way in, timed as browsers play them, fitted to the phone's limits,
/// planned, checked by the emulator, encoded and written all at once. The same budget, plan,
/// verdict and manifest as `arcmask export` (ArcMaskBudget and ArcMaskManifest decide for both).
public enum ArcMaskPreparer {
    /// Where the work is.
    public enum Stage: Sendable, Equatable {
        /// Fetching a Live Photo's video from iCloud (`prepare(livePhoto:)`): `done` of `total`
        /// is Photos' own fraction; `fractionCompleted` stays 0 until the frames are read.
        case downloading
        /// Reading every frame once, encoding samples to choose the scale and quality.
        case surveying
        /// Writing the layers. It may run more than once: when a written pass comes out over the
        /// budget, the fitter steps down and writes again (from the frames the survey kept).
        case writing
    }

    /// How far `prepare` is, delivered on the main actor.
    public struct Progress: Sendable, Equatable {
        /// Where the work is: surveying the frames, or writing the layers.
        public typealias Stage = ArcMaskPreparer.Stage
        /// The stage the work is in.
        public let stage: Stage
        /// Frames surveyed, or layers written in this pass, of `total`.
        public let done: Int
        /// Frames to survey, or layers to write in this pass.
        public let total: Int
        /// How far the whole preparation is, 0 to 1; it never goes back, though `done` starts
        /// again when a written pass comes out over the budget.
        public let fractionCompleted: Double

        /// Progress of `done` of `total` in `stage`, the whole preparation `fractionCompleted`
        /// (0 to 1) of the way.
        public init(stage: Stage, done: Int, total: Int, fractionCompleted: Double) {
            self.stage = stage
            self.done = done
            self.total = total
            self.fractionCompleted = fractionCompleted
        }
    }

    /// What `events` yields: progress as it goes, then what was written.
    public enum Event: Sendable {
        /// How far the work is, as it goes.
        case progress(Progress)
        /// What was written: the last event, once the folder is in place.
        case finished(PreparedAnimation)
    }
}

/// How far `prepare` is, 0 to 1, never going back: the survey (which reads every frame once)
/// fills the first `surveyShare`, writing layers the rest. A pass of writing that starts again
/// (the fitter stepped down after a pass came out over the budget) holds the fraction where it
/// was until it passes it.
final class ProgressMeter: @unchecked Sendable {
    private let lock = NSLock()
    private var fraction = 0.0
    private var stage = ArcMaskPreparer.Stage.surveying
    private var done = 0
    private var total = 0
    /// Decoding every frame and keeping it weighs about as much as encoding the layers.
    static let surveyShare = 0.5

    /// The fraction after `done` of `total` in a stage.
    func advance(_ stage: ArcMaskPreparer.Stage, done: Int, total: Int) -> Double {
        let part = total > 0 ? min(1, max(0, Double(done) / Double(total))) : 1
        let value = stage == .writing ? Self.surveyShare + (1 - Self.surveyShare) * part : Self.surveyShare * part
        return lock.withLock {
            fraction = max(fraction, value)
            return fraction
        }
    }

    /// The fitter's progress in `prepare`'s stages (its reading is the survey; its passes are
    /// writing), each step posted with the whole preparation's fraction; `cancellation` is
    /// checked before each frame and each layer.
    func fitting(
        cancellation: CancellationFlag, post: @escaping @Sendable (ArcMaskPreparer.Progress) -> Void
    ) -> FitProgress {
        @Sendable func report(_ change: (ProgressMeter) -> Void) {
            let (stage, done, total) = lock.withLock { () -> (ArcMaskPreparer.Stage, Int, Int) in
                change(self)
                return (self.stage, self.done, self.total)
            }
            post(
                .init(
                    stage: stage, done: done, total: total, fractionCompleted: advance(stage, done: done, total: total))
            )
        }
        return FitProgress(
            stage: { stage, total in
                report {
                    $0.stage = stage == .writing ? .writing : .surveying
                    $0.done = 0
                    $0.total = total
                }
            },
            advance: { report { $0.done += 1 } },
            check: { try cancellation.check() })
    }
}

/// Progress handed from the preparing thread to the main actor, in order and without piling up:
/// while one delivery waits for the main actor, newer progress replaces what it will deliver.
final class ProgressRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: ArcMaskPreparer.Progress?
    private var scheduled = false
    private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let deliver: @Sendable (ArcMaskPreparer.Progress) -> Void

    /// - Parameters:
    ///   - schedule: runs its block on the main actor, in the order given (the main queue).
    ///   - deliver: called there with the newest progress.
    init(
        schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        deliver: @escaping @Sendable (ArcMaskPreparer.Progress) -> Void
    ) {
        self.schedule = schedule
        self.deliver = deliver
    }

    func post(_ progress: ArcMaskPreparer.Progress) {
        let first: Bool = lock.withLock {
            latest = progress
            defer { scheduled = true }
            return !scheduled
        }
        guard first else { return }
        schedule { [self] in
            let next: ArcMaskPreparer.Progress? = lock.withLock {
                defer {
                    latest = nil
                    scheduled = false
                }
                return latest
            }
            if let next { deliver(next) }
        }
    }
}
