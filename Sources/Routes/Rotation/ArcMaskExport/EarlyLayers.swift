import ArcMaskCore
import ArcMaskFolder
import Foundation

/// Layers the survey encoded while reading every frame, each at the step the survey guessed
/// then and already under the name it has when every frame is a layer; and, at the ladder's
/// lowest scale, the resized pixels (appended to one file of the staging directory, within a
/// budget), so that a change of quality alone encodes again without decoding. `write` takes
/// what matches its step and removes the rest.
final class EarlyLayers: @unchecked Sendable {
    /// Resized pixels kept at most.
    static let pixelBudget = 256 << 20
    static let pixelFile = ".early-pixels"

    private let lock = NSLock()
    /// Frame i's layer, written as the layer file of layer i.
    private var encoded: [Int: (step: ArchiveStep, record: LayerRecord)] = [:]
    /// Each kept frame's slot in the pixel file, and the scale it was drawn at.
    private var slots: [Int: (slot: Int, scale: Double)] = [:]
    private var pixelSize: (width: Int, height: Int)? = nil
    private var descriptor: Int32 = -1

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Notes frame `index`'s layer, written at `step` as `record.file`.
    func add(_ index: Int, step: ArchiveStep, record: LayerRecord) {
        lock.withLock { encoded[index] = (step, record) }
    }

    /// Frame `index`'s layer when the survey wrote it at `step`.
    func layer(_ index: Int, step: ArchiveStep) -> LayerRecord? {
        lock.withLock { encoded[index].flatMap { $0.step == step ? $0.record : nil } }
    }

    private static func create(_ url: URL) throws -> Int32 {
        let fd = open(url.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw OutputError(path: url.path, "cannot create a file here (\(String(cString: strerror(errno))))")
        }
        return fd
    }

    private static func write(_ fd: Int32, _ raw: UnsafeRawBufferPointer, at offset: Int, file: String) throws {
        try transfer(raw.count, file: file, "write") {
            pwrite(fd, raw.baseAddress! + $0, raw.count - $0, off_t(offset + $0))
        }
    }

    private static func read(_ fd: Int32, _ raw: UnsafeMutableRawBufferPointer, at offset: Int, file: String) throws {
        try transfer(raw.count, file: file, "read") {
            pread(fd, raw.baseAddress! + $0, raw.count - $0, off_t(offset + $0))
        }
    }

    /// Repeats `step` (given the bytes done so far) until `count` bytes are done, through
    /// interruptions; a failure or an early end is an error naming `verb`.
    private static func transfer(_ count: Int, file: String, _ verb: String, _ step: (Int) -> Int) throws {
        var done = 0
        while done < count {
            let n = step(done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw OutputError(path: file, "\(verb) failed (\(String(cString: strerror(errno))))") }
            done += n
        }
    }

    /// Keeps `image`'s pixels, while the budget lasts.
    func keep(_ image: PixelBuffer, index: Int, scale: Double, in staging: URL) throws {
        let bytes = image.bytes.count
        let place = try lock.withLock { () -> (fd: Int32, offset: Int)? in
            if pixelSize == nil {
                descriptor = try Self.create(staging.appendingPathComponent(Self.pixelFile))
                pixelSize = (image.width, image.height)
            }
            guard pixelSize! == (image.width, image.height), (slots.count + 1) * bytes <= Self.pixelBudget else {
                return nil
            }
            let slot = slots[index]?.slot ?? slots.count
            slots[index] = (slot, scale)
            return (descriptor, slot * bytes)
        }
        guard let place else { return }
        try image.bytes.withUnsafeBytes { try Self.write(place.fd, $0, at: place.offset, file: Self.pixelFile) }
    }

    func hasPixels(of index: Int, scale: Double) -> Bool { lock.withLock { slots[index]?.scale == scale } }

    /// The pixels `keep` kept for frame `index`.
    func pixels(of index: Int) throws -> PixelBuffer {
        let (entry, size, fd) = lock.withLock { (slots[index], pixelSize, descriptor) }
        guard let entry, let size, fd >= 0 else {
            throw OutputError(path: Self.pixelFile, "frame \(index) was not kept")
        }
        let count = size.width * size.height * 4
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try Self.read(fd, $0, at: entry.slot * count, file: Self.pixelFile) }
        return PixelBuffer(width: size.width, height: size.height, bytes: bytes)
    }

    /// Forgets every layer, removing the layer files not in `keeping`.
    func discard(from staging: URL, keeping: Set<String>) {
        let files = lock.withLock { () -> [String] in
            defer { encoded = [:] }
            return encoded.values.map(\.record.file)
        }
        for name in files where !keeping.contains(name) {
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(name))
        }
    }

    /// Forgets the kept pixels, removing their file.
    func forgetPixels(from staging: URL) {
        let had = lock.withLock { () -> Bool in
            defer {
                slots = [:]
                pixelSize = nil
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
            }
            return pixelSize != nil
        }
        if had { try? FileManager.default.removeItem(at: staging.appendingPathComponent(Self.pixelFile)) }
    }
}
