#ifndef ARCMASK_BLIT_H
#define ARCMASK_BLIT_H

#include <stdint.h>

/// Whether this CPU runs the wide kernel (AVX2), asked once.
int arcmask_blit_wide_available(void);

/// The interior run of an affine bilinear blit, eight target pixels at a time with AVX2:
/// `count` pixels from `target`, the first sampling at (u, v) in 16.16 fixed point and each
/// next one at (u + du, v + dv); every tap lies inside the image. Each pixel is the bilinear
/// mix of its four taps (weights in 256ths), times its factor in 256ths (`factors` per pixel
/// when not NULL, else `uniform`), composited OVER the target pixel. Returns the pixels done
/// (a multiple of eight); the caller finishes the rest.
int64_t arcmask_blit_run_wide(
    const uint32_t *image, int64_t stride, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target);

#endif
