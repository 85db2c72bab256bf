/*
 * division.cpp — numeric's / and % in 64- and 128-bit integers (division.hpp).
 */
#include "core/division.hpp"

#include "core/short_arith.hpp"

namespace fastnumeric {

using namespace short_arith_detail;

int divide_wide_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out) {
    using namespace division_detail;
    constexpr size_t kSmallBytes = 2 + 2 * kSmallShortGroups;
    SmallShortValue x, y;
    int first_x, first_y;
    if (alen <= kSmallBytes || alen > kShortBodyBytes || !read_operand(a, kSmallBytes, &x, &first_x) ||
        !read_operand(b, blen, &y, &first_y) || y.digits == 0)
        return 0;
    const int rest = static_cast<int>(alen - kSmallBytes) / 2;   // the groups after the first four
    const uint128_t digits =
        static_cast<uint128_t>(x.digits) * power_of_base(rest) + small_short_digits(a + kSmallBytes, rest);
    return quotient_body(digits, x.low - rest, x, first_x, y, first_y, out);
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
