import ArcMaskCompositor
import ArcMaskEmulator
import ArcMaskGeometry
import ArcMaskValues
import ArgumentParser
import Foundation

// Numbers on the command line. Every numeric option parses into one of the types below, at
// parse time: a value that is not a number, not finite, or outside the type's range is refused
// (exit 64) with the option, the value as typed and the range the option takes. Negative numbers
// are values (`--angle -45`): the options read the next word whatever it starts with.

/// The range a real-valued option takes, and how to say it.
struct RealRange: Sendable {
    let low: Double
    let high: Double
    /// Whether `low` itself is refused: "(0, 8]" rather than "[0, 8]".
    let excludesLow: Bool
    let unit: String

    init(_ low: Double, _ high: Double, excludesLow: Bool = false, unit: String = "") {
        self.low = low
        self.high = high
        self.excludesLow = excludesLow
        self.unit = unit
    }

    func contains(_ x: Double) -> Bool { x.isFinite && (excludesLow ? x > low : x >= low) && x <= high }

    /// "(0, 1000] Hz".
    var text: String {
        "\(excludesLow ? "(" : "[")\(fmt(low)), \(fmt(high))]\(unit.isEmpty ? "" : unit == "°" ? unit : " \(unit)")"
    }
}

/// A command line that asks for more work than a limit allows, found once the input is read
/// (the run ends with exit 64, like any other bad argument).
struct UsageError: Error, LocalizedError {
    let message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
}

/// Why a value was refused; ArgumentParser prints it after the option and the value.
struct OptionValueError: Error, CustomStringConvertible {
    let description: String
}

/// A real number from the command line, checked against `range` when parsed.
protocol RealOption: Sendable, CustomStringConvertible {
    static var range: RealRange { get }
    var value: Double { get }
    init(checked value: Double)
}

extension RealOption {
    /// A default value; a programming error when outside the range.
    init(_ value: Double) {
        precondition(Self.range.contains(value), "default outside its option's range")
        self.init(checked: value)
    }

    /// Parses `text` as `Self`, or says what the option takes. Times take their unit as a
    /// suffix whatever the option's own unit (`250ms`, `2s`, `1.5min`) or a timecode as ffmpeg
    /// writes it (`00:00:02`, `01:30.5`); a bare number is in the option's unit.
    @Sendable static func parse(_ text: String) throws -> Self {
        switch range.unit {
        case "ms": try parse(text, suffixes: ["ms": 1, "s": 1000, "min": 60_000], secondsScale: 1000)
        case "s": try parse(text, suffixes: ["ms": 0.001, "s": 1, "min": 60], secondsScale: 1)
        default: try parse(text, suffixes: [:])
        }
    }

    /// Parses a number that may end in one of `suffixes` (a multiplier each, e.g. "ms": 0.001),
    /// or, with `secondsScale` (the option's units per second), a timecode `[[H:]M:]S[.f]`.
    static func parse(_ text: String, suffixes: [String: Double], secondsScale: Double? = nil) throws -> Self {
        if let secondsScale, text.contains(":") {
            let parts = text.trimmingCharacters(in: .whitespaces).split(
                separator: ":", omittingEmptySubsequences: false)
            let numbers = parts.map { Double($0) }
            // Digits and a decimal point only: no sign (-0:01 is no time), no NaN or infinity.
            guard parts.count <= 3, numbers.allSatisfy({ $0 != nil && $0!.isFinite }),
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "." } }),
                parts.dropLast().allSatisfy({ !$0.contains(".") })
            else {
                throw OptionValueError(description: "takes a timecode as H:MM:SS or MM:SS(.fff), e.g. 00:00:02")
            }
            let seconds = numbers.reduce(0.0) { $0 * 60 + $1! }
            let x = seconds * secondsScale
            guard range.contains(x) else { throw OptionValueError(description: "takes a time in \(range.text)") }
            return Self(checked: x)
        }
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        var factor = 1.0
        for (suffix, f) in suffixes.sorted(by: { $0.key.count > $1.key.count }) where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            factor = f
            break
        }
        guard let x = Double(body).map({ $0 * factor }), !body.isEmpty else {
            throw OptionValueError(description: "takes a number in \(range.text)")
        }
        guard range.contains(x) else {
            throw OptionValueError(description: "takes a \(x.isFinite ? "" : "finite ")number in \(range.text)")
        }
        return Self(checked: x)
    }

    /// Parses each of a comma-separated list.
    static func parseList(_ text: String) throws -> [Self] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !items.isEmpty, !text.isEmpty else {
            throw OptionValueError(description: "takes a number in \(range.text), or several separated by commas")
        }
        return try items.map { try parse(String($0)) }
    }

    var description: String { fmt(value) }
}

