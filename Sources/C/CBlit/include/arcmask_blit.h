#ifndef ARCMASK_BLIT_H
#define ARCMASK_BLIT_H

#include <stdint.h>

/// The widest x86 kernel this CPU runs, asked once: 0 none (and on every other
/// architecture), 1 AVX2 (eight pixels a step), 2 AVX-512 (sixteen pixels a step).
int arcmask_blit_level(void);

/// Whether `arcmask_blit_run_neon` is built: natively on arm64 (NEON is part of the
/// architecture), through SIMDe on x86-64 where its headers were at hand (for tests).
int arcmask_blit_neon_available(void);

/// The interior run of an affine bilinear blit: `count` pixels from `target`, the first
/// sampling at (u, v) in 16.16 fixed point and each next one at (u + du, v + dv); every tap
/// lies inside the image. `pairs` holds the image with each row paired with the one below
/// (texel (x, y) at `pairs[2·(y·width + x)]`, the texel under it next), so one 16-byte load
/// fetches all four taps. Each pixel is the bilinear mix of its taps (weights in 128ths, as
/// `AffineBlit.composite` computes it), times its factor in 256ths (`factors` per pixel when
/// not NULL, else `uniform`), composited OVER the target pixel. Positions, `width × height`
/// and `16 × |du|, 16 × |dv|` must fit 31 bits. Returns the pixels done (a multiple of the
/// step); the caller finishes the rest.
int64_t arcmask_blit_run_avx2(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target);

/// As `arcmask_blit_run_avx2`, sixteen pixels a step; the last step is masked, so all
/// `count` pixels are done.
int64_t arcmask_blit_run_avx512(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target);

/// As `arcmask_blit_run_avx2`, two pixels a step with NEON.
int64_t arcmask_blit_run_neon(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target);

#endif
