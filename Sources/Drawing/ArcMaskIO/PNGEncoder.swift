import ArcMaskFrames
import ArcMaskZIP

/// Writes PNG files from straight RGBA pixels with the smallest lossless layout that holds them:
///
/// - **indexed** (colour type 3) when the image has at most 256 distinct RGBA values — every GIF
///   frame does — at 1, 2, 4 or 8 bits a pixel, with `tRNS` giving each entry's alpha;
/// - **RGB** (colour type 2) when every pixel is opaque;
/// - **RGBA** (colour type 6) otherwise.
///
/// Each stores exactly the same RGBA values (straight alpha, colours of transparent pixels
/// included), so any decoder reads back the image it was given. The IDAT stream is compressed
/// by libdeflate in one piece; CRCs are zlib's. Output depends only on the pixels and the
/// compression preset.
enum PNGEncoder {
    static func encode(_ image: PixelBuffer, compression: PNG.Compression, layout: PNG.Layout) -> [UInt8] {
        var layout = layout == .rgba ? ImageLayout.truecolor(alpha: true) : ImageLayout(of: image)
        var idat = compressedRows(image, layout: layout, compression: compression)
        // `small` also tries smooth few-colour images as filtered RGB(A), which can beat indexes.
        if compression.preset == .small, case .indexed(let table) = layout {
            let direct = ImageLayout.truecolor(alpha: table.trns != nil)
            let other = compressedRows(image, layout: direct, compression: compression)
            let tables = 12 + table.plte.count + (table.trns.map { 12 + $0.count } ?? 0)
            if other.count < idat.count + tables { (layout, idat) = (direct, other) }
        }
        var out = [UInt8]()
        out.reserveCapacity(idat.count + 1024 + 8)
        out.append(contentsOf: PNG.signature)
        writeChunk("IHDR", header(width: image.width, height: image.height, layout), to: &out)
        if case .indexed(let table) = layout {
            writeChunk("PLTE", table.plte, to: &out)
            if let trns = table.trns { writeChunk("tRNS", trns, to: &out) }
        }
        writeChunk("IDAT", idat, to: &out)
        writeChunk("IEND", [], to: &out)
        return out
    }

    // MARK: chunks

    static func header(width: Int, height: Int, _ layout: ImageLayout) -> [UInt8] {
        var h = [UInt8]()
        h.reserveCapacity(13)
        h.appendBigEndian(UInt32(width))
        h.appendBigEndian(UInt32(height))
        h.append(UInt8(layout.bitDepth))
        h.append(layout.colorType)
        h.append(contentsOf: [0, 0, 0])  // deflate, adaptive filtering, no interlace
        return h
    }

    static func writeChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let start = out.count
        out.append(contentsOf: type.utf8)
        out.append(contentsOf: data)
        let crc = out.withUnsafeBytes { crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        out.appendBigEndian(crc)
    }

    // MARK: rows

    /// The filtered scanlines (a filter-type byte, then the row), deflated as one zlib stream.
    private static func compressedRows(
        _ image: PixelBuffer, layout: ImageLayout, compression: PNG.Compression
    ) -> [UInt8] {
        switch layout {
        case .indexed(let table):
            // Indexed rows are stored unfiltered: prediction between palette indices only adds noise.
            let rows = table.packedRows(width: image.width, height: image.height)
            return rows.withUnsafeBytes { LibDeflate.zlib($0, level: compression.deflateLevel) }
        case .truecolor(let alpha):
            let bpp = alpha ? 4 : 3
            var best = ScanlineFilter.apply(compression.firstFilter, to: image, bytesPerPixel: bpp).withUnsafeBytes {
                LibDeflate.zlib($0, level: compression.deflateLevel)
            }
            if let second = compression.secondFilter {
                let other = ScanlineFilter.apply(second, to: image, bytesPerPixel: bpp).withUnsafeBytes {
                    LibDeflate.zlib($0, level: compression.deflateLevel)
                }
                if other.count < best.count { best = other }
            }
            return best
        }
    }
}

