import ArcMaskFiles
import ArcMaskIO
import ArcMaskValues
import ArcMaskZIP
import Foundation
import SwiftProtobuf

/// Reads SVGA files of every container, detected by their first bytes (never by the version
/// string), into an `SVGAMovie`. Sizes are capped before allocating; ZIP entries are read in
/// memory, never extracted, and names with "/" or ".." are refused.
public enum SVGAReader {
    public static func read(path: String, limits: SVGALimits = .default) throws -> SVGAMovie {
        let bytes = try FileReader.contents(of: path, limit: limits.maxInflatedBytes, kind: "SVGA files")
        return try read(bytes: bytes, name: path, limits: limits)
    }

    /// - Parameter preferJSON: for ZIPs holding both `movie.binary` and `movie.spec`, read the
    ///   JSON (players prefer the binary; this is for comparing the two).
    public static func read(
        bytes: [UInt8], name: String, limits: SVGALimits = .default, preferJSON: Bool = false
    ) throws -> SVGAMovie {
        guard !bytes.isEmpty else { throw InputError(file: name, "is empty (0 bytes)") }
        if bytes.count >= 2, bytes[0] == 0x78 {
            let inflated: [UInt8]
            do { inflated = try Inflate.zlib(bytes, limit: limits.maxInflatedBytes) } catch {
                switch error {
                case .corrupt(let why): throw InputError(file: name, location: "zlib stream", "corrupt (\(why))")
                case .tooLarge(let limit):
                    throw InputError(file: name, location: "zlib stream", "inflates past \(limit) bytes (the limit)")
                }
            }
            let entity = try decodeProto(inflated, name: name, part: "MovieEntity")
            return try Mapper(name: name, limits: limits).map(entity, container: .zlibProtobuf) { key, value in
                value  // 2.x images hold the bytes themselves
            }
        }
        if bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B, bytes[2] == 0x03, bytes[3] == 0x04 {
            return try readZIP(bytes, name: name, limits: limits, preferJSON: preferJSON)
        }
        let head = bytes.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
        throw InputError(
            file: name, "is not an SVGA file (starts with \(head); expected a zlib stream 78 … or a ZIP PK 03 04)")
    }

    static func decodeProto(_ bytes: [UInt8], name: String, part: String) throws -> SVGAProtoMovieEntity {
        do {
            return try SVGAProtoMovieEntity(serializedBytes: bytes)
        } catch {
            throw InputError(file: name, location: part, "not a readable protobuf (\(error))")
        }
    }

    static func readZIP(_ bytes: [UInt8], name: String, limits: SVGALimits, preferJSON: Bool) throws -> SVGAMovie {
        let zip = try ZIPArchive(bytes: bytes, name: name)
        let spans = zip.entries
        if spans.count > limits.maxZipEntries {
            throw InputError(file: name, location: "ZIP", "more than \(limits.maxZipEntries) entries")
        }
        var total = 0
        for (path, span) in spans.sorted(by: { $0.key < $1.key }) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || path.contains("\\") || parts.contains("..") {
                throw InputError(
                    file: name, location: "ZIP entry '\(path)'",
                    "names a place outside the archive (a parent or a root); refused")
            }
            // Players read the top level only: folder entries and what lies in folders
            // (`__MACOSX/` resource forks from macOS's archiver) are not part of the movie.
            if parts.count > 1 { continue }
            total += span.size
            if total > limits.maxInflatedBytes {
                throw InputError(
                    file: name, location: "ZIP", "entries inflate past \(limits.maxInflatedBytes) bytes (the limit)")
            }
        }
        func contents(_ entryName: String) throws -> [UInt8] { try zip.contents(of: entryName) }
        func image(_ key: String, _ value: [UInt8]) throws -> [UInt8]? {
            // 1.5 and 1.x images name a file in the archive (without ".png").
            let file = String(decoding: value, as: UTF8.self)
            for candidate in [file + ".png", file, key + ".png"] where spans[candidate] != nil {
                return try contents(candidate)
            }
            return nil
        }
        if spans["movie.binary"] != nil && !(preferJSON && spans["movie.spec"] != nil) {
            let entity = try decodeProto(try contents("movie.binary"), name: name, part: "movie.binary")
            return try Mapper(name: name, limits: limits).map(entity, container: .zipProtobuf, image: image)
        }
        guard spans["movie.spec"] != nil else {
            throw InputError(file: name, location: "ZIP", "has neither movie.binary nor movie.spec")
        }
        let spec = try contents("movie.spec")
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: Data(spec)) } catch {
            throw InputError(file: name, location: "movie.spec", "not valid JSON (\(error.localizedDescription))")
        }
        return try Mapper(name: name, limits: limits).map(json: json, image: image)
    }
}
