/*
 * casts_test.cpp — src/core/casts against the C library that numeric itself calls: a float
 * printed with snprintf("%.15g") (float4: "%.6g") and read back as numeric reads it, a decimal
 * read with strtod and strtof; integers and typmod rounding against known results.
 */
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "bodies.hpp"
#include "core/casts.hpp"
#include "core/short_arith.hpp"

using namespace unit;

namespace {

/* The text of a body written into kShortBodyBytes, `size` of them used (0: declined). */
std::string text_of(const unsigned char* out, int size) {
    return size == 0 ? "<declined>" : format_body(std::vector<unsigned char>(out, out + size));
}

/* What numeric makes of "%.{p}g": the digits at the dscale the text shows (an exponent moves
   the point and takes its place in the dscale), as plain decimal text. */
std::string numeric_of_printed(double x, int p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", p, x);
    std::string s(buf), mantissa = s;
    int exponent = 0;
    const size_t e = s.find('e');
    if (e != std::string::npos) {
        mantissa = s.substr(0, e);
        exponent = std::atoi(s.c_str() + e + 1);
    }
    bool negative = mantissa[0] == '-';
    if (negative)
        mantissa.erase(0, 1);
    const size_t point = mantissa.find('.');
    std::string digits = mantissa;
    int frac = 0;
    if (point != std::string::npos) {
        digits.erase(point, 1);
        frac = static_cast<int>(mantissa.size() - point - 1);
    }
    int scale = frac - exponent;   // value = digits * 10^-scale
    if (scale < 0) {
        digits.append(-scale, '0');
        scale = 0;
    }
    while (digits.size() > 1 && digits[0] == '0')
        digits.erase(0, 1);
    if (static_cast<int>(digits.size()) <= scale)
        digits.insert(0, scale + 1 - digits.size(), '0');
    if (scale > 0)
        digits.insert(digits.size() - scale, ".");
    if (digits.find_first_not_of("0.") == std::string::npos)
        negative = false;   // numeric has no negative zero
    return (negative ? "-" : "") + digits;
}

std::string printed(double x, int p) {
    unsigned char out[kShortBodyBytes];
    return text_of(out, printed_float(x, p, out));
}

}   // namespace

TEST(Casts, IntegerValue) {
    unsigned char out[kShortBodyBytes];
    for (const int64_t x : {int64_t{0}, int64_t{-10000}, INT64_MIN, INT64_MAX, int64_t{10000000000000000}})
        EXPECT_EQ(text_of(out, integer_body(x, out)), std::to_string(x));
}

TEST(Casts, RoundedInteger) {
    const auto rounded = [](const std::string& t, int64_t* x) {
        const auto b = encode_text(t);
        return rounded_integer(b.data(), b.size(), x);
    };
    int64_t x;
    ASSERT_TRUE(rounded("2.5", &x));
    EXPECT_EQ(x, 3);
    ASSERT_TRUE(rounded("-2.5", &x));
    EXPECT_EQ(x, -3);
    ASSERT_TRUE(rounded("-2.4999", &x));
    EXPECT_EQ(x, -2);
    ASSERT_TRUE(rounded("-999999999999.5", &x));
    EXPECT_EQ(x, -1000000000000);
    ASSERT_TRUE(rounded("92233720368.5807", &x));
    EXPECT_EQ(x, 92233720369);
    EXPECT_FALSE(rounded("100000000000000000000", &x));   // 10^20: one group, weight 5
    EXPECT_FALSE(rounded("-9223372036854775808", &x));    // five groups: numeric's function
    ASSERT_TRUE(rounded("0.0000001", &x));
    EXPECT_EQ(x, 0);
}

TEST(Casts, PrintedFloatAgainstPrintf) {
    const double fixed[] = {0.1,
                            1234.56,
                            -1234.56,
                            1e15,
                            1e16,
                            123456789012345.5,
                            123456789012344.5,
                            9.9999999999999995,
                            999999999999999.5,
                            1.5e-7,
                            2.5e-8,
                            1e22,
                            1.7e38,
                            0.015625,
                            4503599627370496.5,
                            0.3,
                            99.995,
                            -0.0,
                            0.0};
    for (double x : fixed) {
        const std::string got = printed(x, 15);
        if (got != "<declined>") {
            EXPECT_EQ(got, numeric_of_printed(x, 15)) << x;
        }
    }
    std::mt19937_64 rng(11);
    int taken = 0;
    for (int i = 0; i < 300000; ++i) {
        double x;
        const uint64_t bits = i % 3 == 0 ? rng() : ((0x3C0 + rng() % 0xC0) << 52) | (rng() & ((uint64_t{1} << 52) - 1));
        std::memcpy(&x, &bits, sizeof x);
        if (i % 3 == 2)
            x = std::round(x * 100) / 100;   // money-like
        if (!std::isfinite(x))
            continue;
        const int p = i % 2 ? 15 : 6;
        if (p == 6)
            x = static_cast<float>(x);
        const std::string got = printed(x, p);
        if (got == "<declined>")
            continue;
        ++taken;
        ASSERT_EQ(got, numeric_of_printed(x, p)) << "%.15g of " << x;
    }
    EXPECT_GT(taken, 150000);   // the fast path takes the usual magnitudes
}