/// How the pixels will be stored.
enum ImageLayout {
    case indexed(ColorTable)
    case truecolor(alpha: Bool)

    /// Scans the pixels once: a colour table when they fit in 256 entries, else whether any is translucent.
    init(of image: PixelBuffer) {
        let result: ImageLayout = image.bytes.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            switch ColorTable.index(pixels) {
            case .success(let table):
                return .indexed(table)
            case .failure(let stop):
                // Too many colours: finish the alpha scan where the table stopped.
                var opaque = stop.opaqueSoFar
                var i = stop.index
                while opaque, i < pixels.count {
                    if pixels[i].littleEndian >> 24 != 0xFF { opaque = false }
                    i += 1
                }
                return .truecolor(alpha: !opaque)
            }
        }
        self = result
    }

    var colorType: UInt8 {
        switch self {
        case .indexed: 3
        case .truecolor(let alpha): alpha ? 6 : 2
        }
    }

    var bitDepth: Int {
        switch self {
        case .indexed(let table): table.bitDepth
        case .truecolor: 8
        }
    }
}

/// Up to 256 RGBA values in the order met (translucent ones moved first, so `tRNS` can stop
/// at the last of them), and every pixel's index.
struct ColorTable {
    /// RGBA as loaded from memory (R in the low byte on little-endian machines).
    private(set) var colors: [UInt32]
    private(set) var indices: [UInt8]

    /// Where indexing stopped: the first pixel of a 257th colour, and whether all before it were opaque.
    struct TooManyColors: Error {
        let index: Int
        let opaqueSoFar: Bool
    }

    /// Indexes every pixel, or stops at the 257th distinct value.
    static func index(_ pixels: UnsafeBufferPointer<UInt32>) -> Result<ColorTable, TooManyColors> {
        var colors = [UInt32]()
        colors.reserveCapacity(256)
        // Open addressing over 1,024 slots: at most 256 used, so probes stay short.
        var keys = [UInt32](repeating: 0, count: 1024)
        var slots = [Int16](repeating: -1, count: 1024)
        var stop: Int?
        let indices = [UInt8](unsafeUninitializedCapacity: pixels.count) { out, initialized in
            keys.withUnsafeMutableBufferPointer { keys in
                slots.withUnsafeMutableBufferPointer { slots in
                    var lastColor: UInt32 = 0
                    var lastIndex: UInt8 = 0
                    var haveLast = false
                    for i in 0..<pixels.count {
                        let pixel = pixels[i]
                        if haveLast && pixel == lastColor {
                            out[i] = lastIndex
                            continue
                        }
                        var h = Int((pixel &* 2_654_435_761) >> 22)
                        while slots[h] >= 0 && keys[h] != pixel { h = (h + 1) & 1023 }
                        if slots[h] < 0 {
                            if colors.count == 256 {
                                stop = i
                                break
                            }
                            keys[h] = pixel
                            slots[h] = Int16(colors.count)
                            colors.append(pixel)
                        }
                        lastColor = pixel
                        lastIndex = UInt8(slots[h])
                        haveLast = true
                        out[i] = lastIndex
                    }
                }
            }
            initialized = stop ?? pixels.count
        }
        let table = ColorTable(colors: colors, indices: indices)
        if let stop { return .failure(TooManyColors(index: stop, opaqueSoFar: table.allOpaque)) }
        return .success(table.translucentFirst())
    }

    var allOpaque: Bool { colors.allSatisfy { $0.littleEndian >> 24 == 0xFF } }

    /// Moves translucent entries to the front (keeping the order met within each group).
    private func translucentFirst() -> ColorTable {
        let translucent = colors.indices.filter { colors[$0].littleEndian >> 24 != 0xFF }
        let order = translucent + colors.indices.filter { colors[$0].littleEndian >> 24 == 0xFF }
        guard order != Array(colors.indices) else { return self }
        var remap = [UInt8](repeating: 0, count: 256)
        for (new, old) in order.enumerated() { remap[old] = UInt8(new) }
        var copy = self
        copy.colors = order.map { colors[$0] }
        copy.indices.withUnsafeMutableBufferPointer { p in
            remap.withUnsafeBufferPointer { r in
                for i in p.indices { p[i] = r[Int(p[i])] }
            }
        }
        return copy
    }