/// An integer from the command line, checked against `range` when parsed.
protocol IntOption: Sendable, CustomStringConvertible {
    static var range: ClosedRange<Int> { get }
    static var unit: String { get }
    var value: Int { get }
    init(checked value: Int)
}

extension IntOption {
    static var unit: String { "" }

    init(_ value: Int) {
        precondition(Self.range.contains(value), "default outside its option's range")
        self.init(checked: value)
    }

    /// "a whole number from 1 to 256".
    static var rangeText: String {
        "a whole number from \(grouped(range.lowerBound)) to \(grouped(range.upperBound))\(unit.isEmpty ? "" : " \(unit)")"
    }

    @Sendable static func parse(_ text: String) throws -> Self {
        let t = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        guard let x = Int(t), range.contains(x) else { throw OptionValueError(description: "takes \(rangeText)") }
        return Self(checked: x)
    }

    var description: String { String(value) }
}

/// 1234567 → "1,234,567".
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}

// MARK: - The kinds of number the commands take

/// Pixels per point: (0, 8].
struct PointScale: RealOption {
    static let range = RealRange(0, 8, excludesLow: true)
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A display refresh rate: (0, 1000] Hz.
struct Hertz: RealOption {
    static let range = RealRange(0, 1000, excludesLow: true, unit: "Hz")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A share of one refresh: (0, 1].
struct Fraction: RealOption {
    static let range = RealRange(0, 1, excludesLow: true)
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// An offset in time, either way: within a day, in ms.
struct OffsetMs: RealOption {
    static let range = RealRange(-86_400_000, 86_400_000, unit: "ms")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A length of time to sample: above 0, at most a day, in ms.
struct SpanMs: RealOption {
    static let range = RealRange(0, 86_400_000, excludesLow: true, unit: "ms")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A tolerance: 0 to a minute, in ms.
struct ToleranceMs: RealOption {
    static let range = RealRange(0, 60_000, unit: "ms")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// An instant on the rotation's clock, in seconds (suffix `ms` for milliseconds), within a year.
struct InstantSeconds: RealOption {
    static let range = RealRange(-31_536_000, 31_536_000, unit: "s")
    let value: Double
    init(checked value: Double) { self.value = value }

}

/// A rotation angle in degrees, within ±1,000,000°.
struct Degrees: RealOption {
    static let range = RealRange(-1_000_000, 1_000_000, unit: "°")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// Memory or archive bytes in MB (10⁶ bytes): above 0, at most 100,000.
struct Megabytes: RealOption {
    static let range = RealRange(0, 100_000, excludesLow: true, unit: "MB")
    let value: Double
    init(checked value: Double) { self.value = value }
    /// The bytes, rounded down.
    var bytes: Int { Int(value * 1_000_000) }
}

/// A time limit in seconds: above 0, at most a day.
struct TimeoutSeconds: RealOption {
    static let range = RealRange(0, 86_400, excludesLow: true, unit: "s")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A point in a clip: 0 to a day, in seconds.
struct ClipStart: RealOption {
    static let range = RealRange(0, 86_400, unit: "s")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A length of clip: above 0, at most a day, in seconds.
struct ClipLength: RealOption {
    static let range = RealRange(0, 86_400, excludesLow: true, unit: "s")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A frame rate: (0, 240] frames a second.
struct FramesPerSecond: RealOption {
    static let range = RealRange(0, 240, excludesLow: true, unit: "fps")
    let value: Double
    init(checked value: Double) { self.value = value }
}

/// A count of pixels: 1 to 1,073,741,824 (32,768²).
struct PixelCount: IntOption {
    static let range = 1...(1 << 30)
    static let unit = "px"
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// A count of bytes: 1 to 1 TB.
struct ByteCount: IntOption {
    static let range = 1...1_000_000_000_000
    static let unit = "bytes"
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// A count of frames: 1 to 10,000,000.
struct FrameCount: IntOption {
    static let range = 1...10_000_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// A frame's index: 0 to 9,999,999.
struct FrameIndex: IntOption {
    static let range = 0...9_999_999
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// A count of things an input holds (elements, path commands): 1 to 1,000,000,000.
struct ItemCount: IntOption {
    static let range = 1...1_000_000_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// How many times something repeats, or 0: 0 to 1,000,000.
struct Repeats: IntOption {
    static let range = 0...1_000_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// Random phases to sample: 0 to 10,000.
struct PhaseCount: IntOption {
    static let range = 0...10_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// A quality or level in a small closed range.
struct JPEGQuality: IntOption {
    static let range = 1...100
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// zlib's levels, 0 to 9.
struct CompressionLevel: IntOption {
    static let range = 0...9
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// Threads: 1 to 256.
struct ThreadCount: IntOption {
    static let range = 1...256
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// Timer-mask lanes: 1 to 1,000.
struct LaneCount: IntOption {
    static let range = 1...1_000
    static let unit = "lanes"
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// Turns of the test pattern: 1 to 1,000.
struct TurnCount: IntOption {
    static let range = 1...1_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// Frames of a generated test pattern: 1 to 10,000.
struct PatternFrames: IntOption {
    static let range = 1...10_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// "WxH" on the command line: each side 1 to 32,767 (cairo's limit, and far above any view).
struct SizeArgument: Sendable, CustomStringConvertible {
    static let maxSide = ViewLimits.maxSide
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "170x170", or as the tool prints sizes, "170×170".
    @Sendable static func parse(_ text: String) throws -> SizeArgument {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "×", with: "x")
            .split(separator: "x", omittingEmptySubsequences: false)
        let sides = parts.map { Int($0) }
        guard parts.count == 2, let w = sides[0], let h = sides[1] else {
            throw OptionValueError(description: "takes a size as WxH, e.g. 170x170")
        }
        guard (1...maxSide).contains(w), (1...maxSide).contains(h) else {
            throw OptionValueError(description: "takes sides from 1 to \(grouped(maxSide)), e.g. 170x170")
        }
        return SizeArgument(width: w, height: h)
    }

