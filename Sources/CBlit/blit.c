// The blit's interior run with 256-bit vectors. Swift compiles for baseline x86-64 and has no
// per-function target attribute, so this one loop is C, built for AVX2 and chosen at run time.
#include "arcmask_blit.h"

#if defined(__x86_64__)
#include <immintrin.h>

int arcmask_blit_wide_available(void) {
    // Renderers on several threads may ask at once: the answer is kept atomically.
    static _Atomic int known = -1;
    int answer = known;
    if (answer < 0) {
        __builtin_cpu_init();
        answer = __builtin_cpu_supports("avx2") ? 1 : 0;
        known = answer;
    }
    return answer;
}

__attribute__((target("avx2"))) int64_t arcmask_blit_run_wide(
    const uint32_t *image, int64_t stride, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF);
    const __m256i k256 = _mm256_set1_epi16(256);
    const __m256i k255 = _mm256_set1_epi16(255);
    const __m256i k128 = _mm256_set1_epi16(128);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i vstride = _mm256_set1_epi32((int32_t)stride);
    int64_t done = 0;
    for (; done + 8 <= count; done += 8) {
        // Positions of the eight pixels (they fit 32 bits: the caller checks the image's size).
        int64_t uu = u + du * done, vv = v + dv * done;
        __m256i pu = _mm256_add_epi32(_mm256_set1_epi32((int32_t)uu), _mm256_mullo_epi32(lanes, _mm256_set1_epi32((int32_t)du)));
        __m256i pv = _mm256_add_epi32(_mm256_set1_epi32((int32_t)vv), _mm256_mullo_epi32(lanes, _mm256_set1_epi32((int32_t)dv)));
        __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(pv, 16), vstride), _mm256_srai_epi32(pu, 16));
        // Each tap pair (left, right) is one 64-bit load: four gathers of four, then the pairs
        // split into left and right taps in pixel order.
        __m128i first = _mm256_castsi256_si128(index), last = _mm256_extracti128_si256(index, 1);
        __m256 topA = _mm256_castsi256_ps(_mm256_i32gather_epi64((const long long *)image, first, 4));
        __m256 topB = _mm256_castsi256_ps(_mm256_i32gather_epi64((const long long *)image, last, 4));
        __m256 botA = _mm256_castsi256_ps(_mm256_i32gather_epi64((const long long *)(image + stride), first, 4));
        __m256 botB = _mm256_castsi256_ps(_mm256_i32gather_epi64((const long long *)(image + stride), last, 4));
        __m256i t00 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(topA, topB, 0x88)), 0xD8);
        __m256i t10 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(topA, topB, 0xDD)), 0xD8);
        __m256i t01 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(botA, botB, 0x88)), 0xD8);
        __m256i t11 = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(botA, botB, 0xDD)), 0xD8);
        __m256i any = _mm256_or_si256(_mm256_or_si256(t00, t10), _mm256_or_si256(t01, t11));
        if (_mm256_testz_si256(any, any)) continue;
        __m256i scale;
        if (factors) {
            scale = _mm256_loadu_si256((const __m256i *)(factors + done));
            if (_mm256_testz_si256(scale, scale)) continue;
        } else {
            scale = _mm256_set1_epi32((int32_t)uniform);
        }
        // Each pixel's fractions in both 16-bit halves of its lane.
        __m256i fx = _mm256_and_si256(_mm256_srli_epi32(pu, 8), _mm256_set1_epi32(0xFF));
        __m256i fy = _mm256_and_si256(_mm256_srli_epi32(pv, 8), _mm256_set1_epi32(0xFF));
        fx = _mm256_or_si256(fx, _mm256_slli_epi32(fx, 16));
        fy = _mm256_or_si256(fy, _mm256_slli_epi32(fy, 16));
        __m256i w11 = _mm256_srli_epi16(_mm256_mullo_epi16(fx, fy), 8);
        __m256i w10 = _mm256_sub_epi16(fx, w11), w01 = _mm256_sub_epi16(fy, w11);
        __m256i w00 = _mm256_add_epi16(_mm256_sub_epi16(_mm256_sub_epi16(k256, fx), fy), w11);
#define MIX(shift)                                                                                          \
    _mm256_srli_epi16(                                                                                      \
        _mm256_add_epi16(                                                                                   \
            _mm256_add_epi16(                                                                               \
                _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(t00, shift), low), w00),              \
                _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(t10, shift), low), w10)),             \
            _mm256_add_epi16(                                                                               \
                _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(t01, shift), low), w01),              \
                _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(t11, shift), low), w11))),            \
        8)
        __m256i rb = MIX(0), ag = MIX(8);
#undef MIX
        __m256i factor = _mm256_or_si256(scale, _mm256_slli_epi32(scale, 16));
        if (!_mm256_testc_si256(_mm256_cmpeq_epi16(factor, k256), _mm256_set1_epi32(-1))) {
            rb = _mm256_srli_epi16(_mm256_mullo_epi16(rb, factor), 8);
            ag = _mm256_srli_epi16(_mm256_mullo_epi16(ag, factor), 8);
        }
        // 255 − source alpha in both halves.
        __m256i sa = _mm256_srli_epi32(ag, 16);
        __m256i inverse = _mm256_sub_epi16(k255, _mm256_or_si256(sa, _mm256_slli_epi32(sa, 16)));
        __m256i d = _mm256_loadu_si256((const __m256i *)(target + done));
        __m256i drb = _mm256_mullo_epi16(_mm256_and_si256(d, low), inverse);
        __m256i dag = _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(d, 8), low), inverse);
        drb = _mm256_add_epi16(drb, k128);
        dag = _mm256_add_epi16(dag, k128);
        drb = _mm256_srli_epi16(_mm256_add_epi16(drb, _mm256_srli_epi16(drb, 8)), 8);
        dag = _mm256_srli_epi16(_mm256_add_epi16(dag, _mm256_srli_epi16(dag, 8)), 8);
        __m256i out = _mm256_or_si256(_mm256_add_epi16(rb, drb), _mm256_slli_epi32(_mm256_add_epi16(ag, dag), 8));
        _mm256_storeu_si256((__m256i *)(target + done), out);
    }
    return done;
}

#else

int arcmask_blit_wide_available(void) { return 0; }

int64_t arcmask_blit_run_wide(
    const uint32_t *image, int64_t stride, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    (void)image; (void)stride; (void)u; (void)v; (void)du; (void)dv; (void)count; (void)factors; (void)uniform;
    (void)target;
    return 0;
}

#endif