    /// The fewest bits per pixel that index every entry.
    var bitDepth: Int {
        switch colors.count {
        case ...2: 1
        case ...4: 2
        case ...16: 4
        default: 8
        }
    }

    var plte: [UInt8] {
        colors.flatMap { c -> [UInt8] in
            let v = c.littleEndian
            return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)]
        }
    }

    /// Alpha of each entry up to the last translucent one; nil when all are opaque.
    var trns: [UInt8]? {
        let alphas = colors.map { UInt8($0.littleEndian >> 24) }
        guard let lastTranslucent = alphas.lastIndex(where: { $0 != 0xFF }) else { return nil }
        return Array(alphas[...lastTranslucent])
    }

    /// Unfiltered scanlines (filter byte 0), indices packed at `bitDepth`, high bits first.
    func packedRows(width: Int, height: Int) -> [UInt8] {
        let depth = bitDepth
        let perByte = 8 / depth
        let rowBytes = (width + perByte - 1) / perByte
        var rows = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        rows.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { idx in
                for y in 0..<height {
                    let src = y * width
                    let dst = y * (rowBytes + 1) + 1
                    if depth == 8 {
                        UnsafeMutableRawPointer(out.baseAddress! + dst).copyMemory(
                            from: idx.baseAddress! + src, byteCount: width)
                        continue
                    }
                    for x in 0..<width {
                        let shift = 8 - depth * (x % perByte + 1)
                        out[dst + x / perByte] |= idx[src + x] << UInt8(shift)
                    }
                }
            }
        }
        return rows
    }
}

/// PNG scanline filters (PNG specification §9) over 8-bit RGB or RGBA rows taken from RGBA pixels.
enum ScanlineFilter: Equatable, Sendable {
    /// Every row stored as is.
    case none
    /// Every row as the difference from the pixel to its left: the cheapest filter that helps gradients.
    case sub
    /// Per row, whichever of the five filters gives the smallest sum of absolute (signed) bytes —
    /// the specification's suggested heuristic, as libpng applies it.
    case adaptive

