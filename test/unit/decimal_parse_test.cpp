/*
 * decimal_parse_test.cpp — src/core/decimal_parse: plain decimal text into numeric bodies;
 * typmods in typmod_test.cpp.
 *
 * Byte-level expectations are numeric's encoding rules written out by hand; the server-side
 * differential suites (test/differential) check the same against the real numeric.
 */
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/decimal_parse.hpp"
#include "bodies.hpp"

using namespace unit;

TEST(Parse, ShortFormBytes) {
    // 1234.5678: weight 0, dscale 4, digits 1234 5678
    EXPECT_EQ(encode_text("1234.5678"), body({0x8000 | (4 << 7), 1234, 5678}));
    // -0.0012: weight -1 (7-bit two's complement 0x7F), dscale 4, digit 12
    EXPECT_EQ(encode_text("-0.0012"), body({0x8000 | 0x2000 | (4 << 7) | 0x7F, 12}));
    // 10000: weight 1, trailing zero digit stripped
    EXPECT_EQ(encode_text("10000"), body({0x8000 | 1, 1}));
}

TEST(Parse, ZeroIsPositiveWithWeightZeroAndKeepsScale) {
    EXPECT_EQ(encode_text("0"), body({0x8000}));
    EXPECT_EQ(encode_text("-0.000"), body({0x8000 | (3 << 7)}));
    EXPECT_EQ(encode_text("000.0"), body({0x8000 | (1 << 7)}));
}

TEST(Parse, LongFormWhenScaleOrWeightDoNotFit) {
    const std::string many_decimals = "0." + std::string(63, '0') + "1";   // dscale 64
    const auto body = encode_text(many_decimals);
    ASSERT_EQ(body.size(), 6u);
    EXPECT_EQ(load_u16(body.data()), 64);   // positive, dscale 64
    EXPECT_EQ(static_cast<int16_t>(load_u16(body.data() + 2)), -16);
    EXPECT_EQ(load_u16(body.data() + 4), 1);                     // the 64th decimal ends group 16
    const auto big = encode_text("1" + std::string(256, '0'));   // weight 64
    ASSERT_EQ(big.size(), 6u);
    EXPECT_EQ(static_cast<int16_t>(load_u16(big.data() + 2)), 64);
    const auto neg_big = encode_text("-1" + std::string(256, '0'));
    EXPECT_EQ(load_u16(neg_big.data()), kNegative);
}

TEST(Parse, SpacesSignsAndPoints) {
    EXPECT_EQ(round_trip("  +12.50  "), "12.50");
    EXPECT_EQ(round_trip(".5"), "0.5");
    EXPECT_EQ(round_trip("5."), "5");
    EXPECT_EQ(round_trip("-.5"), "-0.5");
    EXPECT_EQ(round_trip("0000123.4500"), "123.4500");
    EXPECT_EQ(round_trip("-0"), "0");
}

TEST(Parse, DeclinesWhatIsNotPlainDecimal) {
    for (const char* s : {"",    " ",        "-",    "+",   ".",    "-.",   "1.2.3", "1-",  "++1", "1 2", "abc",
                          "NaN", "Infinity", "-inf", "1e5", "1E-3", "0x1F", "1_000", "\t1", "1\n", "１"}) {
        DecimalDigits d;
        EXPECT_FALSE(parse_plain_decimal(s, decode_typmod(kNoTypmod), &d)) << '"' << s << '"';
    }
}

TEST(Parse, DeclinesOverlongInputButNotTheLimit) {
    DecimalDigits d;
    const Typmod none = decode_typmod(kNoTypmod);
    EXPECT_TRUE(parse_plain_decimal(std::string(kMaxFastDecimalDigits, '7').c_str(), none, &d));
    EXPECT_FALSE(parse_plain_decimal(std::string(kMaxFastDecimalDigits + 1, '7').c_str(), none, &d));
    const std::string frac = "0." + std::string(kMaxFastDecimalDigits, '3');
    EXPECT_TRUE(parse_plain_decimal(frac.c_str(), none, &d));
    EXPECT_FALSE(parse_plain_decimal((frac + "3").c_str(), none, &d));
    // leading zeros do not count against the limit
    EXPECT_TRUE(parse_plain_decimal((std::string(2000, '0') + "1").c_str(), none, &d));
}
