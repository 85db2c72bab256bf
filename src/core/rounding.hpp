/*
 * rounding.hpp — dropping decimals as numeric does, on base-10000 digits.
 *
 * round_digits is the one implementation of numeric's rounding rules: half away from zero
 * (round_var: the typmod of the input path, the product's dscale cap, round()), toward zero
 * (trunc_var: trunc()) and away from zero when anything is dropped (ceil() of a positive
 * value, floor() of a negative one).  The value functions below give what numeric_round,
 * numeric_trunc, numeric_ceil, numeric_floor, numeric_sign and numeric_trim_scale give for a
 * finite value: the same digits and dscale, stripped, ready for one encode.  They do not check
 * the weight: fits_numeric_format() says whether numeric would raise "value overflows numeric
 * format" (a carry out of the largest weight).
 */
#pragma once

#include <cstdint>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* How the dropped decimals change the kept magnitude. */
enum class RoundMode : uint8_t {
    HalfAwayFromZero,   // one unit up when the first dropped digit is 5 or more
    TowardZero,         // never up
    AwayFromZero,       // one unit up when any dropped digit is not 0
};

/*
 * Drop the decimals of digits[0..*ndigits) (digits[0] worth 10000^*weight) beyond `rscale`
 * decimals (negative: left of the point).  digits[-1] must be writable: a carry out of the
 * leading digit lands there and *digits_start moves back one.  When nothing is kept the
 * result is zero or the one unit 10^-rscale.  Not stripped.
 */
void round_digits(uint16_t** digits_start, int* ndigits, int* weight, int rscale, RoundMode mode);

/* numeric_round's and numeric_trunc's bounds on the scale argument: no result changes beyond. */
constexpr int kRoundScaleMin = -(kWeightMax + 1) * kDecDigits - 1;   // room for one carry
constexpr int kTruncScaleMin = -(kWeightMax + 1) * kDecDigits;
constexpr int kRoundScaleMax = kDscaleMax;

/* Digits a result of the functions below may need in `buffer`. */
inline int rounding_buffer_digits(const NumericView& v) { return v.ndigits + 1; }

/* round(v, scale), trunc(v, scale), ceil(v), floor(v) of a finite v. */
FiniteValue round_value(const NumericView& v, int32_t scale, uint16_t* buffer);
FiniteValue trunc_value(const NumericView& v, int32_t scale, uint16_t* buffer);
FiniteValue ceil_value(const NumericView& v, uint16_t* buffer);
FiniteValue floor_value(const NumericView& v, uint16_t* buffer);

/* sign(v) of a value that is not NaN (infinities have a sign): -1, 0 or 1, dscale 0. */
FiniteValue sign_value(const NumericView& v);

/* The fewest decimals that show v exactly (numeric's get_min_scale), and trim_scale(v). */
int min_scale(const NumericView& v);
FiniteValue trim_scale_value(const NumericView& v, uint16_t* buffer);

}   // namespace fastnumeric
