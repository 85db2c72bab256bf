/*
 * division.hpp — numeric's / and % of small values, in machine integers.
 *
 * numeric's rules, reproduced:
 *   /  the quotient rounded half away from zero at quotient_scale() decimals: at least 16
 *      significant digits, never fewer decimals than either operand shows, at most 1000;
 *   %  a - b * trunc(a / b), the sign of a, dscale the larger operand dscale.
 * Operands are 2-byte-header bodies of at most four digit groups, read as short_arith reads
 * them, and results are written as short_arith writes its own (kShortBodyBytes, the 2-byte
 * header).  Whatever else (long operands or results, a zero divisor, NaN, the infinities,
 * arithmetic beyond 128 bits) returns 0: the caller runs numeric's own function, which gives
 * those results and every error.
 */
#pragma once

#include <cstddef>

#include "core/short_arith.hpp"

namespace fastnumeric {

/* numeric's result scale of a / b (select_div_scale), from each operand's first nonzero digit
   group and its weight (0 and 0 for zero) and its dscale. */
inline int quotient_scale(int weight_a, int first_a, int dscale_a, int weight_b, int first_b, int dscale_b) {
    constexpr int kMinSignificantDigits = 16;   // numeric's NUMERIC_MIN_SIG_DIGITS
    constexpr int kMaxDisplayScale = 1000;      // numeric's NUMERIC_MAX_DISPLAY_SCALE
    // the quotient's weight, one less when its first group would be below 1
    const int quotient_weight = weight_a - weight_b - (first_a <= first_b ? 1 : 0);
    int scale = kMinSignificantDigits - quotient_weight * kDecDigits;
    scale = scale > dscale_a ? scale : dscale_a;
    scale = scale > dscale_b ? scale : dscale_b;
    scale = scale > 0 ? scale : 0;
    return scale < kMaxDisplayScale ? scale : kMaxDisplayScale;
}

namespace division_detail {

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

/*
 * The body of |a / b| with a's sign and scale read from x, for a dividend whose digits are
 * `digits` (a 64- or 128-bit integer) down to the group at `low`.
 */
template <typename Digits>
__attribute__((always_inline)) inline int quotient_body(Digits digits, int low, const SmallShortValue& x, int first_x,
                                                        const SmallShortValue& y, int first_y, unsigned char* out) {
    const int scale = scale_of(x, first_x, y, first_y);
    if (scale > kShortDscaleMax)
        return 0;
    if (digits == 0)
        return write_zero(static_cast<uint32_t>(scale) << kShortDscaleShift, out);
    // |a / b| * 10^scale = digits / y.digits * 10^shift, rounded half away from zero
    const int shift = kDecDigits * (low - y.low) + scale;
    if (shift > kMaxPowerOfTen || shift < -kMaxPowerOfTen)
        return 0;
    uint128_t q;
    if (shift >= 0) {   // a 64-bit divisor (digits below 10^16)
        uint128_t dividend;
        if (static_cast<uint64_t>(static_cast<uint128_t>(digits) >> 64) == 0 && shift <= 19)   // one multiplication
            dividend = static_cast<uint128_t>(static_cast<uint64_t>(digits)) * power_of_ten(shift);
        else if (__builtin_mul_overflow(static_cast<uint128_t>(digits), power_of_ten_128(shift), &dividend))
            return 0;
        uint64_t r;
        q = divide_by_u64(dividend, y.digits, &r);
        q += r >= y.digits - r;
    } else {
        uint128_t divisor = y.digits;
        if (__builtin_mul_overflow(divisor, power_of_ten_128(-shift), &divisor))
            return 0;
        q = digits / divisor;
        const uint128_t r = digits - q * divisor;
        q += r >= divisor - r;
    }
    const uint32_t sign = product_sign(x, y);
    if (scale % kDecDigits == 0 && static_cast<uint64_t>(q >> 64) == 0) {
        // whole groups; five when q has 17 to 20 digits, as numeric's 16 significant digits mostly
        // give (here, not in write_scaled: there it cost the quotient and the float casts
        // instructions, measured with callgrind)
        const uint64_t m = static_cast<uint64_t>(q), top = m / kTenTo16;
        if (top - 1 < kBase - 1)
            return write_five(static_cast<uint32_t>(top), m - top * kTenTo16, sign,
                              -static_cast<int>(static_cast<unsigned>(scale) / kDecDigits),   // (scale >= 0)
                              static_cast<uint32_t>(scale) << kShortDscaleShift, out);
    }
    return write_scaled(q, sign, scale, out);
}

}   // namespace division_detail

/*
 * The body of a / b, or of a % b, into `out` (kShortBodyBytes); its size, or 0 to decline.
 * Operands of up to four groups; divide_wide_bodies takes a dividend of five to eight (its
 * digits one 128-bit integer).  The first is inline: it is the per-row path of a / b.
 */
__attribute__((always_inline)) inline int divide_short_bodies(const unsigned char* a, size_t alen,
                                                              const unsigned char* b, size_t blen, unsigned char* out) {
    using namespace division_detail;
    SmallShortValue x, y;
    int first_x, first_y;
    if (!read_operand(a, alen, &x, &first_x) || !read_operand(b, blen, &y, &first_y) || y.digits == 0)
        return 0;
    return quotient_body(x.digits, x.low, x, first_x, y, first_y, out);
}
int divide_wide_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out);

