#include <zlib.h>

/* inflateInit is a macro Swift cannot call. */
static inline int arcmask_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

/* Raw deflate data (no zlib header), as ZIP entries hold it. */
static inline int arcmask_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

/* Raw deflate (no zlib header) at `level`, 32 KB window: pieces of one stream deflated apart. */
static inline int arcmask_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

/* A gzip stream (RFC 1952: header, deflate data, CRC-32 and size trailer checked). */
static inline int arcmask_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
