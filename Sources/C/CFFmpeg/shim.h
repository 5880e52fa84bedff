#ifndef ARCMASK_CFFMPEG_SHIM_H
#define ARCMASK_CFFMPEG_SHIM_H
// FFmpeg's demuxers, decoders and scaler, as Debian 12 ships them (libavformat 59, libavcodec 59,
// libavutil 57, libswscale 6: FFmpeg 5.1) and as Homebrew ships them (FFmpeg 7/8). Where the API
// moved between those versions, a small inline function below takes the side the headers in use
// have, so the Swift code has one call. (The newer sides follow FFmpeg's documentation and
// changelog; they are compiled only where those headers are installed.)
#include <errno.h>
#include <stdint.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

// Error codes and constants written as macros Swift cannot import.
static inline int arcmask_averror_eof(void) { return AVERROR_EOF; }
static inline int arcmask_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int arcmask_averror_enomem(void) { return AVERROR(ENOMEM); }
static inline int arcmask_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t arcmask_av_nopts_value(void) { return AV_NOPTS_VALUE; }

// How long a decoded frame lasts, in its stream's time base (0: unknown).
static inline int64_t arcmask_frame_duration(const AVFrame *frame) {
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
    return frame->duration;
#else
    return frame->pkt_duration;
#endif
}

// Whether a decoded frame is a key frame.
static inline int arcmask_frame_is_key(const AVFrame *frame) {
#ifdef AV_FRAME_FLAG_KEY
    return (frame->flags & AV_FRAME_FLAG_KEY) != 0;
#else
    return frame->key_frame;
#endif
}

// Whether the decoder marked a frame to be dropped (pre-roll before an edit list's start).
static inline int arcmask_frame_is_discarded(const AVFrame *frame) {
    return (frame->flags & AV_FRAME_FLAG_DISCARD) != 0;
}

// The stream's display matrix (nine int32 values), or NULL when it has none.
static inline const int32_t *arcmask_stream_display_matrix(const AVStream *stream) {
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    const AVPacketSideData *sd = av_packet_side_data_get(
        stream->codecpar->coded_side_data, stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    return (sd && sd->size >= 9 * sizeof(int32_t)) ? (const int32_t *)sd->data : NULL;
#else
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return (data && size >= 9 * sizeof(int32_t)) ? (const int32_t *)data : NULL;
#endif
}

// A decoded frame's own display matrix (from the bitstream), or NULL.
static inline const int32_t *arcmask_frame_display_matrix(const AVFrame *frame) {
    const AVFrameSideData *sd = av_frame_get_side_data(frame, AV_FRAME_DATA_DISPLAYMATRIX);
    return (sd && sd->size >= 9 * sizeof(int32_t)) ? (const int32_t *)sd->data : NULL;
}

// A custom reader: libavformat reads through these two functions with `opaque`.
static inline AVIOContext *arcmask_avio_alloc(
    unsigned char *buffer, int size, void *opaque,
    int (*read_packet)(void *opaque, uint8_t *buf, int buf_size),
    int64_t (*seek)(void *opaque, int64_t offset, int whence)) {
    return avio_alloc_context(buffer, size, 0, opaque, read_packet, NULL, seek);
}
#endif