/*
 * divide_short_bodies for its per-row shape, money divided by money or by an integer: both
 * operands short, of one to four groups (4 to 10 bytes), and the quotient at numeric's scale
 * five whole groups below 2^64.  Its body in registers (head 0 for any other case: take
 * divide_short_bodies), so that no buffer's address is taken and the caller stores the words
 * straight into its datum.
 */
__attribute__((always_inline)) inline FiveGroupBody quotient_five_groups(const unsigned char* a, size_t alen,
                                                                         const unsigned char* b, size_t blen) {
    using namespace short_arith_detail;
    const uint32_t ha = load_u16(a), hb = load_u16(b), first_a = load_u16(a + 2), first_b = load_u16(b + 2);
    if ((ha & kSignMask) != kShort || (hb & kSignMask) != kShort || first_a == 0 || first_b == 0)
        return {0, 0};   // (numeric's values have no leading zero group)
    const int na = static_cast<int>(alen / 2) - 1, nb = static_cast<int>(blen / 2) - 1;
    const int wa = short_weight(static_cast<uint16_t>(ha)), wb = short_weight(static_cast<uint16_t>(hb));
    const int scale =
        quotient_scale(wa, static_cast<int>(first_a), static_cast<int>((ha & kShortDscaleMask) >> kShortDscaleShift),
                       wb, static_cast<int>(first_b), static_cast<int>((hb & kShortDscaleMask) >> kShortDscaleShift));
    // |a / b| * 10^scale = digits_a * 10^shift / digits_b, rounded half away from zero
    const int shift = kDecDigits * ((wa - na) - (wb - nb)) + scale;
    if (scale % kDecDigits != 0 || scale > kShortDscaleMax || static_cast<unsigned>(shift) > 19)
        return {0, 0};
    const uint64_t digits_b = small_short_digits(b + 2, nb);
    const uint128_t dividend = static_cast<uint128_t>(small_short_digits(a + 2, na)) * power_of_ten(shift);
    if (static_cast<uint64_t>(dividend >> 64) >= digits_b)
        return {0, 0};   // a quotient from 2^64
    uint64_t r;
    uint64_t q = divide_fitting_u64(dividend, digits_b, &r);
    q += r >= digits_b - r;   // (2^64 wraps to 0, which the test below declines)
    const uint64_t top = q / kTenTo16;
    if (top - 1 >= kBase - 1)
        return {0, 0};
    // (the header is a short one: weight 4 - scale / 4 from -11 to 4, dscale at most 60)
    const uint32_t header =
        compose_short_header((ha ^ hb) & kShortSignBit, 4 - static_cast<int>(static_cast<unsigned>(scale) / kDecDigits),
                             static_cast<uint32_t>(scale) << kShortDscaleShift);
    return five_group_body(header, top, q - top * kTenTo16);
}
int modulo_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out);

}   // namespace fastnumeric
