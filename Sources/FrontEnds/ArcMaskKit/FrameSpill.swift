import ArcMaskZIP
import Foundation

/// Frames decoded once, kept on disk between `prepare`'s passes instead of decoded again: each
/// frame's pixels deflated (zlib's fastest level) into a file of a folder of its own. A pass
/// that comes out over the budget writes again from here, at the same size or scaled down.
///
/// The folder lives in the staging folder, so a killed run's spill goes with its staging
/// folder on the next run (`StagedFolder`).
final class FrameSpill: @unchecked Sendable {
    let folder: URL
    private let lock = NSLock()
    /// The size each stored frame was decoded at.
    private var sizes: [Int: (width: Int, height: Int)] = [:]
    /// Bytes on disk, for the figures the bench reports.
    private(set) var storedBytes = 0

    /// Makes `folder` (which must not exist yet).
    init(folder: URL) throws {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw PrepareError(.folder(folder.path), "cannot hold decoded frames (\(error.localizedDescription))")
        }
    }

    func file(_ index: Int) -> URL { folder.appendingPathComponent("frame-\(index).z") }

    func contains(_ index: Int) -> Bool { lock.withLock { sizes[index] != nil } }

    func store(_ index: Int, _ pixels: LayerPixels) throws {
        let packed = Deflate.zlib(pixels.bytes, level: 1)
        do {
            try Data(packed).write(to: file(index))
        } catch {
            throw PrepareError(.folder(folder.path), "cannot hold frame \(index) (\(error.localizedDescription))")
        }
        lock.withLock {
            sizes[index] = (pixels.width, pixels.height)
            storedBytes += packed.count
        }
    }

    /// Frame `index` as stored; its size is known before anything is inflated.
    func load(_ index: Int) throws -> LayerPixels {
        guard let size = lock.withLock({ sizes[index] }) else {
            throw PrepareError(.frame(index), "was not kept between passes")
        }
        let count = size.width * size.height * 4
        do {
            let packed = try [UInt8](Data(contentsOf: file(index)))
            let bytes = try Inflate.zlib(packed, limit: count)
            return try LayerPixels(width: size.width, height: size.height, bytes: bytes)
        } catch let error as PrepareError {
            throw error
        } catch {
            throw PrepareError(.frame(index), "its kept pixels cannot be read back (\(error))")
        }
    }

    /// Removes the folder and everything in it.
    func remove() { try? FileManager.default.removeItem(at: folder) }
}
