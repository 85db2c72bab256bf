/*
 * short_arith.hpp — + - * of two small values without decoding them.
 *
 * The common operands (money, quantities, counters) are 2-byte-header bodies of at most
 * four base-10000 digits.  Read as integers aligned on their lowest digit group, their sum
 * fits int64 (4 groups: below 2 * 10^16) and their product 128 bits (below 10^32); the
 * result body is written straight from that integer.  Anything else (long headers,
 * specials, more digits, a result needing the long header or a dscale above 63) is
 * declined, and the caller takes the general path (digit_arith.hpp), which gives the
 * same bytes.  Results follow numeric's rules: + and - keep the larger dscale, * the sum of
 * the dscales; digits are stripped; zero is positive with weight 0.
 *
 * Two entry points per operator:
 *   add_short_bodies / multiply_short_bodies   every small result, into kShortBodyBytes;
 *   add_short_narrow / multiply_short_narrow   the per-row case only: nonzero operands and a
 *       nonzero result of at most four groups, into kNarrowBodyBytes.  Everything else is
 *       declined to the former.  Kept apart because the rare cases (zero, a 128-bit
 *       product) cost the per-row case registers and branches (measured with callgrind).
 * Both return the body size, or 0 to decline; they write whole words, so `out` must hold
 * the stated number of bytes whatever the size.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

constexpr int kNarrowBodyBytes = 2 + 8;   // header and four groups
constexpr int kShortBodyBytes = 2 + 16;   // header and eight groups (products below 10^32)

/* A body of two to six groups in registers: `head` holds the header (bits 0-15), the first
   group (16-31) and the body's size (from 32); `lanes` the four groups after the first, as a
   lane word. */
struct FiveGroupBody {
    static constexpr size_t kMaxBytes = 2 + 2 * 5;
    uint64_t head;
    uint64_t lanes;
};

/* Store a FiveGroupBody (kMaxBytes); its size. */
inline int store_five_group_body(const FiveGroupBody& b, unsigned char* out) {
    store_u16(out, static_cast<uint16_t>(b.head));
    store_u16(out + 2, static_cast<uint16_t>(b.head >> 16));
    std::memcpy(out + 4, &b.lanes, 8);
    return static_cast<int>(b.head >> 32);
}

