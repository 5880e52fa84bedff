// The blit's interior run with 128-bit NEON vectors, two pixels a step. NEON is part of
// arm64, so there is no run-time check. On x86-64 the same source is built through SIMDe
// (which implements NEON's intrinsics with SSE), so the tests on x86 compare this very code
// with the Swift loop; there it is never chosen unless asked for.
//
// Per pixel, as `AffineBlit.composite` computes it: the four taps (stored with each byte's top
// bit flipped, for the x86 kernels) flipped back, each column mixed vertically and the two
// columns horizontally with weights in 128ths,
//   s = (left·(128 − wx) + right·wx + 2¹³) >> 14,
// times the factor (256ths), then OVER: d·(255 − sa) + 128, plus its >> 8, >> 8, plus s.
// Without the scalar loop's early exits: a zero source leaves every target byte as it is
// through the same arithmetic.
#include "arcmask_blit.h"

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

int arcmask_blit_neon_available(void) { return 1; }

int64_t arcmask_blit_run_neon(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    const uint8x16_t flip = vdupq_n_u8(0x80);
    const uint16x8_t k128 = vdupq_n_u16(128), k255 = vdupq_n_u16(255);
    const uint32x4_t rounding = vdupq_n_u32(1 << 13);
    int64_t done = 0;
    for (; done + 2 <= count; done += 2) {
        // Positions of the two pixels, in 16.16.
        const int64_t ua = u + du * done, va = v + dv * done, ub = ua + du, vb = va + dv;
        const uint32_t *ta = pairs + 2 * ((va >> 16) * width + (ua >> 16));
        const uint32_t *tb = pairs + 2 * ((vb >> 16) * width + (ub >> 16));
        // Taps p00 p01 p10 p11 of each pixel, bytes flipped back.
        const uint8x16_t qa = veorq_u8(vld1q_u8((const uint8_t *)ta), flip);
        const uint8x16_t qb = veorq_u8(vld1q_u8((const uint8_t *)tb), flip);
        // {p00, p10} and {p01, p11}: the rows, each with both columns.
        const uint32x2x2_t ra = vuzp_u32(vreinterpret_u32_u8(vget_low_u8(qa)), vreinterpret_u32_u8(vget_high_u8(qa)));
        const uint32x2x2_t rb = vuzp_u32(vreinterpret_u32_u8(vget_low_u8(qb)), vreinterpret_u32_u8(vget_high_u8(qb)));
        const uint8_t wya = (uint8_t)((va >> 9) & 127), wyb = (uint8_t)((vb >> 9) & 127);
        const uint16_t wxa = (uint16_t)((ua >> 9) & 127), wxb = (uint16_t)((ub >> 9) & 127);
        // Vertical: left and right columns, B G R A each, as words.
        uint16x8_t mixa = vmull_u8(vreinterpret_u8_u32(ra.val[0]), vdup_n_u8((uint8_t)(128 - wya)));
        mixa = vmlal_u8(mixa, vreinterpret_u8_u32(ra.val[1]), vdup_n_u8(wya));
        uint16x8_t mixb = vmull_u8(vreinterpret_u8_u32(rb.val[0]), vdup_n_u8((uint8_t)(128 - wyb)));
        mixb = vmlal_u8(mixb, vreinterpret_u8_u32(rb.val[1]), vdup_n_u8(wyb));
        // Horizontal, rounded: at most 255·128·128 before the shift.
        uint32x4_t sa32 = vmull_u16(vget_low_u16(mixa), vdup_n_u16((uint16_t)(128 - wxa)));
        sa32 = vmlal_u16(sa32, vget_high_u16(mixa), vdup_n_u16(wxa));
        uint32x4_t sb32 = vmull_u16(vget_low_u16(mixb), vdup_n_u16((uint16_t)(128 - wxb)));
        sb32 = vmlal_u16(sb32, vget_high_u16(mixb), vdup_n_u16(wxb));
        uint16x8_t s = vcombine_u16(vshrn_n_u32(vaddq_u32(sa32, rounding), 14), vshrn_n_u32(vaddq_u32(sb32, rounding), 14));
        // Times the factor in 256ths (at most 255·256: no word overflows).
        const uint16_t fa = (uint16_t)(factors ? factors[done] : uniform);
        const uint16_t fb = (uint16_t)(factors ? factors[done + 1] : uniform);
        s = vshrq_n_u16(vmulq_u16(s, vcombine_u16(vdup_n_u16(fa), vdup_n_u16(fb))), 8);
        // OVER the target: each pixel's alpha (lane 3 of its half) in all four of its lanes.
        const uint16x8_t alpha = vcombine_u16(vdup_lane_u16(vget_low_u16(s), 3), vdup_lane_u16(vget_high_u16(s), 3));
        const uint16x8_t d = vmovl_u8(vld1_u8((const uint8_t *)(target + done)));
        uint16x8_t t = vmlaq_u16(k128, d, vsubq_u16(k255, alpha));
        t = vshrq_n_u16(vsraq_n_u16(t, t, 8), 8);
        vst1_u8((uint8_t *)(target + done), vqmovn_u16(vaddq_u16(s, t)));
    }
    return done;
}

#else

int arcmask_blit_neon_available(void) { return 0; }

int64_t arcmask_blit_run_neon(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    (void)pairs; (void)width; (void)u; (void)v; (void)du; (void)dv; (void)count; (void)factors; (void)uniform;
    (void)target;
    return 0;
}

#endif
