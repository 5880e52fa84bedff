import ArgumentParser
import Foundation
import Testing

@testable import ArcMaskCLI

/// `export --help` holds what every route takes; each route's own options are on its screen
/// (`arcmask help export --route NAME`); the formats' and the limits' on `--help-hidden`.
@Suite("Export's help")
struct ExportHelpTests {
    /// The option names a help screen lists, one per row (`--version` and `--help` included).
    static func rows(_ text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n") {
            // A row starts two spaces in; wrapped help text further.
            guard line.hasPrefix("  -") else { continue }
            let row = line.dropFirst(2)
            // "-h, --help" and "--out <out>": the long name.
            let words = row.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            if let long = words.first(where: { $0.hasPrefix("--") }) { names.insert(long) }
        }
        return names
    }

    static let main = ArcMaskCommand.helpMessage(for: Export.self, columns: 200)

    static func screen(_ route: String) throws -> String {
        try #require(try ExportHelp.screen(for: ["help", "export", "--route", route]))
    }

    @Test("export --help shows at most 35 options, in titled groups, none of a single route's")
    func short() {
        let rows = Self.rows(Self.main)
        #expect(rows.count <= 35, "\(rows.count) rows")
        for title in ["WIDGET:", "WHAT IS WRITTEN:", "FITTING:", "VERDICT:", "INPUT:", "OUTPUT AND RUN:"] {
            #expect(Self.main.contains(title), "\(title)")
        }
        for routeOnly in ["--layout", "--preset", "--widget-fps", "--max-lanes", "--archive-budget", "--set-color"] {
            #expect(!rows.contains(routeOnly), "\(routeOnly)")
        }
        #expect(Self.main.contains("arcmask help export --route"))
    }

    @Test("each route's screen lists its own groups; the timer-font one only the loop's")
    func routeScreens() throws {
        let rotation = try Self.screen("rotation"), mask = try Self.screen("timer-mask")
        let font = try Self.screen("timer-font")
        for title in ["LAYERS AND VIEW:", "PHONE LIMITS:", "ROTATION ROUTE:", "TIMER MASKS:"] {
            #expect(rotation.contains(title), "\(title)")
        }
        #expect(Self.rows(mask).contains("--max-lanes") && !Self.rows(mask).contains("--fallback"))
        #expect(Self.rows(font) == ["--widget-fps", "--loop-seconds", "--timing"])
        // The same screen by either spelling, `--route=` included; none without a route.
        #expect(try ExportHelp.screen(for: ["export", "a.gif", "--help", "--route=timer-font"]) == font)
        #expect(try ExportHelp.screen(for: ["help", "export"]) == nil)
        #expect(try ExportHelp.screen(for: ["export", "a.gif", "--route", "timer-font"]) == nil)
        #expect(throws: ValidationError.self) { try ExportHelp.screen(for: ["help", "export", "--route", "nosuch"]) }
    }

    @Test("the help command prints a route's screen and exits 0; an unknown route exits 64")
    func helpCommand() throws {
        let (status, text, _) = try outputs(["help", "export", "--route", "timer-mask"])
        #expect(status == 0 && text.contains("TIMER MASKS:") && text.contains("--max-lanes"))
        let (bad, _, message) = try outputs(["help", "export", "--route", "nosuch"])
        #expect(bad == 64 && message.contains("--route takes rotation, timer-mask, timer-font, not 'nosuch'"))
    }

    @Test("every option export takes is on the short help, a route's screen, or an input's groups")
    func nothingOrphaned() throws {
        let all = Self.rows(ArcMaskCommand.helpMessage(for: Export.self, includeHidden: true, columns: 200))
        var shown = Self.rows(Self.main)
        for route in ["rotation", "timer-mask", "timer-font"] { shown.formUnion(Self.rows(try Self.screen(route))) }
        // Each format's settings and the input limits: shown by inspect, as by every reading command.
        let inputs = Self.rows(ArcMaskCommand.helpMessage(for: Inspect.self, includeHidden: true, columns: 200))
        let orphans = all.subtracting(shown).subtracting(inputs)
        // --compression is the older spelling of --png-compression, hidden everywhere.
        #expect(orphans == ["--compression"], "\(orphans.sorted())")
        #expect(all.count >= 55)
    }

    @Test("options a route cannot honour are refused there, naming where they apply")
    func refusedElsewhere() throws {
        for (option, value) in [
            ("--preset", "arcmask"), ("--png-compression", "small"), ("--keep-frames", nil),
            ("--max-layer-pixels", "500000"), ("--rotation-access", "silgen"), ("--archive-budget", "5"),
        ] {
            let arguments =
                ["export", "a.gif", "--out", "x", "--route", "timer-font", option] + (value.map { [$0] } ?? [])
            #expect(throws: (any Error).self, "\(option)") { try ArcMaskCommand.parse(arguments: arguments) }
            do {
                _ = try ArcMaskCommand.parse(arguments: arguments)
            } catch {
                #expect(
                    ArcMaskCommand.fullMessage(for: error).contains(
                        "\(option) applies to --route rotation and --route timer-mask"), "\(option)")
            }
        }
    }

    @Test("no command type is longer than 250 lines")
    func shortCommands() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/FrontEnds/ArcMaskCLI").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var measured = 0
        for file in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            for (k, line) in lines.enumerated()
            where line.hasPrefix("struct ")
                && (line.contains(": ParsableCommand") || line.contains("ParsableCommand {"))
            {
                let end = lines[k...].firstIndex { $0 == "}" } ?? lines.count
                #expect(end - k + 1 <= 250, "\(file): \(line) is \(end - k + 1) lines")
                measured += 1
            }
        }
        #expect(measured >= 12)
    }
}
