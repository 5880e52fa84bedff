import ArcMaskPlatform
import ArcMaskValues
import Foundation

/// Reads a file through a small buffer with `pread`, opened read-only (or bytes already
/// in memory, for tests and fuzzing).
///
/// Decoders read inputs through it, so memory stays bounded whatever the file's size
/// and a file is never opened for writing.
public final class FileReader {
    public let path: String
    public let size: Int
    public private(set) var position = 0
    private let fd: Int32
    private let memory: [UInt8]?
    private let buffer: UnsafeMutableRawBufferPointer
    private var bufferStart = 0
    private var bufferCount = 0

    public init(path: String, bufferSize: Int = 256 * 1024) throws {
        self.path = path
        guard !path.isEmpty else { throw InputError(file: path, "an empty path names no file") }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw InputError(file: path, "cannot open (\(String(cString: strerror(errno))))")
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            close(fd)
            throw InputError(file: path, "cannot read (\(String(cString: strerror(errno))))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw InputError(file: path, "is \(FileReader.kind(of: st.st_mode)), not a regular file")
        }
        self.fd = fd
        self.size = Int(st.st_size)
        self.memory = nil
        self.buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    /// "a folder", "a FIFO", … for a file mode that is not a regular file's.
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    /// Reads from bytes in memory; `name` stands for the path in messages.
    public init(bytes: [UInt8], name: String) {
        self.path = name
        self.fd = -1
        self.size = bytes.count
        self.memory = bytes
        self.buffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        buffer.deallocate()
        if fd >= 0 { close(fd) }
    }

    /// The whole of `path`, refused before reading when it is over `limit` bytes
    /// (`kind` names what the limit is for in the message, e.g. "SVGA files").
    public static func contents(of path: String, limit: Int, kind: String) throws -> [UInt8] {
        try FileReader(path: path).contents(limit: limit, kind: kind)
    }

    /// The whole file, refused before reading when it is over `limit` bytes.
    public func contents(limit: Int, kind: String) throws -> [UInt8] {
        guard size <= limit else {
            throw InputError(file: path, "is \(size) bytes, over the \(limit)-byte limit for \(kind)")
        }
        return bytes(at: 0, count: size)
    }

    /// Moves the read position (past the end is allowed; reads then return 0 bytes).
    public func seek(to offset: Int) { position = max(0, offset) }

    /// Copies up to `count` bytes into `destination`; fewer only at the end of the file
    /// or on a read error.
    public func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        var done = 0
        while done < count {
            if position < bufferStart || position >= bufferStart + bufferCount {
                guard fill(at: position) else { break }
            }
            let offset = position - bufferStart
            let n = min(count - done, bufferCount - offset)
            (destination + done).copyMemory(from: buffer.baseAddress! + offset, byteCount: n)
            done += n
            position += n
        }
        return done
    }

    /// Reads `count` bytes at `offset` (fewer at the end of the file).
    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        let saved = position
        defer { position = saved }
        seek(to: offset)
        let n = max(0, min(count, size - offset))
        var out = [UInt8](repeating: 0, count: n)
        let got = out.withUnsafeMutableBytes { read(into: $0.baseAddress!, count: n) }
        return Array(out.prefix(got))
    }

    private func fill(at offset: Int) -> Bool {
        guard offset < size else { return false }
        if let memory {
            let n = min(buffer.count, size - offset)
            memory.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            bufferStart = offset
            bufferCount = n
            return true
        }
        while true {
            let n = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            bufferStart = offset
            bufferCount = n
            return true
        }
    }
}
