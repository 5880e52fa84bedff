// Checks the NEON kernels (Sources/C/CBlit/blit_neon.c, Sources/C/CUnpremultiply/unpremultiply_neon.c)
// against the scalar arithmetic, byte for byte: built for aarch64 and run under qemu-aarch64 by
// Scripts/neon-check (or natively on an arm64 machine). The scalar functions below are C
// transcriptions of `AffineBlit.composite` and `Unpremultiply.table` in the Swift sources.
//
// Prints one line per kernel (cases, pixels, differing pixels, and time for each path: under
// emulation a sanity check, not a speed) and exits 1 on any difference.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arcmask_blit.h"
#include "arcmask_unpremultiply.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint32_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)(state >> 16);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// ---- Unpremultiply ----------------------------------------------------------------------

static uint32_t unpremultiply_scalar(uint32_t p) {
    uint32_t a = p >> 24;
    if (a == 0) return 0;
    uint32_t c[3] = {(p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF};  // R G B
    uint32_t q[3];
    for (int k = 0; k < 3; k++) {
        uint32_t v = (c[k] * 255 + a / 2) / a;
        q[k] = v > 255 ? 255 : v;
    }
    return q[0] | q[1] << 8 | q[2] << 16 | a << 24;
}

static int check_unpremultiply(void) {
    // Every (alpha, value) pair, colour above alpha included, among opaque and clear runs.
    size_t n = 0, capacity = 256 * 256 + 256 * 24;
    uint32_t *words = malloc(capacity * 4), *want = malloc(capacity * 4), *got = malloc(capacity * 4);
    for (uint32_t a = 0; a < 256; a++) {
        for (uint32_t c = 0; c < 256; c++) words[n++] = a << 24 | c << 16 | (c * 7 % 256) << 8 | (255 - c);
        for (uint32_t k = 0; k < 8 + a % 5; k++) words[n++] = 0xFF102030;
        for (uint32_t k = 0; k < 8 + a % 3; k++) words[n++] = 0;
    }
    double t0 = now();
    for (int r = 0; r < 20; r++)
        for (size_t i = 0; i < n; i++) want[i] = unpremultiply_scalar(words[i]);
    double t1 = now();
    int64_t done = 0;
    for (int r = 0; r < 20; r++) done = arcmask_unpremultiply_neon(words, got, (int64_t)n);
    double t2 = now();
    for (size_t i = (size_t)done; i < n; i++) got[i] = unpremultiply_scalar(words[i]);
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++) wrong += got[i] != want[i];
    printf("unpremultiply: %zu pixels, %zu differ; scalar %.3f s, NEON %.3f s (ratio %.1f)\n", n, wrong, t1 - t0,
           t2 - t1, (t1 - t0) / (t2 - t1));
    free(words); free(want); free(got);
    return wrong == 0;
}

// ---- Blit ----------------------------------------------------------------------------------

// One pixel as `AffineBlit.composite`: taps p00 (x, y), p01 (x, y + 1), p10 (x + 1, y), p11.
static void composite_scalar(uint32_t p00, uint32_t p10, uint32_t p01, uint32_t p11, int64_t u, int64_t v,
                             uint32_t scale, uint32_t *pixel) {
    if ((p00 | p10 | p01 | p11) == 0 || scale == 0) return;
    uint32_t wx = (uint32_t)((u >> 9) & 127), wy = (uint32_t)((v >> 9) & 127), s[4];
    for (int k = 0; k < 4; k++) {
        uint32_t left = ((p00 >> (8 * k)) & 0xFF) * (128 - wy) + ((p01 >> (8 * k)) & 0xFF) * wy;
        uint32_t right = ((p10 >> (8 * k)) & 0xFF) * (128 - wy) + ((p11 >> (8 * k)) & 0xFF) * wy;
        s[k] = (left * (128 - wx) + right * wx + 8192) >> 14;
        if (scale != 256) s[k] = (s[k] * scale) >> 8;
    }
    if (s[3] == 0) return;
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t t = ((*pixel >> (8 * k)) & 0xFF) * (255 - s[3]) + 128;
        t = (t + (t >> 8)) >> 8;
        out |= (s[k] + t) << (8 * k);
    }
    *pixel = out;
}

