#ifndef ARCMASK_CPNG_SHIM_H
#define ARCMASK_CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * libpng reports errors with longjmp, which Swift cannot catch. These
 * functions keep every libpng call that may longjmp inside one C frame with
 * its own setjmp. Errors come back as a non-zero return and a message.
 */

/* Where libpng's error message lands. */
typedef struct {
    char message[256];
} arcmask_png_io;

static void arcmask_png_on_error(png_structp png, png_const_charp msg) {
    arcmask_png_io *io = (arcmask_png_io *)png_get_error_ptr(png);
    strncpy(io->message, msg ? msg : "libpng error", sizeof io->message - 1);
    io->message[sizeof io->message - 1] = 0;
    png_longjmp(png, 1);
}

static void arcmask_png_on_warning(png_structp png, png_const_charp msg) {
    (void)png; (void)msg;
}

/*
 * Reads a PNG from memory into 8-bit straight RGBA with libpng's low-level API and no
 * colour management: palettes and low bit depths expanded, tRNS made alpha, 16-bit samples
 * cut to their high byte, grey made RGB, gAMA/iCCP/sRGB ignored (as browsers' canvases and
 * Pillow show pixels). Two steps so the caller can check the size before allocating.
 */
typedef struct {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t pos;
    arcmask_png_io io;
    uint32_t width;
    uint32_t height;
    int interlaced;
} arcmask_png_reader;

static void arcmask_png_on_read(png_structp png, png_bytep out, size_t n) {
    arcmask_png_reader *r = (arcmask_png_reader *)png_get_io_ptr(png);
    if (r->size - r->pos < n) png_error(png, "the data ends early");
    memcpy(out, r->data + r->pos, n);
    r->pos += n;
}

/* Reads the header and sets the transforms; 0 on success. */
static inline int arcmask_png_reader_begin(arcmask_png_reader *r, const void *bytes, size_t count) {
    memset(r, 0, sizeof *r);
    r->data = (const uint8_t *)bytes;
    r->size = count;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r->io, arcmask_png_on_error, arcmask_png_on_warning);
    if (!r->png) { strcpy(r->io.message, "out of memory"); return -1; }
    r->info = png_create_info_struct(r->png);
    if (!r->info) { strcpy(r->io.message, "out of memory"); return -1; }
    if (setjmp(png_jmpbuf(r->png))) return -1;
    png_set_read_fn(r->png, r, arcmask_png_on_read);
    png_set_user_limits(r->png, 1u << 24, 1u << 24);
    png_set_chunk_cache_max(r->png, 1000);
    png_set_chunk_malloc_max(r->png, 16u << 20);
    png_read_info(r->png, r->info);
    r->width = png_get_image_width(r->png, r->info);
    r->height = png_get_image_height(r->png, r->info);
    r->interlaced = png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE;
    png_set_expand(r->png);
    png_set_strip_16(r->png);
    png_set_gray_to_rgb(r->png);
    png_set_add_alpha(r->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    if (png_get_rowbytes(r->png, r->info) != (size_t)r->width * 4) {
        strcpy(r->io.message, "unexpected row layout after conversion to RGBA");
        return -1;
    }
    return 0;
}

/* Reads every row (all interlace passes) into out; 0 on success. */
static inline int arcmask_png_reader_finish(arcmask_png_reader *r, uint8_t *out, size_t stride) {
    if (setjmp(png_jmpbuf(r->png))) return -1;
    int passes = r->interlaced ? 7 : 1;
    for (int p = 0; p < passes; p++) {
        for (uint32_t y = 0; y < r->height; y++) png_read_row(r->png, out + (size_t)y * stride, NULL);
    }
    return 0;
}

static inline void arcmask_png_reader_destroy(arcmask_png_reader *r) {
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    r->png = NULL;
    r->info = NULL;
}

#endif
