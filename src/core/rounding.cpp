/*
 * rounding.cpp — see rounding.hpp.
 */
#include "core/rounding.hpp"

namespace fastnumeric {

namespace {

inline int floor_div4(int a) { return a >= 0 ? a / kDecDigits : -((-a + kDecDigits - 1) / kDecDigits); }

bool any_nonzero(const uint16_t* digits, int from, int to) {
    for (int i = from; i < to; ++i)
        if (digits[i] != 0)
            return true;
    return false;
}

/* The operand's digits, copied into buffer[1..] (buffer[0] takes a carry). */
FiniteValue copied(const NumericView& v, uint16_t* buffer) {
    uint16_t* digits = buffer + 1;
    for (int i = 0; i < v.ndigits; ++i)
        digits[i] = static_cast<uint16_t>(v.digit(i));
    return FiniteValue{v.negative, v.weight, v.dscale, digits, v.ndigits};
}

/* v with its decimals beyond rscale dropped by mode, shown with dscale decimals. */
FiniteValue rounded(const NumericView& v, int rscale, RoundMode mode, int dscale, uint16_t* buffer) {
    FiniteValue r = copied(v, buffer);
    uint16_t* digits = buffer + 1;
    round_digits(&digits, &r.ndigits, &r.weight, rscale, mode);
    r.digits = digits;
    r.dscale = dscale;
    return stripped(r);
}

inline int clamp(int32_t x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : static_cast<int>(x); }

const uint16_t kOne = 1;

}   // namespace

void round_digits(uint16_t** digits_start, int* ndigits, int* weight, int rscale, RoundMode mode) {
    uint16_t* digits = *digits_start;
    const int n = *ndigits;
    const long keep = static_cast<long>(*weight + 1) * kDecDigits + rscale;   // decimals kept
    if (keep >= static_cast<long>(n) * kDecDigits)
        return;   // nothing beyond rscale

    // Whether the kept magnitude goes one unit up.  The first dropped decimal is digit
    // `keep % 4` of group `keep / 4`; below zero it is a leading zero of the value.
    bool up = false;
    if (keep < 0) {
        up = mode == RoundMode::AwayFromZero && any_nonzero(digits, 0, n);
    } else if (mode != RoundMode::TowardZero) {
        const int group = static_cast<int>(keep / kDecDigits);
        const uint16_t dropped_unit = static_cast<uint16_t>(power_of_ten(kDecDigits - keep % kDecDigits));
        const int dropped_head = digits[group] % dropped_unit;
        up = mode == RoundMode::HalfAwayFromZero ? dropped_head >= dropped_unit / 2
                                                 : dropped_head != 0 || any_nonzero(digits, group + 1, n);
    }

    if (keep <= 0) {   // nothing kept: zero, or one unit of 10^-rscale
        if (!up) {
            *ndigits = 0;
            *weight = 0;
            return;
        }
        const int unit_weight = floor_div4(-rscale);
        digits[0] = static_cast<uint16_t>(power_of_ten(-rscale - unit_weight * kDecDigits));
        *ndigits = 1;
        *weight = unit_weight;
        return;
    }

    int last = static_cast<int>((keep - 1) / kDecDigits);   // the last kept group
    const int kept_in_last = static_cast<int>(keep - static_cast<long>(last) * kDecDigits);
    // one unit of the last kept decimal
    const uint16_t unit = static_cast<uint16_t>(power_of_ten(kDecDigits - kept_in_last));
    digits[last] = static_cast<uint16_t>(digits[last] - digits[last] % unit);
    *ndigits = last + 1;
    if (!up)
        return;
    int carry = unit;
    for (int i = last; carry && i >= 0; --i) {
        const int s = digits[i] + carry;
        carry = s >= kBase;
        digits[i] = static_cast<uint16_t>(carry ? s - kBase : s);
    }
    if (carry) {   // a new leading group
        --digits;
        digits[0] = 1;
        ++*ndigits;
        ++*weight;
        *digits_start = digits;
    }
}

FiniteValue round_value(const NumericView& v, int32_t scale, uint16_t* buffer) {
    const int rscale = clamp(scale, kRoundScaleMin, kRoundScaleMax);
    return rounded(v, rscale, RoundMode::HalfAwayFromZero, rscale > 0 ? rscale : 0, buffer);
}

FiniteValue trunc_value(const NumericView& v, int32_t scale, uint16_t* buffer) {
    const int rscale = clamp(scale, kTruncScaleMin, kRoundScaleMax);
    return rounded(v, rscale, RoundMode::TowardZero, rscale > 0 ? rscale : 0, buffer);
}

FiniteValue ceil_value(const NumericView& v, uint16_t* buffer) {
    return rounded(v, 0, v.negative ? RoundMode::TowardZero : RoundMode::AwayFromZero, 0, buffer);
}

FiniteValue floor_value(const NumericView& v, uint16_t* buffer) {
    return rounded(v, 0, v.negative ? RoundMode::AwayFromZero : RoundMode::TowardZero, 0, buffer);
}

FiniteValue sign_value(const NumericView& v) {
    const bool zero = v.kind == Kind::Finite && v.ndigits == 0;
    return FiniteValue{!zero && v.negative, 0, 0, &kOne, zero ? 0 : 1};
}

int min_scale(const NumericView& v) {
    int last = v.ndigits - 1;   // stored values end in a nonzero digit; do not rely on it
    while (last >= 0 && v.digit(last) == 0)
        --last;
    if (last < 0)
        return 0;
    int scale = (last - v.weight) * kDecDigits;
    if (scale <= 0)
        return 0;
    for (int d = v.digit(last); d % 10 == 0; d /= 10)
        --scale;
    return scale;
}

FiniteValue trim_scale_value(const NumericView& v, uint16_t* buffer) {
    FiniteValue r = copied(v, buffer);
    r.dscale = min_scale(v);
    return stripped(r);
}

}   // namespace fastnumeric
