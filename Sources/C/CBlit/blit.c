// The blit's interior run with 256- and 512-bit vectors. Swift compiles for baseline x86-64
// and has no per-function target attribute, so these loops are C, each built for its
// instruction set and chosen at run time.
//
// Per pixel: one 16-byte load brings the four taps (the image is stored with each row paired
// with the one below). A byte shuffle puts each channel's taps side by side; `maddubs` mixes
// them vertically and `madd` horizontally, with weights in 128ths:
//   left  = p00·(128 − wy) + p01·wy,   right = p10·(128 − wy) + p11·wy
//   s     = (left·(128 − wx) + right·wx + 2¹³) >> 14
// `maddubs` multiplies unsigned bytes by signed ones, so the taps are stored as p − 128 (each
// byte's top bit flipped; each weight pair sums to 128, so the bias is a constant added back). Then s times the factor
// (256ths), and OVER: d·(255 − sa)/255 rounded, plus s.
#include "arcmask_blit.h"

#if defined(__x86_64__)
#include <immintrin.h>

int arcmask_blit_level(void) {
    // Renderers on several threads may ask at once: the answer is kept atomically.
    static _Atomic int known = -1;
    int answer = known;
    if (answer < 0) {
        __builtin_cpu_init();
        answer = (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) ? 2
                 : __builtin_cpu_supports("avx2")                                           ? 1
                                                                                            : 0;
        known = answer;
    }
    return answer;
}

// Bytes of one pixel's taps p00 p01 p10 p11 (B G R A each) regrouped by channel:
// B00 B01 B10 B11, G00 G01 G10 G11, and so on.
#define BY_CHANNEL 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
// Each pixel's alpha word (words 3 and 7 of a 128-bit lane) in all four of its words.
#define ALPHA_WORDS 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15

__attribute__((target("avx2"))) int64_t arcmask_blit_run_avx2(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    const __m256i step = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i rowPixels = _mm256_set1_epi32((int32_t)width);
    const __m256i k127 = _mm256_set1_epi32(127), k128 = _mm256_set1_epi32(128);
    const uint32_t faintest = uniform == 0 ? 255 : (256 + uniform - 1) / uniform;
    // Alpha bytes (flipped, so signed) above this can show.
    const __m256i visible = _mm256_set1_epi8((char)((faintest > 255 ? 255 : faintest) - 129));
    const __m256i alphaBytes = _mm256_set1_epi32((int32_t)0xFF000000);
    const __m256i byChannel = _mm256_setr_epi8(BY_CHANNEL, BY_CHANNEL);
    const __m256i alphaWords = _mm256_setr_epi8(ALPHA_WORDS, ALPHA_WORDS);
    const __m256i bias = _mm256_set1_epi32((128 * 128 * 128) + (1 << 13));
    const __m256i w255 = _mm256_set1_epi16(255), w256 = _mm256_set1_epi16(256), w128 = _mm256_set1_epi16(128);
    const __m256i w257 = _mm256_set1_epi16(257);
    const __m256i all = _mm256_set1_epi32(-1), zero = _mm256_setzero_si256();
    __m256i pu = _mm256_add_epi32(_mm256_set1_epi32((int32_t)u), _mm256_mullo_epi32(step, _mm256_set1_epi32((int32_t)du)));
    __m256i pv = _mm256_add_epi32(_mm256_set1_epi32((int32_t)v), _mm256_mullo_epi32(step, _mm256_set1_epi32((int32_t)dv)));
    const __m256i du8 = _mm256_set1_epi32((int32_t)(du * 8)), dv8 = _mm256_set1_epi32((int32_t)(dv * 8));
    int64_t done = 0;
    for (; done + 8 <= count; done += 8, pu = _mm256_add_epi32(pu, du8), pv = _mm256_add_epi32(pv, dv8)) {
        __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(pv, 16), rowPixels), _mm256_srai_epi32(pu, 16));
        // Through memory: the compiler would otherwise extract each index with vector
        // shuffles, which cost more than a store and eight scalar loads.
        volatile int32_t at[8];
        _mm256_storeu_si256((__m256i *)(void *)at, index);
        // Pixels k and k + 4 share a register (one per 128-bit lane), so the packs below
        // leave them in the order of the target's bytes.
