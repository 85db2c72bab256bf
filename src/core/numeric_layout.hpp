/*
 * numeric_layout.hpp — the on-disk layout of PostgreSQL's numeric, in plain C++.
 *
 * A fastnumeric datum is a numeric datum, byte for byte (docs/architecture.md).  This header
 * is the one place that knows that layout; it describes the body that follows the varlena
 * header (the pg layer owns the varlena header itself).
 *
 * Words used throughout src/core:
 *   body       the bytes after the varlena header: numeric's header word(s), then the digits.
 *   short      numeric's 2-byte header form (NUMERIC_SHORT), against its 4-byte "long" form.
 *              Never PostgreSQL's 1-byte varlena header (a "short varlena" in its sources),
 *              which this code calls the 1-byte header: stored values mostly have one, in
 *              front of either form.
 *   special    NaN, +Infinity or -Infinity: a header word alone.
 *   digit      a base-10000 digit (an int16, 0..9999), also "digit group" or "group"; a base-10
 *              digit is a "decimal".
 *   weight     the power of 10000 the first digit is worth.
 *   low        the power of 10000 the last digit held is worth: a value in machine integers is
 *              value × 10000^low (scaled_value.hpp).
 *   dscale     the number of decimals shown after the point.
 *   stripped   no leading or trailing zero digit; zero has no digits, weight 0, positive.
 *   canonical  exactly what numeric stores: stripped, in the short form whenever it fits.
 *
 * Body forms, chosen by the top two bits of the first uint16:
 *   short   (0x8000): uint16 header = sign 0x2000 | dscale<<7 (6 bits) | weight (7-bit signed),
 *                     then the base-10000 digits;
 *   long    (0x0000 positive, 0x4000 negative): uint16 sign|dscale (14 bits), int16 weight,
 *                     then the digits;
 *   special (0xC000): NaN 0xC000, +Infinity 0xD000, -Infinity 0xF000, header only.
 *
 * Digits are read with memcpy because datums with a 1-byte varlena header are read where
 * they lie, at odd addresses.
 */
#pragma once

#ifdef POSTGRES_H
#error "src/core must not see PostgreSQL headers"
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/byte_order.hpp"
#include "core/int128.hpp"

