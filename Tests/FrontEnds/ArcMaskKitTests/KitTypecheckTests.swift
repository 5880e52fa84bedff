import Foundation
import Testing

/// ArcMaskKit's Apple-only files, type-checked here against the stub modules in `Tests/AppleStubs`
/// (ImageIO, CoreGraphics, CoreText, CoreVideo, CoreMedia, AVFoundation, Photos, UniformTypeIdentifiers, SwiftUI, WidgetKit, UIKit, os; declared from
/// Apple's documented signatures) and against the core modules this build made. `Scripts/
/// typecheck-ios-sdk` checks the same files against a real iPhoneOS SDK.
struct KitStubs {
    static let order = [
        "CoreGraphics", "CoreText", "CoreVideo", "CoreMedia", "AVFoundation", "Photos", "ImageIO",
        "UniformTypeIdentifiers", "os",
        "UIKit", "SwiftUI", "ActivityKit", "WidgetKit",
    ]
    /// The repository: Tests/FrontEnds/ArcMaskKitTests/ is three folders below it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The modules `swift build` made for this test run (beside the test bundle).
    static var built: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
    }
    static var kitFiles: [URL] {
        let dir = root.appendingPathComponent("Sources/FrontEnds/ArcMaskKit")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { dir.appendingPathComponent($0) }
    }

    let dir: URL
    var modules: URL { dir.appendingPathComponent("modules") }

    /// - Parameter macOS: leave UIKit out, as on macOS (the view then decodes its layers with ImageIO).
    init(breaking: (file: String, from: String, to: String)? = nil, macOS: Bool = false) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("arcmask-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("modules"), withIntermediateDirectories: true)
        for name in Self.order where !(macOS && name == "UIKit") {
            var text = try String(
                contentsOf: Self.root.appendingPathComponent("Tests/AppleStubs/\(name).swift"), encoding: .utf8)
            if let b = breaking, b.file == name {
                #expect(text.contains(b.from))
                text = text.replacingOccurrences(of: b.from, with: b.to)
            }
            let source = dir.appendingPathComponent("stub-\(name).swift")
            try text.write(to: source, atomically: true, encoding: .utf8)
            let result = try Self.run(
                "swiftc",
                [
                    "-emit-module", "-parse-as-library", "-module-name", name, "-I", modules.path,
                    "-o", modules.appendingPathComponent("\(name).swiftmodule").path, source.path,
                ])
            try #require(result.status == 0, "stub \(name): \(result.output)")
        }
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    /// `Bundle.module`, as SwiftPM generates it for a target with resources (the Kit's strings
    /// and privacy manifest); compiled beside the Kit's files.
    var bundleAccessor: URL {
        let url = dir.appendingPathComponent("resource_bundle_accessor.swift")
        if !FileManager.default.fileExists(atPath: url.path) {
            try? "import Foundation\n\nextension Bundle {\n    static let module = Bundle.main\n}\n".write(
                to: url, atomically: true, encoding: .utf8)
        }
        return url
    }

    /// `swiftc -typecheck` of `files` as one module against the stubs and the built core.
    func typecheck(
        _ files: [URL], module: String = "ArcMaskKit", swiftVersion: Int
    ) throws -> (status: Int32, output: String) {
        try Self.run(
            "swiftc",
            [
                "-typecheck", "-parse-as-library", "-swift-version", String(swiftVersion), "-module-name", module,
                "-I", modules.path, "-I", Self.built.path,
                // zlib's module map, which ArcMaskZIP imports (Apple's SDKs carry zlib itself).
                "-I", Self.root.appendingPathComponent("Sources/C/CLibZ").path,
            ]
                + (files + (files.contains { $0.lastPathComponent == "KitStrings.swift" } ? [bundleAccessor] : []))
                .map(\.path))
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite(
    "ArcMaskKit against stub Apple modules", .serialized, .enabled(if: KitStubs.usesStubs, "macOS has the real modules")
)
struct KitTypecheckTests {
    @Test("prepare, its ImageIO reader and writer, and the view type-check in Swift 5 and 6 modes")
    func kit() throws {
        let sdk = try KitStubs()
        defer { sdk.remove() }
        let files = KitStubs.kitFiles
        #expect(files.map(\.lastPathComponent).contains("ImageIOLayerCodec.swift"))
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(4000))")
        }
    }

    @Test("without UIKit, as on macOS, the view takes its ImageIO branch and type-checks too")
    func macOS() throws {
        let sdk = try KitStubs(macOS: true)
        defer { sdk.remove() }
        #expect(!FileManager.default.fileExists(atPath: sdk.modules.appendingPathComponent("UIKit.swiftmodule").path))
        for version in [5, 6] {
            let result = try sdk.typecheck(KitStubs.kitFiles, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(4000))")
        }
        // The branch is really taken: a view calling UIKit there would not compile.
        let probe = sdk.dir.appendingPathComponent("probe.swift")
        try "import SwiftUI\nlet x = Image(uiImage: UIImage())\n".write(to: probe, atomically: true, encoding: .utf8)
        #expect(try sdk.typecheck([probe], module: "Probe", swiftVersion: 5).status != 0)
    }

    @Test(
        "a broken stub signature makes the type-check fail",
        arguments: [
            (
                "ImageIO", "public func CGImageSourceCreateThumbnailAtIndex(",
                "public func CGImageSourceCreateThumbnail("
            ),
            (
                "ImageIO", "_ data: CFMutableData, _ type: CFString, _ count: Int,",
                "_ data: CFMutableData, _ type: CFString,"
            ),
            ("CoreGraphics", "public var interpolationQuality", "public var quality"),
            ("UniformTypeIdentifiers", "public static let jpeg =", "public static let jpg ="),
            (
                "SwiftUI", "public init(decorative cgImage: CGImage, scale: CGFloat,",
                "public init(decorative cgImage: CGImage,"
            ),
            ("UIKit", "public init?(data: Data, scale: CGFloat)", "public init?(data: Data)"),
        ])
    func brokenStub(_ file: String, _ from: String, _ to: String) throws {
        let sdk = try KitStubs(breaking: (file, from, to))
        defer { sdk.remove() }
        let result = try sdk.typecheck(KitStubs.kitFiles, swiftVersion: 6)
        #expect(result.status != 0)
        #expect(result.output.contains("error:"))
    }
}

extension KitStubs {
    static let usesStubs: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()
}