namespace short_arith_detail {

constexpr int kMaxGroups = kSmallShortGroups;   // kInt64Groups: sums of two stay in int64
constexpr uint64_t kTenTo8 = power_of_base(2);
constexpr uint64_t kTenTo16 = power_of_base(kMaxGroups);

/*
 * Four groups are handled as one word of 16-bit lanes in memory order ("lane word"): lane 0
 * is the group stored first.  Stripping then counts zero bits instead of looping.
 */
inline uint64_t lane(uint64_t group, int i) { return group << (kLittleEndian ? 16 * i : 48 - 16 * i); }

/* Groups of a nonzero lane word before its first nonzero one. */
inline int zero_lanes_before(uint64_t w) { return (kLittleEndian ? __builtin_ctzll(w) : __builtin_clzll(w)) >> 4; }

/* Groups of a nonzero lane word up to and including its last nonzero one. */
inline int lanes_kept(uint64_t w) {
    return kLittleEndian ? ((63 - __builtin_clzll(w)) >> 4) + 1 : 4 - (__builtin_ctzll(w) >> 4);
}

/* The word with its first k lanes dropped (0 <= k < 4), the rest moved forward. */
inline uint64_t drop_lanes(uint64_t w, int k) { return kLittleEndian ? w >> (16 * k) : w << (16 * k); }

/* The two groups of h < 10^8 as lanes 0 and 1 of a word (little-endian: h's quotient and remainder). */
inline uint64_t two_group_lanes(uint32_t h) {
    const uint32_t q = h / kBase;
    if (kLittleEndian)   // q | (h - q * 10000) << 16, with one multiplication
        return (static_cast<uint64_t>(h) << 16) - static_cast<uint64_t>(q) * (kBase * 65536u - 1);
    return lane(q, 0) | lane(h - q * kBase, 1);
}

/* The four base-10000 groups of m < 10^16 (leading zero groups included), as a lane word. */
inline uint64_t four_group_lanes(uint64_t m) {
    const uint64_t high = m / kTenTo8;   // below 10^8
    const uint64_t h = two_group_lanes(static_cast<uint32_t>(high));
    const uint64_t l = two_group_lanes(static_cast<uint32_t>(m - high * kTenTo8));
    return kLittleEndian ? h | l << 32 : h | l >> 32;
}

/* The n (1 to 4) digit groups at d as a lane word, the lanes after them zero. */
inline uint64_t group_lanes(const unsigned char* d, int n) {
    const auto g = [d](int i) -> uint64_t { return lane(load_u16(d + 2 * i), i); };
    if (n == 2)
        return g(0) | g(1);
    if (n == 1)
        return g(0);
    if (n == 3)
        return g(0) | g(1) | g(2);
    return g(0) | g(1) | g(2) | g(3);
}

/* Store a header word and a lane word: kNarrowBodyBytes. */
inline void store_header_and_lanes(unsigned char* out, uint32_t header, uint64_t lanes) {
    store_u16(out, static_cast<uint16_t>(header));
    std::memcpy(out + 2, &lanes, 8);
}

/*
 * The body of ±m * 10000^low, 0 < m < 10^16, with `sign` and `dscale` (bits in place): the
 * four groups split off by one 64-bit and two 32-bit divisions by constants, the leading and
 * trailing zero groups counted from the lane word's zero bits (stripping without a loop).
 * Measured against a division loop and a store loop: about half the instructions on
 * money-sized results.
 */
__attribute__((always_inline)) inline int write_narrow(uint64_t m, uint32_t sign, int low, uint32_t dscale,
                                                       unsigned char* out) {
    const uint64_t w = four_group_lanes(m);
    const int before = zero_lanes_before(w);
    const uint32_t header = short_header_word(low + 3 - before, sign, dscale);
    if (header == 0)
        return 0;
    const uint64_t lanes = drop_lanes(w, before);
    store_header_and_lanes(out, header, lanes);
    return 2 + 2 * lanes_kept(lanes);
}

/* Zero with dscale bits `dscale`: no digits, positive, weight 0 (lanes written as zeros). */
inline int write_zero(uint32_t dscale, unsigned char* out) {
    const uint32_t header = short_header_word(0, 0, dscale);
    if (header == 0)
        return 0;
    store_header_and_lanes(out, header, 0);
    return 2;
}

/*
 * The body of ±(top * 10^16 + bottom) * 10000^low, 0 < top < 10^16, bottom < 10^16: five to
 * eight groups, into kShortBodyBytes.
 */
inline int write_wide(uint64_t top, uint64_t bottom, uint32_t sign, int low, uint32_t dscale, unsigned char* out) {
    uint64_t w0 = four_group_lanes(top), w1 = four_group_lanes(bottom);
    const int before = zero_lanes_before(w0);
    if (before != 0) {   // move the eight lanes forward by `before`
        w0 = drop_lanes(w0, before) | (kLittleEndian ? w1 << (64 - 16 * before) : w1 >> (64 - 16 * before));
        w1 = drop_lanes(w1, before);
    }
    const uint32_t header = short_header_word(low + 7 - before, sign, dscale);
    if (header == 0)
        return 0;
    store_header_and_lanes(out, header, w0);
    std::memcpy(out + 10, &w1, 8);
    return 2 + 2 * (w1 != 0 ? 4 + lanes_kept(w1) : lanes_kept(w0));
}

/* The five groups of top * 10^16 + bottom (0 < top < 10000, bottom < 10^16) under a header
   word, trailing zero groups dropped. */
inline FiveGroupBody five_group_body(uint32_t header, uint64_t top, uint64_t bottom) {
    const uint64_t lanes = four_group_lanes(bottom);
    const uint64_t size = 2 + 2 * (lanes != 0 ? 1 + lanes_kept(lanes) : 1);
    return {header | top << 16 | size << 32, lanes};
}

/*
 * write_wide of five groups (0 < top < 10000), as quotients at numeric's 16 significant
 * digits mostly are: the four lower groups split off alone.
 */
__attribute__((always_inline)) inline int write_five(uint32_t top, uint64_t bottom, uint32_t sign, int low,
                                                     uint32_t dscale, unsigned char* out) {
    const uint32_t header = short_header_word(low + 4, sign, dscale);
    if (header == 0)
        return 0;
    return store_five_group_body(five_group_body(header, top, bottom), out);
}

/* The body of ±m * 10000^low, m below 2^64, into kShortBodyBytes. */
inline int write_result(uint64_t m, uint32_t sign, int low, uint32_t dscale, unsigned char* out) {
    if (m == 0)
        return write_zero(dscale, out);
    if (m < kTenTo16)
        return write_narrow(m, sign, low, dscale, out);
    return write_wide(m / kTenTo16, m % kTenTo16, sign, low, dscale, out);
}

/* The body of ±m * 10000^low, m below 10^32, into kShortBodyBytes; 0 when m is larger.  Inline
   in each caller: called out of line, the remainder's per-row path took more (callgrind). */
__attribute__((always_inline)) inline int write_result_128(uint128_t m, uint32_t sign, int low, uint32_t dscale,
                                                           unsigned char* out) {
    if (static_cast<uint64_t>(m >> 64) == 0)
        return write_result(static_cast<uint64_t>(m), sign, low, dscale, out);
    if (m >= power_of_ten_128(32))
        return 0;
    uint64_t bottom;
    const uint64_t top = divide_fitting_u64(m, kTenTo16, &bottom);
    return write_wide(top, bottom, sign, low, dscale, out);
}

/* The body of ±q / 10^scale with dscale `scale` (0 <= scale <= kShortDscaleMax): q padded to
   whole groups; 0 when that takes more than 128 bits or 10^32. */
inline int write_scaled(uint128_t q, uint32_t sign, int scale, unsigned char* out) {
    const int pad = (kDecDigits - scale % kDecDigits) % kDecDigits;
    if (static_cast<uint64_t>(q >> 64) == 0)   // one 64 x 64 multiplication, no overflow
        q = static_cast<uint128_t>(static_cast<uint64_t>(q)) * power_of_ten(pad);
    else if (__builtin_mul_overflow(q, power_of_ten_128(pad), &q))
        return 0;
    return write_result_128(q, sign, -(scale + pad) / kDecDigits, static_cast<uint32_t>(scale) << kShortDscaleShift,
                            out);
}

/*
 * The body of ±x*y * 10000^low for x, y < 10^16 whose product overflows 64 bits: the product
 * split at 10^16 from the halves of x and y below 10^8, in 64-bit arithmetic (no call to a
 * 128-bit division).
 */
inline int write_wide_product(uint64_t x, uint64_t y, uint32_t sign, int low, uint32_t dscale, unsigned char* out) {
    if (x >= kTenTo16 || y >= kTenTo16)
        return 0;   // only from digits above 9999, which numeric never writes
    const uint64_t x1 = x / kTenTo8, x0 = x % kTenTo8, y1 = y / kTenTo8, y0 = y % kTenTo8;
    const uint64_t middle = x1 * y0 + x0 * y1;                             // below 2 * 10^16
    const uint64_t bottom = x0 * y0 + middle % kTenTo8 * kTenTo8;          // below 2 * 10^16
    const uint64_t top = x1 * y1 + middle / kTenTo8 + bottom / kTenTo16;   // below 10^16
    return write_wide(top, bottom % kTenTo16, sign, low, dscale, out);
}

/* The sum of two nonzero values aligned on their lowest group; false when they span more than four. */
struct AlignedSum {
    uint64_t magnitude;
    uint32_t sign;
    int low;
};

inline bool aligned_sum(const SmallShortValue& x, const SmallShortValue& y, bool subtract, AlignedSum* out) {
    const int low = x.low < y.low ? x.low : y.low;
    const int high = x.high > y.high ? x.high : y.high;
    if (high - low >= kMaxGroups)
        return false;
    // Two's complement in unsigned arithmetic: no signed overflow even on corrupt digits.
    const uint64_t mx = x.digits * power_of_base(x.low - low);
    const uint64_t my = y.digits * power_of_base(y.low - low);
    const uint64_t sum = (x.negative ? 0 - mx : mx) + (y.negative != subtract ? 0 - my : my);
    const bool negative = static_cast<int64_t>(sum) < 0;
    *out = AlignedSum{negative ? 0 - sum : sum, negative ? kShortSignBit : 0u, low};
    return true;
}

/* The larger of two dscales, in place. */
inline uint32_t larger_dscale(const SmallShortValue& x, const SmallShortValue& y) {
    const uint32_t dx = x.header & kShortDscaleMask, dy = y.header & kShortDscaleMask;
    return dx > dy ? dx : dy;
}

/* The sign bits' exclusive or and the dscales' sum, in place. */
inline uint32_t product_sign(const SmallShortValue& x, const SmallShortValue& y) {
    return (x.header ^ y.header) & kShortSignBit;
}
inline uint32_t product_dscale(const SmallShortValue& x, const SmallShortValue& y) {
    return (x.header & kShortDscaleMask) + (y.header & kShortDscaleMask);
}

}   // namespace short_arith_detail

