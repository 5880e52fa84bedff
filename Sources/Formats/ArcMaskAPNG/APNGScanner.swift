import ArcMaskFiles
import ArcMaskFrames
import ArcMaskIO
import ArcMaskValues
import ArcMaskZIP

/// What one pass over an APNG's chunks found, before any pixel is decoded.
struct APNGStructure {
    var header: PNGHeader
    /// PLTE and tRNS as they appear before the image data: every frame's stream needs them.
    var paletteChunks: [(type: String, data: [UInt8])] = []
    /// The default image: the IDAT chunks' data.
    var defaultImage: [(offset: Int, count: Int)] = []
    /// The animation's frames when it is valid; empty for a still PNG or an invalid animation.
    var frames: [APNGFrameInfo] = []
    /// acTL's num_plays (0 = forever); nil without a valid acTL.
    var numPlays: Int?
    /// Why the animation was set aside for the default image (the APNG specification's rule).
    var invalidAnimation: String?
    /// Where the file's data broke (truncation, CRC); frames before it are kept.
    var damage: String?
}

/// Reads an APNG's chunks once: checks the structure the APNG specification sets (acTL before
/// the image data, one fcTL per frame, sequence numbers from 0 without gaps, regions inside the
/// canvas, the default image's fcTL matching IHDR) and that every frame's data inflates to
/// exactly its image's size. An animation that breaks a rule is set aside and the default image
/// shown, as the specification says; a file cut short or failing a CRC keeps its whole frames.
enum APNGScanner {
    static func scan(_ reader: FileReader, name: String, limits: DecodeLimits) throws -> APNGStructure {
        var walker = PNGChunkWalker(reader: reader)
        let header = try readHeader(&walker, name: name, limits: limits)
        var pass = ChunkPass(s: APNGStructure(header: header))
        while let chunk = walker.next() {
            try pass.read(chunk, walker, name: name, limits: limits)
        }
        pass.s.damage = walker.damage
        return try pass.finish(reader, name: name)
    }

    /// Checks the PNG signature and reads IHDR, which must come first; refuses a canvas over
    /// the pixel limit.
    private static func readHeader(
        _ walker: inout PNGChunkWalker, name: String, limits: DecodeLimits
    ) throws -> PNGHeader {
        guard walker.reader.bytes(at: 0, count: 8) == PNG.signature else {
            throw InputError(file: name, "is not a PNG (its first 8 bytes are not the PNG signature)")
        }
        guard let first = walker.next() else {
            throw InputError(file: name, location: "IHDR", walker.damage ?? "no chunks")
        }
        guard first.type == "IHDR", let header = PNGHeader(walker.data(first)) else {
            throw InputError(file: name, location: "byte 8", "the first chunk is not a valid IHDR")
        }
        let canvas = PixelSize(width: header.width, height: header.height)
        if canvas.pixelCount > limits.maxCanvasPixels {
            throw InputError(
                file: name, location: "IHDR",
                "the canvas is \(canvas) = \(canvas.pixelCount) pixels, over the limit of \(limits.maxCanvasPixels)",
                mention: .raise(.maxPixels)
            )
        }
        return header
    }

    /// One pass over the chunks after IHDR: what it has found so far, the frame whose data it
    /// is reading, and the first rule of the specification the animation broke.
    private struct ChunkPass {
        var s: APNGStructure
        var declaredFrames: Int? = nil
        var nextSequence = 0
        var sawIDAT = false, idatEnded = false
        /// The frame whose fcTL was read and whose data is not yet complete.
        var pending: APNGFrameInfo? = nil
        var pendingHasData = false
        var frames: [APNGFrameInfo] = []
        /// The first rule the animation broke (the animation is then set aside).
        var invalid: String? = nil

        mutating func fail(_ why: String) { if invalid == nil { invalid = why } }

        /// Keeps the pending frame when data followed its fcTL.
        mutating func closePending() {
            guard let p = pending else { return }
            if pendingHasData { frames.append(p) } else { fail("frame \(p.index)'s fcTL has no image data after it") }
            pending = nil
            pendingHasData = false
        }

