import ArcMaskBudget
import ArcMaskFiles
import ArcMaskManifest
import ArcMaskTimerClock
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// A folder's timer-mask lanes played back as a phone would: its manifest's `timerMask` section
/// read on its own, each mask font read from the folder and every mask's timer text shaped by
/// HarfBuzz, and the topmost drawn lane checked at every refresh over `seconds` and around the
/// timer's wraps into hours (`TimerMaskProof`). A wrong frame, a hand-off more than 1 ms off or no
/// lane drawn fails, named with the instant.
public struct TimerMaskExportCheck: Sendable, Encodable {
    public let lanes: Int
    public let loopSeconds: Int
    public let refreshHz: [Int]
    public let seconds: Int
    public let refreshes: Int
    public let handOffs: Int
    public let stringsShaped: Int
    /// The archive the view makes when it plays the lanes (`TimerMaskSection.archiveBytes`),
    /// and its budget: over it, the lanes fail.
    public let archiveBytes: Int
    public let archiveLimit: Int
    /// The proof's first defects, in words (at most 20): wrong frames, no lane drawn, hand-offs off.
    public let defects: [String]
    /// The archive over its budget, in words (nil: within it).
    public let archiveProblem: String?
    /// The lanes against the source's own frames and pace (nil for sections written before they
    /// were judged so: their source's frames are not recorded).
    public let fidelity: SourceFidelity?
    /// Each failing part in words, by its cause: empty when the lanes play the animation.
    public var failures: [String] {
        (defects.first.map { ["the timer masks show wrong frames: \($0)"] } ?? [])
            + (archiveProblem.map { ["the timer masks' archive is too large: \($0)"] } ?? [])
            + ((fidelity?.failures).map {
                $0.isEmpty ? [] : ["the timer masks do not play the animation: " + $0.joined(separator: "; ")]
            } ?? [])
    }
    public var passed: Bool { failures.isEmpty }

    /// The most source frames a folder's lanes are judged against again (an export's limit).
    public static let maxJudgedFrames = 20_000

    /// Two hours of refreshes: every minute wrap and the first two hour wraps.
    public static let provenSeconds = 2 * 60 * 60
    /// Mask fonts larger than this are not read.
    public static let maxFontBytes = TimerMaskSection.maxFontBytes

