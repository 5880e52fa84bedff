import ArcMaskValues
import Foundation

/// How a line of dynamic text looks and where it may go. Sizes are in the units of the box the
/// text is laid out in (an SVGA sprite's layout: the movie's units before the sprite's transform).
public struct TextStyle: Sendable, Hashable {
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        case left, center, right
    }

    /// A font description as fontconfig and Pango read it: families (comma-separated, the first
    /// that has a glyph wins), optionally followed by style words ("Noto Sans CJK SC Bold").
    public var font: String
    /// The font's size (em height) in the box's units.
    public var size: Double
    public var color: Color
    /// Where lines sit across the box (left and right are the box's own sides, for every script).
    public var alignment: Alignment
    /// At most this many lines (0: as many as fit the box's height); the last one kept ends
    /// with an ellipsis when the text goes on.
    public var maxLines: Int

    /// The official players' sample: white, 28 units, one centred line.
    public init(
        font: String = "sans-serif", size: Double = 28, color: Color = .white, alignment: Alignment = .center,
        maxLines: Int = 1
    ) {
        self.font = font
        self.size = size
        self.color = color
        self.alignment = alignment
        self.maxLines = maxLines
    }

    /// Sizes outside this range are refused (a size of 0 draws nothing; a huge one only tofu).
    public static let sizeRange: ClosedRange<Double> = 0.5...10_000
    /// Lines beyond this are refused.
    public static let maxLineLimit = 1_000
    /// Texts longer than this (in UTF-8 bytes) are refused.
    public static let maxTextBytes = 16_384

    /// Why this style (with `text`) cannot be laid out, or nil.
    public func problem(with text: String) -> String? {
        if !(Self.sizeRange ~= size) {
            return "size \(fmt(size)) is outside \(fmt(Self.sizeRange.lowerBound))…\(fmt(Self.sizeRange.upperBound))"
        }
        if maxLines < 0 || maxLines > Self.maxLineLimit { return "lines \(maxLines) is outside 0…\(Self.maxLineLimit)" }
        if font.trimmingCharacters(in: .whitespaces).isEmpty { return "the font is empty" }
        if text.utf8.count > Self.maxTextBytes { return "the text is over \(Self.maxTextBytes) bytes" }
        if text.utf8.contains(0) { return "the text holds a NUL character" }
        return nil
    }
}

/// What laying out a text in a box gave.
public struct TextMeasure: Sendable, Equatable {
    /// Lines kept.
    public var lines: Int
    /// The laid-out text's logical size, in the box's units (may exceed the box when even one
    /// line is taller than it; drawing clips to the box).
    public var width: Double
    public var height: Double
    /// The text was cut short with an ellipsis.
    public var ellipsized: Bool
    /// Characters no installed font has a glyph for (drawn as boxes).
    public var unknownGlyphs: Int
}

/// Why a style spec was refused.
public struct TextStyleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension TextStyle {
    /// The names a spec may set.
    public static let specNames = ["font", "size", "color", "align", "lines"]

    /// Reads "font=Noto Sans CJK SC,size=30,color=#FFE0A4,align=left,lines=2" over `base`
    /// (any subset, in any order). A font list may hold commas: a piece without a known
    /// `name=` continues the value before it.
    public init(spec: String, base: TextStyle = TextStyle()) throws(TextStyleError) {
        var pairs: [(String, String)] = []
        for piece in spec.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let eq = piece.firstIndex(of: "="), Self.specNames.contains(String(piece[..<eq])) {
                pairs.append((String(piece[..<eq]), String(piece[piece.index(after: eq)...])))
            } else if !pairs.isEmpty {
                pairs[pairs.count - 1].1 += "," + piece
            } else {
                throw TextStyleError(
                    message: "'\(piece)' is not one of \(Self.specNames.map { "\($0)=" }.joined(separator: ", "))")
            }
        }
        var style = base
        for (name, value) in pairs {
            switch name {
            case "font":
                guard !value.trimmingCharacters(in: .whitespaces).isEmpty, !value.utf8.contains(0) else {
                    throw TextStyleError(message: "font is empty")
                }
                style.font = value
            case "size":
                guard let size = Double(value), Self.sizeRange ~= size else {
                    throw TextStyleError(
                        message:
                            "size takes a number in \(fmt(Self.sizeRange.lowerBound))…\(fmt(Self.sizeRange.upperBound)), not '\(value)'"
                    )
                }
                style.size = size
            case "color":
                guard let color = Color(hex: value) else {
                    throw TextStyleError(message: "color takes #RRGGBB or #RRGGBBAA, not '\(value)'")
                }
                style.color = color
            case "align":
                guard let alignment = Alignment(rawValue: value) else {
                    throw TextStyleError(message: "align takes left, center or right, not '\(value)'")
                }
                style.alignment = alignment
            default:
                guard let lines = Int(value), lines >= 0, lines <= Self.maxLineLimit else {
                    throw TextStyleError(
                        message: "lines takes 0 (as many as fit) to \(Self.maxLineLimit), not '\(value)'")
                }
                style.maxLines = lines
            }
        }
        self = style
    }
}
