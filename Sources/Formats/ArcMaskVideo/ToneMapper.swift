import ArcMaskFrames
import ArcMaskValues
import CFFmpeg
import CZimg

/// The high-dynamic-range transfer a clip is tagged with: what iPhones record by default
/// (HLG since iPhone 12, and Dolby Vision 8.4, whose base layer is HLG) and HDR10's PQ.
public enum HDRTransfer: String, Sendable, Codable {
    /// ARIB STD-B67 / BT.2100 hybrid log-gamma.
    case hlg = "HLG"
    /// SMPTE ST 2084 / BT.2100 perceptual quantizer.
    case pq = "PQ"

    /// The transfer of `trc` (FFmpeg's code points are ISO/IEC 23091-2's), nil for SDR transfers.
    init?(_ trc: AVColorTransferCharacteristic) {
        switch trc {
        case AVCOL_TRC_ARIB_STD_B67: self = .hlg
        case AVCOL_TRC_SMPTE2084: self = .pq
        default: return nil
        }
    }
}

/// HDR pictures to SDR BT.709, as FFmpeg's widely used tone-mapping recipe does
/// (`zscale=t=linear:npl=100, zscale=p=bt709, tonemap=hable:desat=0, zscale=t=bt709:m=bt709`):
///
/// 1. zimg turns the YUV picture into linear light in BT.709 primaries, where 1.0 is SDR's nominal
///    white (100 cd/m²) and HDR highlights run above it (zimg's `nominal_peak_luminance`);
/// 2. the brightest component of each pixel goes through John Hable's filmic curve, normalised
///    so the signal's peak maps to white, and the pixel's three components are scaled by the same
///    ratio, so hues do not shift (FFmpeg's `tonemap` filter with `desat=0`);
/// 3. zimg applies BT.709's transfer and quantises to 8 bits.
///
/// HLG is taken as scene light, as FFmpeg's `zscale` takes it (see `build`). The peak is the one FFmpeg assumes for a clip without mastering metadata: 10× SDR white
/// (1000 cd/m², HLG's reference display, BT.2100). Only the curve of step 2 is written here; its
/// result is held against FFmpeg's own `tonemap` filter by the HDR lane (`Scripts/hdr-lane`),
/// which states the tolerance.
final class ToneMapper {
    let transfer: HDRTransfer
    private let width: Int
    private let height: Int
    var size: (Int, Int) { (width, height) }
    private var toLinear: OpaquePointer?
    private var toDisplay: OpaquePointer?
    private var key: [Int32] = []
    /// Three float planes of linear light, one row-aligned allocation each.
    private var planes: [UnsafeMutableRawPointer] = []
    private var bytes: [UnsafeMutableRawPointer] = []
    private var temp: UnsafeMutableRawPointer?
    private var tempSize = 0
    private let floatStride: Int
    private let byteStride: Int
    /// The signal's peak in multiples of SDR white, and the curve's value there.
    private let peak: Float = 10
    private let peakValue: Float

    /// A mapper for pictures shown at `width`×`height`.
    init(transfer: HDRTransfer, width: Int, height: Int) {
        self.transfer = transfer
        self.width = width
        self.height = height
        floatStride = (width * 4 + 63) & ~63
        byteStride = (width + 63) & ~63
        peakValue = ToneMapper.hable(peak)
    }

    deinit {
        zimg_filter_graph_free(toLinear)
        zimg_filter_graph_free(toDisplay)
        for p in planes + bytes { p.deallocate() }
        temp?.deallocate()
    }

    /// John Hable's filmic curve (“Uncharted 2”), with the constants FFmpeg's `tonemap` filter uses.
    static func hable(_ x: Float) -> Float {
        let a: Float = 0.15, b: Float = 0.50, c: Float = 0.10, d: Float = 0.20, e: Float = 0.02, f: Float = 0.30
        return (x * (x * a + b * c) + d * e) / (x * (x * a + b) + d * f) - e / f
    }