    /// - Parameters:
    ///   - folder: the folder, for reading its fonts and for messages.
    ///   - manifest: its manifest, which carries the section.
    public static func run(
        folder: String, manifest m: ExportManifest, rates: [Int] = DisplayRefresh.rates, seconds: Int = provenSeconds
    ) throws -> TimerMaskExportCheck {
        let (section, proof) = try Self.proof(folder: folder, manifest: m)
        let check = proof.run(rates: rates, seconds: Double(seconds))
        let archive = section.archiveBytes(
            imageBytes: Dictionary(m.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a }))
        let over =
            m.strip == nil && archive > m.limits.archiveLimit
            ? "the lanes make an archive of \(FrameBudget.megabytes(archive)), over its \(FrameBudget.megabytes(m.limits.archiveLimit)) budget (each lane's image counts)"
            : nil
        return TimerMaskExportCheck(
            lanes: section.lanes.count, loopSeconds: section.loopSeconds, refreshHz: rates, seconds: seconds,
            refreshes: check.refreshes, handOffs: check.handOffs, stringsShaped: proof.stringsShaped,
            archiveBytes: archive, archiveLimit: m.limits.archiveLimit, defects: check.defects.map(\.description),
            archiveProblem: over, fidelity: fidelity(section, timing: m.timing))
    }

    /// The lanes judged against the source's frames the section records, at the manifest's
    /// timing, with the lane grid and the pace asked as the export recorded them.
    public static func fidelity(_ section: TimerMaskSection, timing: TimerLoopTiming?) -> SourceFidelity? {
        // Figures from the file, held to what an export writes before any is walked: at most
        // `maxJudgedFrames` frames of a millisecond or more, plays that fit the loop, lanes within
        // the route's most (otherwise the recorded judgement stands, and the proof judges the lanes).
        guard let durations = section.sourceDurationsMs, let recorded = section.fidelity, let timing,
            !durations.isEmpty, durations.count <= maxJudgedFrames, durations.allSatisfy({ $0.isFinite && $0 >= 1 }),
            abs(durations.reduce(0, +) - timing.durationMs) <= 1e-6 * max(1, timing.durationMs),
            TimerMaskSection.loops.contains(timing.loopSeconds), timing.speed.isFinite, timing.speed > 0,
            (1...timing.loopSeconds * 1000).contains(timing.plays), timing.plays * durations.count <= 1_000_000,
            timing.speed <= 1000, section.lanes.count <= 1000,
            recorded.laneMs.isFinite, recorded.laneMs > 0
        else { return section.fidelity }
        return SourceFidelity(
            turns: section.lanes.map {
                SourceFidelity.Turn(frame: $0.frame, from: $0.onTopFromSeconds, to: $0.onTopToSeconds)
            }, durationsMs: durations, timing: timing, laneMs: recorded.laneMs, paceAsked: recorded.paceAsked,
            excused: Set(recorded.missing).subtracting(recorded.dropped))
    }

    /// The folder's section and its proof with the folder's own mask fonts; what is wrong with
    /// either is said of the manifest or of the font files.
    public static func proof(folder: String, manifest m: ExportManifest) throws -> (TimerMaskSection, TimerMaskProof) {
        let file = (folder as NSString).appendingPathComponent(WidgetFolder.manifestFile)
        guard let section = m.timerMask else { throw InputError(file: file, location: "timerMask", "is missing") }
        if let (location, problem) = section.problems(images: Set(m.images.map(\.file))).first {
            throw InputError(file: file, location: location, problem)
        }
        guard let plan = TimerMaskPlan(section: section) else {
            throw InputError(file: file, location: "timerMask", "does not describe lanes")
        }
        var fonts: [Int: [UInt8]] = [:]
        for font in section.fonts {
            let path = (folder as NSString).appendingPathComponent(font.file)
            fonts[font.periodSeconds] = try FileReader.contents(of: path, limit: maxFontBytes, kind: "fonts")
        }
        let proof: TimerMaskProof
        do {
            proof = try TimerMaskProof(
                plan: plan, fonts: fonts, cell: PixelSize(width: m.pixelWidth, height: m.pixelHeight))
        } catch let error as InputError {
            // Said of the folder's font files, not of the proof's names for them.
            let files = section.fonts.map { (folder as NSString).appendingPathComponent($0.file) }
            throw InputError(file: files.joined(separator: ", "), error.problem)
        }
        return (section, proof)
    }

    /// One line for the summary.
    public var summary: String {
        "timer masks, font shaped by HarfBuzz: \(counted(lanes, "lane")) over a \(loopSeconds) s loop (archive \(FrameBudget.megabytes(archiveBytes)) of \(FrameBudget.megabytes(archiveLimit))), \(refreshes) refreshes at \(refreshHz.map(String.init).joined(separator: "/")) Hz over \(seconds) s and around the wraps into hours, \(counted(handOffs, "hand-off")): \(defects.isEmpty ? "every refresh shows its lane's frame" : "FAIL")"
    }

    enum CodingKeys: String, CodingKey {
        case lanes, loopSeconds, refreshHz, seconds, refreshes, handOffs, stringsShaped, archiveBytes, archiveLimit,
            defects, archiveProblem, fidelity, failures, passed
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(lanes, forKey: .lanes)
        try c.encode(loopSeconds, forKey: .loopSeconds)
        try c.encode(refreshHz, forKey: .refreshHz)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(refreshes, forKey: .refreshes)
        try c.encode(handOffs, forKey: .handOffs)
        try c.encode(stringsShaped, forKey: .stringsShaped)
        try c.encode(archiveBytes, forKey: .archiveBytes)
        try c.encode(archiveLimit, forKey: .archiveLimit)
        try c.encode(defects, forKey: .defects)
        try c.encodeIfPresent(archiveProblem, forKey: .archiveProblem)
        try c.encodeIfPresent(fidelity, forKey: .fidelity)
        try c.encode(failures, forKey: .failures)
        try c.encode(passed, forKey: .passed)
    }
}