TEST(Casts, NearestAgainstStrtod) {
    std::mt19937_64 rng(5);
    for (int i = 0; i < 200000; ++i) {
        const int scale = static_cast<int>(rng() % 12);
        const uint64_t m = rng() % (uint64_t{1} << (i % 2 ? 53 : 40));
        std::string t = std::to_string(m);
        if (scale > 0) {
            if (static_cast<int>(t.size()) <= scale)
                t.insert(0, scale + 1 - t.size(), '0');
            t.insert(t.size() - scale, ".");
        }
        if (i % 5 == 0)
            t = "-" + t;
        const auto b = encode_text(t);
        double d;
        float f;
        if (nearest_double(b.data(), b.size(), &d)) {
            const double want = std::strtod(t.c_str(), nullptr);
            ASSERT_EQ(std::memcmp(&d, &want, sizeof d), 0) << t;
        }
        if (nearest_float(b.data(), b.size(), &f)) {
            const float want = std::strtof(t.c_str(), nullptr);
            ASSERT_EQ(std::memcmp(&f, &want, sizeof f), 0) << t;
        }
    }
}

TEST(Casts, Rescale) {
    const auto rescaled = [](const std::string& t, int p, int s) {
        unsigned char out[kShortBodyBytes];
        int size = 0;
        const auto b = encode_text(t);
        switch (rescale_body(b.data(), b.size(), p, s, out, &size)) {
        case Rescaled::Done: return text_of(out, size);
        case Rescaled::Overflow: return std::string("<overflow>");
        default: return std::string("<declined>");
        }
    };
    EXPECT_EQ(rescaled("1234.565", 12, 2), "1234.57");
    EXPECT_EQ(rescaled("-1234.565", 12, 2), "-1234.57");
    EXPECT_EQ(rescaled("1234.564", 12, 2), "1234.56");
    EXPECT_EQ(rescaled("1.5", 12, 2), "1.50");
    EXPECT_EQ(rescaled("99.995", 4, 2), "<overflow>");   // rounds to 100.00
    EXPECT_EQ(rescaled("99.994", 4, 2), "99.99");
    EXPECT_EQ(rescaled("-0.004", 4, 2), "0.00");      // zero is positive
    EXPECT_EQ(rescaled("12", 3, -1), "<declined>");   // negative scales: numeric's
}

/* The copying shortcut gives rescale_body's bytes whenever it does not decline: random values
   of one to four groups and their dscales, every precision and scale nearby, with ties at each
   decimal of the last group, carries (…99.96 to one decimal) and groups rounding to 0. */
TEST(Casts, RescaleCopy) {
    std::mt19937_64 rng(23);
    int taken = 0, shortened = 0;
    for (int i = 0; i < 300000; ++i) {
        const int digits = 1 + static_cast<int>(rng() % 16), dscale = static_cast<int>(rng() % 9);
        std::string t;
        for (int k = 0; k < digits; ++k)
            t += static_cast<char>('0' + (k == 0 ? 1 + rng() % 9 : rng() % 4 == 0 ? (rng() % 2 ? 9 : 5) : rng() % 10));
        if (rng() % 4 == 0)   // trailing zeros before a 5 or a 9: ties and carries
            t = t.substr(0, t.size() / 2) + (rng() % 2 ? "50" : "9996");
        if (dscale > 0) {
            t.insert(0, dscale + 1 > static_cast<int>(t.size()) ? dscale + 1 - t.size() : 0, '0');
            t.insert(t.size() - dscale, ".");
        }
        if (rng() % 2)
            t = "-" + t;
        const auto b = encode_text(t);
        const int p = 1 + static_cast<int>(rng() % 20), s = static_cast<int>(rng() % 12) - 1;
        unsigned char fast[kShortBodyBytes], slow[kShortBodyBytes];
        if (b.size() < 4 || b.size() > 10)
            continue;   // (its callers' precondition)
        const int n = rescale_copy(b.data(), b.size(), ((p << 16) | (s & 0x7FF)) + kTypmodOffset, fast);
        if (n == 0)
            continue;
        ++taken;
        shortened += n < static_cast<int>(b.size());
        int size = 0;
        ASSERT_EQ(rescale_body(b.data(), b.size(), p, s, slow, &size), Rescaled::Done) << t << " " << p << "," << s;
        ASSERT_EQ(text_of(fast, n), text_of(slow, size)) << t << " " << p << "," << s;
        ASSERT_EQ(0, std::memcmp(fast, slow, static_cast<size_t>(n))) << t << " " << p << "," << s;
    }
    EXPECT_GT(taken, 50000);
    EXPECT_GT(shortened, 1000);   // last groups that rounded to 0 or carried
}
