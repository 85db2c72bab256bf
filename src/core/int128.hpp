/*
 * int128.hpp — the 128-bit integer types, how many base-10000 digit groups machine integers
 * hold, and the powers of ten.
 *
 * The machine-integer paths (short_arith, digit_arith, sum_accum, magnitude.hpp) hold a value
 * as its digit groups read as one integer; these are the names and bounds they share.
 */
#pragma once

#ifdef POSTGRES_H
#error "src/core must not see PostgreSQL headers"
#endif

#include <cstdint>

namespace fastnumeric {

__extension__ typedef __int128 int128_t;
__extension__ typedef unsigned __int128 uint128_t;

/* int128_t with the 8-byte alignment palloc guarantees (PostgreSQL's int128 does the same). */
typedef int128_t int128_a8 __attribute__((aligned(8)));

/*
 * Digit groups a machine integer holds.  A value of up to kInt64Groups groups is below
 * 10000^4 = 10^16, so the sum or difference of two stays below 2^63; of up to kInt128Groups,
 * below 10000^9 = 10^36, and two of them below 2^127.  kUint128MaxGroups groups hold any
 * 128-bit magnitude (2^128 < 10000^10).
 */
constexpr int kInt64Groups = 4;
constexpr int kInt128Groups = 9;
constexpr int kUint128MaxGroups = 10;

/* 10^0 .. 10^38, every power of ten below 2^128. */
constexpr int kMaxPowerOfTen = 38;
struct PowersOfTen {
    uint128_t p[kMaxPowerOfTen + 1];
    constexpr PowersOfTen() : p() {
        p[0] = 1;
        for (int i = 1; i <= kMaxPowerOfTen; ++i)
            p[i] = p[i - 1] * 10;
    }
};
constexpr PowersOfTen kPowersOfTen;

/* 10^n for n <= 19, and for n <= 38. */
constexpr uint64_t power_of_ten(int n) { return static_cast<uint64_t>(kPowersOfTen.p[n]); }
constexpr uint128_t power_of_ten_128(int n) { return kPowersOfTen.p[n]; }

/* 10000^k (numeric's base, 10^4) for k <= kInt64Groups, and for k < kUint128MaxGroups. */
constexpr uint64_t power_of_base(int k) { return power_of_ten(4 * k); }
constexpr uint128_t power_of_base_128(int k) { return power_of_ten_128(4 * k); }

/*
 * n / d and its remainder, for a divisor of 64 bits: at most two hardware divisions of 128 by
 * 64 bits (one when the quotient fits 64 bits), where GCC's n / d on 128-bit operands calls
 * libgcc's general routine.
 */
inline uint64_t divide_fitting_u64(uint128_t n, uint64_t d, uint64_t* r) {   // n >> 64 < d
#if defined(__x86_64__)
    uint64_t q, rem;
    __asm__("divq %4"
            : "=a"(q), "=d"(rem)
            : "a"(static_cast<uint64_t>(n)), "d"(static_cast<uint64_t>(n >> 64)), "rm"(d));
    *r = rem;
    return q;
#else
    const uint64_t q = static_cast<uint64_t>(n / d);
    *r = static_cast<uint64_t>(n - static_cast<uint128_t>(q) * d);
    return q;
#endif
}
inline uint128_t divide_by_u64(uint128_t n, uint64_t d, uint64_t* r) {
    const uint64_t high = static_cast<uint64_t>(n >> 64);
    if (high < d)
        return divide_fitting_u64(n, d, r);
    const uint64_t q_high = high / d;
    const uint128_t rest = static_cast<uint128_t>(high - q_high * d) << 64 | static_cast<uint64_t>(n);
    return static_cast<uint128_t>(q_high) << 64 | divide_fitting_u64(rest, d, r);
}

static_assert(power_of_base(kInt64Groups) <= (uint64_t{1} << 62), "a sum of two fits int64");
static_assert(power_of_base_128(kInt128Groups) <= (uint128_t{1} << 126), "a sum of two fits int128");
static_assert(power_of_base_128(kUint128MaxGroups - 1) > ~uint128_t{0} / 10000, "10000^10 > 2^128");

}   // namespace fastnumeric
