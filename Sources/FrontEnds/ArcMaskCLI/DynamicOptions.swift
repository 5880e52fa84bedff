import ArcMaskSources
import ArcMaskText
import ArcMaskValues
import ArgumentParser
import Foundation

/// SVGA dynamic content on the command line: images, text and hidden keys, as an app sets them.
struct DynamicOptions: ParsableArguments {
    @Option(
        name: .customLong("set-image"),
        help: ArgumentHelp(
            "SVGA: draw FILE instead of KEY's image (PNG, JPEG or any animation arcmask reads: its first frame).",
            valueName: "KEY=FILE"))
    var setImage: [String] = []

    @Option(
        name: .customLong("image-fit"),
        help: ArgumentHelp(
            "SVGA: how KEY's set image fills its layout: stretch (default, as Android and Web players), fit (whole, as the iOS player) or fill (covering, cropped).",
            valueName: "KEY=stretch|fit|fill"))
    var imageFit: [String] = []

    @Option(
        name: .customLong("set-text"),
        help: ArgumentHelp("SVGA: draw TEXT over KEY's image, in its layout.", valueName: "KEY=TEXT"))
    var setText: [String] = []

    @Option(
        name: .customLong("text-style"),
        help: ArgumentHelp(
            "SVGA: KEY's text style: font (a fontconfig/Pango font description), size (in the movie's units), color (#RRGGBB or #RRGGBBAA), align (left, center, right), lines (0: as many as fit). Default: sans-serif, 28, #FFFFFF, center, 1.",
            valueName: "KEY:font=…,size=…,color=…,align=…,lines=…"))
    var textStyle: [String] = []

    @Option(
        name: .customLong("hide"),
        help: ArgumentHelp("SVGA: draw nothing for KEY (and nothing it mattes).", valueName: "KEY"))
    var hide: [String] = []

    var isEmpty: Bool { setImage.isEmpty && setText.isEmpty && hide.isEmpty && textStyle.isEmpty && imageFit.isEmpty }

    /// The files `--set-image` reads (outputs must not replace them).
    var imageFiles: [String] { setImage.compactMap { Self.split($0, at: "=")?.1 } }

    func validate() throws {
        for item in setImage where Self.split(item, at: "=") == nil {
            throw ValidationError("--set-image takes KEY=FILE, not '\(item)'")
        }
        for item in setText where Self.split(item, at: "=", allowEmptyValue: true) == nil {
            throw ValidationError("--set-text takes KEY=TEXT, not '\(item)'")
        }
        let fits = try fits(), styles = try styles()
        if let key = hide.first(where: { $0.isEmpty }) { throw ValidationError("--hide takes a key, not '\(key)'") }
        let textKeys = Set(setText.compactMap { Self.split($0, at: "=", allowEmptyValue: true)?.0 })
        if let orphan = styles.keys.sorted().first(where: { !textKeys.contains($0) }) {
            throw ValidationError("--text-style \(orphan):… styles no text; give --set-text \(orphan)=…")
        }
        let imageKeys = Set(setImage.compactMap { Self.split($0, at: "=")?.0 })
        if let orphan = fits.keys.sorted().first(where: { !imageKeys.contains($0) }) {
            throw ValidationError("--image-fit \(orphan)=… places no image; give --set-image \(orphan)=FILE")
        }
    }

    /// The content these options describe; images are read through the frame sources with `options`' limits.
    func content(options: SourceOptions) throws -> KeyedContent {
        var content = KeyedContent()
        let fits = try fits()
        for item in setImage {
            let (key, file) = Self.split(item, at: "=")!
            var plain = options
            plain.svgaContent = KeyedContent()
            plain.playback = Playback()
            plain.sequence = SequenceTiming()
            let source = try FrameSources.open(path: file, options: plain)
            let size = source.canvasSize
            guard max(size.width, size.height) <= KeyedContent.maxImageSide else {
                throw InputError(
                    file: file,
                    "is \(size.width)×\(size.height); an image for key '\(key)' may be at most \(KeyedContent.maxImageSide) pixels on a side"
                )
            }
            content.setImage(try source.frame(at: 0), fit: fits[key] ?? .stretch, forKey: key)
        }
        let styles = try styles()
        for item in setText {
            let (key, text) = Self.split(item, at: "=", allowEmptyValue: true)!
            content.setText(text, style: styles[key] ?? TextStyle(), forKey: key)
        }
        for key in hide { content.setHidden(true, forKey: key) }
        return content
    }

    private func fits() throws -> [String: KeyImageFit] {
        var out: [String: KeyImageFit] = [:]
        for item in imageFit {
            guard let (key, value) = Self.split(item, at: "="), let fit = KeyImageFit(rawValue: value)
            else { throw ValidationError("--image-fit takes KEY=stretch|fit|fill, not '\(item)'") }
            out[key] = fit
        }
        return out
    }

    private func styles() throws -> [String: TextStyle] {
        var out: [String: TextStyle] = [:]
        for item in textStyle {
            guard let (key, spec) = Self.split(item, at: ":") else {
                throw ValidationError("--text-style takes KEY:font=…,size=…,color=…,align=…,lines=…, not '\(item)'")
            }
            do { out[key] = try TextStyle(spec: spec, base: out[key] ?? TextStyle()) } catch {
                throw ValidationError("--text-style \(key): \(error.message)")
            }
        }
        return out
    }

    /// "KEY=VALUE" at the first `separator`; nil when the key (or, unless allowed, the value) is empty.
    static func split(_ item: String, at separator: Character, allowEmptyValue: Bool = false) -> (String, String)? {
        guard let i = item.firstIndex(of: separator) else { return nil }
        let key = String(item[..<i]), value = String(item[item.index(after: i)...])
        guard !key.isEmpty, allowEmptyValue || !value.isEmpty else { return nil }
        return (key, value)
    }
}
