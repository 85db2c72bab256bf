/*
 * numeric_order.hpp — ordering of numeric values read in place, and abbreviated sort keys.
 *
 * The order is numeric's: -Infinity < finite values < +Infinity < NaN, NaN equals NaN, and
 * finite values compare by value whatever their dscale (1.0 = 1.00).
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* -1, 0 or 1. */
int compare_numeric(const NumericView& a, const NumericView& b);

/*
 * -1, 0 or 1: |a| against |b| for finite values.  Works on unstripped digits too: digits
 * sticking out on one side decide as soon as one of them is nonzero.
 */
int compare_magnitudes(const NumericView& a, const NumericView& b);

/*
 * Sign, weight and leading digit of a body in the 2-byte-header form with a nonzero leading
 * digit (at least 4 bytes), as one signed number: the 7-bit two's-complement weight with its
 * sign bit flipped counts up from the smallest weight, above a digit (< 2^14).  Two values
 * whose heads differ are ordered as their heads; equal heads say nothing of the rest.  False
 * for any other body (a leading zero digit makes the weight meaningless).
 */
inline bool short_head(const unsigned char* body, int32_t* head) {
    const uint16_t h = load_u16(body), lead = load_u16(body + 2);
    if (((h & kSignMask) != kShort) | (lead == 0))
        return false;
    const uint32_t weight_bits = h & (kShortWeightSignBit | kShortWeightMask);   // 7-bit two's complement
    const int32_t magnitude = static_cast<int32_t>(((weight_bits ^ kShortWeightSignBit) << 14) | lead);
    *head = (h & kShortSignBit) ? -magnitude : magnitude;
    return true;
}

/*
 * The common case of compare_numeric without decoding: two nonzero values in the
 * 2-byte-header form whose leading digit is not zero (bodies as stored, after the varlena
 * header, each at least 2 bytes).  Trailing zero digits are harmless: a missing digit reads
 * as zero.  Returns false, leaving *result alone, for anything else.
 */
inline bool compare_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen,
                                 int* result) {
    int32_t head_a, head_b;
    if ((alen < 4) | (blen < 4) || !short_head(a, &head_a) || !short_head(b, &head_b))
        return false;
    if (head_a != head_b) {
        *result = head_a < head_b ? -1 : 1;
        return true;
    }
    // Same sign, weight and leading digit: the first differing digit decides.
    const int na = static_cast<int>((alen - 2) / 2), nb = static_cast<int>((blen - 2) / 2);
    int r = 0;
    const int n = na > nb ? na : nb;
    for (int i = 1; i < n; ++i) {
        const uint16_t da = i < na ? load_u16(a + 2 + 2 * i) : 0, db = i < nb ? load_u16(b + 2 + 2 * i) : 0;
        if (da != db) {
            r = da > db ? 1 : -1;
            break;
        }
    }
    *result = head_a < 0 ? -r : r;
    return true;
}

/*
 * Whether the n bytes at a and b are the same, by word loads that overlap at the end instead
 * of a call to memcmp: no byte outside [0, n) is read.  Identical numeric datums (header
 * included) are equal values, so sorts with many equal keys and equality on the neighbours of
 * a sort can say "equal" before decoding anything; different bytes say nothing (1.0 = 1.00).
 */
inline bool same_bytes(const unsigned char* a, const unsigned char* b, size_t n) {
    const auto load64 = [](const unsigned char* p) {
        uint64_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    };
    const auto load32 = [](const unsigned char* p) {
        uint32_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    };
    if (n >= 8) {
        // up to 16 bytes (stored keys and money values): two loads each, no loop, no branch
        for (size_t i = 0; i + 16 < n; i += 8)
            if (load64(a + i) != load64(b + i))
                return false;
        const size_t last = n - 8, first = n > 16 ? n - 16 : 0;
        return ((load64(a + first) ^ load64(b + first)) | (load64(a + last) ^ load64(b + last))) == 0;
    }
    if (n >= 4)
        return ((load32(a) ^ load32(b)) | (load32(a + n - 4) ^ load32(b + n - 4))) == 0;
    for (size_t i = 0; i < n; ++i)
        if (a[i] != b[i])
            return false;
    return true;
}