// A premultiplied pixel: alpha first, each colour at most alpha; a quarter clear, a quarter opaque.
static uint32_t premultiplied(void) {
    uint32_t kind = next() & 3, a = kind == 0 ? 0 : kind == 1 ? 255 : next() & 0xFF;
    uint32_t p = a << 24;
    for (int k = 0; k < 3; k++) p |= (a ? next() % (a + 1) : 0) << (8 * k);
    return p;
}

static int check_blit(int cases) {
    size_t pixels = 0, wrong = 0;
    double scalarTime = 0, neonTime = 0;
    for (int c = 0; c < cases; c++) {
        int64_t w = 1 + next() % 40, h = 1 + next() % 40, stride = w + 2;
        uint32_t *image = malloc((size_t)(w * h) * 4);
        for (int64_t i = 0; i < w * h; i++) image[i] = premultiplied();
        // Paired rows with a one-texel transparent border, each byte's top bit flipped (as
        // `AffineBlit.pairedRows` builds them).
        size_t count = (size_t)(2 * stride * (h + 1));
        uint32_t *pairs = malloc(count * 4);
#define TEXEL(x, y) (((x) < 0 || (x) >= w || (y) < 0 || (y) >= h) ? 0u : image[(y) * w + (x)])
        for (int64_t y = -1; y < h; y++)
            for (int64_t x = -1; x <= w; x++) {
                uint32_t *row = pairs + 2 * ((y + 1) * stride + 1);
                row[2 * x] = TEXEL(x, y) ^ 0x80808080u;
                row[2 * x + 1] = TEXEL(x, y + 1) ^ 0x80808080u;
            }
        // A run whose every tap lies inside the bordered image: positions in [-1, w - 1) × [-1, h - 1)
        // texels (16.16), steps anywhere that keeps the last pixel inside.
        int64_t n = 1 + next() % 64;
        int64_t u0 = -65536 + (int64_t)(next() % (uint32_t)(w * 65536));
        int64_t v0 = -65536 + (int64_t)(next() % (uint32_t)(h * 65536));
        int64_t u1 = -65536 + (int64_t)(next() % (uint32_t)(w * 65536));
        int64_t v1 = -65536 + (int64_t)(next() % (uint32_t)(h * 65536));
        int64_t du = n > 1 ? (u1 - u0) / (n - 1) : 0, dv = n > 1 ? (v1 - v0) / (n - 1) : 0;
        uint32_t *factors = NULL, uniform = (next() & 1) ? 256 : next() % 257;
        if (next() % 3 == 0) {
            factors = malloc((size_t)n * 4);
            for (int64_t i = 0; i < n; i++) factors[i] = (next() & 1) ? 256 : next() % 257;
        }
        uint32_t *want = malloc((size_t)n * 4), *got = malloc((size_t)n * 4);
        for (int64_t i = 0; i < n; i++) want[i] = got[i] = premultiplied();
        // The kernels take positions one texel in (the border) and the bordered stride.
        int64_t u = u0 + 65536, v = v0 + 65536;
        double t0 = now();
        for (int64_t i = 0; i < n; i++) {
            int64_t ui = u + du * i, vi = v + dv * i;
            const uint32_t *top = pairs + 2 * ((vi >> 16) * stride + (ui >> 16));
            // Unflipped taps: p00 = top[0], p01 = top[1], p10 = top[2], p11 = top[3].
            composite_scalar(top[0] ^ 0x80808080u, top[2] ^ 0x80808080u, top[1] ^ 0x80808080u,
                             top[3] ^ 0x80808080u, ui, vi, factors ? factors[i] : uniform, want + i);
        }
        double t1 = now();
        int64_t done = arcmask_blit_run_neon(pairs, stride, u, v, du, dv, n, factors, uniform, got);
        double t2 = now();
        scalarTime += t1 - t0;
        neonTime += t2 - t1;
        for (int64_t i = done; i < n; i++) {
            int64_t ui = u + du * i, vi = v + dv * i;
            const uint32_t *top = pairs + 2 * ((vi >> 16) * stride + (ui >> 16));
            composite_scalar(top[0] ^ 0x80808080u, top[2] ^ 0x80808080u, top[1] ^ 0x80808080u,
                             top[3] ^ 0x80808080u, ui, vi, factors ? factors[i] : uniform, got + i);
        }
        for (int64_t i = 0; i < n; i++) {
            if (got[i] != want[i] && wrong < 5)
                fprintf(stderr, "blit case %d pixel %lld: NEON %08x, scalar %08x\n", c, (long long)i, got[i], want[i]);
            wrong += got[i] != want[i];
        }
        pixels += (size_t)n;
        free(image); free(pairs); free(factors); free(want); free(got);
#undef TEXEL
    }
    printf("blit: %d runs, %zu pixels, %zu differ; scalar %.3f s, NEON %.3f s\n", cases, pixels, wrong, scalarTime,
           neonTime);
    return wrong == 0;
}