/* a + b, or a - b when `subtract`, any small result; 0: take the general path. */
inline int add_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, bool subtract,
                            unsigned char out[kShortBodyBytes]) {
    using namespace short_arith_detail;
    SmallShortValue x, y;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y))
        return 0;
    const uint32_t dscale = larger_dscale(x, y);
    if (x.digits == 0 || y.digits == 0) {   // zero takes no part in the alignment
        const SmallShortValue& other = x.digits == 0 ? y : x;
        const bool negative = x.digits == 0 ? y.negative != subtract : x.negative;
        return write_result(other.digits, negative ? kShortSignBit : 0, other.low, dscale, out);   // 0 + 0: zero
    }
    AlignedSum s;
    if (!aligned_sum(x, y, subtract, &s))
        return 0;
    return write_result(s.magnitude, s.sign, s.low, dscale, out);
}

/* add_short_bodies when both operands and the result are nonzero, of at most four groups; else 0. */
__attribute__((always_inline)) inline int add_short_narrow(const unsigned char* a, size_t alen, const unsigned char* b,
                                                           size_t blen, bool subtract,
                                                           unsigned char out[kNarrowBodyBytes]) {
    using namespace short_arith_detail;
    SmallShortValue x, y;
    AlignedSum s;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y) || x.digits == 0 || y.digits == 0 ||
        !aligned_sum(x, y, subtract, &s) || s.magnitude - 1 >= kTenTo16 - 1)
        return 0;
    return write_narrow(s.magnitude, s.sign, s.low, larger_dscale(x, y), out);
}

