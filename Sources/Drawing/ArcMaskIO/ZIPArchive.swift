import ArcMaskValues
import ArcMaskZIP

/// A ZIP archive as the command line's readers take it: `ZIPReader`, its errors reported as
/// the input's (`InputError`).
public struct ZIPArchive {
    public typealias Entry = ZIPReader.Entry

    let reader: ZIPReader
    public var name: String { reader.name }
    public var entries: [String: Entry] { reader.entries }

    public init(bytes: [UInt8], name: String) throws {
        do { reader = try ZIPReader(bytes: bytes, name: name) } catch let error as ZIPError {
            throw InputError(error)
        }
    }

    /// The bytes of entry `entryName`: stored or deflated, size and CRC checked.
    public func contents(of entryName: String) throws -> [UInt8] {
        do { return try reader.contents(of: entryName) } catch let error as ZIPError { throw InputError(error) }
    }
}

extension InputError {
    public init(_ error: ZIPError) { self.init(file: error.file, location: error.location, error.problem) }
}
