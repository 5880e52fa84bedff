import ArcMaskZIP

/// Faults of Apple's ImageIO that `prepare` works around or refuses, each decided here in plain
/// Swift (tested where ImageIO is not) from the file's bytes and what ImageIO reported.
/// Animated WebP, which ImageIO composites wrongly for some files, has its own reader
/// (`WebPAnimation`).
enum ImageIOQuirks {
    // MARK: Palette PNG alpha (iOS 17.0–17.2)

    /// Whether the bytes are a PNG (or APNG) of indexed colour: IHDR's colour type 3.
    static func isPalettePNG(_ head: [UInt8]) -> Bool {
        head.count > 25 && head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            && head[12..<16].elementsEqual("IHDR".utf8) && head[25] == 3
    }

    /// A 1×1 indexed-colour PNG whose one entry is red at alpha 128: drawn premultiplied it is
    /// (128, 0, 0, 128). ImageIO on iOS 17.0–17.2 hands back such images premultiplied while
    /// saying their alpha is straight, so Core Graphics premultiplies them again and draws
    /// (64, 0, 0, 128): half-transparent pixels come out dark (SDWebImage #3605, #3697;
    /// Apple FB13322459). `prepare` draws this probe once and, when it comes out dark, takes
    /// indexed PNG frames as premultiplied.
    static let probePNG: [UInt8] = {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(1) + be32(1) + [8, 3, 0, 0, 0])
            + chunk("PLTE", [255, 0, 0]) + chunk("tRNS", [128]) + chunk("IDAT", Deflate.zlib([0, 0]))
            + chunk("IEND", [])
    }()

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// Whether the probe, drawn premultiplied into RGBA, shows the fault: its red well under its
    /// alpha (premultiplied twice) rather than equal to it.
    static func alphaMislabelled(probe rgba: [UInt8]) -> Bool {
        guard rgba.count >= 4, rgba[3] > 0 else { return false }
        return Int(rgba[0]) * 4 < Int(rgba[3]) * 3
    }

    // MARK: Animated AVIF before iOS 16.4

    /// Whether the bytes are an AVIF image sequence: an `ftyp` box whose major or compatible
    /// brands include `avis` (AV1 Image File Format, §7).
    static func isAVIFSequence(_ head: [UInt8]) -> Bool {
        guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(head.count, max(16, size))
        var brands = [8]
        brands += stride(from: 16, to: end - 3, by: 4).map { $0 }
        return brands.contains { head[$0..<($0 + 4)].elementsEqual("avis".utf8) }
    }

    /// An AVIF sequence that ImageIO reads as one picture where it cannot read its animation
    /// (before iOS 16.4 and macOS 13.3, with Safari 16.4, which added animated AVIF): refused
    /// rather than prepared as a still. Returns the sentence, or nil.
    static func avifSequenceRefusal(head: [UInt8], frameCount: Int, readsSequences: Bool) -> String? {
        guard frameCount <= 1, !readsSequences, isAVIFSequence(head) else { return nil }
        return "is an animated AVIF, which ImageIO reads as one picture before iOS 16.4 (macOS 13.3)"
    }
}
