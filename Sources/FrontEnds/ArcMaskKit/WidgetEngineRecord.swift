import Foundation

extension ArcMaskAnimationPlan.Engine: Codable {}

/// What a folder plays on this system and why, and who answered: the widget itself, from the
/// record it keeps beside the manifest, or the calling process (`ArcMaskAnimation.diagnosis`).
public struct ArcMaskDiagnosis: Sendable, Equatable {
    /// Who decided the answer.
    public enum Origin: String, Sendable, Codable {
        /// The widget extension, as it drew this folder: what the widget plays.
        case widget
        /// The calling process: the widget has not drawn this folder yet. Fonts listed under
        /// `UIAppFonts` are registered only for the bundle that lists them, so an app whose
        /// widget extension carries the mask fonts is told "still" where its widget plays the
        /// masks (Apple's Information Property List reference, `UIAppFonts`).
        case thisProcess = "this-process"
    }

    /// What plays: the rotation, the timer masks or the first frame still.
    public let engine: ArcMaskAnimationPlan.Engine
    /// Why, in a sentence an app can show.
    public let reason: String
    /// Who answered.
    public let origin: Origin
    /// When the widget recorded it (nil when the calling process answered).
    public let recorded: Date?
    /// The system the widget ran on when it recorded it ("iOS 17.4"; nil when the calling
    /// process answered).
    public let system: String?

    /// The widget's answer from the bytes of its record (`.widget-engine.json`); nil when they
    /// are not one (damaged, another format, over 64 kB).
    public init?(widgetRecord data: Data) {
        guard let record = WidgetEngineRecord.decoded(data) else { return nil }
        self = record.diagnosis
    }

    init(engine: ArcMaskAnimationPlan.Engine, reason: String, origin: Origin, recorded: Date?, system: String?) {
        self.engine = engine
        self.reason = reason
        self.origin = origin
        self.recorded = recorded
        self.system = system
    }
}

/// The record `ArcMaskAnimation(folder:)` keeps in the folder (`.widget-engine.json`, hidden, so
/// `arcmask check` passes it over): what the widget extension resolved as it drew the folder.
/// Written only when what it says changes; tied to the manifest by its digest, so a record of
/// an earlier animation is not taken for this one.
struct WidgetEngineRecord: Codable, Equatable {
    static let file = ".widget-engine.json"
    /// Larger records are not read.
    static let maxBytes = 64 << 10

    var engine: ArcMaskAnimationPlan.Engine
    var requested: ArcMaskAnimationPlan.Engine
    var hasTimerMasks: Bool
    var rotationResolves: Bool
    var masksDrawable: Bool
    /// The manifest's FNV-1a digest (`ArcMaskAnimationPlan.digest`).
    var manifestDigest: String
    var system: String
    var recorded: Date

    /// The same record apart from when it was made.
    func saysTheSame(as other: WidgetEngineRecord) -> Bool {
        var o = other
        o.recorded = recorded
        return o == self
    }

    var reason: String {
        ArcMaskAnimationPlan.reason(
            engine, requested: requested, hasTimerMasks: hasTimerMasks, rotationResolves: rotationResolves,
            masksDrawable: masksDrawable)
    }

    var diagnosis: ArcMaskDiagnosis {
        ArcMaskDiagnosis(engine: engine, reason: reason, origin: .widget, recorded: recorded, system: system)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func decoded(_ data: Data) -> WidgetEngineRecord? {
        guard data.count <= maxBytes else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(WidgetEngineRecord.self, from: data)
    }

    /// The record in `folder`, if it has a readable one (a regular file of at most `maxBytes`).
    static func read(in folder: URL) -> WidgetEngineRecord? {
        let url = folder.appendingPathComponent(file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= maxBytes,
            let data = try? Data(contentsOf: url)
        else { return nil }
        return decoded(data)
    }

    /// Writes `self` into `folder` unless its record already says the same; a folder that
    /// cannot be written (a bundle's) is passed over: the record is advice, never a failure.
    func note(in folder: URL) {
        if let existing = Self.read(in: folder), existing.saysTheSame(as: self) { return }
        guard let data = try? encoded() else { return }
        try? data.write(to: folder.appendingPathComponent(Self.file), options: .atomic)
    }

    /// This system, as people name it: "iOS 17.4".
    static var thisSystem: String {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        #if os(iOS)
        let name = "iOS"
        #elseif os(macOS)
        let name = "macOS"
        #elseif os(visionOS)
        let name = "visionOS"
        #else
        let name = "this system"
        #endif
        return "\(name) \(v.majorVersion).\(v.minorVersion)" + (v.patchVersion > 0 ? ".\(v.patchVersion)" : "")
    }
}

extension ArcMaskAnimationPlan {
    /// Why `engine` plays when `requested` was asked for, in a sentence: which of the rotation
    /// and the masks' fonts this process has, and what the folder holds.
    public static func reason(
        _ engine: Engine, requested: Engine, hasTimerMasks: Bool, rotationResolves: Bool, masksDrawable: Bool
    ) -> String {
        let noMasks =
            hasTimerMasks
            ? "the timer masks' fonts are not registered here (bundle them with the widget extension and list them under its UIAppFonts)"
            : "the folder has no timer masks"
        switch (engine, requested) {
        case (.rotation, _):
            return "the clock-hand rotation resolves on this system"
        case (.timerMasks, .timerMasks):
            return "the timer masks, as asked; their fonts are registered"
        case (.timerMasks, _):
            return rotationResolves
                ? "the timer masks, which the folder prefers; their fonts are registered"
                : "the clock-hand rotation does not resolve on this system; the timer masks play, their fonts registered"
        case (.still, .still):
            return "the first frame still, as asked"
        case (.still, .rotation):
            return "the rotation was asked for and does not resolve on this system: the first frame still"
        case (.still, .timerMasks):
            return "the timer masks were asked for, and \(noMasks): the first frame still"
        case (.still, _):
            return "the clock-hand rotation does not resolve on this system, and \(noMasks): the first frame still"
        case (.automatic, _):
            return "automatic is a request, not an engine"
        }
    }
}
