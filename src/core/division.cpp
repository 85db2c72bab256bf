/*
 * division.cpp — numeric's / and % in 64- and 128-bit integers (division.hpp).
 */
#include "core/division.hpp"

#include "core/short_arith.hpp"

namespace fastnumeric {

namespace {

using namespace short_arith_detail;

/* A short operand and its first digit group (numeric strips leading zero groups, so only zero
   has none); false for anything else. */
inline bool read_operand(const unsigned char* body, size_t len, SmallShortValue* v, int* first) {
    if (!read_small_short(body, len, v))
        return false;
    *first = len > 2 ? load_u16(body + 2) : 0;
    return len == 2 || *first != 0;
}

inline int scale_of(const SmallShortValue& a, int first_a, const SmallShortValue& b, int first_b) {
    return quotient_scale(a.digits != 0 ? a.high : 0, first_a, a.dscale, b.digits != 0 ? b.high : 0, first_b, b.dscale);
}

}   // namespace

int divide_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out) {
    SmallShortValue x, y;
    int first_x, first_y;
    if (!read_operand(a, alen, &x, &first_x) || !read_operand(b, blen, &y, &first_y) || y.digits == 0)
        return 0;
    const int scale = scale_of(x, first_x, y, first_y);
    if (scale > kShortDscaleMax)
        return 0;
    if (x.digits == 0)
        return write_zero(static_cast<uint32_t>(scale) << kShortDscaleShift, out);
    // |a / b| * 10^scale = x.digits / y.digits * 10^shift, rounded half away from zero
    const int shift = kDecDigits * (x.low - y.low) + scale;
    if (shift > kMaxPowerOfTen || shift < -kMaxPowerOfTen)
        return 0;
    uint128_t dividend = x.digits, divisor = y.digits;
    if (shift >= 0 && shift <= 19)   // digits below 10^16: no overflow, one multiplication
        dividend = static_cast<uint128_t>(x.digits) * power_of_ten(shift);
    else if (shift >= 0 ? __builtin_mul_overflow(dividend, power_of_ten_128(shift), &dividend)
                        : __builtin_mul_overflow(divisor, power_of_ten_128(-shift), &divisor))
        return 0;
    uint128_t q = dividend / divisor;
    const uint128_t r = dividend - q * divisor;
    if (r >= divisor - r)
        ++q;
    return write_scaled(q, product_sign(x, y), scale, out);
}

int modulo_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out) {
    SmallShortValue x, y;
    if (!read_small_short(a, alen, &x) || !read_small_short(b, blen, &y) || y.digits == 0)
        return 0;
    const uint32_t dscale = larger_dscale(x, y);
    if (x.digits == 0)
        return write_zero(dscale, out);
    // both aligned on the lower of their last groups; the remainder is below |b|
    const int low = x.low < y.low ? x.low : y.low;
    const int pad_x = x.low - low, pad_y = y.low - low;
    if (pad_x + kSmallShortGroups > kInt128Groups - 1 || pad_y + kSmallShortGroups > kInt128Groups - 1)
        return 0;
    const uint128_t dividend = x.digits * power_of_base_128(pad_x), divisor = y.digits * power_of_base_128(pad_y);
    const uint128_t r = static_cast<uint64_t>((dividend | divisor) >> 64) == 0
                            ? static_cast<uint64_t>(dividend) % static_cast<uint64_t>(divisor)
                            : dividend % divisor;
    return write_result_128(r, x.header & kShortSignBit, low, dscale, out);
}

}   // namespace fastnumeric
