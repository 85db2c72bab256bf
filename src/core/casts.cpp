/*
 * casts.cpp — numeric's integer, float and typmod conversions in machine arithmetic (casts.hpp).
 */
#include "core/casts.hpp"

#include <cstring>

#include "core/short_arith.hpp"

namespace fastnumeric {

namespace {

using namespace short_arith_detail;

/* q / d rounded half away from zero (d > 0). */
inline uint64_t divide_rounded(uint64_t q, uint64_t d) {
    const uint64_t quotient = q / d, r = q - quotient * d;
    return r >= d - r ? quotient + 1 : quotient;
}

/* floor(b * log10(2)) for |b| < 1650, in integers. */
inline int floor_log10_pow2(int b) { return (b * 78913) >> 18; }

/* 10^0 .. 10^22, each exactly a double; 10^0 .. 10^10, each exactly a float. */
constexpr double kDoublePowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr float kFloatPowers[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

/* A body's value as m * 10^exponent with m <= limit; false for anything else. */
inline bool small_decimal(const unsigned char* body, size_t len, uint64_t limit, SmallShortValue* v, int* exponent) {
    if (!read_small_short(body, len, v) || v->digits > limit)
        return false;
    *exponent = kDecDigits * v->low;
    return true;
}

/* The body of ±q * 10^exponent with the dscale a printed text with that exponent shows. */
inline int decimal_body(uint128_t q, uint32_t sign, int exponent, unsigned char* out) {
    if (exponent >= 0) {
        uint128_t m;
        if (exponent > kMaxPowerOfTen || __builtin_mul_overflow(q, power_of_ten_128(exponent), &m))
            return 0;
        return write_result_128(m, sign, 0, 0, out);
    }
    return -exponent > kShortDscaleMax ? 0 : write_scaled(q, sign, -exponent, out);
}

/* A body's value as the nearest F: its digits (at most `limit`) and 10^|exponent| (in `powers`)
   are exact Fs, and one IEEE multiplication or division of exact operands rounds correctly. */
template <typename F, size_t kPowers>
inline bool nearest(const unsigned char* body, size_t len, uint64_t limit, const F (&powers)[kPowers], F* out) {
    SmallShortValue v;
    int exponent;
    if (!small_decimal(body, len, limit, &v, &exponent) || exponent >= static_cast<int>(kPowers) ||
        -exponent >= static_cast<int>(kPowers))
        return false;
    const F f =
        exponent >= 0 ? static_cast<F>(v.digits) * powers[exponent] : static_cast<F>(v.digits) / powers[-exponent];
    *out = v.negative ? -f : f;
    return true;
}

}   // namespace

int integer_body(int64_t x, unsigned char* out) {
    const uint64_t magnitude = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    return write_result(magnitude, x < 0 ? kShortSignBit : 0, 0, 0, out);
}

bool rounded_integer(const unsigned char* body, size_t len, int64_t* out) {
    SmallShortValue v;
    int exponent;
    if (!small_decimal(body, len, ~uint64_t{0}, &v, &exponent))
        return false;
    uint64_t magnitude;
    if (exponent >= 0) {
        if (exponent > 18 || __builtin_mul_overflow(v.digits, power_of_ten(exponent), &magnitude))
            return false;   // (10^19 and beyond are out of int64's range)
    } else {
        // below 10^16: at 10^-17 and beyond it rounds to zero
        magnitude = -exponent > 16 ? 0 : divide_rounded(v.digits, power_of_ten(-exponent));
    }
    const uint64_t limit = uint64_t{1} << 63;   // -2^63 is an int64, 2^63 is not
    if (magnitude > limit || (magnitude == limit && !v.negative))
        return false;
    *out = v.negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
    return true;
}

int printed_float(double x, int significant, unsigned char* out) {
    uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const uint32_t sign = (bits >> 63) != 0 ? kShortSignBit : 0;
    const int biased = static_cast<int>((bits >> 52) & 0x7FF);
    if (biased == 0x7FF)   // NaN and infinities
        return 0;
    if (biased == 0)   // zero, and -0 (numeric has no negative zero); subnormals are far below 128 bits
        return (bits << 1) == 0 ? write_zero(0, out) : 0;
    // |x| = m * 2^e, 2^52 <= m < 2^53; the decimal exponent of its first digit is at least
    // floor((e + 52) * log10 2) and at most one more
    const uint64_t m = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
    const int e = biased - 1075;
    if (e > 127 - 53 || e < -127)
        return 0;
    const uint128_t top = power_of_ten_128(significant);   // one digit more than printed
    for (int first = floor_log10_pow2(e + 52);; ++first) {
        // |x| * 10^k with `significant` digits before the point: truncated, and the remainder
        const int k = significant - 1 - first;
        if (k > kMaxPowerOfTen || k < -kMaxPowerOfTen)
            return 0;
        uint128_t num = m, den = 1;
        if (k >= 0 ? __builtin_mul_overflow(num, power_of_ten_128(k), &num) : (den = power_of_ten_128(-k), false))
            return 0;
        if (e >= 0) {
            if (num > (~uint128_t{0} >> e))
                return 0;
            num <<= e;
        } else {
            if (den > (~uint128_t{0} >> -e))
                return 0;
            den <<= -e;
        }
        uint128_t q = num / den;
        if (q >= top)   // the first digit is one place higher
            continue;
        if (q < top / 10)   // (the estimate is never above the first digit's place)
            return 0;
        // printf rounds to nearest from the exact value, ties to even
        const uint128_t r = num - q * den;
        if (r > den - r || (r == den - r && (q & 1) != 0))
            ++q;
        int exponent = -k;   // |x| rounded = q * 10^exponent
        if (q == top) {      // 9.99...5 rounded up to 10.0...
            q /= 10;
            ++exponent;
        }
        uint64_t digits = static_cast<uint64_t>(q);   // below 10^17
        while (digits % 10 == 0) {                    // %g drops trailing zeros: they take no part in the dscale
            digits /= 10;
            ++exponent;
        }
        return decimal_body(digits, sign, exponent, out);
    }
}

bool nearest_double(const unsigned char* body, size_t len, double* out) {
    return nearest(body, len, uint64_t{1} << 53, kDoublePowers, out);   // integers to 2^53, 10^22 exact
}

bool nearest_float(const unsigned char* body, size_t len, float* out) {
    return nearest(body, len, uint64_t{1} << 24, kFloatPowers, out);   // integers to 2^24, 10^10 exact
}

Rescaled rescale_body(const unsigned char* body, size_t len, int precision, int scale, unsigned char* out, int* size) {
    SmallShortValue v;
    int exponent;
    if (scale < 0 || scale > kShortDscaleMax || !small_decimal(body, len, ~uint64_t{0}, &v, &exponent))
        return Rescaled::Decline;
    // |v| * 10^scale, rounded to an integer
    const int shift = exponent + scale;
    uint128_t q;
    if (shift >= 0) {
        if (shift > kMaxPowerOfTen - 16)
            return Rescaled::Decline;
        q = static_cast<uint128_t>(v.digits) * power_of_ten_128(shift);
    } else {
        q = -shift > 16 ? 0 : divide_rounded(v.digits, power_of_ten(-shift));   // (digits < 10^16)
    }
    // numeric allows precision - scale digits before the point: |q| < 10^precision
    if (precision <= kMaxPowerOfTen && q >= power_of_ten_128(precision))
        return Rescaled::Overflow;
    *size = decimal_body(q, v.header & kShortSignBit, -scale, out);   // (zero is written positive)
    return *size != 0 ? Rescaled::Done : Rescaled::Decline;
}

}   // namespace fastnumeric