    var pixelSize: PixelSize { PixelSize(width: width, height: height) }

    var description: String { "\(width)x\(height)" }
}

/// Shortens a value typed on the command line for a message: long values keep their start
/// and end; control characters are shown escaped.
func shortened(_ s: String, limit: Int = 40) -> String {
    var t = ""
    for scalar in s.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F {
            t += scalar == "\n" ? "\\n" : scalar == "\t" ? "\\t" : String(format: "\\u{%X}", scalar.value)
        } else {
            t.unicodeScalars.append(scalar)
        }
    }
    guard t.count > limit else { return t }
    return "\(t.prefix(limit - 12))…\(t.suffix(10))"
}

/// A count of samples or of work items: 1 to 10¹⁵.
struct WorkCount: IntOption {
    static let range = 1...1_000_000_000_000_000
    let value: Int
    init(checked value: Int) { self.value = value }
}

/// `--max-samples`: the most display refreshes an emulation may sample.
struct SampleLimit: ParsableArguments {
    @Option(
        name: .customLong("max-samples"), parsing: .unconditional,
        help: "Refuse emulations that would sample more refreshes than this (rates × span × phases).",
        transform: WorkCount.parse)
    var maxSamples = WorkCount(20_000_000)

    /// The number of samples, or a usage error naming it, the limit, and `fix`.
    func check(_ plan: ArcPlan, _ settings: EmulationSettings, fix: String) throws -> Int {
        let samples = Emulator.sampleCount(plan, settings: settings)
        guard samples > maxSamples.value else { return samples }
        let rates = settings.refreshRates.count, phases = settings.phasesMs.count
        throw UsageError(
            "the emulation would sample \(samples == Int.max ? "more than 10¹⁸" : grouped(samples)) refreshes (\(rates) rate\(rates == 1 ? "" : "s") over \(fmt(Emulator.span(plan, settings: settings))) ms, \(phases) phase\(phases == 1 ? "" : "s")), over the limit of \(grouped(maxSamples.value)); \(fix), or raise --max-samples"
        )
    }
}

/// Ceilings on pictures the commands draw, checked before anything is allocated.
enum ViewLimits {
    /// 16.8 million pixels (4096 × 4096): far above any widget (about 2 million at 3×).
    static let defaultMaxPixels = 16_777_216
    /// cairo refuses surfaces wider or taller than this.
    static let maxSide = Resampler.maxDrawnSide

    /// Throws a usage error naming `what`, its size and the limit over which it goes.
    static func check(
        width: Int, height: Int, maxPixels: Int, what: String, option: String = "--max-view-pixels"
    )
        throws
    {
        if width > maxSide || height > maxSide {
            throw UsageError(
                "\(what) is \(grouped(width))×\(grouped(height)) px; pictures stop at \(grouped(maxSide)) px a side (cairo's limit)"
            )
        }
        let pixels = width.multipliedReportingOverflow(by: height)
        if pixels.overflow || pixels.partialValue > maxPixels {
            throw UsageError(
                "\(what) is \(grouped(width))×\(grouped(height)) px (\(pixels.overflow ? "too many" : grouped(pixels.partialValue)) pixels), over the limit of \(grouped(maxPixels)); raise it with \(option)"
            )
        }
    }
}
