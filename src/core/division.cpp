/*
 * division.cpp — numeric's / and % in 128-bit integers (division.hpp).
 */
#include "core/division.hpp"

#include "core/magnitude.hpp"

namespace fastnumeric {

namespace {

constexpr int kMinSignificantDigits = 16;   // numeric's NUMERIC_MIN_SIG_DIGITS
constexpr int kMaxDisplayScale = 1000;      // numeric's NUMERIC_MAX_DISPLAY_SCALE

/* The first nonzero digit group of v and its weight; 0 and 0 for zero. */
void leading_group(const NumericView& v, int* weight, int* first) {
    *weight = 0;
    *first = 0;
    for (int i = 0; i < v.ndigits; ++i)
        if (v.digit(i) != 0) {
            *first = v.digit(i);
            *weight = v.weight - i;
            return;
        }
}

/* The position (power of 10000) of v's last digit group. */
inline int low_group(const NumericView& v) { return v.weight - v.ndigits + 1; }

}   // namespace

int division_scale(const NumericView& a, const NumericView& b) {
    int weight_a, first_a, weight_b, first_b;
    leading_group(a, &weight_a, &first_a);
    leading_group(b, &weight_b, &first_b);
    // the quotient's weight, one less when its first group would be below 1
    const int quotient_weight = weight_a - weight_b - (first_a <= first_b ? 1 : 0);
    int scale = kMinSignificantDigits - quotient_weight * kDecDigits;
    scale = scale > a.dscale ? scale : a.dscale;
    scale = scale > b.dscale ? scale : b.dscale;
    scale = scale > 0 ? scale : 0;
    return scale < kMaxDisplayScale ? scale : kMaxDisplayScale;
}

bool divide_small(const NumericView& a, const NumericView& b, uint16_t digits[kUint128MaxGroups], FiniteValue* out) {
    if (a.ndigits > kInt64Groups || b.ndigits == 0 || b.ndigits > kInt64Groups)
        return false;
    const int scale = division_scale(a, b);
    if (a.ndigits == 0) {   // zero, at the quotient's scale
        *out = FiniteValue{false, 0, scale, digits, 0};
        return true;
    }
    // a / b * 10^scale = |a's digits| / |b's digits| * 10^shift
    const int shift = kDecDigits * (low_group(a) - low_group(b)) + scale;
    if (shift > kMaxPowerOfTen || shift < -kMaxPowerOfTen)
        return false;
    uint128_t dividend = read_magnitude<uint64_t>(a, 0), divisor = read_magnitude<uint64_t>(b, 0);
    if (shift >= 0 ? __builtin_mul_overflow(dividend, power_of_ten_128(shift), &dividend)
                   : __builtin_mul_overflow(divisor, power_of_ten_128(-shift), &divisor))
        return false;
    uint128_t q = dividend / divisor;
    const uint128_t r = dividend - q * divisor;
    if (r >= divisor - r)   // half away from zero
        ++q;
    return scaled_value(q, a.negative != b.negative, scale, digits + kUint128MaxGroups, out);
}

bool modulo_small(const NumericView& a, const NumericView& b, uint16_t digits[kUint128MaxGroups], FiniteValue* out) {
    if (a.ndigits > kInt64Groups || b.ndigits == 0 || b.ndigits > kInt64Groups)
        return false;
    // both aligned on the lower of their last groups
    const int low = low_group(a) < low_group(b) ? low_group(a) : low_group(b);
    const int pad_a = low_group(a) - low, pad_b = low_group(b) - low;
    if (a.ndigits + pad_a > kInt128Groups || b.ndigits + pad_b > kInt128Groups)
        return false;
    const uint128_t r = read_magnitude<uint128_t>(a, pad_a) % read_magnitude<uint128_t>(b, pad_b);
    uint16_t* end = digits + kUint128MaxGroups;
    const int n = write_magnitude_digits(r, end);
    const int dscale = a.dscale > b.dscale ? a.dscale : b.dscale;
    *out = stripped(FiniteValue{a.negative, low + n - 1, dscale, end - n, n});
    return true;
}

}   // namespace fastnumeric
