/*
 * division_test.cpp — src/core/division: numeric's / and % in machine integers.
 *
 * Expected texts are numeric's own results (PostgreSQL 15's numeric_div and numeric_mod), the
 * scale rule is checked case by case, and the quotient against an exact reference: for random
 * small operands, q * b - a must be below half a unit of the result's last digit (and the
 * rounding away from zero at exactly half).
 */
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "bodies.hpp"
#include "core/division.hpp"
#include "core/int128.hpp"
#include "core/short_arith.hpp"

using namespace unit;

namespace {

/* The body of a / b (a % b), or empty when declined. */
std::vector<unsigned char> quotient_body(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b,
                                         bool modulo = false) {
    std::vector<unsigned char> out(kShortBodyBytes);
    const int n = modulo ? modulo_short_bodies(a.data(), a.size(), b.data(), b.size(), out.data())
                         : divide_short_bodies(a.data(), a.size(), b.data(), b.size(), out.data());
    out.resize(static_cast<size_t>(n));
    return out;
}

std::string divided(const std::string& a, const std::string& b, bool modulo = false) {
    const auto q = quotient_body(encode_text(a), encode_text(b), modulo);
    return q.empty() ? "<declined>" : format_body(q);
}

/* The scale of a / b: that of numeric's result, read from its text. */
int scale_of(const std::string& a, const std::string& b) {
    return view(quotient_body(encode_text(a), encode_text(b))).dscale;
}

}   // namespace

TEST(Division, NumericsResults) {
    EXPECT_EQ(divided("1234.56", "7"), "176.3657142857142857");
    EXPECT_EQ(divided("10", "4"), "2.5000000000000000");
    EXPECT_EQ(divided("0", "3"), "0.00000000000000000000");
    EXPECT_EQ(divided("-1", "3"), "-0.33333333333333333333");
    EXPECT_EQ(divided("2", "3"), "0.66666666666666666667");
    EXPECT_EQ(divided("1", "0.0003"), "3333.3333333333333333");
    EXPECT_EQ(divided("0.0001", "9999"), "0.000000010001000100010001");
    EXPECT_EQ(divided("99999999", "0.01"), "9999999900.00000000");
    EXPECT_EQ(divided("-7.5", "2"), "-3.7500000000000000");
    EXPECT_EQ(divided("1", "-8"), "-0.12500000000000000000");
}

TEST(Division, Scale) {
    EXPECT_EQ(scale_of("1234.56", "7"), 16);                     // first groups 1234 > 7: quotient weight 0
    EXPECT_EQ(scale_of("7", "1234.56"), 20);                     // 7 <= 1234: one group lower
    EXPECT_EQ(scale_of("5", "5"), 20);                           // equal first groups count as lower
    EXPECT_EQ(scale_of("1.00000000000000000000000", "3"), 23);   // never below an operand's dscale
    EXPECT_EQ(scale_of("123456789", "1"), 12);                   // first groups 1 <= 1: quotient weight 1
    EXPECT_EQ(scale_of("0", "7"), 20);                           // zero: weight 0, first group 0
}

TEST(Division, Modulo) {
    EXPECT_EQ(divided("-7.5", "2", true), "-1.5");
    EXPECT_EQ(divided("5.00", "1", true), "0.00");
    EXPECT_EQ(divided("-6", "3", true), "0");
    EXPECT_EQ(divided("1234.56", "0.7", true), "0.46");
    EXPECT_EQ(divided("7", "-0.003", true), "0.001");
    EXPECT_EQ(divided("0.0001", "9999", true), "0.0001");
}

TEST(Division, Declines) {
    EXPECT_EQ(divided("1", "0"), "<declined>");   // numeric raises division by zero
    EXPECT_EQ(divided("1", "0", true), "<declined>");
    EXPECT_EQ(divided("12345678901234567", "3"), "<declined>");            // five groups
    EXPECT_EQ(divided("1", "0.000000000000000000000001"), "<declined>");   // a quotient beyond 128 bits
    EXPECT_EQ(divided("1", "1" + std::string(48, '0')), "<declined>");     // scale 68: the long header
}

