#include <zlib.h>

/* inflateInit is a macro Swift cannot call. */
static inline int arcmask_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}
