/*
 * decimal_format_test.cpp — src/core/decimal_format: numeric bodies printed as numeric_out prints them.
 *
 * Byte-level expectations are numeric's encoding rules written out by hand; the server-side
 * differential suites (test/differential) check the same against the real numeric.
 */
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/decimal_format.hpp"
#include "bodies.hpp"

using namespace unit;

TEST(Format, Specials) {
    EXPECT_EQ(format_body(body({kNaN})), "NaN");
    EXPECT_EQ(format_body(body({kPosInf})), "Infinity");
    EXPECT_EQ(format_body(body({kNegInf})), "-Infinity");
}

TEST(Format, DscaleBelowStoredDigitsCutsAndAboveCountsZeros) {
    // numeric_out prints exactly dscale fraction digits, whatever the digits say
    EXPECT_EQ(format_body(body({0x8000 | (2 << 7) | 0x7F, 1234})), "0.12");
    EXPECT_EQ(format_body(body({0x8000 | (6 << 7), 7, 5000})), "7.500000");
    EXPECT_EQ(format_body(body({0x8000 | 2, 1, 0})), "100000000");
    EXPECT_EQ(format_body(body({0x8000 | (3 << 7) | 0x7E, 5})), "0.000");
}

TEST(Format, RoundTripsGeneratedValues) {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20000; ++i) {
        std::string s;
        if (rng() % 2)
            s += '-';
        const int nint = static_cast<int>(rng() % 30), nfrac = static_cast<int>(rng() % 30);
        for (int k = 0; k < nint; ++k)
            s += static_cast<char>('0' + (k == 0 ? 1 + rng() % 9 : rng() % 10));
        if (nint == 0)
            s += '0';
        if (nfrac > 0) {
            s += '.';
            for (int k = 0; k < nfrac; ++k)
                s += static_cast<char>('0' + rng() % 10);
        }
        const bool all_zero = s.find_first_of("123456789") == std::string::npos;
        const std::string expect = all_zero && s[0] == '-' ? s.substr(1) : s;
        ASSERT_EQ(round_trip(s), expect);
    }
}
