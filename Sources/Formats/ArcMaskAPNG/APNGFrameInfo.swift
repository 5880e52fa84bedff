import ArcMaskValues

/// The image header (IHDR) every frame of an APNG shares, apart from its size.
public struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bitDepth: Int
    public var colorType: Int
    public var interlaced: Bool

    /// Reads IHDR's 13 bytes; nil when they break PNG's rules.
    init?(_ d: [UInt8]) {
        guard d.count == 13 else { return nil }
        width = Int(be32(d, 0))
        height = Int(be32(d, 4))
        bitDepth = Int(d[8])
        colorType = Int(d[9])
        interlaced = d[12] == 1
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            depths[colorType]?.contains(bitDepth) == true, d[10] == 0, d[11] == 0, d[12] <= 1
        else { return nil }
    }

    /// Samples per pixel.
    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }

    /// Bytes an image of `w`×`h` inflates to (filter bytes included), interlace passes counted.
    func rawDataSize(width w: Int, height h: Int) -> Int {
        func rows(_ pw: Int, _ ph: Int) -> Int {
            guard pw > 0, ph > 0 else { return 0 }
            return ph * (1 + (pw * channels * bitDepth + 7) / 8)
        }
        guard interlaced else { return rows(w, h) }
        // Adam7: (x start, y start, x step, y step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { sum, p in
            sum + rows((w - p.0 + p.2 - 1) / p.2, (h - p.1 + p.3 - 1) / p.3)
        }
    }

    /// IHDR's data for an image of this kind at another size.
    func ihdr(width w: Int, height h: Int) -> [UInt8] {
        var d: [UInt8] = []
        appendBE32(&d, UInt32(w))
        appendBE32(&d, UInt32(h))
        return d + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
    }
}

/// One frame of an APNG as its fcTL describes it, and where its data lies.
public struct APNGFrameInfo: Sendable, Equatable {
    /// What happens to the frame's region before the next frame is drawn.
    public enum Dispose: Int, Sendable, CustomStringConvertible {
        case none = 0, background = 1, previous = 2
        public var description: String { ["none", "background", "previous"][rawValue] }
    }

    /// How the frame's pixels meet the canvas.
    public enum Blend: Int, Sendable, CustomStringConvertible {
        case source = 0, over = 1
        public var description: String { ["source", "over"][rawValue] }
    }

    public var index: Int
    /// The region the frame covers, inside the canvas.
    public var rect: PixelRect
    public var delayNumerator: Int
    /// As written; 0 means 100 (hundredths of a second).
    public var delayDenominator: Int
    public var dispose: Dispose
    public var blend: Blend
    /// The default image (IDAT) is this frame.
    public var isDefaultImage: Bool
    /// (offset, count) of each piece of the frame's compressed data in the file.
    var dataRanges: [(offset: Int, count: Int)]

    /// The delay as written, in milliseconds (0 stays 0).
    public var delayMs: Double {
        Double(delayNumerator) * 1000 / Double(delayDenominator == 0 ? 100 : delayDenominator)
    }

    /// How long browsers show the frame: delays of 10 ms or less play as 100 ms.
    public var durationMs: Double { FrameDelay.browserMs(delayMs) }

    public static func == (a: APNGFrameInfo, b: APNGFrameInfo) -> Bool {
        a.index == b.index && a.rect == b.rect && a.delayNumerator == b.delayNumerator
            && a.delayDenominator == b.delayDenominator && a.dispose == b.dispose && a.blend == b.blend
            && a.isDefaultImage == b.isDefaultImage
            && a.dataRanges.elementsEqual(b.dataRanges) { $0.offset == $1.offset && $0.count == $1.count }
    }
}
