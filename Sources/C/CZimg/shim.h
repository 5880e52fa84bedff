#ifndef ARCMASK_CZIMG_SHIM_H
#define ARCMASK_CZIMG_SHIM_H
// zimg (API 2.x, zimg 3.0 as Debian 12 and Homebrew ship it): colour-space, transfer-function and
// bit-depth conversion. arcmask uses it to bring HDR clips (BT.2100 HLG and PQ) to linear light and
// back to BT.709; see ArcMaskVideo's ToneMapper.
#include <zimg.h>

// ZIMG_API_VERSION is a macro of macros Swift cannot import.
static inline unsigned arcmask_zimg_api_version(void) { return ZIMG_API_VERSION; }

// A whole plane (not a ring of rows) at `data`, `stride` bytes a row: the buffers' plane arrays are
// anonymous structs Swift sees only as tuples.
static inline void arcmask_zimg_input_plane(zimg_image_buffer_const *b, int p, const void *data, ptrdiff_t stride) {
    b->version = ZIMG_API_VERSION;
    b->plane[p].data = data;
    b->plane[p].stride = stride;
    b->plane[p].mask = ZIMG_BUFFER_MAX;
}
static inline void arcmask_zimg_output_plane(zimg_image_buffer *b, int p, void *data, ptrdiff_t stride) {
    b->version = ZIMG_API_VERSION;
    b->plane[p].data = data;
    b->plane[p].stride = stride;
    b->plane[p].mask = ZIMG_BUFFER_MAX;
}
#endif