#define TAPS(k) _mm_loadu_si128((const __m128i *)(pairs + 2 * (int64_t)at[k]))
#define QUAD(k) _mm256_inserti128_si256(_mm256_castsi128_si256(TAPS(k)), TAPS(k + 4), 1)
        __m256i q0 = QUAD(0), q1 = QUAD(1), q2 = QUAD(2), q3 = QUAD(3);
#undef QUAD
#undef TAPS
        // Taps all fainter than the draw can show (premultiplied: alpha bounds every channel)
        // leave the target as it is.
        __m256i strongest = _mm256_max_epi8(_mm256_max_epi8(q0, q1), _mm256_max_epi8(q2, q3));
        if (_mm256_testz_si256(_mm256_cmpgt_epi8(strongest, visible), alphaBytes)) continue;
        __m256i scale = _mm256_set1_epi32((int32_t)uniform);
        if (factors) {
            scale = _mm256_loadu_si256((const __m256i *)(factors + done));
            if (_mm256_testz_si256(scale, scale)) continue;
        }
        __m256i wx = _mm256_and_si256(_mm256_srli_epi32(pu, 9), k127);
        __m256i wy = _mm256_and_si256(_mm256_srli_epi32(pv, 9), k127);
        // Byte pairs (128 − wy, wy) in every word; word pairs (128 − wx, wx) in every dword.
        __m256i vertical = _mm256_or_si256(_mm256_sub_epi32(k128, wy), _mm256_slli_epi32(wy, 8));
        vertical = _mm256_or_si256(vertical, _mm256_slli_epi32(vertical, 16));
        __m256i horizontal = _mm256_or_si256(_mm256_sub_epi32(k128, wx), _mm256_slli_epi32(wx, 16));
#define MIX(q, k)                                                                                       \
    _mm256_srli_epi32(                                                                                  \
        _mm256_add_epi32(                                                                               \
            _mm256_madd_epi16(                                                                          \
                _mm256_maddubs_epi16(                                                                   \
                    _mm256_shuffle_epi32(vertical, (k) * 0x55),                                         \
                    _mm256_shuffle_epi8(q, byChannel)),                                                 \
                _mm256_shuffle_epi32(horizontal, (k) * 0x55)),                                          \
            bias),                                                                                      \
        14)
        // Channels in words: pixels 0 1 | 4 5, and 2 3 | 6 7.
        __m256i lo = _mm256_packus_epi32(MIX(q0, 0), MIX(q1, 1)), hi = _mm256_packus_epi32(MIX(q2, 2), MIX(q3, 3));
#undef MIX
        __m256i factor = _mm256_or_si256(scale, _mm256_slli_epi32(scale, 16));
        if (!_mm256_testc_si256(_mm256_cmpeq_epi16(factor, w256), all)) {
            lo = _mm256_srli_epi16(_mm256_mullo_epi16(lo, _mm256_unpacklo_epi32(factor, factor)), 8);
            hi = _mm256_srli_epi16(_mm256_mullo_epi16(hi, _mm256_unpackhi_epi32(factor, factor)), 8);
            // Faint draws: where the whole step comes out zero, the target stays as it is.
            __m256i both = _mm256_or_si256(lo, hi);
            if (_mm256_testz_si256(both, both)) continue;
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)(target + done));
        __m256i dlo = _mm256_unpacklo_epi8(d, zero), dhi = _mm256_unpackhi_epi8(d, zero);
        dlo = _mm256_add_epi16(_mm256_mullo_epi16(dlo, _mm256_sub_epi16(w255, _mm256_shuffle_epi8(lo, alphaWords))), w128);
        dhi = _mm256_add_epi16(_mm256_mullo_epi16(dhi, _mm256_sub_epi16(w255, _mm256_shuffle_epi8(hi, alphaWords))), w128);
        // t/255 rounded, as (t + (t >> 8)) >> 8: equal to (t·257) >> 16 for every t here.
        dlo = _mm256_mulhi_epu16(dlo, w257);
        dhi = _mm256_mulhi_epu16(dhi, w257);
        __m256i out = _mm256_packus_epi16(_mm256_add_epi16(lo, dlo), _mm256_add_epi16(hi, dhi));
        _mm256_storeu_si256((__m256i *)(target + done), out);
    }
    return done;
}

