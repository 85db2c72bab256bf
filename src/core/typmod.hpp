/*
 * typmod.hpp — numeric's typmod on input: decoded, and applied the way numeric's
 * apply_typmod does (round half away from zero at the typmod's scale, then the precision
 * check that raises "numeric field overflow").
 *
 * It applies to a DecimalDigits, the value text input (decimal_parse.hpp) and binary input
 * (wire_format.hpp) both build, and to a compact decimal (compact_decimal.hpp) on its lanes
 * when it needs no rounding.  The rules here are the ones both inputs share.
 */
#pragma once

#include <cstdint>

#include "core/compact_decimal.hpp"
#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* Decimal digits on each side of the point the text parser accepts; longer input declines.
 * DecimalDigits holds the base-10000 digits of both sides. */
constexpr int kMaxFastDecimalDigits = 1000;
constexpr int kMaxFastGroups = 2 * ((kMaxFastDecimalDigits + kDecDigits - 1) / kDecDigits);

/* numeric's typmod: ((precision << 16) | (scale & 0x7FF)) + VARHDRSZ; below VARHDRSZ = none. */
struct Typmod {
    bool present;
    int precision;
    int scale;   // may be negative, or larger than precision (PostgreSQL 15)
};

constexpr int32_t kTypmodOffset = 4;   // PostgreSQL's VARHDRSZ, part of the encoding

/* A typmod of at least kTypmodOffset (one with a precision and a scale). */
inline Typmod decode_present_typmod(int32_t typmod) {
    const int32_t t = typmod - kTypmodOffset;
    return Typmod{true, (t >> 16) & 0xFFFF, ((t & 0x7FF) ^ 1024) - 1024};
}

inline Typmod decode_typmod(int32_t typmod) {
    return typmod < kTypmodOffset ? Typmod{false, 0, 0} : decode_present_typmod(typmod);
}

/* A typmod's precision and scale where it has both and the scale is 0 to 63; false otherwise.
   One test: the typmod less kTypmodOffset has its sign bit and the scale's bits 6 to 10 clear. */
inline bool decode_small_scale_typmod(int32_t typmod, int* precision, int* scale) {
    const uint32_t t = static_cast<uint32_t>(typmod) - kTypmodOffset;
    if ((t & 0x800007C0u) != 0)
        return false;
    *precision = static_cast<int>(t >> 16);
    *scale = static_cast<int>(t & 0x3F);
    return true;
}

/*
 * A finite value being built.  Digits live in `storage` from index `first`; index 0 is kept
 * free so that a rounding carry out of the top digit needs no move.
 * Plain data: it lives on the stack of a function that may ereport afterwards.
 */
struct DecimalDigits {
    bool negative;
    int weight;
    int dscale;
    int ndigits;
    int first;
    uint16_t storage[kMaxFastGroups + 1];

    const uint16_t* digits() const { return storage + first; }
    FiniteValue value() const { return FiniteValue{negative, weight, dscale, digits(), ndigits}; }
};

/*
 * The rules the text and binary inputs share, on a value that may still carry leading and
 * trailing zero digits (and needs `first` >= 1: a carry takes the slot in front).
 */

/* Round to `scale` decimal places, half away from zero (numeric's round_var); a negative
 * scale rounds left of the point.  Leaves the value unstripped and dscale unchanged. */
void round_to_scale(DecimalDigits* v, int scale);

/* The same cut, truncating toward zero (numeric's trunc_var). */
void truncate_to_scale(DecimalDigits* v, int scale);

/* numeric's make_result: drop leading and trailing zero digits; zero is positive, weight 0. */
void strip(DecimalDigits* v);

/*
 * numeric's apply_typmod for a present typmod, then strip: round to the typmod's scale, take
 * dscale max(scale, 0), check the precision.  False: numeric raises "numeric field overflow".
 */
bool apply_typmod(DecimalDigits* v, Typmod typmod);

/* Decimal digits in a leading base-10000 digit (1..4); 0 counts as one. */
inline int decimal_length(uint16_t d) { return d >= 1000 ? 4 : d >= 100 ? 3 : d >= 10 ? 2 : 1; }

/*
 * apply_typmod's precision check of a stripped nonzero value, given its weight and leading
 * digit: at most precision - scale digits before the point (negative: that many zeros after
 * it, the scale being above the precision).
 */
inline bool fits_precision(int weight, uint16_t leading, Typmod typmod) {
    return weight * kDecDigits + decimal_length(leading) <= typmod.precision - typmod.scale;
}

/*
 * apply_typmod on a CompactDecimal when it needs no rounding: the typmod's scale is no less
 * than the digits written after the point (and within the 2-byte header's dscale), so the
 * value keeps its digits, takes the scale as dscale, and only the precision is checked.
 * False: rounding is needed (let apply_typmod do it) or the value overflows (numeric_in
 * raises the error).  A shortcut beside apply_typmod on purpose: on COPY into a typmod'd
 * column it costs less than half of compact_decimal_digits followed by apply_typmod
 * (bench/callgrind).
 */
inline bool compact_decimal_typmod(Typmod typmod, CompactDecimal* s) {
    if (typmod.scale < s->dscale || typmod.scale > kShortDscaleMax)
        return false;
    if (s->groups != 0) {
        const int lead = __builtin_ctzll(s->groups) / 16;
        if (!fits_precision(kCompactDecimalWeight - lead, static_cast<uint16_t>(s->groups >> (16 * lead)), typmod))
            return false;
    }
    s->dscale = typmod.scale;
    return true;
}

}   // namespace fastnumeric
