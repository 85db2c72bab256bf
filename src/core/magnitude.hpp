/*
 * magnitude.hpp — machine integers as base-10000 digits.
 *
 * The machine-integer paths of arithmetic and of the sum accumulator hold a value as an
 * integer magnitude at some scale; this turns such a magnitude back into numeric's digits.
 */
#pragma once

#include <cstdint>

#include "core/int128.hpp"
#include "core/numeric_layout.hpp"

namespace fastnumeric {

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

}  // namespace fastnumeric
