/*
 * compact_decimal.hpp — the fast text input path for compact decimals.
 *
 * Money, quantities and COPY fields are mostly compact decimals: [-]digits[.digits] of at
 * most 16 characters, at most eight before the point and eight digits after it.  Such a text
 * is checked and converted a machine word at a time (SWAR: SIMD within a register) straight
 * into the four base-10000 digits around the point, with no loop over its characters.
 * Everything else is declined, and the general parser (decimal_parse.hpp) takes it: spaces,
 * '+', more digits on a side, anything that is not a plain decimal.
 */
#pragma once

#include <cstdint>
#include <cstring>

#include "core/numeric_layout.hpp"

/*
 * For the functions that read past the text (see scan_compact_decimal): exempt from
 * AddressSanitizer, and under it kept out of line, since code inlined into an instrumented
 * caller is instrumented again.
 */
#if defined(__SANITIZE_ADDRESS__)
#define FASTNUMERIC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FASTNUMERIC_ASAN 1
#endif
#endif
#ifdef FASTNUMERIC_ASAN
#define FASTNUMERIC_READS_PAST_TEXT __attribute__((noinline, no_sanitize("address")))
#else
#define FASTNUMERIC_READS_PAST_TEXT __attribute__((always_inline, no_sanitize("address")))
#endif