        /// fcTL and fdAT share one sequence, from 0 without gaps.
        mutating func checkSequence(_ number: Int, _ type: String, _ chunk: PNGChunk) {
            if number != nextSequence {
                fail("\(type) at byte \(chunk.offset) has sequence number \(number), \(nextSequence) expected")
            }
            nextSequence += 1
        }

        /// Takes in one chunk: the palette, the animation's and frames' controls, the image data.
        mutating func read(_ chunk: PNGChunk, _ walker: PNGChunkWalker, name: String, limits: DecodeLimits) throws {
            if sawIDAT && chunk.type != "IDAT" { idatEnded = true }
            switch chunk.type {
            case "PLTE", "tRNS":
                if !sawIDAT { s.paletteChunks.append((chunk.type, walker.data(chunk))) }
            case "acTL":
                try readAnimationControl(walker.data(chunk), name: name, limits: limits)
            case "fcTL":
                let d = walker.data(chunk)
                guard d.count == 26 else { fail("fcTL at byte \(chunk.offset) is \(d.count) bytes, not 26"); return }
                checkSequence(Int(be32(d, 0)), "fcTL", chunk)
                closePending()
                if frames.count >= limits.maxFrames {
                    throw InputError(
                        file: name, "more than \(limits.maxFrames) frames, the limit", mention: .raise(.maxFrames))
                }
                let frame = APNGScanner.readControl(
                    d, index: frames.count, beforeImageData: !sawIDAT, header: s.header, { fail($0) })
                pending = frame
            case "IDAT":
                if idatEnded { fail("IDAT chunks are not consecutive"); return }
                sawIDAT = true
                s.defaultImage.append((chunk.dataOffset, chunk.length))
                if var p = pending, p.isDefaultImage {
                    p.dataRanges.append((chunk.dataOffset, chunk.length))
                    pending = p
                    pendingHasData = true
                }
            case "fdAT":
                readFrameData(chunk, walker.reader)
            default:
                break
            }
        }

        /// acTL: the frame count and play count, once, before the image data.
        mutating func readAnimationControl(_ d: [UInt8], name: String, limits: DecodeLimits) throws {
            if sawIDAT { fail("acTL comes after the image data"); return }
            if declaredFrames != nil { fail("a second acTL"); return }
            guard d.count == 8 else { fail("acTL is \(d.count) bytes, not 8"); return }
            let n = Int(be32(d, 0))
            declaredFrames = n
            s.numPlays = Int(be32(d, 4))
            if n == 0 || n > Int(Int32.max) { fail("acTL says \(n) frames") }
            if n > limits.maxFrames {
                throw InputError(
                    file: name, location: "acTL",
                    "\(n) frames, over the limit of \(limits.maxFrames)", mention: .raise(.maxFrames))
            }
        }

        /// fdAT: more data for the pending frame (never the default image's).
        mutating func readFrameData(_ chunk: PNGChunk, _ reader: FileReader) {
            guard chunk.length >= 4 else { fail("fdAT at byte \(chunk.offset) has no sequence number"); return }
            let d = reader.bytes(at: chunk.dataOffset, count: 4)
            checkSequence(Int(be32(d, 0)), "fdAT", chunk)
            guard sawIDAT else { fail("fdAT before the image data"); return }
            guard var p = pending, !p.isDefaultImage else {
                fail("fdAT at byte \(chunk.offset) belongs to no frame (no fcTL before it)")
                return
            }
            p.dataRanges.append((chunk.dataOffset + 4, chunk.length - 4))
            pending = p
            pendingHasData = true
        }