/*
 * a * b, any small result; 0: take the general path.  A sum of products multiplies into a
 * Scaled128 (sum_accum.hpp's short_product: sign and dscale as numbers, the magnitude in 128
 * bits); this product keeps its own (sign and dscale as header bits, the magnitude in 64
 * bits, split only when it overflows), the per-row path of money-sized products, which took
 * more through the sum's product (bench/results/short-product-callgrind-20261202.md).
 */
inline int multiply_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen,
                                 unsigned char out[kShortBodyBytes]) {
    using namespace short_arith_detail;
    SmallShortValue x, y;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y))
        return 0;
    const uint32_t sign = product_sign(x, y), dscale = product_dscale(x, y);
    const int low = x.low + y.low;
    uint64_t product;
    if (!__builtin_mul_overflow(x.digits, y.digits, &product))
        return write_result(product, sign, low, dscale, out);
    return write_wide_product(x.digits, y.digits, sign, low, dscale, out);
}

/* multiply_short_bodies when the product is nonzero and below 10^16; else 0. */
__attribute__((always_inline)) inline int multiply_short_narrow(const unsigned char* a, size_t alen,
                                                                const unsigned char* b, size_t blen,
                                                                unsigned char out[kNarrowBodyBytes]) {
    using namespace short_arith_detail;
    SmallShortValue x, y;
    uint64_t product;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y) ||
        __builtin_mul_overflow(x.digits, y.digits, &product) || product - 1 >= kTenTo16 - 1)
        return 0;
    return write_narrow(product, product_sign(x, y), x.low + y.low, product_dscale(x, y), out);
}

}   // namespace fastnumeric
