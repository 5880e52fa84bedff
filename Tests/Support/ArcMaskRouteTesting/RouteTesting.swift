import ArcMaskFiles
import ArcMaskFrames
import ArcMaskGIF
import ArcMaskLayerExport
import ArcMaskManifest
import ArcMaskRotationRoute
import ArcMaskTimerFont
import ArcMaskValues
import Foundation

// What the route tests share: a scratch folder, a pattern GIF, an export of each route into it,
// and the stub SDK generated code is type-checked against.

/// A stub module that cannot be made.
public struct StubError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

public final class TempDir {
    public let url: URL
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    public func path(_ name: String) -> URL { url.appendingPathComponent(name) }
}

/// A GIF of `count` frames (60×40 px unless `size` says); frames listed in `repeats` copy the
/// frame before them.
public func patternGIF(
    _ dir: TempDir, count: Int = 10, repeats: Set<Int> = [], delays: [Int] = [5, 10, 20], turns: Int = 1,
    size: PixelSize = PixelSize(width: 60, height: 40)
) throws -> GIFFrameSource {
    let writer = try GIFWriter(url: dir.path("in.gif"), screen: size, globalPalette: TestPattern.palette, loopCount: 0)
    var last: [UInt8] = []
    for t in 0..<count {
        let indices = repeats.contains(t) ? last : TestPattern.indices(frame: t, of: count, size: size, turns: turns)
        last = indices
        try writer.add(
            GIFWriter.Frame(
                indices: indices, rect: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                delayCentiseconds: delays[t % delays.count]))
    }
    try writer.finish()
    return try GIFFrameSource(path: dir.path("in.gif").path)
}

public func export(
    _ source: FrameSource, _ dir: TempDir, _ name: String, _ request: WidgetSettings
) throws -> ExportManifest {
    let folder = try StagedFolder(dir.path(name), existing: .refuse, createParents: true)
    let manifest = try RotationExporter.run(source: source, settings: request, into: folder)
    try folder.commit()
    return manifest
}

/// What generated code is type-checked against. On Linux: the stub modules in `Stubs/`
/// (stand-ins for SwiftUI, WidgetKit, UIKit and friends, declared from Apple's documented
/// signatures), compiled here. On macOS real modules of those names exist and would clash, so
/// the code is type-checked against the iPhoneOS SDK itself (`xcrun --sdk iphoneos swiftc
/// -target arm64-apple-ios17.0`), with only the third-party ClockHandRotationKit stubbed.
public struct StubSDK {
    public static let order = [
        "CoreGraphics", "ImageIO", "os", "UIKit", "SwiftUI", "ActivityKit", "WidgetKit", "ClockHandRotationKit",
    ]
    /// Whether the Apple modules are the stubs (Linux) rather than the real SDK (macOS).
    public static let usesStubs: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()
    public let modules: URL

    /// Stub sources, optionally with one replacement applied (to prove a broken stub is noticed).
    public init(in dir: TempDir, breaking: (file: String, from: String, to: String)? = nil) throws {
        // Tests/Support/ArcMaskRouteTesting/ is two folders below Tests/.
        let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("AppleStubs")
        modules = dir.path("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for name in Self.order where Self.usesStubs || name == "ClockHandRotationKit" {
            var text = try String(contentsOf: stubs.appendingPathComponent("\(name).swift"), encoding: .utf8)
            if let b = breaking, b.file == name {
                guard text.contains(b.from) else { throw StubError(message: "stub \(name) has no '\(b.from)'") }
                text = text.replacingOccurrences(of: b.from, with: b.to)
            }
            let source = dir.path("stub-\(name).swift")
            try text.write(to: source, atomically: true, encoding: .utf8)
            let result = try Self.compiler([
                "-emit-module", "-parse-as-library", "-module-name", name, "-I", modules.path,
                "-o", modules.appendingPathComponent("\(name).swiftmodule").path, source.path,
            ])
            guard result.status == 0 else { throw StubError(message: "stub \(name): \(result.output)") }
        }
    }

    /// `swiftc -typecheck` of `files` against the stubs (or the iPhoneOS SDK).
    public func typecheck(_ files: [URL], swiftVersion: Int = 5) throws -> (status: Int32, output: String) {
        try Self.compiler(
            ["-typecheck", "-swift-version", String(swiftVersion), "-I", modules.path] + files.map(\.path))
    }

    /// swiftc for the stubs' platform: this machine's on Linux, the iPhoneOS SDK's on macOS.
    public static func compiler(_ arguments: [String]) throws -> (status: Int32, output: String) {
        usesStubs
            ? try swiftc(arguments)
            : try run("xcrun", ["--sdk", "iphoneos", "swiftc", "-target", "arm64-apple-ios17.0"] + arguments)
    }
}

public func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try run("swiftc", arguments)
}

/// Runs `tool` (found on PATH) with `arguments`; its status and its output, both streams.
public func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
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

public func timerExport(
    _ source: FrameSource, _ dir: TempDir, _ name: String, _ request: TimerFontRequest
) throws
    -> TimerFontManifest
{
    let folder = try StagedFolder(dir.path(name), existing: .refuse, createParents: true)
    let manifest = try TimerFontExporter.run(source: source, request: request, into: folder)
    try folder.commit()
    return manifest
}
