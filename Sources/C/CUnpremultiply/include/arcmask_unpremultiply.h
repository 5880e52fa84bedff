#ifndef ARCMASK_UNPREMULTIPLY_H
#define ARCMASK_UNPREMULTIPLY_H

#include <stdint.h>

/// Whether this CPU runs `arcmask_unpremultiply_avx2`, asked once.
int arcmask_unpremultiply_available(void);

/// Premultiplied ARGB32 words (cairo's layout) to straight RGBA bytes, eight pixels a step
/// with AVX2: each colour channel becomes min(255, ⌊(c·255 + ⌊a/2⌋) / a⌋), zero under alpha 0.
/// Returns the pixels done (a multiple of eight); the caller finishes the rest.
int64_t arcmask_unpremultiply_avx2(const uint32_t *row, uint32_t *out, int64_t count);

/// Whether `arcmask_unpremultiply_neon` is built: natively on arm64, through SIMDe on x86-64
/// where its headers were at hand (for tests).
int arcmask_unpremultiply_neon_available(void);

/// As `arcmask_unpremultiply_avx2`, four pixels a step with NEON; the same bytes.
int64_t arcmask_unpremultiply_neon(const uint32_t *row, uint32_t *out, int64_t count);

#endif
