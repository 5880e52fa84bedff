import ArcMaskManifest
import Foundation

/// The files an export folder's `manifest.json` says the export wrote, whichever route wrote it:
/// every `file` (layer images, frame fonts, the mask font), the `strip`, the `codeFiles` and the
/// manifest itself. Read leniently: a manifest that is missing, too large or not JSON lists
/// nothing, and only plain file names count (never a path).
public enum ExportFiles {
    /// Manifests larger than this are not read for their file names.
    public static let maxManifestBytes = 16 << 20

    /// The files the manifest in `folder` lists, sorted; empty when there is none to read.
    public static func listed(inFolder folder: URL) -> [String] {
        let url = folder.appendingPathComponent(WidgetFolder.manifestFile)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maxManifestBytes,
            let data = try? Data(contentsOf: url)
        else { return [] }
        return listed(inManifest: data)
    }

    /// The files a manifest's bytes list, sorted (with `manifest.json`); empty unless it is a JSON object.
    public static func listed(inManifest data: Data) -> [String] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [] }
        var names: Set<String> = [WidgetFolder.manifestFile]
        func visit(_ value: Any, key: String?) {
            switch value {
            case let dictionary as [String: Any]:
                for (k, v) in dictionary { visit(v, key: k) }
            case let array as [Any]:
                for v in array { visit(v, key: key) }
            case let string as String where ["file", "strip", "codeFiles"].contains(key ?? ""):
                if isPlainName(string) { names.insert(string) }
            default:
                break
            }
        }
        visit(object, key: nil)
        return names.sorted()
    }

    /// A name inside the folder: not empty, no separator, not `.` or `..`.
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\0") && name != "." && name != ".."
    }

    /// The files in `folder` the manifest's bytes do not list (hidden files such as `.DS_Store`
    /// and folders aside): what an extension would ship that the export did not write.
    public static func unlisted(in folder: String, manifest data: Data) -> [String] {
        let listed = Set(listed(inManifest: data))
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            guard !name.hasPrefix("."), !listed.contains(name),
                fm.fileExists(atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            else { return false }
            return !isFolder.boolValue
        }.sorted()
    }
}
