import ArcMaskFiles
import ArcMaskValues
import CFFmpeg
import Foundation

/// What FFmpeg's probe calls a head of bytes (nil: nothing it knows with confidence).
public enum VideoProbe {
    public static func containerName(_ head: [UInt8]) -> String? { FFmpegInput.probe(head) }
}

/// The one thin wrapper over FFmpeg's libraries: a container opened through a `FileReader`
/// (libavformat reads through our callbacks, so the file is read as any other input is), its
/// best video stream, that stream's decoder (threads on), and decoded frames one at a time.
final class FFmpegInput {
    let name: String
    private let reader: FileReader
    /// FFmpeg's objects, freed by their holder's deinit — also when opening fails half way
    /// (a class whose initializer throws early never runs its own deinit).
    private final class Held {
        var format: UnsafeMutablePointer<AVFormatContext>?
        var avio: UnsafeMutablePointer<AVIOContext>?
        var decoder: UnsafeMutablePointer<AVCodecContext>?
        var packet: UnsafeMutablePointer<AVPacket>?
        var frame: UnsafeMutablePointer<AVFrame>?

        deinit {
            av_frame_free(&frame)
            av_packet_free(&packet)
            avcodec_free_context(&decoder)
            avformat_close_input(&format)
            if avio != nil {
                av_freep(&avio!.pointee.buffer)
                avio_context_free(&avio)
            }
        }
    }
    private let held = Held()
    private var format: UnsafeMutablePointer<AVFormatContext>? { held.format }
    private var decoder: UnsafeMutablePointer<AVCodecContext>? { held.decoder }
    private var packet: UnsafeMutablePointer<AVPacket>? { held.packet }
    var frame: UnsafeMutablePointer<AVFrame>? { held.frame }
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>
    private var draining = false
    private var finished = false
    /// Packets the decoder refused (damaged data), with the first reason.
    private(set) var damage: [String] = []

    /// FFmpeg set up once: its log off (errors are reported by arcmask, naming the file), and
    /// no single allocation of its over 256 MB — a container's header can ask the demuxer for
    /// gigabytes (found by the fuzzer: a 1.15 GB table for a 20 KB file), which then fails
    /// cleanly instead.
    static let quiet: Void = {
        av_log_set_level(AV_LOG_QUIET)
        av_max_alloc(256 << 20)
    }()