// Time per pixel of each path on one long job: rows of a 512×512 image drawn rotated by 30° at
// 1.3×, half the draws at alpha 200/256. On x86-64 the AVX2 kernel is timed too (natively built
// only: under emulation no time means anything).
static void bench_blit(void) {
    const int64_t w = 512, h = 512, stride = w + 2, n = 480, rows = 400, rounds = 20;
    uint32_t *pairs = malloc((size_t)(2 * stride * (h + 1)) * 4), *target = malloc((size_t)n * 4);
    for (int64_t i = 0; i < 2 * stride * (h + 1); i++) pairs[i] = premultiplied() ^ 0x80808080u;
    const int64_t du = (int64_t)(65536 * 0.866 / 1.3), dv = (int64_t)(65536 * 0.5 / 1.3);
    double t[3] = {0, 0, 0};
    for (int path = 0; path < 3; path++) {
#if !defined(__x86_64__)
        if (path == 2) break;
#endif
        double t0 = now();
        for (int64_t r = 0; r < rounds * rows; r++) {
            int64_t u = 65536 * 4, v = 65536 * (4 + (r % rows) / 2);
            uint32_t uniform = (r & 1) ? 256 : 200;
            if (path == 0) {
                for (int64_t i = 0; i < n; i++) {
                    int64_t ui = u + du * i, vi = v + dv * i;
                    const uint32_t *top = pairs + 2 * ((vi >> 16) * stride + (ui >> 16));
                    composite_scalar(top[0] ^ 0x80808080u, top[2] ^ 0x80808080u, top[1] ^ 0x80808080u,
                                     top[3] ^ 0x80808080u, ui, vi, uniform, target + i);
                }
            } else if (path == 1) {
                arcmask_blit_run_neon(pairs, stride, u, v, du, dv, n, NULL, uniform, target);
            } else {
                arcmask_blit_run_avx2(pairs, stride, u, v, du, dv, n, NULL, uniform, target);
            }
        }
        t[path] = now() - t0;
    }
    double pixels = (double)(rounds * rows * n);
    printf("blit timing, %.0f pixels: scalar C %.2f ns/pixel, NEON %.2f ns/pixel (scalar/NEON %.2f)", pixels,
           1e9 * t[0] / pixels, 1e9 * t[1] / pixels, t[0] / t[1]);
#if defined(__x86_64__)
    if (arcmask_blit_level() >= 1)
        printf(", AVX2 %.2f ns/pixel (scalar/AVX2 %.2f)", 1e9 * t[2] / pixels, t[0] / t[2]);
#endif
    printf("\n");
    free(pairs); free(target);
}

int main(int argc, char **argv) {
    int cases = argc > 1 ? atoi(argv[1]) : 20000;
    if (!arcmask_blit_neon_available() || !arcmask_unpremultiply_neon_available()) {
        fprintf(stderr, "the NEON kernels are not built for this target\n");
        return 1;
    }
    int ok = check_unpremultiply();
    ok = check_blit(cases) && ok;
    bench_blit();
    return ok ? 0 : 1;
}