    /// Whether `frame`'s layout can be read here: planar YUV, one component per plane, 8 to 16 bits
    /// little-endian (what software decoders of HEVC, AV1, VP9 and ProRes give).
    static func canRead(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let d = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)) else { return false }
        let flags = d.pointee.flags
        guard flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0, flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0,
            flags & UInt64(AV_PIX_FMT_FLAG_BE) == 0, flags & UInt64(AV_PIX_FMT_FLAG_HWACCEL) == 0,
            d.pointee.nb_components == 3 || d.pointee.nb_components == 4
        else { return false }
        return withUnsafeBytes(of: d.pointee.comp) { raw in
            let comps = raw.bindMemory(to: AVComponentDescriptor.self)
            return (0..<3).allSatisfy { c in
                comps[c].plane == Int32(c) && comps[c].offset == 0 && comps[c].shift == 0
                    && (comps[c].depth == 8 ? comps[c].step == 1 : comps[c].step == 2 && comps[c].depth <= 16)
            }
        }
    }

    /// `frame` (which `canRead`) as straight RGBA at the mapper's size, alpha opaque.
    func rgba(_ frame: UnsafeMutablePointer<AVFrame>, name: String) throws -> PixelBuffer {
        let f = frame.pointee
        guard let d = av_pix_fmt_desc_get(AVPixelFormat(rawValue: f.format)) else {
            throw InputError(file: name, "cannot read the HDR picture's pixel format")
        }
        let depth = withUnsafeBytes(of: d.pointee.comp) { Int($0.bindMemory(to: AVComponentDescriptor.self)[0].depth) }
        let k: [Int32] = [
            f.width, f.height, f.format, Int32(f.colorspace.rawValue), Int32(f.color_primaries.rawValue),
            Int32(f.color_range.rawValue), Int32(f.chroma_location.rawValue),
        ]
        if k != key { try build(f, d, depth: depth, name: name) }
        key = k

        // Step 1: the picture in linear light. zimg wants aligned planes; decoders' usually are,
        // any that is not is copied.
        let sampleBytes = depth > 8 ? 2 : 1
        var copies: [UnsafeMutableRawPointer] = []
        defer { for c in copies { c.deallocate() } }
        var src = zimg_image_buffer_const()
        var data = f.data, lines = f.linesize
        let srcPlanes = withUnsafeBytes(of: &data) { Array($0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)) }
        let srcStrides = withUnsafeBytes(of: &lines) { Array($0.bindMemory(to: Int32.self)) }
        let sx = Int(d.pointee.log2_chroma_w), sy = Int(d.pointee.log2_chroma_h)
        var planeList: [(UnsafeRawPointer, Int)] = []
        for p in 0..<3 {
            guard let base = srcPlanes[p] else { throw InputError(file: name, "an HDR picture lacks a plane") }
            var ptr = UnsafeRawPointer(base), stride = Int(srcStrides[p])
            if Int(bitPattern: ptr) % 64 != 0 || stride % 64 != 0 || stride < 0 {
                let pw = p == 0 ? Int(f.width) : -((-Int(f.width)) >> sx)
                let ph = p == 0 ? Int(f.height) : -((-Int(f.height)) >> sy)
                let rowBytes = pw * sampleBytes, aligned = (rowBytes + 63) & ~63
                let copy = UnsafeMutableRawPointer.allocate(byteCount: aligned * ph, alignment: 64)
                copies.append(copy)
                for y in 0..<ph { (copy + y * aligned).copyMemory(from: ptr + y * stride, byteCount: rowBytes) }
                ptr = UnsafeRawPointer(copy)
                stride = aligned
            }
            planeList.append((ptr, stride))
        }
        for p in 0..<3 { arcmask_zimg_input_plane(&src, Int32(p), planeList[p].0, planeList[p].1) }
        try run(toLinear, src, planes, stride: floatStride, name: name)

        // Step 2: the curve on each pixel's brightest component, the same ratio for all three.
        let count = floatStride / 4
        let r = planes[0].assumingMemoryBound(to: Float.self), g = planes[1].assumingMemoryBound(to: Float.self)
        let b = planes[2].assumingMemoryBound(to: Float.self)
        for y in 0..<height {
            let row = y * count
            for x in row..<(row + width) {
                let signal = max(max(r[x], g[x]), max(b[x], 1e-6))
                let scale = ToneMapper.hable(signal) / peakValue / signal
                r[x] *= scale
                g[x] *= scale
                b[x] *= scale
            }
        }

        // Step 3: BT.709's transfer, 8 bits.
        var linear = zimg_image_buffer_const()
        for p in 0..<3 { arcmask_zimg_input_plane(&linear, Int32(p), planes[p], floatStride) }
        try run(toDisplay, linear, bytes, stride: byteStride, name: name)

        var out = PixelBuffer(width: width, height: height)
        out.bytes.withUnsafeMutableBytes { o in
            let dst = o.bindMemory(to: UInt8.self)
            let pr = bytes[0].assumingMemoryBound(to: UInt8.self), pg = bytes[1].assumingMemoryBound(to: UInt8.self)
            let pb = bytes[2].assumingMemoryBound(to: UInt8.self)
            for y in 0..<height {
                var i = y * width * 4
                for x in (y * byteStride)..<(y * byteStride + width) {
                    dst[i] = pr[x]
                    dst[i + 1] = pg[x]
                    dst[i + 2] = pb[x]
                    dst[i + 3] = 255
                    i += 4
                }
            }
        }
        return out
    }

    /// The two graphs for pictures like `f`, and the buffers they share.
    private func build(_ f: AVFrame, _ d: UnsafePointer<AVPixFmtDescriptor>, depth: Int, name: String) throws {
        zimg_filter_graph_free(toLinear)
        zimg_filter_graph_free(toDisplay)
        toLinear = nil
        toDisplay = nil
        let version = arcmask_zimg_api_version()
        var input = zimg_image_format()
        zimg_image_format_default(&input, version)
        input.width = UInt32(f.width)
        input.height = UInt32(f.height)
        input.pixel_type = depth > 8 ? ZIMG_PIXEL_WORD : ZIMG_PIXEL_BYTE
        input.depth = UInt32(depth)
        input.subsample_w = UInt32(d.pointee.log2_chroma_w)
        input.subsample_h = UInt32(d.pointee.log2_chroma_h)
        input.color_family = ZIMG_COLOR_YUV
        // FFmpeg's code points are ISO/IEC 23091-2's, as zimg's are; untagged HDR is BT.2020.
        let matrix = Int32(f.colorspace.rawValue)
        input.matrix_coefficients =
            [1, 5, 6, 7, 9, 10].contains(matrix)
            ? zimg_matrix_coefficients_e(rawValue: matrix) : ZIMG_MATRIX_BT2020_NCL
        input.transfer_characteristics = transfer == .hlg ? ZIMG_TRANSFER_ARIB_B67 : ZIMG_TRANSFER_ST2084
        let primaries = Int32(f.color_primaries.rawValue)
        input.color_primaries =
            [1, 5, 6, 9, 11, 12, 22].contains(primaries)
            ? zimg_color_primaries_e(rawValue: primaries) : ZIMG_PRIMARIES_BT2020
        input.pixel_range = f.color_range == AVCOL_RANGE_JPEG ? ZIMG_RANGE_FULL : ZIMG_RANGE_LIMITED
        // FFmpeg's chroma locations are zimg's plus one (0 unspecified: MPEG-2's, left).
        let location = Int32(f.chroma_location.rawValue)
        input.chroma_location =
            (1...6).contains(location) ? zimg_chroma_location_e(rawValue: location - 1) : ZIMG_CHROMA_LEFT

        var linear = zimg_image_format()
        zimg_image_format_default(&linear, version)
        linear.width = UInt32(width)
        linear.height = UInt32(height)
        linear.pixel_type = ZIMG_PIXEL_FLOAT
        linear.color_family = ZIMG_COLOR_RGB
        linear.matrix_coefficients = ZIMG_MATRIX_RGB
        linear.transfer_characteristics = ZIMG_TRANSFER_LINEAR
        linear.color_primaries = ZIMG_PRIMARIES_BT709
        linear.pixel_range = ZIMG_RANGE_FULL

        var display = linear
        display.pixel_type = ZIMG_PIXEL_BYTE
        display.depth = 8
        display.transfer_characteristics = ZIMG_TRANSFER_BT709

        var params = zimg_graph_builder_params()
        zimg_graph_builder_params_default(&params, version)
        params.nominal_peak_luminance = 100
        params.resample_filter = ZIMG_RESIZE_BICUBIC
        // As FFmpeg's zscale filter builds its graphs: transfer functions from zimg's tables, which
        // also takes HLG as scene light (no BT.2100 OOTF). Measured: with the OOTF, saturated
        // edges of an HLG clip differ from FFmpeg's recipe by up to 96 levels; without it, by 2.
        params.allow_approximate_gamma = 1
        guard let a = zimg_filter_graph_build(&input, &linear, &params),
            let b = zimg_filter_graph_build(&linear, &display, &params)
        else {
            throw InputError(file: name, "cannot tone map this HDR picture: \(ToneMapper.lastError())")
        }
        toLinear = a
        toDisplay = b
        var needed = 0, other = 0
        zimg_filter_graph_get_tmp_size(a, &needed)
        zimg_filter_graph_get_tmp_size(b, &other)
        needed = max(needed, other)
        if needed > tempSize {
            temp?.deallocate()
            temp = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 64)
            tempSize = needed
        }
        if planes.isEmpty {
            planes = (0..<3).map { _ in UnsafeMutableRawPointer.allocate(byteCount: floatStride * height, alignment: 64)
            }
            bytes = (0..<3).map { _ in UnsafeMutableRawPointer.allocate(byteCount: byteStride * height, alignment: 64) }
        }
    }

    private func run(
        _ graph: OpaquePointer?, _ src: zimg_image_buffer_const, _ targets: [UnsafeMutableRawPointer], stride: Int,
        name: String
    ) throws {
        var src = src
        var dst = zimg_image_buffer()
        for p in 0..<3 { arcmask_zimg_output_plane(&dst, Int32(p), targets[p], stride) }
        guard zimg_filter_graph_process(graph, &src, &dst, temp, nil, nil, nil, nil) == ZIMG_ERROR_SUCCESS else {
            throw InputError(file: name, "cannot tone map this HDR picture: \(ToneMapper.lastError())")
        }
    }

    private static func lastError() -> String {
        var message = [CChar](repeating: 0, count: 256)
        _ = zimg_get_last_error(&message, message.count)
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