    /// What libavformat calls a probed head of bytes, or nil (not a container it knows with
    /// enough confidence).
    static func probe(_ head: [UInt8]) -> String? {
        _ = quiet
        var padded = head
        padded.append(contentsOf: [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE)))
        var score: Int32 = 0
        let found: UnsafePointer<AVInputFormat>? = padded.withUnsafeMutableBufferPointer { p in
            "".withCString { emptyName in
                var data = AVProbeData()
                data.buf = p.baseAddress
                data.buf_size = Int32(head.count)
                data.filename = emptyName
                return av_probe_input_format3(&data, 1, &score)
            }
        }
        guard let found, score >= AVPROBE_SCORE_MAX / 4 else { return nil }
        return String(cString: found.pointee.name)
    }

    init(reader: FileReader, name: String, maxPixels: Int, threads: Int = 1) throws {
        _ = Self.quiet
        self.name = name
        self.reader = reader
        reader.seek(to: 0)
        guard let buffer = av_malloc(64 * 1024) else { throw InputError(file: name, "out of memory opening the clip") }
        let opaque = Unmanaged.passUnretained(reader).toOpaque()
        guard
            let io = arcmask_avio_alloc(
                buffer.assumingMemoryBound(to: UInt8.self), 64 * 1024, opaque, readPacket, seekPacket)
        else {
            av_free(buffer)
            throw InputError(file: name, "out of memory opening the clip")
        }
        held.avio = io
        var ctx = avformat_alloc_context()
        guard ctx != nil else { throw InputError(file: name, "out of memory opening the clip") }
        ctx!.pointee.pb = io
        var options: OpaquePointer? = nil
        av_dict_set(&options, "max_streams", "64", 0)
        var r = avformat_open_input(&ctx, nil, nil, &options)
        av_dict_free(&options)
        guard r >= 0, let opened = ctx else {
            // avformat_open_input frees the context it was given when it fails; `held` frees the reader.
            throw InputError(file: name, "not a video FFmpeg can read (\(Self.text(r)))")
        }
        held.format = opened
        r = avformat_find_stream_info(opened, nil)
        guard r >= 0 else { throw InputError(file: name, "cannot read the container's streams (\(Self.text(r)))") }
        var codec: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let st = opened.pointee.streams[Int(index)] else {
            throw InputError(
                file: name, index == -1_128_613_112 ? "no decoder for its video stream" : "holds no video stream")
        }
        guard st.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 else {
            throw InputError(file: name, "holds no video, only a still picture (cover art)")
        }
        streamIndex = index
        stream = st
        let par = st.pointee.codecpar!
        let w = Int(par.pointee.width), h = Int(par.pointee.height)
        guard w > 0, h > 0 else { throw InputError(file: name, location: "stream \(index)", "the video has no size") }
        guard w * h <= maxPixels else {
            throw InputError(
                file: name, location: "stream \(index)", "the video is \(w)×\(h), over the limit of \(maxPixels) pixels"
            )
        }
        // VP8/VP9 keep alpha in a side channel only libvpx's decoders read.
        if let tag = av_dict_get(st.pointee.metadata, "alpha_mode", nil, 0), String(cString: tag.pointee.value) == "1" {
            let byName =
                par.pointee.codec_id == AV_CODEC_ID_VP9
                ? "libvpx-vp9" : par.pointee.codec_id == AV_CODEC_ID_VP8 ? "libvpx" : nil
            if let byName, let vpx = avcodec_find_decoder_by_name(byName) { codec = vpx }
        }
        guard let codec else {
            throw InputError(file: name, location: "stream \(index)", "no decoder for \(Self.codecName(par))")
        }
        guard let dec = avcodec_alloc_context3(codec) else {
            throw InputError(file: name, "out of memory opening the decoder")
        }
        held.decoder = dec
        r = avcodec_parameters_to_context(dec, par)
        guard r >= 0 else {
            throw InputError(file: name, location: "stream \(index)", "cannot set up the decoder (\(Self.text(r)))")
        }
        dec.pointee.pkt_timebase = st.pointee.time_base
        dec.pointee.thread_count = Int32(max(0, min(threads, 64)))
        dec.pointee.max_pixels = Int64(min(maxPixels, Int(Int32.max)))
        r = avcodec_open2(dec, codec, nil)
        guard r >= 0 else {
            throw InputError(file: name, location: "stream \(index)", "cannot open the decoder (\(Self.text(r)))")
        }
        held.packet = av_packet_alloc()
        held.frame = av_frame_alloc()
        guard held.packet != nil, held.frame != nil else {
            throw InputError(file: name, "out of memory opening the decoder")
        }
    }

    // MARK: facts

    var timeBase: Double { av_q2d(stream.pointee.time_base) }
    var timeBaseRational: (num: Int64, den: Int64) {
        (Int64(stream.pointee.time_base.num), Int64(stream.pointee.time_base.den))
    }
    var containerName: String { format.map { String(cString: $0.pointee.iformat.pointee.name) } ?? "" }
    var codecName: String { Self.codecName(stream.pointee.codecpar) }
    var decoderName: String { decoder.map { String(cString: $0.pointee.codec.pointee.name) } ?? "" }
    var width: Int { Int(stream.pointee.codecpar.pointee.width) }
    var height: Int { Int(stream.pointee.codecpar.pointee.height) }
    var averageFrameRate: Double? {
        let r = stream.pointee.avg_frame_rate
        return r.num > 0 && r.den > 0 ? av_q2d(r) : nil
    }

    /// The width of a pixel over its height, from the container or else the stream (1 when unknown).
    var sampleAspectRatio: Double {
        guard let format else { return 1 }
        let r = av_guess_sample_aspect_ratio(format, stream, nil)
        guard r.num > 0, r.den > 0 else { return 1 }
        let x = Double(r.num) / Double(r.den)
        return x.isFinite && x > 0.01 && x < 100 ? x : 1
    }

    var displayMatrix: [Int32]? {
        guard let m = arcmask_stream_display_matrix(stream) else { return nil }
        return (0..<9).map { m[$0] }
    }

    static func codecName(_ par: UnsafeMutablePointer<AVCodecParameters>) -> String {
        String(cString: avcodec_get_name(par.pointee.codec_id))
    }

    static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: reading

    /// One packet's facts, as the demuxer gives them.
    struct PacketInfo {
        var pts: Int64?
        var duration: Int64
        var key: Bool
        var discard: Bool
    }

    /// Why reading packets stopped early (nil: the file ended where it should), set by `scan`.
    private(set) var cutShort: String?

    /// Every packet of the video stream, read without decoding (then the position is back at
    /// the start). Stops past `maxPackets`.
    func scan(maxPackets: Int) throws -> [PacketInfo] {
        guard let format, let packet else { return [] }
        var out: [PacketInfo] = []
        let nopts = arcmask_av_nopts_value()
        while true {
            let r = av_read_frame(format, packet)
            if r < 0 {
                if r != arcmask_averror_eof() { cutShort = Self.text(r) }
                break
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let p = packet.pointee
            let ts = p.pts != nopts ? p.pts : (p.dts != nopts ? p.dts : nil)
            if p.flags & AV_PKT_FLAG_CORRUPT != 0, cutShort == nil { cutShort = "a damaged packet" }
            out.append(
                PacketInfo(
                    pts: ts, duration: p.duration, key: p.flags & AV_PKT_FLAG_KEY != 0,
                    discard: p.flags & AV_PKT_FLAG_DISCARD != 0))
            guard out.count <= maxPackets else {
                throw InputError(file: name, "holds more than \(maxPackets) video frames, over the limit")
            }
        }
        // The index promised more frames than the file holds.
        let promised = Int(stream.pointee.nb_frames)
        if cutShort == nil, promised > 0, out.count < promised, containerName.hasPrefix("mov") {
            cutShort = "\(out.count) of the \(promised) frames its index lists"
        }
        try rewind(to: nil)
        return out
    }

    /// The timestamps of the frames that actually decode, in order (for a damaged file, whose
    /// packets promise frames it cannot give); then back at the start.
    func decodableTimestamps(limit: Int) throws -> [Int64] {
        var out: [Int64] = []
        while out.count <= limit, let (_, ts) = nextFrame() {
            if let ts { out.append(ts) }
        }
        try rewind(to: nil)
        return out
    }

    /// Moves to the key frame at or before `timestamp` (nil: the start) and empties the decoder.
    func rewind(to timestamp: Int64?) throws {
        guard let format, let decoder else { return }
        let target =
            timestamp ?? (stream.pointee.start_time != arcmask_av_nopts_value() ? stream.pointee.start_time : 0)
        var r = av_seek_frame(format, streamIndex, target, AVSEEK_FLAG_BACKWARD)
        if r < 0 { r = av_seek_frame(format, streamIndex, Int64.min / 2, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY) }
        if r < 0 {
            // Not seekable by timestamp: start over from the first byte.
            r = avformat_seek_file(format, streamIndex, Int64.min, 0, 0, AVSEEK_FLAG_BYTE)
        }
        guard r >= 0 else { throw InputError(file: name, "cannot seek in the clip (\(Self.text(r)))") }
        avcodec_flush_buffers(decoder)
        draining = false
        finished = false
    }

    /// The next decoded frame in presentation order (valid until the next call), with its
    /// timestamp; nil at the end of the stream.
    func nextFrame() -> (UnsafeMutablePointer<AVFrame>, Int64?)? {
        guard let format, let decoder, let packet, let frame, !finished else { return nil }
        let eof = arcmask_averror_eof(), again = arcmask_averror_eagain(), nopts = arcmask_av_nopts_value()
        while true {
            let r = avcodec_receive_frame(decoder, frame)
            if r == 0 {
                if arcmask_frame_is_discarded(frame) != 0 {
                    av_frame_unref(frame)
                    continue
                }
                let ts = frame.pointee.best_effort_timestamp
                return (frame, ts != nopts ? ts : (frame.pointee.pts != nopts ? frame.pointee.pts : nil))
            }
            if r == eof {
                finished = true
                return nil
            }
            if r != again {
                note("a frame could not be decoded (\(Self.text(r)))")
                if draining {
                    finished = true
                    return nil
                }
            }
            if draining {
                finished = true
                return nil
            }
            let read = av_read_frame(format, packet)
            if read < 0 {
                if read != eof { note("the file ends early or is damaged (\(Self.text(read)))") }
                draining = true
                _ = avcodec_send_packet(decoder, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let s = avcodec_send_packet(decoder, packet)
            if s < 0 && s != again && s != eof { note("a packet could not be decoded (\(Self.text(s)))") }
        }
    }

    private func note(_ text: String) {
        if damage.count < 8, !damage.contains(text) { damage.append(text) }
    }
}

/// libavformat reads the file through these.
private let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
    opaque, buffer, size in
    guard let opaque, let buffer, size > 0 else { return arcmask_averror_eof() }
    let reader = Unmanaged<FileReader>.fromOpaque(opaque).takeUnretainedValue()
    let n = reader.read(into: buffer, count: Int(size))
    return n > 0 ? Int32(n) : arcmask_averror_eof()
}

private let seekPacket: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
    guard let opaque else { return -1 }
    let reader = Unmanaged<FileReader>.fromOpaque(opaque).takeUnretainedValue()
    let size = Int64(reader.size)
    let position: Int64
    switch whence & ~Int32(AVSEEK_FORCE) {
    case Int32(AVSEEK_SIZE): return size
    case SEEK_SET: position = offset
    case SEEK_CUR: position = Int64(reader.position) + offset
    case SEEK_END: position = size + offset
    default: return -1
    }
    guard position >= 0, position <= size else { return -1 }
    reader.seek(to: Int(position))
    return position
}
