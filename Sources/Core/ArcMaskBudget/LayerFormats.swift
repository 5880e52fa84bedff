import ArcMaskValues

/// How layer images are stored when each is its own file.
public enum ImageFormat: String, CaseIterable, Sendable, Codable {
    /// JPEG for layers with no transparency, PNG for layers with transparency.
    case auto
    /// JPEG for every layer (transparent pixels are flattened onto black).
    case jpeg
    /// PNG for every layer, in the smallest lossless layout (indexed where the colours allow).
    case png

    /// JPEG qualities the archive budget steps down through, best first; the last is the floor.
    public static let qualityLadder = [90, 85, 80, 75, 70, 65, 60]
}

/// Where the layer images go: each its own file (handed to SwiftUI as encoded bytes), or one
/// sprite sheet that the generated code decodes and crops.
public enum LayerLayout: String, CaseIterable, Sendable, Codable {
    case files
    case strip
}

/// A layer file as written: what the manifest records of it.
public struct LayerRecord: Sendable, Equatable {
    public var file: String
    public var bytes: Int
    /// SSIM of the written picture against the exact one (1 for a lossless file).
    public var ssim: Double
    public var digest: String
    public var lossy: Bool
    /// The picture had transparent pixels that the file cannot hold (a JPEG): they were
    /// composited onto the background colour.
    public var flattened: Bool
    /// What flattening kept of the picture, when it was flattened (onto the background colour
    /// or, for a JPEG, black); nil when it was written as it was drawn.
    public var look: FlattenedLook?

    public init(
        file: String, bytes: Int, ssim: Double, digest: String, lossy: Bool, flattened: Bool = false,
        look: FlattenedLook? = nil
    ) {
        self.file = file
        self.bytes = bytes
        self.ssim = ssim
        self.digest = digest
        self.lossy = lossy
        self.flattened = flattened
        self.look = look
    }

    /// The record of `bytes` written as `file`.
    public init(
        file: String, encoded bytes: [UInt8], ssim: Double, lossy: Bool, flattened: Bool = false,
        look: FlattenedLook? = nil
    ) {
        self.init(
            file: file, bytes: bytes.count, ssim: ssim, digest: LayerDigest.of(bytes), lossy: lossy,
            flattened: flattened, look: look)
    }
}

/// The digest an export records for each file: FNV-1a, 64 bits, as 16 hex digits. It tells a
/// swapped or edited file from the one written (not a defence against crafted collisions).
public enum LayerDigest {
    public static func of(_ bytes: some Sequence<UInt8>) -> String { hex(FNV1a.hash(bytes)) }

    public static func hex(_ h: UInt64) -> String {
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