/* The quotient of random small operands is the exact one rounded half away from zero. */
TEST(Division, ExactRounding) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 200000; ++i) {
        const int64_t x = static_cast<int64_t>(rng() % 2000000) - 1000000, y = static_cast<int64_t>(rng() % 20000) + 1;
        const int sx = static_cast<int>(rng() % 5), sy = static_cast<int>(rng() % 5);
        const auto text = [](int64_t m, int s) {
            std::string t = std::to_string(m < 0 ? -m : m);
            if (s > 0) {
                t.insert(0, s + 1 > static_cast<int>(t.size()) ? s + 1 - t.size() : 0, '0');
                t.insert(t.size() - s, ".");
            }
            return (m < 0 ? "-" : "") + t;
        };
        const auto ba = encode_text(text(x, sx)), bb = encode_text(text(y, sy));
        const auto body = quotient_body(ba, bb);
        ASSERT_FALSE(body.empty()) << text(x, sx) << " / " << text(y, sy);
        std::vector<uint16_t> groups;
        const NumericView v = view(body);
        for (int k = 0; k < v.ndigits; ++k)
            groups.push_back(static_cast<uint16_t>(v.digit(k)));
        // q = x/10^sx / (y/10^sy) at r decimals: |q * 10^-r - x*10^sy/(y*10^sx)| <= 1/2 * 10^-r
        const int r = v.dscale;
        fastnumeric::int128_t q = 0;
        for (int k = 0; k < v.ndigits; ++k)
            q = q * 10000 + groups[k];
        const int low = v.weight - v.ndigits + 1;   // q * 10000^low
        for (int k = 0; k < 4 * low + r; ++k)
            q *= 10;
        ASSERT_GE(4 * low + r, 0);
        if (v.negative)
            q = -q;
        // compare 2 * |q * y * 10^sx - x * 10^(sy + r)| with y * 10^sx (at most, ties away from zero)
        fastnumeric::int128_t lhs = q * y, rhs = x;
        for (int k = 0; k < sx; ++k)
            lhs *= 10;
        for (int k = 0; k < sy + r; ++k)
            rhs *= 10;
        fastnumeric::int128_t den = y;
        for (int k = 0; k < sx; ++k)
            den *= 10;
        const fastnumeric::int128_t err = lhs - rhs;   // (q - exact) * den
        ASSERT_LE(2 * (err < 0 ? -err : err), den) << text(x, sx) << " / " << text(y, sy);
        if (2 * (err < 0 ? -err : err) == den) {   // a tie: away from zero
            ASSERT_TRUE((err > 0) == (x > 0)) << text(x, sx) << " / " << text(y, sy);
        }
    }
}

/* The 128-by-64-bit division the quotients take, against GCC's 128-bit one: both of its paths
   (a quotient within 64 bits, and beyond), divisors of every width. */
TEST(Division, DivideByU64) {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 200000; ++i) {
        const uint64_t d = rng() >> (rng() % 64) | 1;
        const fastnumeric::uint128_t n = static_cast<fastnumeric::uint128_t>(rng() >> (rng() % 64)) << 64 | rng();
        uint64_t r;
        const fastnumeric::uint128_t q = fastnumeric::divide_by_u64(n, d, &r);
        ASSERT_TRUE(q == n / d && r == static_cast<uint64_t>(n % d)) << i;
    }
}

/* The per-row shape's words give divide_short_bodies' bytes whenever they are given: random
   operands of one to four groups, dscales 0 to 8, both signs.  Over a third of the pairs take
   the shape (the others have a scale of whole groups' fractions, or quotients from 2^64). */
TEST(Division, FiveGroupsAsTheGeneralPath) {
    std::mt19937_64 rng(19);
    const auto operand = [&rng] {
        const int digits = 1 + static_cast<int>(rng() % 16), dscale = static_cast<int>(rng() % 9);
        std::string t;
        for (int k = 0; k < digits; ++k)
            t += static_cast<char>('0' + (k == 0 ? 1 + rng() % 9 : rng() % 10));
        if (dscale > 0) {
            t.insert(0, dscale + 1 > static_cast<int>(t.size()) ? dscale + 1 - t.size() : 0, '0');
            t.insert(t.size() - dscale, ".");
        }
        return (rng() % 2 ? "-" : "") + t;
    };
    int taken = 0, tried = 0;
    for (int i = 0; i < 300000; ++i) {
        const std::string ta = operand(), tb = operand();
        const auto a = encode_text(ta), b = encode_text(tb);
        if (a.size() < 4 || a.size() > 10 || b.size() < 4 || b.size() > 10)
            continue;   // (its caller's precondition)
        ++tried;
        const FiveGroupBody q = quotient_five_groups(a.data(), a.size(), b.data(), b.size());
        if (q.head == 0)
            continue;
        ++taken;
        std::vector<unsigned char> fast(12);
        const uint16_t header = static_cast<uint16_t>(q.head), first = static_cast<uint16_t>(q.head >> 16);
        std::memcpy(fast.data(), &header, 2);
        std::memcpy(fast.data() + 2, &first, 2);
        std::memcpy(fast.data() + 4, &q.lanes, 8);
        fast.resize(static_cast<size_t>(q.head >> 32));
        ASSERT_EQ(format_body(fast), format_body(quotient_body(a, b))) << ta << " / " << tb;
        ASSERT_EQ(fast, quotient_body(a, b)) << ta << " / " << tb;
    }
    EXPECT_GT(taken, tried / 3);
}