namespace fastnumeric {

constexpr int kDecDigits = 4;   // decimal digits per base-10000 digit
constexpr int kBase = 10000;

constexpr uint16_t kSignMask = 0xC000;
constexpr uint16_t kPositive = 0x0000;
constexpr uint16_t kNegative = 0x4000;
constexpr uint16_t kShort = 0x8000;
constexpr uint16_t kSpecial = 0xC000;

constexpr uint16_t kExtSignMask = 0xF000;   // special values use two more bits
constexpr uint16_t kNaN = 0xC000;
constexpr uint16_t kPosInf = 0xD000;
constexpr uint16_t kNegInf = 0xF000;

constexpr uint16_t kShortSignBit = 0x2000;
constexpr uint16_t kShortDscaleMask = 0x1F80;
constexpr int kShortDscaleShift = 7;
constexpr int kShortDscaleMax = 0x3F;
constexpr uint16_t kShortWeightSignBit = 0x0040;
constexpr uint16_t kShortWeightMask = 0x003F;
constexpr int kShortWeightMax = 63;
constexpr int kShortWeightMin = -64;

constexpr uint16_t kLongDscaleMask = 0x3FFF;
constexpr int kDscaleMax = 0x3FFF;
constexpr int kWeightMax = 32767;
constexpr int kWeightMin = -32768;

enum class Kind : uint8_t { Finite, NaN, PosInf, NegInf };

inline uint16_t load_u16(const unsigned char* p) {
    uint16_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline void store_u16(unsigned char* p, uint16_t v) { std::memcpy(p, &v, sizeof v); }

/* A body decode_numeric accepts: long enough for the header its first word announces. */
inline bool body_is_valid(const unsigned char* body, size_t len) {
    if (len < 2)
        return false;
    const uint16_t form = load_u16(body) & kSignMask;
    return form == kShort || form == kSpecial || len >= 4;
}

/* The 7-bit two's-complement weight of a 2-byte header, sign-extended (two shifts). */
inline int short_weight(uint16_t h) { return static_cast<int32_t>(static_cast<uint32_t>(h) << 25) >> 25; }

/* A decoded numeric body; digits still point into the datum (no copy). */
struct NumericView {
    Kind kind;
    bool negative;
    int weight;
    int dscale;
    int ndigits;
    const unsigned char* digits;   // ndigits int16 values in native byte order, maybe unaligned

    int digit(int i) const { return static_cast<int16_t>(load_u16(digits + 2 * i)); }
    bool is_zero() const { return kind == Kind::Finite && ndigits == 0; }
};

/* Digit groups after the point a finite value has (zero for an integer). */
inline int fraction_groups(const NumericView& v) {
    const int f = v.ndigits - 1 - v.weight;
    return f > 0 ? f : 0;
}

/* Decode a body of `len` bytes.  Returns false when it is too short to be a numeric. */
inline bool decode_numeric(const unsigned char* body, size_t len, NumericView* out) {
    if (!body_is_valid(body, len))
        return false;
    const uint16_t h = load_u16(body);
    const uint16_t form = h & kSignMask;
    if (form == kSpecial) {
        const uint16_t ext = h & kExtSignMask;
        out->kind = ext == kPosInf ? Kind::PosInf : ext == kNegInf ? Kind::NegInf : Kind::NaN;
        out->negative = ext == kNegInf;
        out->weight = out->dscale = out->ndigits = 0;
        out->digits = body + 2;
        return true;
    }
    out->kind = Kind::Finite;
    if (form == kShort) {
        out->negative = (h & kShortSignBit) != 0;
        out->dscale = (h & kShortDscaleMask) >> kShortDscaleShift;
        out->weight = short_weight(h);
        out->digits = body + 2;
        out->ndigits = static_cast<int>((len - 2) / 2);
        return true;
    }
    out->negative = form == kNegative;
    out->dscale = h & kLongDscaleMask;
    out->weight = static_cast<int16_t>(load_u16(body + 2));
    out->digits = body + 4;
    out->ndigits = static_cast<int>((len - 4) / 2);
    return true;
}

/*
 * A 2-byte-header body of at most kSmallShortGroups digit groups read as one integer:
 * value = ±digits * 10000^low.  The per-row fast paths (short arithmetic, the sum's int128)
 * start from this instead of a NumericView.  Its own struct, not a ScaledValue with these
 * fields added: that cost / 1.35% more instructions a value
 * (bench/results/small-short-value-callgrind-20261207.md).
 */
constexpr int kSmallShortGroups = kInt64Groups;
struct SmallShortValue {
    uint64_t digits;   // the digit groups read as one base-10000 integer (0: zero)
    int low;           // position (power of 10000) of the last digit group
    int high;          // position of the first (the weight)
    int dscale;
    bool negative;
    uint32_t header;   // the header word itself: results combine its sign and dscale bits in place
};

/* The n <= kSmallShortGroups digit groups at d read as one base-10000 integer.  Always
   inline: with three factors of a sum of products GCC called an out-of-line copy (measured on
   TPC-H Q1). */
__attribute__((always_inline)) inline uint64_t small_short_digits(const unsigned char* d, int n) {
    const auto digit = [d](int i) -> uint64_t { return load_u16(d + 2 * i); };
    static_assert(kSmallShortGroups == 4, "one case per digit count");
    // Straight-line code (a loop cost twice the instructions), tested in order of frequency:
    // money values have three groups, rates and quantities one (a switch's tree cost two
    // more compares for each of them).
    if (__builtin_expect(n == 3, 1))
        return (digit(0) * kBase + digit(1)) * kBase + digit(2);
    if (n == 1)
        return digit(0);
    if (n == 2)
        return digit(0) * kBase + digit(1);
    if (n == 4)
        return ((digit(0) * kBase + digit(1)) * kBase + digit(2)) * kBase + digit(3);
    return 0;
}

/* False unless the body is a finite 2-byte-header value of at most kSmallShortGroups groups. */
inline bool read_small_short(const unsigned char* body, size_t len, SmallShortValue* out) {
    if (len < 2 || len > 2 + 2 * kSmallShortGroups)
        return false;
    const uint16_t h = load_u16(body);
    if ((h & kSignMask) != kShort)
        return false;
    const int n = static_cast<int>((len - 2) / 2);
    out->digits = small_short_digits(body + 2, n);
    out->high = short_weight(h);
    out->low = out->high - n + 1;
    out->dscale = (h & kShortDscaleMask) >> kShortDscaleShift;
    out->negative = (h & kShortSignBit) != 0;
    out->header = h;
    return true;
}

/*
 * numeric's 2-byte header from its fields in place: the sign bit `sign` (0 or kShortSignBit),
 * the highest group's weight, the dscale bits `dscale_bits` (already shifted).  The one place
 * a 2-byte header is composed; the callers below check numeric's rule for it first.
 */
inline uint32_t compose_short_header(uint32_t sign, int weight, uint32_t dscale_bits) {
    // weight & 0x7F is its 7-bit two's complement: the weight bits and the weight sign bit
    return kShort | sign | dscale_bits | (static_cast<uint32_t>(weight) & (kShortWeightSignBit | kShortWeightMask));
}

/*
 * The 2-byte header of a value whose highest group has weight `weight`, with the sign bit
 * `sign` and dscale bits `dscale` (shifted into place, as in a header); 0 when the value
 * needs the long header (can_be_short's rule).  Computed in 32 bits: 16-bit arithmetic made
 * the compiler repeat it.
 */
inline uint32_t short_header_word(int weight, uint32_t sign, uint32_t dscale) {
    if (dscale > kShortDscaleMask ||
        static_cast<uint32_t>(weight - kShortWeightMin) > kShortWeightMax - kShortWeightMin)
        return 0;
    return compose_short_header(sign, weight, dscale);
}

/* numeric's rule for picking the 2-byte header. */
inline bool can_be_short(int dscale, int weight) {
    return dscale <= kShortDscaleMax && weight <= kShortWeightMax && weight >= kShortWeightMin;
}

/*
 * numeric's 2-byte header of a finite value that can_be_short; zero must come positive
 * with weight 0.
 */
inline uint16_t short_header(bool negative, int weight, int dscale) {
    return static_cast<uint16_t>(
        compose_short_header(negative ? kShortSignBit : 0, weight, static_cast<uint32_t>(dscale) << kShortDscaleShift));
}

/* Four digits held in the 16-bit lanes of a word, the first lowest, stored in memory order. */
inline void store_lanes(unsigned char* p, uint64_t lanes) {
    if (kLittleEndian) {
        std::memcpy(p, &lanes, sizeof lanes);
        return;
    }
    for (int i = 0; i < 4; ++i)
        store_u16(p + 2 * i, static_cast<uint16_t>(lanes >> (16 * i)));
}

/* Body size of a finite value with these fields. */
inline size_t finite_body_size(int ndigits, int dscale, int weight) {
    return (can_be_short(dscale, weight) ? 2 : 4) + 2 * static_cast<size_t>(ndigits);
}

/*
 * A finite result being handed to the encoder: digits[0..ndigits) base 10000, most
 * significant first, digits[0] worth 10000^weight.  Plain data, no ownership.
 */
struct FiniteValue {
    bool negative;
    int weight;
    int dscale;
    const uint16_t* digits;
    int ndigits;
};

/* numeric's strip_var: drop leading and trailing zero digits; zero is positive, weight 0. */
inline FiniteValue stripped(FiniteValue v) {
    while (v.ndigits > 0 && v.digits[0] == 0) {
        ++v.digits;
        --v.ndigits;
        --v.weight;
    }
    while (v.ndigits > 0 && v.digits[v.ndigits - 1] == 0)
        --v.ndigits;
    if (v.ndigits == 0) {
        v.negative = false;
        v.weight = 0;
    }
    return v;
}

/* Whether a stripped value fits numeric's int16 weight and 14-bit dscale fields. */
inline bool fits_numeric_format(const FiniteValue& v) {
    return v.weight >= kWeightMin && v.weight <= kWeightMax && v.dscale >= 0 && v.dscale <= kDscaleMax;
}

/*
 * Write the body of a stripped finite value (no leading/trailing zero digit, zero has no
 * digits).  `out` must hold finite_body_size() bytes.  Zero is written positive with weight 0.
 */
inline void encode_finite(unsigned char* out, bool negative, int weight, int dscale, const uint16_t* digits,
                          int ndigits) {
    if (ndigits == 0) {
        negative = false;
        weight = 0;
    }
    unsigned char* p = out;
    if (can_be_short(dscale, weight)) {
        store_u16(p, short_header(negative, weight, dscale));
        p += 2;
    } else {
        store_u16(p, static_cast<uint16_t>((negative ? kNegative : kPositive) | (dscale & kLongDscaleMask)));
        store_u16(p + 2, static_cast<uint16_t>(static_cast<int16_t>(weight)));
        p += 4;
    }
    if (ndigits > 8) {   // long values: one copy (the digits are native uint16s already)
        std::memcpy(p, digits, 2 * static_cast<size_t>(ndigits));
        return;
    }
    for (int i = 0; i < ndigits; ++i, p += 2)   // usually a few digits: no memcpy call
        store_u16(p, digits[i]);
}

}   // namespace fastnumeric