namespace fastnumeric {

/* A value of at most four base-10000 digits around the point, not stripped. */
struct CompactDecimal {
    uint64_t groups;   // 16-bit lanes, the first lowest, worth 10000^1, 10000^0, 10000^-1, 10000^-2
    int dscale;        // digits written after the point
    bool negative;
};
constexpr int kCompactDecimalWeight = 1;   // of the first lane

namespace compact_decimal_detail {

constexpr uint64_t kBytes(unsigned char b) { return 0x0101010101010101ull * b; }

/* Masks of the low or the top k bytes of a word (k in 0..8), read from a sliding window. */
constexpr unsigned char kWindow[24] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0,    0,    0,    0,
                                       0,    0,    0,    0,    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
inline uint64_t low_bytes(unsigned k) { return load_le64(kWindow + 8 - k); }
inline uint64_t top_bytes(unsigned k) { return load_le64(kWindow + 8 + k); }

/*
 * Bit 7 of each byte of w that is no ASCII digit (its value ^ '0' is above 9), and maybe of
 * a '9' right above a byte that is none: the sum carries out of a byte whose value ^ '0' is
 * 0x89 or more.  The first flag is always right, and so is the next one after a point.
 */
inline uint64_t nondigits(uint64_t w) {
    const uint64_t x = w ^ kBytes('0');
    return ((x + kBytes(0x76)) | x) & kBytes(0x80);
}

/*
 * Eight digit values, one per byte with the first lowest, as two base-10000 digits in the
 * high half: the first four digits in bits 32-47, the last four in bits 48-63.  Pairs of
 * digits first (10a + b, in 16-bit lanes), then pairs of pairs (100ab + cd, in the high
 * halves of 32-bit lanes), then both side by side; no lane overflows.
 */
inline uint64_t two_groups_high(uint64_t v) {
    v = (v * (1 + (10 << 8)) >> 8) & 0x00FF00FF00FF00FFull;
    v = (v * (1 + (100 << 16))) & 0xFFFF0000FFFF0000ull;
    return v * (1 + (1ull << 16));
}

/*
 * scan_compact_decimal on a text of which the 8 bytes before it and the 17 from it may be
 * read, whatever they hold.  The NUL and the point are found as the first bytes that are no
 * digit; the digits before the point are read as the word that ends at the point, those
 * after it as the word that starts after it, and what is not theirs is masked off.
 */
FASTNUMERIC_READS_PAST_TEXT inline bool scan_readable(const char* text, CompactDecimal* out) {
    uint64_t w0 = load_le64(text);
    const bool negative = (w0 & 0xFF) == '-';
    if (negative)
        w0 ^= '-' ^ '0';   // the sign reads as a digit, and is masked off below
    // the first byte that is no digit ends the digits before the point: the point or the NUL
    const uint64_t f0 = nondigits(w0);
    const unsigned end = f0 != 0 ? static_cast<unsigned>(__builtin_ctzll(f0)) / 8 : 8;
    unsigned length = end, fraction = 0;
    if (text[end] == '.') {   // then the next one
        const uint64_t rest = f0 & (f0 - 1);
        if (rest != 0) {
            length = static_cast<unsigned>(__builtin_ctzll(rest)) / 8;
        } else {
            uint64_t f1 = nondigits(load_le64(text + 8));
            if (end == 8)
                f1 &= f1 - 1;
            length = f1 != 0 ? 8 + static_cast<unsigned>(__builtin_ctzll(f1)) / 8 : 16;
        }
        fraction = length - end - 1;
    }
    // the next non-digit must end the text; at least one digit
    if (text[length] != '\0' || fraction > 8 || end - negative + fraction == 0)
        return false;
    const uint64_t before = (load_le64(text + end - 8) ^ kBytes('0')) & top_bytes(end - negative);
    const uint64_t after = (load_le64(text + end + 1) ^ kBytes('0')) & low_bytes(fraction);
    out->groups = two_groups_high(before) >> 32 | (two_groups_high(after) & 0xFFFFFFFF00000000ull);
    out->dscale = static_cast<int>(fraction);
    out->negative = negative;
    return true;
}

/* scan_readable on a copy of a text that lies too near the edge of a 4 kB block. */
__attribute__((noinline)) inline bool scan_copy(const char* text, CompactDecimal* out) {
    char copy[8 + 17] = {};
    for (unsigned i = 0; text[i] != '\0'; ++i) {
        if (i == 16)
            return false;   // longer than any text scan_readable accepts
        copy[8 + i] = text[i];
    }
    return scan_readable(copy + 8, out);
}

}   // namespace compact_decimal_detail

/*
 * Recognises [-]digits[.digits] of at most 16 characters, with at most 8 (the sign counts)
 * before the point, at most 8 digits after it, and at least one digit.  False: not that
 * shape (the text may still be a plain decimal: let the general parser see it).
 *
 * Reads words around the text whatever its length, from 8 bytes before it to 16 bytes
 * after its start, so past its NUL, but never outside the 4 kB-aligned block it starts in
 * (a text near the block's edge is copied first).  Memory is mapped in whole pages, every
 * page size is a multiple of 4 kB, so those reads cannot fault; what they bring that is not
 * the text's is masked off, never looked at.  AddressSanitizer cannot know that, hence the
 * exemption; the tests give texts exactly sized buffers, at every offset in a block and
 * against a guard page.
 */
__attribute__((always_inline)) inline bool scan_compact_decimal(const char* text, CompactDecimal* out) {
    constexpr uintptr_t kBlock = 4096;
    const uintptr_t offset = reinterpret_cast<uintptr_t>(text) & (kBlock - 1);
    if (offset - 8 > kBlock - (8 + 17))   // fewer than 8 bytes before or 17 from the text
        return compact_decimal_detail::scan_copy(text, out);
    return compact_decimal_detail::scan_readable(text, out);
}

/*
 * Writes numeric's body of a CompactDecimal (its typmod applied, if any: compact_decimal_typmod)
 * into out[0..10) and returns its size (2..10; the bytes after it are zero): stripped,
 * always the 2-byte header (the weight is within -2..1, the dscale at most 63).
 * Fused on purpose: the strip is two bit scans on the lanes.  Through compact_decimal_digits,
 * strip() and the general encoder (finite_datum), bench/callgrind's copy_from on PostgreSQL
 * 18 measured more instructions per row than this way.
 */
inline int write_compact_decimal_body(const CompactDecimal& s, unsigned char* out) {
    uint64_t g = s.groups;
    if (g == 0) {   // zero: positive, weight 0, no digits
        store_u16(out, short_header(false, 0, s.dscale));
        store_lanes(out + 2, 0);
        return 2;
    }
    const int lead = __builtin_ctzll(g) / 16;   // leading zero digits
    g >>= 16 * lead;
    store_u16(out, short_header(s.negative, kCompactDecimalWeight - lead, s.dscale));
    store_lanes(out + 2, g);
    return 2 + 2 * ((64 + 15 - __builtin_clzll(g)) / 16);   // up to the last nonzero digit
}
constexpr int kCompactDecimalBodyBytes = 10;

}   // namespace fastnumeric
