import Foundation
import Testing

/// The example app's XcodeGen spec, read as iOS will judge the project it generates.
@Suite("The example app's project installs")
struct ExampleAppTests {
    static let spec = KitStubs.root.appendingPathComponent("Examples/WidgetApp/project.yml")

    /// `KEY: value` lines of the spec, by key (the last of each), with `$(VAR)` resolved from the
    /// spec's own settings.
    static func settings() throws -> (values: [String: String], lines: [String]) {
        let lines = try String(contentsOf: spec, encoding: .utf8).components(separatedBy: "\n")
        var values: [String: String] = [:]
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = String(trimmed[..<colon]),
                value = trimmed[trimmed.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { values[key] = value } else if key == "DEVELOPMENT_TEAM" { values[key] = "" }
        }
        return (values, lines)
    }

    static func resolve(_ value: String, _ values: [String: String]) -> String {
        var out = value
        for (key, v) in values where out.contains("$(\(key))") {
            out = out.replacingOccurrences(of: "$(\(key))", with: v)
        }
        return out.trimmingCharacters(in: CharacterSet(charactersIn: "\"[]"))
    }

    @Test("the widget's bundle identifier is the app's followed by one more part, as iOS requires of an extension")
    func bundleIdentifiers() throws {
        let (values, lines) = try Self.settings()
        let ids = lines.filter { $0.contains("PRODUCT_BUNDLE_IDENTIFIER:") }.map {
            Self.resolve(String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces), values)
        }
        #expect(ids.count == 2)
        let app = try #require(ids.first), widget = try #require(ids.last)
        #expect(!app.contains("$(") && widget.hasPrefix(app + "."))
        #expect(!widget.dropFirst(app.count + 1).contains(".") && !widget.dropFirst(app.count + 1).isEmpty)
        // The team is a setting to fill, said once; so is the App Group, which every place reads.
        #expect(values["DEVELOPMENT_TEAM"] != nil)
        let group = try #require(values["ARCMASK_APP_GROUP"])
        #expect(group.hasPrefix("group."))
        let groupUses = lines.filter { $0.contains("group.") && !$0.contains("ARCMASK_APP_GROUP:") }
        #expect(groupUses.isEmpty, "the App Group is written out again: \(groupUses)")
        #expect(lines.filter { $0.contains("$(ARCMASK_APP_GROUP)") }.count >= 3)
    }

    @Test(
        "the app links ArcMaskKit from the repository's package, which builds it with no package, and carries its samples"
    )
    func package() throws {
        let (values, lines) = try Self.settings()
        let folder = Self.spec.deletingLastPathComponent()
        // packages: / ArcMaskKit: / path: ../..
        let packages = try #require(lines.firstIndex(of: "packages:"))
        let pathLine = try #require(
            lines[packages...].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("path:") })
        let path = Self.resolve(
            String(pathLine.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces), values)
        #expect(lines[packages + 1].trimmingCharacters(in: .whitespaces) == "ArcMaskKit:")
        let manifest = folder.appendingPathComponent(path).appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(path == "../.." && text.contains(".library(name: \"ArcMaskKit\""))
        // Every package the manifest depends on is behind the trait ArcMaskKit does not need.
        #expect(text.components(separatedBy: "condition: .when(traits: [commandLine])").count - 1 == 3)
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "- package: ArcMaskKit" })
        // The samples the app's "Use the sample" buttons find in its bundle.
        let app = try String(
            contentsOf: folder.appendingPathComponent("App/ArcMaskDemoApp.swift"), encoding: .utf8)
        for sample in ["orbit.gif", "orbit.mp4"] {
            #expect(lines.contains { $0.contains("path: ../\(sample)") }, "\(sample) is not a resource")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("../\(sample)").path))
            #expect(app.contains("\"\(sample)\""))
        }
        // The app reads the chosen file as it needs it, never whole.
        #expect(app.range(of: #"prepare\(\s*contentsOf:"#, options: .regularExpression) != nil)
        #expect(!app.contains("Data(contentsOf:"))
    }

    @Test(
        "the app takes every format it offers: dotLottie and stickers declared, a Live Photo picker, the widget's own answer"
    )
    func formats() throws {
        let folder = Self.spec.deletingLastPathComponent()
        let plist =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: folder.appendingPathComponent("App/Info.plist")), format: nil) as? [String: Any]
        let declared = try #require(plist?["UTImportedTypeDeclarations"] as? [[String: Any]])
        var extensions: [String: [String]] = [:]
        for d in declared {
            let id = try #require(d["UTTypeIdentifier"] as? String)
            let tags = try #require(d["UTTypeTagSpecification"] as? [String: Any])
            extensions[id] = tags["public.filename-extension"] as? [String]
            #expect((d["UTTypeConformsTo"] as? [String])?.contains("public.data") == true, "\(id)")
        }
        #expect(extensions == ["io.dotlottie.lottie": ["lottie"], "org.telegram.tgs": ["tgs"]])
        // project.yml, from which XcodeGen writes the same Info.plist, declares them too.
        let spec = try String(contentsOf: Self.spec, encoding: .utf8)
        #expect(spec.contains("UTImportedTypeDeclarations:"))
        let app = try String(contentsOf: folder.appendingPathComponent("App/ArcMaskDemoApp.swift"), encoding: .utf8)
        for id in extensions.keys {
            #expect(spec.contains("UTTypeIdentifier: \(id)"))
            // Named as the imported type it is: `UTType(_:)` is nil for a type no app declares.
            #expect(app.contains("UTType(importedAs: \"\(id)\")"))
            #expect(!app.contains("\"\(id)\"].") && !app.contains("UTType(\"\(id)\")"))
        }
        // Live Photos: picked in Photos' picker and prepared as the user edited them.
        #expect(app.contains("PhotosPicker(") && app.contains("matching: .livePhotos"))
        #expect(app.contains("loadTransferable(type: PHLivePhoto.self)") && app.contains("livePhoto: photo"))
        // What plays, as the widget recorded it.
        #expect(app.contains("ArcMaskAnimation.diagnosis(folder:"))
        // The widget's Info.plist lists every mask font it carries.
        let widget =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: folder.appendingPathComponent("Widget/Info.plist")), format: nil)
            as? [String: Any]
        let fonts = Set(try #require(widget?["UIAppFonts"] as? [String]))
        let carried = Set(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Widget/Fonts").path))
        #expect(!fonts.isEmpty && fonts == carried)
    }
}
