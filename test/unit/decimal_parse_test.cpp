/*
 * decimal_parse_test.cpp — src/core/decimal_parse: plain decimal text into numeric bodies, typmods applied.
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
    EXPECT_EQ(load_u16(body.data()), 64);                          // positive, dscale 64
    EXPECT_EQ(static_cast<int16_t>(load_u16(body.data() + 2)), -16);
    EXPECT_EQ(load_u16(body.data() + 4), 1);   // the 64th decimal ends group 16
    const auto big = encode_text("1" + std::string(256, '0'));     // weight 64
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
    for (const char* s : {"", " ", "-", "+", ".", "-.", "1.2.3", "1-", "++1", "1 2", "abc",
                          "NaN", "Infinity", "-inf", "1e5", "1E-3", "0x1F", "1_000", "\t1",
                          "1\n", "１"}) {
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

TEST(Typmod, Decoding) {
    const Typmod t = decode_typmod(typmod_of(12, 4));
    EXPECT_TRUE(t.present);
    EXPECT_EQ(t.precision, 12);
    EXPECT_EQ(t.scale, 4);
    EXPECT_EQ(decode_typmod(typmod_of(5, -2)).scale, -2);
    EXPECT_EQ(decode_typmod(typmod_of(1000, -1000)).scale, -1000);
    EXPECT_FALSE(decode_typmod(-1).present);
    EXPECT_FALSE(decode_typmod(3).present);
}

TEST(Typmod, RoundsHalfAwayFromZero) {
    EXPECT_EQ(round_trip("1.25", typmod_of(5, 1)), "1.3");
    EXPECT_EQ(round_trip("-1.25", typmod_of(5, 1)), "-1.3");
    EXPECT_EQ(round_trip("1.249999", typmod_of(5, 1)), "1.2");
    EXPECT_EQ(round_trip("1.5", typmod_of(10, 4)), "1.5000");
    EXPECT_EQ(round_trip("0.04", typmod_of(3, 1)), "0.0");
    EXPECT_EQ(round_trip("-0.04", typmod_of(3, 1)), "0.0");
    EXPECT_EQ(round_trip("0.6", typmod_of(3, 0)), "1");
}

TEST(Typmod, CarriesAcrossDigitGroups) {
    EXPECT_EQ(round_trip("9999.99995", typmod_of(10, 4)), "10000.0000");
    EXPECT_EQ(round_trip("99999999.5", typmod_of(10, 0)), "100000000");
    EXPECT_EQ(round_trip("0.99995", typmod_of(5, 4)), "1.0000");
    EXPECT_EQ(encode_text("9999.99995", typmod_of(10, 4)), body({0x8000 | (4 << 7) | 1, 1}));
}

TEST(Typmod, NegativeScaleRoundsLeftOfThePoint) {
    EXPECT_EQ(round_trip("12345.67", typmod_of(5, -2)), "12300");
    EXPECT_EQ(round_trip("12350", typmod_of(5, -2)), "12400");
    EXPECT_EQ(round_trip("49", typmod_of(5, -2)), "0");
    EXPECT_EQ(round_trip("50", typmod_of(5, -2)), "100");
}

TEST(Typmod, ScaleAbovePrecision) {
    EXPECT_EQ(round_trip("0.012", typmod_of(2, 3)), "0.012");
    EXPECT_EQ(round_trip("0.0012", typmod_of(2, 4)), "0.0012");
    EXPECT_EQ(round_trip("0.0123", typmod_of(2, 4)), "<declined>");
}

TEST(Typmod, OverflowDeclinesSoNumericRaisesTheError) {
    EXPECT_EQ(round_trip("123.4", typmod_of(3, 1)), "<declined>");
    EXPECT_EQ(round_trip("99.95", typmod_of(3, 1)), "<declined>");   // rounds to 100.0
    EXPECT_EQ(round_trip("99.94", typmod_of(3, 1)), "99.9");
    EXPECT_EQ(round_trip("0.123", typmod_of(2, 3)), "<declined>");
    EXPECT_EQ(round_trip("1.5", typmod_of(2, 3)), "<declined>");
    EXPECT_EQ(round_trip("0.0000", typmod_of(1, 0)), "0");
}

