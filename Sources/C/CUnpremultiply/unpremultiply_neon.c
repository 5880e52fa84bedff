// Premultiplied to straight colour with 128-bit NEON vectors, four pixels a step. NEON is part
// of arm64 (no run-time check); on x86-64 the same source is built through SIMDe for the
// tests, and never chosen unless asked for. The arithmetic is the AVX2 kernel's: one exact
// float reciprocal per pixel (from a table: SIMDe has no vdivq_f32), and each channel
// q = min(255, ⌊(c·255 + ⌊a/2⌋ + ½) / a⌋), zero under alpha 0.
#include "arcmask_unpremultiply.h"

#if defined(__aarch64__)
#include <arm_neon.h>
#define ARCMASK_NEON 1
#elif defined(__x86_64__) && defined(__has_include)
#if __has_include(<simde/arm/neon.h>)
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/arm/neon.h>
#define ARCMASK_NEON 1
#endif
#endif

#if defined(ARCMASK_NEON)

int arcmask_unpremultiply_neon_available(void) { return 1; }

// 1/a for every alpha, rounded as IEEE single division rounds it (folded at compile time), so
// the products are the AVX2 kernel's. Four lanes are loaded from it per step.
#define R1(a) ((a) ? 1.0f / (float)(a) : 0.0f)
#define R4(a) R1(a), R1((a) + 1), R1((a) + 2), R1((a) + 3)
#define R16(a) R4(a), R4((a) + 4), R4((a) + 8), R4((a) + 12)
#define R64(a) R16(a), R16((a) + 16), R16((a) + 32), R16((a) + 48)
static const float reciprocals[256] = {R64(0), R64(64), R64(128), R64(192)};
#undef R64
#undef R16
#undef R4
#undef R1

int64_t arcmask_unpremultiply_neon(const uint32_t *row, uint32_t *out, int64_t count) {
    const uint32x4_t byte = vdupq_n_u32(0xFF), zero = vdupq_n_u32(0);
    const float32x4_t half = vdupq_n_f32(0.5f);
    int64_t done = 0;
    for (; done + 4 <= count; done += 4) {
        const uint32x4_t p = vld1q_u32(row + done);
        const uint32x4_t alpha = vshrq_n_u32(p, 24);
        uint32x4_t result;
        if (vminvq_u32(alpha) == 255) {
            // Opaque: ARGB words (B G R A in memory) to R G B A bytes.
            result = vorrq_u32(vandq_u32(p, vdupq_n_u32(0xFF00FF00)),
                               vorrq_u32(vandq_u32(vshrq_n_u32(p, 16), byte), vshlq_n_u32(vandq_u32(p, byte), 16)));
        } else if (vmaxvq_u32(alpha) == 0) {
            result = zero;
        } else {
            float32x4_t reciprocal = vdupq_n_f32(0);
            reciprocal = vld1q_lane_f32(reciprocals + vgetq_lane_u32(alpha, 0), reciprocal, 0);
            reciprocal = vld1q_lane_f32(reciprocals + vgetq_lane_u32(alpha, 1), reciprocal, 1);
            reciprocal = vld1q_lane_f32(reciprocals + vgetq_lane_u32(alpha, 2), reciprocal, 2);
            reciprocal = vld1q_lane_f32(reciprocals + vgetq_lane_u32(alpha, 3), reciprocal, 3);
            const uint32x4_t halfAlpha = vshrq_n_u32(alpha, 1);
            // q = ⌊(n + ½) · (1/a)⌋ with n = c·255 + ⌊a/2⌋, capped at 255 (see the AVX2 kernel
            // for why truncating the float product gives the integer quotient).
#define CHANNEL(c)                                                                                       \
    vminq_u32(vcvtq_u32_f32(vmulq_f32(                                                                   \
                  vaddq_f32(vcvtq_f32_u32(vaddq_u32(vmulq_n_u32((c), 255), halfAlpha)), half), reciprocal)), \
              byte)
            const uint32x4_t r = CHANNEL(vandq_u32(vshrq_n_u32(p, 16), byte));
            const uint32x4_t g = CHANNEL(vandq_u32(vshrq_n_u32(p, 8), byte));
            const uint32x4_t b = CHANNEL(vandq_u32(p, byte));
#undef CHANNEL
            result = vorrq_u32(vorrq_u32(r, vshlq_n_u32(g, 8)), vorrq_u32(vshlq_n_u32(b, 16), vshlq_n_u32(alpha, 24)));
            // Alpha 0: every byte zero.
            result = vbicq_u32(result, vceqq_u32(alpha, zero));
        }
        vst1q_u32(out + done, result);
    }
    return done;
}

#else

int arcmask_unpremultiply_neon_available(void) { return 0; }

int64_t arcmask_unpremultiply_neon(const uint32_t *row, uint32_t *out, int64_t count) {
    (void)row; (void)out; (void)count;
    return 0;
}

#endif