        /// After the last chunk: closes the pending frame (after damage, only if its data is all
        /// there), checks the default image and every frame inflate to their sizes, and keeps
        /// the frames if the animation broke no rule.
        mutating func finish(_ reader: FileReader, name: String) throws -> APNGStructure {
            let header = s.header
            if s.damage == nil {
                closePending()
            } else if let p = pending, pendingHasData, !p.isDefaultImage {
                // More of its data may have followed the break: kept only if what is here is all of it.
                let size = PixelSize(width: p.rect.width, height: p.rect.height)
                if (try? APNGScanner.checkSize(p.dataRanges, of: size, header, reader, name: name, what: "")) != nil {
                    frames.append(p)
                }
            } else if let p = pending, pendingHasData {
                frames.append(p)  // the default image: checked whole below, with every IDAT before the break
            }
            if s.defaultImage.isEmpty {
                throw InputError(file: name, s.damage ?? "has no image data (no IDAT chunk)")
            }
            do {
                let canvas = PixelSize(width: header.width, height: header.height)
                try APNGScanner.checkSize(
                    s.defaultImage, of: canvas, header, reader, name: name, what: "the default image (IDAT)")
            } catch let error as InputError where s.damage != nil {
                throw InputError(file: name, "\(s.damage!); \(error.problem)")
            }
            if let n = declaredFrames {
                if s.damage == nil, invalid == nil, frames.count != n {
                    fail("acTL says \(n) frames but the file has \(frames.count)")
                }
                if invalid == nil { try checkFrameSizes(reader, name: name) }
                if invalid == nil { s.frames = frames }
            }
            if declaredFrames == nil && (!frames.isEmpty || invalid != nil) {
                fail("fcTL chunks without an acTL chunk")
            }
            s.invalidAnimation = invalid
            return s
        }

        /// Every frame's data (besides the default image's) must inflate to its region's size.
        mutating func checkFrameSizes(_ reader: FileReader, name: String) throws {
            for f in frames where !f.isDefaultImage {
                do {
                    try APNGScanner.checkSize(
                        f.dataRanges, of: PixelSize(width: f.rect.width, height: f.rect.height), s.header, reader,
                        name: name, what: "frame \(f.index)'s data")
                } catch let error as InputError {
                    fail(error.problem)
                    break
                }
            }
        }
    }

    /// Reads fcTL's fields and checks them against the canvas.
    private static func readControl(
        _ d: [UInt8], index: Int, beforeImageData: Bool, header: PNGHeader, _ fail: (String) -> Void
    ) -> APNGFrameInfo {
        let w = Int(be32(d, 4)), h = Int(be32(d, 8)), x = Int(be32(d, 12)), y = Int(be32(d, 16))
        let dispose = APNGFrameInfo.Dispose(rawValue: Int(d[24]))
        let blend = APNGFrameInfo.Blend(rawValue: Int(d[25]))
        if w == 0 || h == 0 { fail("frame \(index)'s region is \(w)×\(h)") }
        if x + w > header.width || y + h > header.height {
            fail(
                "frame \(index)'s region \(w)×\(h) at (\(x), \(y)) reaches outside the \(header.width)×\(header.height) canvas"
            )
        }
        if beforeImageData && (x != 0 || y != 0 || w != header.width || h != header.height) {
            fail("the default image's fcTL is \(w)×\(h) at (\(x), \(y)), not the canvas")
        }
        if dispose == nil { fail("frame \(index) has dispose_op \(d[24])") }
        if blend == nil { fail("frame \(index) has blend_op \(d[25])") }
        return APNGFrameInfo(
            index: index, rect: PixelRect(x: x, y: y, width: w, height: h),
            delayNumerator: Int(be16(d, 20)), delayDenominator: Int(be16(d, 22)),
            dispose: dispose ?? .none, blend: blend ?? .source, isDefaultImage: beforeImageData, dataRanges: [])
    }

    /// The frame's data must inflate to exactly its image's size.
    private static func checkSize(
        _ ranges: [(offset: Int, count: Int)], of size: PixelSize, _ header: PNGHeader, _ reader: FileReader,
        name: String, what: String
    ) throws {
        let expected = header.rawDataSize(width: size.width, height: size.height)
        let data = ranges.flatMap { reader.bytes(at: $0.offset, count: $0.count) }
        let got: Int
        do {
            got = try Inflate.count(zlib: data, limit: expected)
        } catch {
            switch error {
            case .tooLarge:
                throw InputError(
                    file: name, "\(what) inflates to more than the \(expected) bytes a \(size) image needs")
            case .corrupt(let why):
                throw InputError(file: name, "\(what) is not valid zlib data (\(why))")
            }
        }
        if got != expected {
            throw InputError(file: name, "\(what) inflates to \(got) bytes; a \(size) image needs \(expected)")
        }
    }
}
