import ArcMaskFiles
import ArcMaskFolder
import ArcMaskTimerMaskPlan
import ArcMaskValues
import Foundation

/// A folder's timer-mask lanes played back as a phone would: its manifest's `timerMask` section
/// read on its own, each mask font read from the folder and every mask's timer text shaped by
/// HarfBuzz, and the topmost drawn lane checked at every refresh over `seconds` and around the
/// timer's wraps into hours (`TimerMaskProof`). A wrong frame, a hand-off more than 1 ms off or no
/// lane drawn fails, named with the instant.
public struct TimerMaskFolderCheck: Sendable, Encodable {
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
    /// The first defects, in words (at most 20).
    public let defects: [String]
    public var passed: Bool { defects.isEmpty }

    /// Two hours of refreshes: every minute wrap and the first two hour wraps.
    public static let provenSeconds = 2 * 60 * 60
    /// Mask fonts larger than this are not read.
    public static let maxFontBytes = 16 << 20

    /// - Parameters:
    ///   - folder: the folder, for reading its fonts and for messages.
    ///   - manifest: its manifest, which carries the section.
    public static func run(
        folder: String, manifest m: ExportManifest, rates: [Int] = [60, 120], seconds: Int = provenSeconds
    ) throws -> TimerMaskFolderCheck {
        let (section, proof) = try Self.proof(folder: folder, manifest: m)
        let check = proof.run(rates: rates, seconds: Double(seconds))
        let archive = section.archiveBytes(
            imageBytes: Dictionary(m.images.map { ($0.file, $0.bytes) }, uniquingKeysWith: { a, _ in a }))
        var defects = check.defects.map(\.description)
        if m.strip == nil && archive > m.limits.archiveLimit {
            defects.insert(
                "the lanes make an archive of \(FrameBudget.megabytes(archive)), over its \(FrameBudget.megabytes(m.limits.archiveLimit)) budget (each lane's image counts)",
                at: 0)
        }
        return TimerMaskFolderCheck(
            lanes: section.lanes.count, loopSeconds: section.loopSeconds, refreshHz: rates, seconds: seconds,
            refreshes: check.refreshes, handOffs: check.handOffs, stringsShaped: proof.stringsShaped,
            archiveBytes: archive, archiveLimit: m.limits.archiveLimit, defects: defects)
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
        "timer masks, font shaped by HarfBuzz: \(counted(lanes, "lane")) over a \(loopSeconds) s loop (archive \(FrameBudget.megabytes(archiveBytes)) of \(FrameBudget.megabytes(archiveLimit))), \(refreshes) refreshes at \(refreshHz.map(String.init).joined(separator: "/")) Hz over \(seconds) s and around the wraps into hours, \(counted(handOffs, "hand-off")): \(passed ? "every refresh shows its lane's frame" : "FAIL")"
    }
}
