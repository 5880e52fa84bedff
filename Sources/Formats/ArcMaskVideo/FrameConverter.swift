import ArcMaskFrames
import ArcMaskValues
import CFFmpeg

/// Decoded pictures to straight RGBA with libswscale, as FFmpeg's command line converts them:
/// the frame's colour matrix (BT.601 when unspecified, BT.709, BT.2020 …) and range (limited
/// unless marked full), bicubic, MPEG-2 chroma siting for 4:2:0; alpha kept where the
/// picture has it.
final class FrameConverter {
    private var context: OpaquePointer?
    private var key: Key?
    let width: Int
    let height: Int

    private struct Key: Equatable {
        var width: Int32, height: Int32, format: Int32, colorspace: Int32, range: Int32, outWidth: Int32,
            outHeight: Int32
    }

    /// Pictures come out at `width`×`height` (the stream's size; a frame of another size is scaled to it).
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A frame turned plane by plane (as FFmpeg's transpose and flip filters turn it, before
    /// its scale filter converts), reused from frame to frame.
    private var turned: UnsafeMutablePointer<AVFrame>?
    private var scratch: [UInt8] = []

    deinit {
        sws_freeContext(context)
        av_frame_free(&turned)
    }

    /// Turns and converts `frame`: planar pictures are turned before conversion, as FFmpeg's
    /// command line does (chroma is then interpolated along the axis it is shown on); packed
    /// ones (RGB, and subsamplings a quarter turn cannot keep) after it. The result is
    /// `width`×`height` turned.
    func rgba(_ frame: UnsafeMutablePointer<AVFrame>, orientation: VideoOrientation, name: String) throws -> PixelBuffer
    {
        guard orientation != .identity else {
            return try rgba(frame, name: name, outputWidth: width, outputHeight: height)
        }
        let desc = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format))
        let planar =
            desc.map {
                ($0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PLANAR)) != 0
                    && $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_HWACCEL) == 0
            } ?? false
        let sameSubsampling = desc.map { $0.pointee.log2_chroma_w == $0.pointee.log2_chroma_h } ?? false
        if planar && (sameSubsampling || !orientation.swapsSides), let desc, let t = try turn(frame, desc, orientation)
        {
            let (w, h) = orientation.swapsSides ? (height, width) : (width, height)
            return try rgba(t, name: name, outputWidth: w, outputHeight: h)
        }
        return orientation.apply(try rgba(frame, name: name, outputWidth: width, outputHeight: height))
    }

    /// The frame's planes turned into `turned` (nil when a plane's samples are not 1 or 2 bytes).
    private func turn(
        _ frame: UnsafeMutablePointer<AVFrame>, _ desc: UnsafePointer<AVPixFmtDescriptor>, _ o: VideoOrientation
    ) throws -> UnsafeMutablePointer<AVFrame>? {
        let f = frame.pointee
        let w = Int(f.width), h = Int(f.height)
        let (ow, oh) = o.swapsSides ? (h, w) : (w, h)
        if turned == nil { turned = av_frame_alloc() }
        guard let t = turned else { return nil }
        if t.pointee.width != Int32(ow) || t.pointee.height != Int32(oh) || t.pointee.format != f.format {
            av_frame_unref(t)
            t.pointee.width = Int32(ow)
            t.pointee.height = Int32(oh)
            t.pointee.format = f.format
            guard av_frame_get_buffer(t, 0) >= 0 else { return nil }
        } else {
            guard av_frame_make_writable(t) >= 0 else { return nil }
        }
        t.pointee.colorspace = f.colorspace
        t.pointee.color_range = f.color_range
        t.pointee.color_trc = f.color_trc
        t.pointee.color_primaries = f.color_primaries
        t.pointee.chroma_location = f.chroma_location
        let planes = Int(av_pix_fmt_count_planes(AVPixelFormat(rawValue: f.format)))
        let components = Int(desc.pointee.nb_components)
        var sampleBytes = [Int](repeating: 1, count: 4)
        var isChroma = [Bool](repeating: false, count: 4)
        withUnsafeBytes(of: desc.pointee.comp) { raw in
            let comps = raw.bindMemory(to: AVComponentDescriptor.self)
            for c in 0..<min(components, 4) {
                let p = Int(comps[c].plane)
                guard p < 4 else { continue }
                sampleBytes[p] = Int(comps[c].step)
                // Components 1 and 2 of a YUV picture are its chroma.
                if (c == 1 || c == 2) && desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 { isChroma[p] = true }
            }
        }
        guard sampleBytes.prefix(planes).allSatisfy({ $0 == 1 || $0 == 2 }) else { return nil }
        let sx = Int(desc.pointee.log2_chroma_w), sy = Int(desc.pointee.log2_chroma_h)
        var src = f.data, srcStride = f.linesize
        var dst = t.pointee.data, dstStride = t.pointee.linesize
        let sources = withUnsafeBytes(of: &src) { Array($0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)) }
        let srcStrides = withUnsafeBytes(of: &srcStride) { Array($0.bindMemory(to: Int32.self)) }
        let targets = withUnsafeBytes(of: &dst) { Array($0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)) }
        let dstStrides = withUnsafeBytes(of: &dstStride) { Array($0.bindMemory(to: Int32.self)) }
        for p in 0..<planes {
            guard let s = sources[p], let d = targets[p] else { return nil }
            // The plane's size: chroma planes are subsampled (rounding up).
            let pw = isChroma[p] ? -((-w) >> sx) : w, ph = isChroma[p] ? -((-h) >> sy) : h
            let bytes = sampleBytes[p]
            let ss = Int(srcStrides[p]), ds = Int(dstStrides[p])
            let qw = o.swapsSides ? ph : pw, qh = o.swapsSides ? pw : ph
            for y in 0..<qh {
                let row = d + y * ds
                for x in 0..<qw {
                    let (ax, ay) = o.source(x: x, y: y, width: pw, height: ph)
                    let from = s + ay * ss + ax * bytes
                    if bytes == 1 { row[x] = from[0] } else { (row + 2 * x)[0] = from[0]; (row + 2 * x)[1] = from[1] }
                }
            }
        }
        return t
    }

    /// A short description of the colour the last frame had ("BT.709, limited range").
    private(set) var colorDescription = ""

    /// The HDR transfer of the last frame, nil for SDR.
    private(set) var hdr: HDRTransfer?
    private var toneMapper: ToneMapper?

    private func rgba(
        _ frame: UnsafeMutablePointer<AVFrame>, name: String, outputWidth: Int, outputHeight: Int
    ) throws -> PixelBuffer {
        let width = outputWidth, height = outputHeight
        let f = frame.pointee
        hdr = HDRTransfer(f.color_trc)
        // HDR pictures are tone mapped to SDR BT.709, as Photos shows them on an SDR screen
        // (ToneMapper); swscale alone would draw BT.2100 signals as if they were BT.709 ones.
        if let hdr, ToneMapper.canRead(frame) {
            let mapper: ToneMapper
            if let m = toneMapper, m.transfer == hdr, m.size == (width, height) {
                mapper = m
            } else {
                mapper = ToneMapper(transfer: hdr, width: width, height: height)
                toneMapper = mapper
            }
            colorDescription = "\(hdr.rawValue) HDR, tone-mapped to SDR BT.709"
            return try mapper.rgba(frame, name: name)
        }
        let k = Key(
            width: f.width, height: f.height, format: f.format, colorspace: Int32(f.colorspace.rawValue),
            range: Int32(f.color_range.rawValue), outWidth: Int32(width), outHeight: Int32(height))
        if k != key { try makeContext(for: f, key: k, outputWidth: width, outputHeight: height, name: name) }
        return try scale(f, width: width, height: height, name: name)
    }

    /// Replaces the context with one for frames like `f` (size, pixel format, colour matrix and
    /// range) to RGBA at `outputWidth`×`outputHeight`, and says in `colorDescription` how it
    /// reads their colour.
    private func makeContext(
        for f: AVFrame, key k: Key, outputWidth width: Int, outputHeight height: Int, name: String
    ) throws {
        sws_freeContext(context)
        context = nil
        key = nil
        guard let ctx = sws_alloc_context() else {
            throw InputError(file: name, "out of memory converting a frame")
        }
        let raw = UnsafeMutableRawPointer(ctx)
        av_opt_set_int(raw, "srcw", Int64(f.width), 0)
        av_opt_set_int(raw, "srch", Int64(f.height), 0)
        av_opt_set_int(raw, "src_format", Int64(f.format), 0)
        av_opt_set_int(raw, "dstw", Int64(width), 0)
        av_opt_set_int(raw, "dsth", Int64(height), 0)
        av_opt_set_int(raw, "dst_format", Int64(AV_PIX_FMT_RGBA.rawValue), 0)
        av_opt_set_int(raw, "sws_flags", Int64(SWS_BICUBIC), 0)
        if f.format == AV_PIX_FMT_YUV420P.rawValue { av_opt_set_int(raw, "src_v_chr_pos", 128, 0) }
        guard sws_init_context(ctx, nil, nil) >= 0 else {
            sws_freeContext(ctx)
            let pix =
                av_get_pix_fmt_name(AVPixelFormat(rawValue: f.format)).map { String(cString: $0) }
                ?? "format \(f.format)"
            throw InputError(file: name, "cannot convert \(pix) pictures of \(f.width)×\(f.height)")
        }
        // The colour matrix and range, as FFmpeg's scale filter sets them for each frame.
        var cs = Int32(f.colorspace.rawValue)
        if cs < 1 || cs > 10 || cs == 8 { cs = SWS_CS_DEFAULT }
        var inv: UnsafeMutablePointer<Int32>? = nil, table: UnsafeMutablePointer<Int32>? = nil
        var srcRange: Int32 = 0, dstRange: Int32 = 0, brightness: Int32 = 0, contrast: Int32 = 0,
            saturation: Int32 = 0
        sws_getColorspaceDetails(ctx, &inv, &srcRange, &table, &dstRange, &brightness, &contrast, &saturation)
        if f.color_range != AVCOL_RANGE_UNSPECIFIED { srcRange = f.color_range == AVCOL_RANGE_JPEG ? 1 : 0 }
        let coefficients = sws_getCoefficients(cs)
        sws_setColorspaceDetails(
            ctx, coefficients, srcRange, coefficients, dstRange, brightness, contrast, saturation)
        context = ctx
        key = k
        let matrix = [1: "BT.709", 9: "BT.2020", 10: "BT.2020", 7: "SMPTE 240M", 4: "FCC"][Int(cs)] ?? "BT.601"
        let isYUV =
            (av_pix_fmt_desc_get(AVPixelFormat(rawValue: f.format))?.pointee.flags ?? 0)
            & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
        colorDescription = isYUV ? "\(matrix), \(srcRange == 1 ? "full" : "limited") range" : "RGB"
        if let hdr {
            colorDescription += ", \(hdr.rawValue) HDR not tone-mapped (a layout the tone mapper cannot read)"
        }
    }

    /// `f` through the context, as a `width`×`height` RGBA picture.
    private func scale(_ f: AVFrame, width: Int, height: Int, name: String) throws -> PixelBuffer {
        // swscale's SIMD paths want rows aligned to 64 bytes (as FFmpeg's own frames are);
        // narrower pictures go through an aligned scratch buffer.
        let rowBytes = width * 4
        let stride = (rowBytes + 63) & ~63
        var out = PixelBuffer(width: width, height: height)
        func convert(into dst: UnsafeMutableRawBufferPointer) -> Int32 {
            var planes = f.data
            var strides = f.linesize
            return withUnsafePointer(to: &planes) { pp in
                pp.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                    withUnsafePointer(to: &strides) { sp in
                        sp.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                            var dstPlane: UnsafeMutablePointer<UInt8>? = dst.baseAddress!.assumingMemoryBound(
                                to: UInt8.self)
                            var dstStride = Int32(stride)
                            return sws_scale(context, src, srcStride, 0, f.height, &dstPlane, &dstStride)
                        }
                    }
                }
            }
        }
        let rows: Int32
        if stride == rowBytes {
            rows = out.bytes.withUnsafeMutableBytes { convert(into: $0) }
        } else {
            if scratch.count < stride * height { scratch = [UInt8](repeating: 0, count: stride * height) }
            rows = scratch.withUnsafeMutableBytes { convert(into: $0) }
            out.bytes.withUnsafeMutableBytes { o in
                scratch.withUnsafeBytes { s in
                    for y in 0..<height {
                        (o.baseAddress! + y * rowBytes).copyMemory(
                            from: s.baseAddress! + y * stride, byteCount: rowBytes)
                    }
                }
            }
        }
        guard rows > 0 else { throw InputError(file: name, "a frame could not be converted to RGBA") }
        return out
    }
}
