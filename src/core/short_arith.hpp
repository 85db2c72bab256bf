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
 */
#pragma once

#include <cstdint>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/*
 * A result body: header and up to 8 digit groups (a product of two small values is below
 * 10^32).  Only the first `size` bytes are the body.
 */
struct ShortBody {
    unsigned char bytes[2 + 2 * 8];
    int size;
};

namespace short_arith_detail {

constexpr int kMaxGroups = kSmallShortGroups;   // 10000^4 = 10^16: sums of two stay below 2^63
constexpr uint64_t kGroupPower[kMaxGroups] = {1, 10000, 100000000, 1000000000000};
constexpr uint64_t kTenTo16 = 10000000000000000ull;   // 4 groups

/* Append the base-10000 groups of m (none for 0), least significant first; the new count. */
inline int append_groups(uint64_t m, uint16_t* groups, int n) {
    while (m != 0) {
        const uint64_t q = m / kBase;
        groups[n++] = static_cast<uint16_t>(m - q * kBase);
        m = q;
    }
    return n;
}

/*
 * The 2-byte header of ±(n digit groups, the lowest worth 10000^low, the highest nonzero)
 * with `dscale`; false when the value needs the long header (the general path writes that).
 */
inline bool short_result_header(int n, bool negative, int low, int dscale, uint16_t* header) {
    const int weight = n == 0 ? 0 : low + n - 1;
    if (dscale > kShortDscaleMax || weight > kShortWeightMax || weight < kShortWeightMin)
        return false;
    *header = short_header(negative && n != 0, weight, dscale);   // zero is positive
    return true;
}

/*
 * The body of ±(groups, least significant first, the last one nonzero) * 10000^low with
 * `dscale`, stripped; false when it needs the long header.  Fused on purpose: built from
 * stripped() and encode_finite it measured 41-60 more instructions per operation.
 */
inline bool write_groups(const uint16_t* groups, int n, bool negative, int low, int dscale, ShortBody* out) {
    uint16_t h;
    if (!short_result_header(n, negative, low, dscale, &h))
        return false;
    int first = 0;   // trailing zero groups are stripped
    while (first < n && groups[first] == 0)
        ++first;
    store_u16(out->bytes, h);
    unsigned char* p = out->bytes + 2;
    for (int i = n - 1; i >= first; --i, p += 2)
        store_u16(p, groups[i]);
    out->size = static_cast<int>(p - out->bytes);
    return true;
}

/*
 * write_groups of a magnitude below 10^16 (at most four groups), without loops: a magnitude
 * of one group is the group; a larger one is split by at most one 64-bit division (into
 * halves below 10^8) and 32-bit ones.  The groups are stored as one block from which the
 * body takes the n - first it needs.  The division loop and the store loop cost about twice
 * the instructions on money-sized results.
 */
__attribute__((always_inline)) inline bool write_four_groups(uint64_t m, bool negative, int low, int dscale,
                                                             ShortBody* out) {
    uint16_t block[8] = {};   // most significant first; eight, for the block copy below
    int n;
    if (m < kGroupPower[1]) {   // integers and counters: one group, or zero
        block[3] = static_cast<uint16_t>(m);
        n = m != 0;
    } else {
        uint32_t h = 0, l = static_cast<uint32_t>(m);
        if (m >= kGroupPower[2]) {
            const uint64_t high = m / kGroupPower[2];
            h = static_cast<uint32_t>(high);
            l = static_cast<uint32_t>(m - high * kGroupPower[2]);
        }
        block[0] = static_cast<uint16_t>(h / kBase);
        block[1] = static_cast<uint16_t>(h % kBase);
        block[2] = static_cast<uint16_t>(l / kBase);
        block[3] = static_cast<uint16_t>(l % kBase);
        n = m >= kGroupPower[3] ? 4 : m >= kGroupPower[2] ? 3 : 2;
    }
    int kept = n;   // trailing zero groups are stripped
    while (kept > 0 && block[3 - (n - kept)] == 0)
        --kept;
    uint16_t header;
    if (!short_result_header(n, negative, low, dscale, &header))
        return false;
    store_u16(out->bytes, header);
    std::memcpy(out->bytes + 2, block + (4 - n), 8);
    out->size = 2 + 2 * kept;
    return true;
}

/* write_groups of a machine-integer magnitude. */
__attribute__((always_inline)) inline bool write_result(uint64_t magnitude, bool negative, int low, int dscale, ShortBody* out) {
    if (magnitude < kTenTo16)
        return write_four_groups(magnitude, negative, low, dscale, out);
    uint16_t groups[5];
    return write_groups(groups, append_groups(magnitude, groups, 0), negative, low, dscale, out);
}

/* write_result of a magnitude of 2^64 up to 10^32: split at 10^16 by one 128-bit division. */
inline bool write_wide_result(unsigned __int128 magnitude, bool negative, int low, int dscale, ShortBody* out) {
    const uint64_t high = static_cast<uint64_t>(magnitude / kTenTo16);   // nonzero: magnitude >= 2^64
    uint64_t rest = static_cast<uint64_t>(magnitude - static_cast<unsigned __int128>(high) * kTenTo16);
    uint16_t groups[8];
    for (int i = 0; i < kMaxGroups; ++i) {   // all four groups below 10^16, zeros included
        const uint64_t q = rest / kBase;
        groups[i] = static_cast<uint16_t>(rest - q * kBase);
        rest = q;
    }
    return write_groups(groups, append_groups(high, groups, kMaxGroups), negative, low, dscale, out);
}

}  // namespace short_arith_detail

/* a + b, or a - b when `subtract`; false: take the general path. */
inline bool add_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b,
                             size_t blen, bool subtract, ShortBody* out) {
    using namespace short_arith_detail;
    SmallShortValue x, y;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y))
        return false;
    const int dscale = x.dscale > y.dscale ? x.dscale : y.dscale;
    if (x.digits == 0 || y.digits == 0) {   // zero takes no part in the alignment
        const SmallShortValue& other = x.digits == 0 ? y : x;
        const bool negative = x.digits == 0 ? y.negative != subtract : x.negative;
        return write_result(other.digits, negative, other.low, dscale, out);
    }
    const int low = x.low < y.low ? x.low : y.low;
    const int high = x.high > y.high ? x.high : y.high;
    if (high - low >= kMaxGroups)
        return false;
    // Two's complement in unsigned arithmetic: no signed overflow even on corrupt digits.
    const uint64_t mx = x.digits * kGroupPower[x.low - low];
    const uint64_t my = y.digits * kGroupPower[y.low - low];
    const uint64_t sum = (x.negative ? 0 - mx : mx) + (y.negative != subtract ? 0 - my : my);
    const bool negative = static_cast<int64_t>(sum) < 0;
    return write_result(negative ? 0 - sum : sum, negative, low, dscale, out);
}

/* a * b; false: take the general path. */
inline bool multiply_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b,
                                  size_t blen, ShortBody* out) {
    using namespace short_arith_detail;
    SmallShortValue x, y;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y))
        return false;
    const bool negative = x.negative != y.negative;
    uint64_t product;
    if (__builtin_expect(!__builtin_mul_overflow(x.digits, y.digits, &product), 1))
        return write_result(product, negative, x.low + y.low, x.dscale + y.dscale, out);
    // both below 10^16: the product is below 10^32
    return write_wide_result(static_cast<unsigned __int128>(x.digits) * y.digits, negative, x.low + y.low,
                             x.dscale + y.dscale, out);
}

}  // namespace fastnumeric
