import ArcMaskBudget
import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskValues
import Foundation
import Testing

@testable import ArcMaskLayerExport

@Suite("Generated widget code", .serialized)
struct ExportCodeTests {
    /// The layer storage the generated code can be asked to read: a strip, or layer files as
    /// JPEG, PNG or each as its transparency asks.
    static let storages: [(name: String, layout: LayerLayout, format: ImageFormat)] = [
        ("Strip", .strip, .auto), ("Auto", .files, .auto), ("Jpeg", .files, .jpeg), ("Png", .files, .png),
    ]

    /// Every preset × layout and image format × fit mode (the fit exports also ask for accented
    /// rendering), for one route, each under its own `--name` so they share one module as two
    /// exports share one widget extension.
    func exports(_ route: RotationAccess, in dir: TempDir) throws -> [URL] {
        let source = try patternGIF(dir, count: 6, delays: [5, 10])
        var files: [URL] = []
        for preset in Preset.allCases {
            for storage in Self.storages {
                for fit in [FitMode.fill, .fit] {
                    let name = "\(preset.rawValue.capitalized)\(storage.name)\(fit.rawValue.capitalized)"
                    let request = WidgetSettings(
                        viewWidth: 60, viewHeight: 40, scale: 2, family: .medium, preset: preset, fit: fit,
                        layout: storage.layout, imageFormat: storage.format, names: CodeNames(name)!,
                        rotation: route, accented: fit == .fit ? .accented : .fullColor)
                    let m = try export(source, dir, "\(route)-\(name)", request)
                    #expect(
                        m.codeFiles == [
                            "ArcMaskAnimation.swift", "\(name)Plan.swift", "\(name)Widget.swift", "INSTALL.md",
                        ])
                    #expect(m.rotation == route && m.name == name)
                    // One copy of the shared view serves every export in a module, as in an extension.
                    for file in m.codeFiles
                    where file.hasSuffix(".swift") && (file != "ArcMaskAnimation.swift" || files.isEmpty) {
                        let url = dir.path("\(route)-\(name)/\(file)")
                        let text = try String(contentsOf: url, encoding: .utf8)
                        // Current SDKs do not declare it: calling it by name would not compile.
                        let code = text.split(separator: "\n").filter {
                            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                        }
                        #expect(!code.contains { $0.contains("._clockHandRotationEffect(") })
                        files.append(url)
                    }
                }
            }
        }
        return files
    }

    @Test(
        "every route's view and widget type-check against the stub SDK, in Swift 5 and 6 modes",
        arguments: RotationAccess.allCases)
    func typecheck(_ route: RotationAccess) throws {
        let dir = try TempDir()
        let sdk = try StubSDK(in: dir)
        let files = try exports(route, in: dir)
        #expect(files.count == Preset.allCases.count * Self.storages.count * 2 * 2 + 1)
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(3000))")
        }
    }

    @Test(
        "a broken stub signature makes the type-check fail",
        .enabled(if: StubSDK.usesStubs, "macOS checks the real SDK"),
        arguments: [
            (
                "SwiftUI", "public func offset(x: CGFloat = 0, y: CGFloat = 0)",
                "public func offset(dx: CGFloat = 0, dy: CGFloat = 0)"
            ),
            (
                "WidgetKit", "public static let never = TimelineReloadPolicy()",
                "public static let never_ = TimelineReloadPolicy()"
            ),
            ("ImageIO", "public func CGImageSourceCreateImageAtIndex(", "public func CGImageSourceCreateImage("),
            ("UIKit", "public init?(data: Data, scale: CGFloat)", "public init?(data: Data)"),
            (
                "WidgetKit", "public static let fullColor = WidgetAccentedRenderingMode()",
                "public static let fullColour = WidgetAccentedRenderingMode()"
            ),
            ("os", "public func error(_ message: OSLogMessage) {}", "public func fault(_ message: OSLogMessage) {}"),
        ])
    func brokenStub(_ file: String, _ from: String, _ to: String) throws {
        let dir = try TempDir()
        let sdk = try StubSDK(in: dir, breaking: (file, from, to))
        let source = try patternGIF(dir, count: 4)
        let m = try export(source, dir, "out", WidgetSettings(viewWidth: 60, viewHeight: 40, scale: 2))
        let files = m.codeFiles.filter { $0.hasSuffix(".swift") }.map { dir.path("out/\($0)") }
        let result = try sdk.typecheck(files)
        #expect(result.status != 0)
        #expect(result.output.contains("error:"))
    }

    @Test("Lock Screen and portrait families: the widget offers them where the system has them, and type-checks")
    func surfaces() throws {
        let dir = try TempDir()
        let sdk = try StubSDK(in: dir)
        let source = try patternGIF(dir, count: 4)
        var files: [URL] = []
        for family in [WidgetFamily.accessoryCircular, .accessoryRectangular, .extraLargePortrait] {
            let name = family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst()
            var request = WidgetSettings(
                viewWidth: 60, viewHeight: 40, scale: 2, widgetFamily: family, names: CodeNames(name)!,
                accented: family == .extraLargePortrait ? .poster : .alpha)
            if family == .extraLargePortrait { request.posterFrame = 1 }
            let m = try export(source, dir, family.rawValue, request)
            let planFile = try String(contentsOf: dir.path("\(family.rawValue)/\(name)Plan.swift"), encoding: .utf8)
            if family == .extraLargePortrait {
                #expect(m.posterFrame == 1 && planFile.contains("posterCell: 1"))
                #expect(planFile.contains("ArcMaskAccentedRendering.poster"))
            } else {
                #expect(m.posterFrame == nil && !planFile.contains("posterCell"))
            }
            let widget = try String(contentsOf: dir.path("\(family.rawValue)/\(name)Widget.swift"), encoding: .utf8)
            #expect(widget.contains(".supportedFamilies(Self.families)"))
            #expect(widget.contains("static var families: [WidgetFamily] {"))
            if family == .extraLargePortrait {
                #expect(widget.contains("WidgetFamily(rawValue: 4)") && widget.contains("return [.systemLarge]"))
            } else {
                #expect(widget.contains("if #available(iOS 16.0, *) { return [.\(family.rawValue)] }"))
                #expect(m.warnings.contains { $0.contains("vibrant") })
            }
            files += m.codeFiles.filter { $0.hasSuffix(".swift") && (files.isEmpty || $0 != "ArcMaskAnimation.swift") }
                .map { dir.path("\(family.rawValue)/\($0)") }
        }
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(3000))")
        }
    }

    @Test("Live Activities: each presentation's export type-checks, with the animation in its own region")
    func liveActivities() throws {
        let dir = try TempDir()
        let sdk = try StubSDK(in: dir)
        let source = try patternGIF(dir, count: 4)
        var files: [URL] = []
        let regions: [WidgetFamily: String] = [
            .activity: "{ _ in\n            PlayingView()",
            .islandExpanded: "DynamicIslandExpandedRegion(.bottom) {\n                    PlayingView()",
            .islandCompact: "compactLeading: {\n                PlayingView()",
            .islandMinimal: "minimal: {\n                PlayingView()",
        ]
        for family in [WidgetFamily.activity, .islandCompact, .islandMinimal, .islandExpanded] {
            let name =
                "Live"
                + family.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined()
            let n = CodeNames(name)!
            let request = WidgetSettings(
                viewWidth: 60, viewHeight: 40, scale: 2, limits: .standard(for: family), widgetFamily: family, names: n)
            let m = try export(source, dir, family.rawValue, request)
            #expect(
                m.codeFiles == [
                    "ArcMaskAnimation.swift", n.planFile, n.activityAttributesFile, n.liveActivityFile,
                    n.activityStarterFile, "INSTALL.md",
                ])
            let activity = try String(contentsOf: dir.path("\(family.rawValue)/\(n.liveActivityFile)"), encoding: .utf8)
            #expect(activity.contains(regions[family]!), "\(family)")
            #expect(activity.contains("ActivityConfiguration(for: \(n.activityAttributes).self)"))
            let guide = try String(contentsOf: dir.path("\(family.rawValue)/INSTALL.md"), encoding: .utf8)
            #expect(guide.contains("NSSupportsLiveActivities") && guide.contains("\(n.activityStarter).start()"))
            // A refused request is caught and logged, not thrown at the app.
            let starter = try String(
                contentsOf: dir.path("\(family.rawValue)/\(n.activityStarterFile)"), encoding: .utf8)
            #expect(
                starter.contains("} catch {") && starter.contains("log.error(\"the system refused the Live Activity"))
            #expect(!starter.contains("static func start() throws"))
            #expect(m.limits.archiveLimit == 2_000_000)
            files += m.codeFiles.filter { $0.hasSuffix(".swift") && (files.isEmpty || $0 != "ArcMaskAnimation.swift") }
                .map { dir.path("\(family.rawValue)/\($0)") }
        }
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(3000))")
        }
    }

    @Test("a Live Activity over its 2 MB is refused with the figure and the setting to raise; 120 layers warn")
    func liveActivityLimits() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 200, delays: [4], turns: 7, size: PixelSize(width: 1224, height: 480))
        // Every frame kept at 3x on a 408×160 pt card: about 3.3 MB, over 2 MB.
        let over = WidgetSettings(
            viewWidth: 408, viewHeight: 160, scale: 3, limits: .standard(for: .activity),
            budget: BudgetPolicy(minScale: 3, keepFrames: true), layout: .files, imageFormat: .png,
            widgetFamily: .activity, names: CodeNames("Over")!)
        do {
            _ = try export(source, dir, "over", over)
            Issue.record("a Live Activity past its archive was written")
        } catch let error as BudgetError {
            let text = error.message
            #expect(
                text.contains("over the 2.0 MB an archive may hold") && text.contains("raise the archive budget"),
                "\(text)")
        }
        let small = WidgetSettings(
            viewWidth: 45, viewHeight: 36.67, scale: 3, limits: .standard(for: .islandMinimal),
            budget: BudgetPolicy(keepFrames: true), widgetFamily: .islandMinimal, names: CodeNames("Many")!)
        let m = try export(source, dir, "many", small)
        #expect(m.frames.count >= 100)
        #expect(m.warnings.contains { $0.hasPrefix("\(m.frames.count) rotating layers in a Live Activity") })
    }

    @Test("the widget declares the exported family; INSTALL.md names the files and the route")
    func widgetAndGuide() throws {
        let dir = try TempDir()
        let source = try patternGIF(dir, count: 4)
        let request = WidgetSettings(
            viewWidth: 60, viewHeight: 40, scale: 2, layout: .strip, widgetFamily: .large,
            names: CodeNames("Orbit")!, rotation: .package)
        let m = try export(source, dir, "out", request)
        let widget = try String(contentsOf: dir.path("out/OrbitWidget.swift"), encoding: .utf8)
        #expect(widget.contains(".supportedFamilies([.systemLarge])"))
        #expect(widget.contains("policy: .never"))
        #expect(widget.contains("struct OrbitWidget: Widget"))
        let guide = try String(contentsOf: dir.path("out/INSTALL.md"), encoding: .utf8)
        #expect(
            guide.contains("`ArcMaskAnimation.swift`, `OrbitPlan.swift`, `OrbitWidget.swift` and `Orbit-strip.png`"))
        #expect(guide.contains("https://github.com/octree/ClockHandRotationKit"))
        #expect(guide.contains("OrbitWidget()"))
        #expect(m.strip == "Orbit-strip.png")
        #expect(FileManager.default.fileExists(atPath: dir.path("out/Orbit-strip.png").path))
    }

    @Test("names: a capitalised Swift identifier, lowered for methods")
    func names() {
        #expect(CodeNames("Orbit")?.lower == "orbit")
        #expect(CodeNames("ArcMask")?.lower == "arcMask")
        #expect(CodeNames("URLFeed")?.lower == "urlFeed")
        #expect(
            CodeNames("orbit") == nil && CodeNames("Or bit") == nil && CodeNames("") == nil && CodeNames("Ö") == nil)
        #expect(
            CodeNames.standard.stripFile == "strip.png" && CodeNames("Orbit")!.frameFile(3) == "Orbit-frame-0003.png")
    }
}
