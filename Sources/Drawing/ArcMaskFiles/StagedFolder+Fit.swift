import ArcMaskBudget
import Foundation

/// A staged folder is where `ArchiveFitter` writes: the layer files (each once, `write(_:as:)`)
/// and, between passes, what it keeps aside in a hidden folder of the staging folder, removed
/// before the folder is committed (and with the staging folder when a run is killed).
extension StagedFolder: FitDestination {
    /// The hidden folder of the staging folder that holds what the fitter keeps between passes.
    public static let keptFolder = ".fit-cache"

    private var keptURL: URL { staging.appendingPathComponent(Self.keptFolder) }

    public func keep(_ bytes: [UInt8], as key: String) throws {
        do {
            try makeKeptFolder()
            try Data(bytes).write(to: keptURL.appendingPathComponent(key))
        } catch {
            throw Failure(path: keptURL.appendingPathComponent(key).path, kind: .cannotWrite(Self.reason(error)))
        }
    }

    public func kept(_ key: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: keptURL.appendingPathComponent(key)))
    }

    /// Makes the hidden folder inside the staging folder, never the staging folder itself: when
    /// an interrupted run has removed that (`Temporaries.removeAll`), a worker still keeping
    /// bytes fails instead of bringing it back, so no staging folder is left behind.
    private func makeKeptFolder() throws {
        do {
            try FileManager.default.createDirectory(at: keptURL, withIntermediateDirectories: false)
        } catch {
            // Another thread made it first.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: keptURL.path, isDirectory: &isFolder), isFolder.boolValue
            else { throw error }
        }
    }

    public func forgetKept() { try? FileManager.default.removeItem(at: keptURL) }
}
