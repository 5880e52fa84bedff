import ArcMaskGeometry
import ArcMaskValues
import ArgumentParser
import Foundation

/// `arcmask devices`: the widget size table, one device class a row, with each class's scale,
/// its sizes per family and their source, its models (which `--device` takes too), and the
/// class each Live Activity family is sized for by default.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the widget size table: each device class's scale, sizes per family and models.",
        discussion: """
            Sizes are in points, with their source: Apple's Human Interface Guidelines, a measurement \
            newer than them, or derived by the rule the listed screens follow (Live Activities). \
            --device in export, plan, preview and emulate takes a class or a model.
            """)

    @OptionGroup var format: JSONOption
    var json: Bool { format.json }

    func run() throws {
        emit(json ? try Self.json() : Self.table())
    }

    /// The widget size table, one device class a row, each with its scale, source and models.
    static func table() -> String {
        func s(_ v: (Double, Double)?) -> String { v.map { "\(fmt($0.0))×\(fmt($0.1))" } ?? "-" }
        let rows =
            [
                [
                    "device", "screen", "scale", "small", "medium", "large", "extraLarge", "source",
                    "models (--device takes each)",
                ]
            ]
            + WidgetSizeTable.devices.map {
                [
                    $0.id, $0.screen, fmt($0.scale) + "×", s($0.small), s($0.medium), s($0.large), s($0.extraLarge),
                    $0.source.rawValue, $0.models.map { WidgetSizeTable.slug($0.name) }.joined(separator: " "),
                ]
            }
        // Each column as wide as its widest cell, two spaces apart.
        let last = rows[0].count - 1
        let widths = (0...last).map { c in rows.map { $0[c].count }.max()! }
        let lines = rows.map { row in
            row.enumerated().map { c, cell in c == last ? cell : pad(cell, widths[c] + 2) }.joined()
        }
        // The Lock Screen, portrait and Live Activity sizes, for the classes that have any.
        let others: [WidgetFamily] = [
            .accessoryCircular, .accessoryRectangular, .extraLargePortrait, .activity, .islandCompact, .islandMinimal,
            .islandExpanded,
        ]
        let surfaceRows =
            [["device"] + others.map(\.rawValue)]
            + WidgetSizeTable.devices.filter { !$0.surfaces.isEmpty }.map { d in
                [d.id]
                    + others.map { f in
                        d.surfaces[f].map {
                            "\(fmt($0.width))×\(fmt($0.height))"
                                + ($0.source == .measured ? "*" : $0.source == .derived ? "†" : "")
                        } ?? "-"
                    }
            }
        let surfaceWidths = (0..<surfaceRows[0].count).map { c in surfaceRows.map { $0[c].count }.max()! }
        let surfaceLines = surfaceRows.map { row in
            row.enumerated().map { c, cell in c == row.count - 1 ? cell : pad(cell, surfaceWidths[c] + 2) }.joined()
        }
        return
            ([
                "Widget sizes in points. Source: guidelines = Apple Human Interface Guidelines, Widgets: Specifications;",
                "measured = the size most published per-screen tables give for a screen newer than that table (docs/limits.md).",
            ] + lines + [
                "",
                "Lock Screen, portrait and Live Activity sizes in points (guidelines: Widgets and Live Activities,",
                "Specifications; * measured: docs/limits.md; † derived: no source lists this screen's presentation, so",
                "it follows the rule both listed screens do, the screen's width less 11 pt a side; - none: the class",
                "lacks the family, or no source or rule gives its size).",
            ] + surfaceLines + [
                "",
                "Live Activity layers by default (ActivityKit: images larger than the presentation may keep the activity",
                "from starting, so each family is sized for the phone whose presentation has the fewest pixels):",
            ]
            + liveActivityDefaults).joined(separator: "\n")
    }

    /// Each Live Activity family's default: the class with the smallest presentation, in points
    /// and pixels.
    static var liveActivityDefaults: [String] {
        [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded].compactMap { f in
            guard let c = WidgetSizeTable.smallestPresentation(for: f), let s = c.device.size(f) else { return nil }
            let px = "\(Int((s.width * c.scale).rounded(.down)))×\(Int((s.height * c.scale).rounded(.down))) px"
            return "  " + pad(f.rawValue, 17) + pad(c.device.id, 15)
                + "\(fmt(s.width))×\(fmt(s.height)) pt at \(fmt(c.scale))× = \(px) (\(c.device.source(f)!.rawValue))"
        }
    }

    /// The same table for machines.
    struct Row: Encodable {
        struct Size: Encodable {
            let width: Double, height: Double
        }
        let id: String, screen: String, scale: Double, source: String
        let models: [WidgetSizeTable.Model], names: [String]
        let small: Size, medium: Size, large: Size, extraLarge: Size?
        /// The Lock Screen, portrait and Live Activity families the class has, by family.
        let surfaces: [String: Surface]
        struct Surface: Encodable {
            let width: Double, height: Double, source: String
        }

        init(_ d: WidgetSizeTable.Device) {
            func size(_ v: (Double, Double)) -> Size { Size(width: v.0, height: v.1) }
            id = d.id
            screen = d.screen
            scale = d.scale
            source = d.source.rawValue
            models = d.models
            names = d.models.map { WidgetSizeTable.slug($0.name) }
            small = size(d.small)
            medium = size(d.medium)
            large = size(d.large)
            extraLarge = d.extraLarge.map(size)
            surfaces = Dictionary(
                uniqueKeysWithValues: d.surfaces.map {
                    (
                        $0.key.rawValue,
                        Surface(width: $0.value.width, height: $0.value.height, source: $0.value.source.rawValue)
                    )
                })
        }
    }

    static func json() throws -> String {
        struct Table: Encodable {
            let devices: [Row]
            let liveActivityDefaults: [LiveActivityDefault]
        }
        return try jsonString(
            Table(
                devices: WidgetSizeTable.devices.map(Row.init),
                liveActivityDefaults: [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded]
                    .compactMap(LiveActivityDefault.init)))
    }

    /// A Live Activity family's default class: the smallest presentation, in points and pixels.
    struct LiveActivityDefault: Encodable {
        let family: String, device: String, width: Double, height: Double, scale: Double
        let pixelWidth: Int, pixelHeight: Int, source: String

        init?(_ f: WidgetFamily) {
            guard let c = WidgetSizeTable.smallestPresentation(for: f), let s = c.device.size(f) else { return nil }
            family = f.rawValue
            device = c.device.id
            (width, height, scale) = (s.width, s.height, c.scale)
            pixelWidth = Int((s.width * c.scale).rounded(.down))
            pixelHeight = Int((s.height * c.scale).rounded(.down))
            source = c.device.source(f)!.rawValue
        }
    }
}
