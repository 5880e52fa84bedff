import ArcMaskCore
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
        var width: Int32, height: Int32, format: Int32, colorspace: Int32, range: Int32
    }

    /// Pictures come out at `width`×`height` (the stream's size; a frame of another size is scaled to it).
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    deinit { sws_freeContext(context) }

    /// A short description of the colour the last frame had ("BT.709, limited range").
    private(set) var colorDescription = ""

    func rgba(_ frame: UnsafeMutablePointer<AVFrame>, name: String) throws -> PixelBuffer {
        let f = frame.pointee
        let k = Key(width: f.width, height: f.height, format: f.format, colorspace: Int32(f.colorspace.rawValue), range: Int32(f.color_range.rawValue))
        if k != key {
            sws_freeContext(context)
            context = nil
            key = nil
            guard let ctx = sws_alloc_context() else { throw InputError(file: name, "out of memory converting a frame") }
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
                let pix = av_get_pix_fmt_name(AVPixelFormat(rawValue: f.format)).map { String(cString: $0) } ?? "format \(f.format)"
                throw InputError(file: name, "cannot convert \(pix) pictures of \(f.width)×\(f.height)")
            }
            // The colour matrix and range, as FFmpeg's scale filter sets them for each frame.
            var cs = Int32(f.colorspace.rawValue)
            if cs < 1 || cs > 10 || cs == 8 { cs = SWS_CS_DEFAULT }
            var inv: UnsafeMutablePointer<Int32>? = nil, table: UnsafeMutablePointer<Int32>? = nil
            var srcRange: Int32 = 0, dstRange: Int32 = 0, brightness: Int32 = 0, contrast: Int32 = 0, saturation: Int32 = 0
            sws_getColorspaceDetails(ctx, &inv, &srcRange, &table, &dstRange, &brightness, &contrast, &saturation)
            if f.color_range != AVCOL_RANGE_UNSPECIFIED { srcRange = f.color_range == AVCOL_RANGE_JPEG ? 1 : 0 }
            let coefficients = sws_getCoefficients(cs)
            sws_setColorspaceDetails(ctx, coefficients, srcRange, coefficients, dstRange, brightness, contrast, saturation)
            context = ctx
            key = k
            let matrix = [1: "BT.709", 9: "BT.2020", 10: "BT.2020", 7: "SMPTE 240M", 4: "FCC"][Int(cs)] ?? "BT.601"
            let isYUV = (av_pix_fmt_desc_get(AVPixelFormat(rawValue: f.format))?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_RGB) == 0
            colorDescription = isYUV ? "\(matrix), \(srcRange == 1 ? "full" : "limited") range" : "RGB"
        }
        var out = PixelBuffer(width: width, height: height)
        let stride = Int32(width * 4)
        let rows = out.bytes.withUnsafeMutableBytes { dst -> Int32 in
            var planes = f.data
            var strides = f.linesize
            return withUnsafePointer(to: &planes) { pp in
                pp.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                    withUnsafePointer(to: &strides) { sp in
                        sp.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                            var dstPlane: UnsafeMutablePointer<UInt8>? = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                            var dstStride = stride
                            return sws_scale(context, src, srcStride, 0, f.height, &dstPlane, &dstStride)
                        }
                    }
                }
            }
        }
        guard rows > 0 else { throw InputError(file: name, "a frame could not be converted to RGBA") }
        return out
    }
}
