/*
 * casts.cpp — numeric's integer, float and typmod conversions in machine arithmetic (casts.hpp).
 */
#include "core/casts.hpp"

#include <cstring>

#include "core/magnitude.hpp"

namespace fastnumeric {

namespace {

/* An operand below 10^16 times at most 10^22 stays below 10^38 < 2^128. */
constexpr int kMaxShift = 22;

/* The position (power of 10^4) of v's last digit group, as a power of ten. */
inline int low_exponent(const NumericView& v) { return kDecDigits * (v.weight - v.ndigits + 1); }

/* q / d rounded half away from zero (d > 0). */
inline uint128_t divide_rounded(uint128_t q, uint128_t d) {
    const uint128_t quotient = q / d, r = q - quotient * d;
    return r >= d - r ? quotient + 1 : quotient;
}

/* floor(b * log10(2)) for |b| < 1650, in integers. */
inline int floor_log10_pow2(int b) { return (b * 78913) >> 18; }

/* 10^0 .. 10^22, each exactly a double; 10^0 .. 10^10, each exactly a float. */
constexpr double kDoublePowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr float kFloatPowers[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

/*
 * |v| = m * 10^exponent with m an exact integer below `limit`; false when v has more than
 * kInt64Groups groups or m is not below limit.
 */
inline bool small_decimal(const NumericView& v, uint64_t limit, uint64_t* m, int* exponent) {
    if (v.ndigits > kInt64Groups)
        return false;
    *m = read_magnitude<uint64_t>(v, 0);
    *exponent = low_exponent(v);
    return *m <= limit;
}

}   // namespace

FiniteValue integer_value(int64_t x, uint16_t digits[kUint128MaxGroups]) {
    const uint64_t magnitude = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    uint16_t* end = digits + kUint128MaxGroups;
    const int n = write_magnitude_digits(magnitude, end);
    return stripped(FiniteValue{x < 0, n - 1, 0, end - n, n});
}

bool rounded_integer(const NumericView& v, int64_t* out) {
    if (v.ndigits > kInt128Groups - 1)
        return false;
    const uint128_t m = read_magnitude<uint128_t>(v, 0);
    const int exponent = low_exponent(v);
    uint128_t magnitude;
    if (exponent >= 0) {
        if (exponent > kMaxShift || __builtin_mul_overflow(m, power_of_ten_128(exponent), &magnitude))
            return false;
    } else {
        magnitude = -exponent > kMaxPowerOfTen ? 0 : divide_rounded(m, power_of_ten_128(-exponent));
    }
    const uint128_t limit = uint128_t{1} << 63;   // -2^63 is an int64, 2^63 is not
    if (magnitude > limit || (magnitude == limit && !v.negative))
        return false;
    const uint64_t u = static_cast<uint64_t>(magnitude);
    *out = v.negative ? static_cast<int64_t>(0 - u) : static_cast<int64_t>(u);
    return true;
}

bool printed_float(double x, int significant, uint16_t digits[kUint128MaxGroups], FiniteValue* out) {
    uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const bool negative = (bits >> 63) != 0;
    const int biased = static_cast<int>((bits >> 52) & 0x7FF);
    uint16_t* end = digits + kUint128MaxGroups;
    if (biased == 0x7FF)   // NaN and infinities
        return false;
    if (biased == 0) {
        if ((bits << 1) != 0)   // subnormal: far below what 128 bits scale
            return false;
        *out = FiniteValue{false, 0, 0, end, 0};   // zero, and -0 (numeric has no negative zero)
        return true;
    }
    // |x| = m * 2^e, 2^52 <= m < 2^53; the decimal exponent of its first digit is at least
    // floor((e + 52) * log10 2) and at most one more
    const uint64_t m = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
    const int e = biased - 1075;
    const uint128_t top = power_of_ten_128(significant);   // one digit more than printed
    for (int first = floor_log10_pow2(e + 52);; ++first) {
        // |x| * 10^k with `significant` digits before the point: truncated, and the remainder
        const int k = significant - 1 - first;
        if (k > kMaxShift || k < -kMaxPowerOfTen || e > 127 - 53 || e < -127)
            return false;
        uint128_t num = m, den = 1;
        if (k >= 0)
            num *= power_of_ten_128(k);
        else
            den = power_of_ten_128(-k);
        if (e >= 0) {
            if (num > (~uint128_t{0} >> e))
                return false;
            num <<= e;
        } else if (den > (~uint128_t{0} >> -e)) {
            return false;
        } else {
            den <<= -e;
        }
        uint128_t q = num / den;
        if (q >= top)   // the first digit is one place higher
            continue;
        if (q < top / 10)   // (the estimate is never above the first digit's place)
            return false;
        // printf rounds to nearest from the exact value, ties to even
        const uint128_t r = num - q * den;
        if (r > den - r || (r == den - r && (q & 1) != 0))
            ++q;
        int exponent = -k;   // |x| rounded = q * 10^exponent
        if (q == top) {      // 9.99...5 rounded up to 10.0...
            q /= 10;
            ++exponent;
        }
        while (q % 10 == 0) {   // %g drops trailing zeros: they take no part in the dscale
            q /= 10;
            ++exponent;
        }
        if (exponent >= 0) {
            if (exponent > kMaxShift)
                return false;
            return scaled_value(q * power_of_ten_128(exponent), negative, 0, end, out);
        }
        return scaled_value(q, negative, -exponent, end, out);
    }
}

bool nearest_double(const NumericView& v, double* out) {
    uint64_t m;
    int exponent;
    if (!small_decimal(v, uint64_t{1} << 53, &m, &exponent) || exponent > 22 || exponent < -22)
        return false;
    const double d = exponent >= 0 ? static_cast<double>(m) * kDoublePowers[exponent]
                                   : static_cast<double>(m) / kDoublePowers[-exponent];
    *out = v.negative ? -d : d;
    return true;
}

bool nearest_float(const NumericView& v, float* out) {
    uint64_t m;
    int exponent;
    if (!small_decimal(v, uint64_t{1} << 24, &m, &exponent) || exponent > 10 || exponent < -10)
        return false;
    const float f = exponent >= 0 ? static_cast<float>(m) * kFloatPowers[exponent]
                                  : static_cast<float>(m) / kFloatPowers[-exponent];
    *out = v.negative ? -f : f;
    return true;
}

Rescaled rescale_small(const NumericView& v, int precision, int scale, uint16_t digits[kUint128MaxGroups],
                       FiniteValue* out) {
    uint64_t m;
    int exponent;
    if (scale < 0 || !small_decimal(v, ~uint64_t{0}, &m, &exponent))
        return Rescaled::Decline;
    // |v| * 10^scale, rounded to an integer
    const int shift = exponent + scale;
    uint128_t q;
    if (shift >= 0) {
        if (shift > kMaxShift)
            return Rescaled::Decline;
        q = m * power_of_ten_128(shift);
    } else {
        q = -shift > kMaxPowerOfTen ? 0 : divide_rounded(m, power_of_ten_128(-shift));
    }
    // numeric allows precision - scale digits before the point: |q| < 10^precision
    if (precision <= kMaxPowerOfTen && q >= power_of_ten_128(precision))
        return Rescaled::Overflow;
    return scaled_value(q, v.negative, scale, digits + kUint128MaxGroups, out) ? Rescaled::Done : Rescaled::Decline;
}

}   // namespace fastnumeric
