// Premultiplied to straight colour with 256-bit vectors, chosen at run time (Swift compiles for
// baseline x86-64). Each channel is divided exactly through one float reciprocal per pixel.
#include "arcmask_unpremultiply.h"

#if defined(__x86_64__)
#include <immintrin.h>

int arcmask_unpremultiply_available(void) {
    static _Atomic int known = -1;
    int answer = known;
    if (answer < 0) {
        __builtin_cpu_init();
        answer = __builtin_cpu_supports("avx2") ? 1 : 0;
        known = answer;
    }
    return answer;
}

__attribute__((target("avx2"))) int64_t arcmask_unpremultiply_avx2(const uint32_t *row, uint32_t *out, int64_t count) {
    const __m256i byte = _mm256_set1_epi32(0xFF), zero = _mm256_setzero_si256();
    const __m256i opaque = _mm256_set1_epi32((int32_t)0xFF000000);
    // ARGB words (B G R A in memory) to RGBA bytes: swap the first and third byte of each.
    const __m256i swap = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 2, 1, 0, 3, 6, 5, 4, 7,
                                          10, 9, 8, 11, 14, 13, 12, 15);
    const __m256 one = _mm256_set1_ps(1.0f);
    int64_t done = 0;
    for (; done + 8 <= count; done += 8) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(row + done));
        __m256i alpha = _mm256_srli_epi32(p, 24);
        __m256i result;
        if (_mm256_testc_si256(p, opaque)) {
            result = _mm256_shuffle_epi8(p, swap);
        } else if (_mm256_testz_si256(p, opaque)) {
            result = zero;
        } else {
            __m256 reciprocal = _mm256_div_ps(one, _mm256_cvtepi32_ps(alpha));
            __m256i half = _mm256_srli_epi32(alpha, 1);
            // q = ⌊(n + ½) / a⌋ with n = c·255 + ⌊a/2⌋: (n + ½) / a lies at least ½/a from a whole
            // number, and below 256 the float product strays less than 256·2⁻²³ from it, so
            // truncating gives the integer quotient; from 256 up it only needs to stay above 255.
#define CHANNEL(shift)                                                                                   \
    ({                                                                                                   \
        __m256i c = _mm256_and_si256(_mm256_srli_epi32(p, shift), byte);                                 \
        __m256i n = _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(c, 8), c), half);                \
        __m256 x = _mm256_add_ps(_mm256_cvtepi32_ps(n), _mm256_set1_ps(0.5f));                           \
        _mm256_min_epi32(_mm256_cvttps_epi32(_mm256_mul_ps(x, reciprocal)), byte);                      \
    })
            __m256i r = CHANNEL(16), g = CHANNEL(8), b = CHANNEL(0);
#undef CHANNEL
            result = _mm256_or_si256(_mm256_or_si256(r, _mm256_slli_epi32(g, 8)),
                                     _mm256_or_si256(_mm256_slli_epi32(b, 16), _mm256_slli_epi32(alpha, 24)));
            // Alpha 0: every byte zero.
            result = _mm256_andnot_si256(_mm256_cmpeq_epi32(alpha, zero), result);
        }
        _mm256_storeu_si256((__m256i *)(out + done), result);
    }
    return done;
}

#else

int arcmask_unpremultiply_available(void) { return 0; }

int64_t arcmask_unpremultiply_avx2(const uint32_t *row, uint32_t *out, int64_t count) {
    (void)row; (void)out; (void)count;
    return 0;
}

#endif
