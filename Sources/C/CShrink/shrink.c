// Shrinking by area averages (AreaResampler): a pass along rows, then one along columns, each
// output pixel a weighted sum of the source pixels under it. A pixel's four channels are one
// vector of 32-bit lanes (the compiler's vector extension: SSE2 on x86-64, NEON on arm64).
#include "arcmask_shrink.h"

typedef int32_t lanes __attribute__((vector_size(16)));

void arcmask_shrink_rows(const uint8_t *src, int64_t src_width, int64_t rows, int64_t x0, int64_t span,
                         const int32_t *first, const int32_t *count, const int32_t *start, const int32_t *weights,
                         int64_t out_width, uint16_t *row, uint16_t *mid) {
    for (int64_t r = 0; r < rows; r++) {
        const uint8_t *s = src + (r * src_width + x0) * 4;
        for (int64_t x = 0; x < span; x++) {
            uint32_t a = s[x * 4 + 3];
            row[x * 4] = (uint16_t)((s[x * 4] * a + 127) / 255);
            row[x * 4 + 1] = (uint16_t)((s[x * 4 + 1] * a + 127) / 255);
            row[x * 4 + 2] = (uint16_t)((s[x * 4 + 2] * a + 127) / 255);
            row[x * 4 + 3] = (uint16_t)a;
        }
        uint16_t *o = mid + r * out_width * 4;
        for (int64_t x = 0; x < out_width; x++) {
            lanes sum = {0, 0, 0, 0};
            const uint16_t *p = row + (first[x] - x0) * 4;
            const int32_t *w = weights + start[x];
            for (int32_t t = 0; t < count[x]; t++) {
                lanes v = {p[0], p[1], p[2], p[3]};
                sum += v * w[t];
                p += 4;
            }
            // 12 fractional bits of weight down to 8 of value: at most 255·256, a uint16.
            sum = (sum + 8) >> 4;
            o[x * 4] = (uint16_t)sum[0];
            o[x * 4 + 1] = (uint16_t)sum[1];
            o[x * 4 + 2] = (uint16_t)sum[2];
            o[x * 4 + 3] = (uint16_t)sum[3];
        }
    }
}

void arcmask_shrink_columns(const uint16_t *mid, int64_t width, int64_t y0, const int32_t *first,
                            const int32_t *count, const int32_t *start, const int32_t *weights, int64_t out_height,
                            uint8_t *dst) {
    const int32_t round = 1 << 19;
    for (int64_t y = 0; y < out_height; y++) {
        if (count[y] == 0) continue;
        const uint16_t *base = mid + (first[y] - y0) * width * 4;
        const int32_t *w = weights + start[y];
        uint8_t *o = dst + y * width * 4;
        for (int64_t x = 0; x < width; x++) {
            lanes sum = {0, 0, 0, 0};
            const uint16_t *p = base + x * 4;
            for (int32_t t = 0; t < count[y]; t++) {
                lanes v = {p[0], p[1], p[2], p[3]};
                sum += v * w[t];
                p += width * 4;
            }
            int32_t a = (sum[3] + round) >> 20;
            if (a <= 0) continue;
            if (a >= 255) {
                lanes c = (sum + round) >> 20;
                o[x * 4] = (uint8_t)(c[0] > 255 ? 255 : c[0]);
                o[x * 4 + 1] = (uint8_t)(c[1] > 255 ? 255 : c[1]);
                o[x * 4 + 2] = (uint8_t)(c[2] > 255 ? 255 : c[2]);
                o[x * 4 + 3] = 255;
            } else {
                // Straight colour from the unrounded sums: c / alpha in 8 bits.
                int64_t sa = sum[3];
                for (int c = 0; c < 3; c++) {
                    int64_t v = ((int64_t)sum[c] * 255 + sa / 2) / sa;
                    o[x * 4 + c] = (uint8_t)(v > 255 ? 255 : v);
                }
                o[x * 4 + 3] = (uint8_t)a;
            }
        }
    }
}
