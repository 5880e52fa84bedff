import ArcMaskGIF
import ArcMaskGeometry
import ArcMaskManifest
import ArcMaskRouteTesting
import ArcMaskTimerFont
import Foundation
import Testing

@testable import ArcMaskLayerExport

/// File names hold anything but `/` and NUL; what `export` writes must stay code and Markdown.
@Suite("Hostile input names", .serialized)
struct HostileNameTests {
    static let names = [
        "a\nlet injected = 1; let z = 0 .gif",  // a newline would end a comment line and start code
        "cr\rlf.gif", "q\"uote's.gif", "\\(interpolated).gif", "star* end of comment.gif",
        "\u{202E}fig.gnp",  // a right-to-left override reorders what a reader sees
        "tick`s ``code``.gif", String(repeating: "n", count: 251) + ".gif",
    ]

    @Test("exports of files with hostile names type-check for every rotation route and the timer-font route")
    func compile() throws {
        let dir = try TempDir()
        let sdk = try StubSDK(in: dir)
        _ = try patternGIF(dir, count: 6, delays: [5, 10])
        var files: [URL] = []
        for (k, name) in Self.names.enumerated() {
            let path = dir.path(name).path
            try FileManager.default.copyItem(atPath: dir.path("in.gif").path, toPath: path)
            let source = try GIFFrameSource(path: path)
            for route in RotationAccess.allCases {
                let prefix = "N\(k)\(route.rawValue.capitalized)"
                let m = try export(
                    source, dir, prefix,
                    WidgetSettings(viewWidth: 60, viewHeight: 40, scale: 2, names: CodeNames(prefix)!, rotation: route))
                #expect(m.source == name)
                // One copy of the shared view serves every export in a module, as in an extension.
                files += m.codeFiles.filter {
                    $0.hasSuffix(".swift") && ($0 != "ArcMaskAnimation.swift" || files.isEmpty)
                }
                .map { dir.path("\(prefix)/\($0)") }
                try checkText(dir.path("\(prefix)/INSTALL.md"), name)
            }
            let prefix = "N\(k)Timer"
            let t = try timerExport(
                source, dir, prefix,
                TimerFontRequest(viewWidth: 40, viewHeight: 30, scale: 1, fps: 4, names: CodeNames(prefix)!))
            #expect(t.source == name)
            files += t.codeFiles.filter { $0.hasSuffix(".swift") }.map { dir.path("\(prefix)/\($0)") }
            try checkText(dir.path("\(prefix)/INSTALL.md"), name)
        }
        for url in files { try checkText(url, "") }
        for version in [5, 6] {
            let result = try sdk.typecheck(files, swiftVersion: version)
            #expect(result.status == 0, "Swift \(version): \(result.output.prefix(3000))")
        }
    }

    /// No control character, line separator or bidi mark reaches the text (tabs and newlines of
    /// its own layout aside), and the name's escaped form does.
    func checkText(_ url: URL, _ name: String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let hidden = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x202A...0x202E).contains($0.value) || $0.value == 0x2028
        }
        #expect(hidden.isEmpty, "\(url.lastPathComponent): \(hidden.map { String($0.value, radix: 16) })")
        if url.pathExtension == "md" { #expect(text.contains(CodeText.line(name))) }
    }
}