/*
 * same_bytes for 8 <= n <= 16 (datums of stored keys and money values, header included):
 * two word loads each, which overlap when n < 16, and no branch.
 */
inline bool same_bytes_8_to_16(const unsigned char* a, const unsigned char* b, size_t n) {
    const auto load64 = [](const unsigned char* p) {
        uint64_t w;
        std::memcpy(&w, p, sizeof w);
        return w;
    };
    return ((load64(a) ^ load64(b)) | (load64(a + n - 8) ^ load64(b + n - 8))) == 0;
}

/*
 * Whether two bodies of the same length that are NOT the same bytes are unequal values by
 * their 2-byte headers alone: finite 2-byte-header values with one header word (sign, dscale,
 * weight) and as many digit groups hold each group at the same power of 10000, and some group
 * differs, so the values do (leading or trailing zero groups included).  False says nothing
 * (1.0 and 1.00 differ in the header, specials and the long form are not judged).  Both bodies
 * at least 2 bytes.
 */
inline bool differing_bodies_unequal(const unsigned char* a, const unsigned char* b) {
    const uint16_t h = load_u16(a);
    return ((h & kSignMask) == kShort) & (h == load_u16(b));
}

/*
 * An int64 key whose signed order never contradicts compare_numeric: keys differ only when
 * values do, in the same direction.  Equal keys say nothing; the sort then compares values.
 * Finite keys carry the weight and the first three base-10000 digits (12 decimal digits).
 */
int64_t abbreviated_key(const NumericView& v);

/* Bits of the magnitude of a finite key: biased weight (16) above 12 decimal digits (40). */
constexpr int kAbbrevDigitBits = 40;
constexpr int kAbbrevWeightBias = 32768;
constexpr int kAbbrevGroups = 3;

/*
 * A finite key's magnitude: the biased weight, then the kAbbrevGroups digits at `digits`
 * (the first nonzero), of which `n` (>= 1) are there, zeros beyond.  The missing digits are
 * read as zeros without a branch: through small_short_digits and a power of ten, sorting
 * cost more (bench/callgrind's sort_money, PostgreSQL 18).
 */
inline int64_t abbreviated_magnitude(int biased_weight, const unsigned char* digits, int n) {
    static_assert(kAbbrevGroups == 3, "three digits");
    const int64_t d0 = load_u16(digits), d1 = n > 1 ? load_u16(digits + 2) : 0, d2 = n > 2 ? load_u16(digits + 4) : 0;
    return (static_cast<int64_t>(biased_weight) << kAbbrevDigitBits) | ((d0 * kBase + d1) * kBase + d2);
}

/*
 * abbreviated_key of a body in the 2-byte-header form with a nonzero leading digit (or zero),
 * without decoding it; false for anything else.  The body must be at least 2 bytes.
 */
inline bool short_abbreviated_key(const unsigned char* body, size_t len, int64_t* key) {
    const uint16_t h = load_u16(body);
    const int n = static_cast<int>((len - 2) / 2);
    if ((h & kSignMask) != kShort)
        return false;
    if (n == 0) {
        *key = 0;
        return true;
    }
    if (load_u16(body + 2) == 0)
        return false;
    const int64_t magnitude = abbreviated_magnitude(short_weight(h) + kAbbrevWeightBias, body + 2, n);
    *key = (h & kShortSignBit) ? -magnitude : magnitude;
    return true;
}

/*
 * short_abbreviated_key of a body of at least 8 bytes (three digit groups or more: ids of 9 to
 * 12 digits and more, money values), whose length then needs no test: the same key.
 */
inline bool short_abbreviated_key_3(const unsigned char* body, int64_t* key) {
    const uint16_t h = load_u16(body), lead = load_u16(body + 2);
    if (((h & kSignMask) != kShort) | (lead == 0))
        return false;
    const int64_t magnitude = abbreviated_magnitude(short_weight(h) + kAbbrevWeightBias, body + 2, kAbbrevGroups);
    *key = (h & kShortSignBit) ? -magnitude : magnitude;
    return true;
}

}   // namespace fastnumeric
