#include <zlib.h>

/* inflateInit is a macro Swift cannot call. */
static inline int arcmask_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

/* Raw deflate data (no zlib header), as ZIP entries hold it. */
static inline int arcmask_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
