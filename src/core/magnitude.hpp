/*
 * magnitude.hpp — base-10000 digits as machine integers, and back.
 *
 * The machine-integer paths of arithmetic and of the sum accumulator hold a value as an
 * integer magnitude at some scale: its digits read as one integer, with zero groups appended.
 */
#pragma once

#include <cstdint>

#include "core/int128.hpp"
#include "core/numeric_layout.hpp"

namespace fastnumeric {

/*
 * |v| * 10000^zero_groups: the digits of a finite v read as one integer, `zero_groups` zero
 * groups appended.  The caller has checked that v.ndigits + zero_groups groups fit UInt
 * (kInt64Groups for 64 bits, kInt128Groups for 128).  The first groups are read in 64-bit
 * arithmetic, as the per-row paths read them (small_short_digits).
 */
template <typename UInt>
inline UInt read_magnitude(const NumericView& v, int zero_groups) {
    if (v.ndigits == 0)
        return 0;
    const int head = v.ndigits < kInt64Groups ? v.ndigits : kInt64Groups;
    UInt m = small_short_digits(v.digits, head);
    for (int i = head; i < v.ndigits; ++i)
        m = m * kBase + static_cast<uint16_t>(v.digit(i));
    return zero_groups > 0 ? m * static_cast<UInt>(power_of_base_128(zero_groups)) : m;
}

/*
 * Write the base-10000 digits of m, most significant first, so that they end just before
 * `end`; return how many (at least one: zero is written as one 0 digit; at most
 * kUint128MaxGroups).  Magnitudes below 2^64, the common case, take no 128-bit division.
 */
inline int write_magnitude_digits(uint128_t m, uint16_t* end) {
    constexpr uint64_t kFourGroups = power_of_base(4);
    uint16_t* p = end;
    while (static_cast<uint64_t>(m >> 64) != 0) {
        uint64_t chunk = static_cast<uint64_t>(m % kFourGroups);   // four digits per division
        m /= kFourGroups;
        for (int k = 0; k < 4; ++k, chunk /= kBase)
            *--p = static_cast<uint16_t>(chunk % kBase);
    }
    uint64_t m64 = static_cast<uint64_t>(m);
    do {
        *--p = static_cast<uint16_t>(m64 % kBase);
        m64 /= kBase;
    } while (m64 != 0);
    return static_cast<int>(end - p);
}

}   // namespace fastnumeric