    /// The filtered scanlines, a filter-type byte before each row.
    static func apply(_ filter: ScanlineFilter, to image: PixelBuffer, bytesPerPixel bpp: Int) -> [UInt8] {
        let width = image.width, height = image.height
        let rowBytes = width * bpp
        // Every byte is written below (a filter byte, then the row).
        var out = [UInt8](unsafeUninitializedCapacity: height * (rowBytes + 1)) { $1 = $0.count }
        var current = [UInt8](repeating: 0, count: rowBytes)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var scratch = [UInt8](repeating: 0, count: rowBytes * 4)
        image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    swap(&current, &previous)
                    current.withUnsafeMutableBufferPointer { row in
                        copyRow(src.baseAddress! + y * width * 4, width: width, bpp: bpp, to: row.baseAddress!)
                    }
                    let line = out.baseAddress! + y * (rowBytes + 1)
                    current.withUnsafeBufferPointer { row in
                        previous.withUnsafeBufferPointer { prior in
                            scratch.withUnsafeMutableBufferPointer { scratch in
                                filterRow(
                                    filter, row: row, prior: y == 0 ? nil : prior, bpp: bpp, scratch: scratch,
                                    into: line)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    private static func copyRow(_ src: UnsafePointer<UInt8>, width: Int, bpp: Int, to dst: UnsafeMutablePointer<UInt8>)
    {
        if bpp == 4 {
            dst.update(from: src, count: width * 4)
            return
        }
        for x in 0..<width {
            dst[x * 3] = src[x * 4]
            dst[x * 3 + 1] = src[x * 4 + 1]
            dst[x * 3 + 2] = src[x * 4 + 2]
        }
    }

    /// Writes the filter byte then the filtered row at `line`.
    private static func filterRow(
        _ filter: ScanlineFilter, row: UnsafeBufferPointer<UInt8>, prior: UnsafeBufferPointer<UInt8>?, bpp: Int,
        scratch: UnsafeMutableBufferPointer<UInt8>, into line: UnsafeMutablePointer<UInt8>
    ) {
        let n = row.count
        switch filter {
        case .none:
            line[0] = 0
            (line + 1).update(from: row.baseAddress!, count: n)
        case .sub:
            line[0] = 1
            subFilter(row, bpp: bpp, into: line + 1)
        case .adaptive:
            // Candidates: none (the row itself), sub, up, average, Paeth; smallest signed-byte sum wins.
            let base = scratch.baseAddress!
            subFilter(row, bpp: bpp, into: base)
            var best = (type: UInt8(0), sum: absSum(row.baseAddress!, n), bytes: row.baseAddress!)
            let sub = absSum(base, n)
            if sub < best.sum { best = (1, sub, UnsafePointer(base)) }
            for type in UInt8(2)...4 {
                let dst = base + Int(type - 1) * n
                predict(type, row, prior, bpp: bpp, into: dst)
                let sum = absSum(dst, n)
                if sum < best.sum { best = (type, sum, UnsafePointer(dst)) }
            }
            line[0] = best.type
            (line + 1).update(from: best.bytes, count: n)
        }
    }

    /// Rows `rows` of `image` as RGBA scanlines, Sub-filtered (each after its filter-type
    /// byte): the band-by-band writer's pieces. Sub looks at no other row, so any range of
    /// rows filters as it would inside the whole image.
    static func sub(_ image: PixelBuffer, rows: Range<Int>) -> [UInt8] {
        let rowBytes = image.width * 4
        var out = [UInt8](unsafeUninitializedCapacity: rows.count * (rowBytes + 1)) { $1 = $0.count }
        image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { out in
                for (k, y) in rows.enumerated() {
                    let line = out.baseAddress! + k * (rowBytes + 1)
                    line[0] = 1
                    subFilter(
                        UnsafeBufferPointer(rebasing: src[(y * rowBytes)..<((y + 1) * rowBytes)]), bpp: 4,
                        into: line + 1)
                }
            }
        }
        return out
    }

    private static func subFilter(_ row: UnsafeBufferPointer<UInt8>, bpp: Int, into dst: UnsafeMutablePointer<UInt8>) {
        for i in 0..<min(bpp, row.count) { dst[i] = row[i] }
        var i = bpp
        while i < row.count {
            dst[i] = row[i] &- row[i - bpp]
            i += 1
        }
    }

    /// Up (2), Average (3) and Paeth (4) predictions subtracted from `row`.
    private static func predict(
        _ type: UInt8, _ row: UnsafeBufferPointer<UInt8>, _ prior: UnsafeBufferPointer<UInt8>?, bpp: Int,
        into dst: UnsafeMutablePointer<UInt8>
    ) {
        let n = row.count
        guard let prior else {
            // The row above the first counts as zeros: Up is None, Average is half of Sub, Paeth is Sub.
            for i in 0..<n {
                let a = i >= bpp ? row[i - bpp] : 0
                dst[i] = type == 2 ? row[i] : type == 3 ? row[i] &- a / 2 : row[i] &- a
            }
            return
        }
        switch type {
        case 2:
            for i in 0..<n { dst[i] = row[i] &- prior[i] }
        case 3:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                dst[i] = row[i] &- UInt8((a + Int(prior[i])) >> 1)
            }
        default:
            for i in 0..<n {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let b = Int(prior[i])
                let c = i >= bpp ? Int(prior[i - bpp]) : 0
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                dst[i] = row[i] &- UInt8(predictor)
            }
        }
    }

    private static func absSum(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var sum = 0
        for i in 0..<n {
            let v = Int(Int8(bitPattern: bytes[i]))
            sum += v < 0 ? -v : v
        }
        return sum
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24))
        append(UInt8(v >> 16 & 0xFF))
        append(UInt8(v >> 8 & 0xFF))
        append(UInt8(v & 0xFF))
    }
}
