#ifndef ARCMASK_SHRINK_H
#define ARCMASK_SHRINK_H
#include <stdint.h>

/// Shrinking by area, along rows (AreaResampler): `rows` rows of straight RGBA `src`
/// (`src_width` pixels a row), columns x0 ..< x0 + span, premultiplied into `row` (span × 4)
/// and summed under each of `out_width` outputs (`count[x]` taps from `first[x]`, weights in
/// 4096ths from `weights + start[x]`) into `mid`: premultiplied, 8 fractional bits.
void arcmask_shrink_rows(const uint8_t *src, int64_t src_width, int64_t rows, int64_t x0, int64_t span,
                         const int32_t *first, const int32_t *count, const int32_t *start, const int32_t *weights,
                         int64_t out_width, uint16_t *row, uint16_t *mid);
/// Then along columns: `mid`'s rows (the first is source row y0) summed under each of
/// `out_height` outputs into straight RGBA `dst` (`width` pixels a row; rows no source covers,
/// and pixels of alpha 0, are left as they are).
void arcmask_shrink_columns(const uint16_t *mid, int64_t width, int64_t y0, const int32_t *first,
                            const int32_t *count, const int32_t *start, const int32_t *weights, int64_t out_height,
                            uint8_t *dst);
#endif