__attribute__((target("avx512f,avx512bw"))) int64_t arcmask_blit_run_avx512(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    const __m512i step = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i rowPixels = _mm512_set1_epi32((int32_t)width);
    const __m512i k127 = _mm512_set1_epi32(127), k128 = _mm512_set1_epi32(128);
    const __m512i byChannel = _mm512_broadcast_i32x4(_mm_setr_epi8(BY_CHANNEL));
    const __m512i alphaWords = _mm512_broadcast_i32x4(_mm_setr_epi8(ALPHA_WORDS));
    const __m512i bias = _mm512_set1_epi32((128 * 128 * 128) + (1 << 13));
    const __m512i w255 = _mm512_set1_epi16(255), w128 = _mm512_set1_epi16(128), w257 = _mm512_set1_epi16(257);
    const __m512i zero = _mm512_setzero_si512();
    const int scaled = factors != 0 || uniform != 256;
    // The faintest tap alpha that can show: a mix below ⌈256 / f⌉ comes out zero at f/256.
    const uint32_t faintest = uniform == 0 ? 255 : (256 + uniform - 1) / uniform;
    // Alpha bytes (flipped, so signed) from this up can show.
    const __m512i visible = _mm512_set1_epi8((char)((faintest > 255 ? 255 : faintest) - 128));
    __m512i pu = _mm512_add_epi32(_mm512_set1_epi32((int32_t)u), _mm512_mullo_epi32(step, _mm512_set1_epi32((int32_t)du)));
    __m512i pv = _mm512_add_epi32(_mm512_set1_epi32((int32_t)v), _mm512_mullo_epi32(step, _mm512_set1_epi32((int32_t)dv)));
    const __m512i du16 = _mm512_set1_epi32((int32_t)(du * 16)), dv16 = _mm512_set1_epi32((int32_t)(dv * 16));
    int64_t done = 0;
    for (; done < count; done += 16, pu = _mm512_add_epi32(pu, du16), pv = _mm512_add_epi32(pv, dv16)) {
        // The last step may hold fewer than sixteen pixels: the others take the first one's
        // taps (inside the image) and are neither read nor written in the target.
        __mmask16 live = count - done >= 16 ? 0xFFFF : (__mmask16)((1u << (count - done)) - 1);
        __m512i index = _mm512_add_epi32(_mm512_mullo_epi32(_mm512_srai_epi32(pv, 16), rowPixels), _mm512_srai_epi32(pu, 16));
        index = _mm512_mask_blend_epi32(live, _mm512_permutexvar_epi32(zero, index), index);
        volatile int32_t at[16];
        _mm512_storeu_si512((void *)at, index);
        // Pixels k, k + 4, k + 8 and k + 12 share a register, one per 128-bit lane.
#define TAPS(k) _mm_loadu_si128((const __m128i *)(pairs + 2 * (int64_t)at[k]))
#define QUAD(k)                                                                                              \
    _mm512_inserti32x4(                                                                                      \
        _mm512_inserti32x4(_mm512_inserti32x4(_mm512_castsi128_si512(TAPS(k)), TAPS(k + 4), 1), TAPS(k + 8), 2), \
        TAPS(k + 12), 3)
        __m512i q0 = QUAD(0), q1 = QUAD(1), q2 = QUAD(2), q3 = QUAD(3);
#undef QUAD
#undef TAPS
        // Taps all fainter than the draw can show (premultiplied: alpha bounds every channel)
        // leave the target as it is.
        __m512i strongest = _mm512_max_epi8(_mm512_max_epi8(q0, q1), _mm512_max_epi8(q2, q3));
        if (!_mm512_mask_cmpge_epi8_mask(0x8888888888888888ull, strongest, visible)) continue;
        __m512i scale = _mm512_set1_epi32((int32_t)uniform);
        if (factors) {
            scale = _mm512_maskz_loadu_epi32(live, factors + done);
            if (!_mm512_test_epi32_mask(scale, scale)) continue;
        }
        __m512i wx = _mm512_and_si512(_mm512_srli_epi32(pu, 9), k127);
        __m512i wy = _mm512_and_si512(_mm512_srli_epi32(pv, 9), k127);
        __m512i vertical = _mm512_or_si512(_mm512_sub_epi32(k128, wy), _mm512_slli_epi32(wy, 8));
        vertical = _mm512_or_si512(vertical, _mm512_slli_epi32(vertical, 16));
        __m512i horizontal = _mm512_or_si512(_mm512_sub_epi32(k128, wx), _mm512_slli_epi32(wx, 16));
#define MIX(q, k)                                                                                       \
    _mm512_srli_epi32(                                                                                  \
        _mm512_add_epi32(                                                                               \
            _mm512_madd_epi16(                                                                          \
                _mm512_maddubs_epi16(                                                                   \
                    _mm512_shuffle_epi32(vertical, (_MM_PERM_ENUM)((k) * 0x55)),                        \
                    _mm512_shuffle_epi8(q, byChannel)),                                                 \
                _mm512_shuffle_epi32(horizontal, (_MM_PERM_ENUM)((k) * 0x55))),                         \
            bias),                                                                                      \
        14)
        __m512i lo = _mm512_packus_epi32(MIX(q0, 0), MIX(q1, 1)), hi = _mm512_packus_epi32(MIX(q2, 2), MIX(q3, 3));
#undef MIX
        if (scaled) {
            __m512i factor = _mm512_or_si512(scale, _mm512_slli_epi32(scale, 16));
            lo = _mm512_srli_epi16(_mm512_mullo_epi16(lo, _mm512_unpacklo_epi32(factor, factor)), 8);
            hi = _mm512_srli_epi16(_mm512_mullo_epi16(hi, _mm512_unpackhi_epi32(factor, factor)), 8);
            // Faint draws: where the whole step comes out zero, the target stays as it is.
            __m512i both = _mm512_or_si512(lo, hi);
            if (!_mm512_test_epi32_mask(both, both)) continue;
        }
        __m512i d = _mm512_maskz_loadu_epi32(live, target + done);
        __m512i dlo = _mm512_unpacklo_epi8(d, zero), dhi = _mm512_unpackhi_epi8(d, zero);
        dlo = _mm512_add_epi16(_mm512_mullo_epi16(dlo, _mm512_sub_epi16(w255, _mm512_shuffle_epi8(lo, alphaWords))), w128);
        dhi = _mm512_add_epi16(_mm512_mullo_epi16(dhi, _mm512_sub_epi16(w255, _mm512_shuffle_epi8(hi, alphaWords))), w128);
        // t/255 rounded, as (t + (t >> 8)) >> 8: equal to (t·257) >> 16 for every t here.
        dlo = _mm512_mulhi_epu16(dlo, w257);
        dhi = _mm512_mulhi_epu16(dhi, w257);
        __m512i out = _mm512_packus_epi16(_mm512_add_epi16(lo, dlo), _mm512_add_epi16(hi, dhi));
        _mm512_mask_storeu_epi32(target + done, live, out);
    }
    return count;
}

#else

int arcmask_blit_level(void) { return 0; }

int64_t arcmask_blit_run_avx2(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    (void)pairs; (void)width; (void)u; (void)v; (void)du; (void)dv; (void)count; (void)factors; (void)uniform;
    (void)target;
    return 0;
}

int64_t arcmask_blit_run_avx512(
    const uint32_t *pairs, int64_t width, int64_t u, int64_t v, int64_t du, int64_t dv, int64_t count,
    const uint32_t *factors, uint32_t uniform, uint32_t *target) {
    return arcmask_blit_run_avx2(pairs, width, u, v, du, dv, count, factors, uniform, target);
}

#endif
