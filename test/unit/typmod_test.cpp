/*
 * typmod_test.cpp — src/core/typmod: numeric's typmod decoded and applied (rounding half away
 * from zero, then the precision check), on digits built by hand and through the text parser.
 *
 * The compact-decimal case (compact_decimal_typmod) is tested with its scanner, in
 * compact_decimal_test.cpp; binary input under typmods in wire_format_test.cpp.
 */
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/typmod.hpp"
#include "bodies.hpp"

using namespace unit;

namespace {

/* A DecimalDigits of the given digits (weight of the first), its carry slot free. */
DecimalDigits digits_of(bool negative, int weight, int dscale, std::vector<uint16_t> groups) {
    DecimalDigits d{};
    d.negative = negative;
    d.weight = weight;
    d.dscale = dscale;
    d.first = 1;
    d.ndigits = static_cast<int>(groups.size());
    for (size_t i = 0; i < groups.size(); ++i)
        d.storage[d.first + static_cast<int>(i)] = groups[i];
    return d;
}

std::vector<uint16_t> groups_of(const DecimalDigits& d) { return {d.digits(), d.digits() + d.ndigits}; }

}   // namespace

TEST(Typmod, AppliesToDigitsBuiltByHand) {
    // 9999.99995 under (10,4): the carry runs into the free slot in front, then strips
    DecimalDigits d = digits_of(false, 0, 5, {9999, 9999, 5000});
    ASSERT_TRUE(apply_typmod(&d, decode_typmod(typmod_of(10, 4))));
    EXPECT_EQ(groups_of(d), (std::vector<uint16_t>{1}));
    EXPECT_EQ(d.weight, 1);
    EXPECT_EQ(d.dscale, 4);
    // -0.00004 under (3,4) rounds to zero: positive, weight 0, no digits
    d = digits_of(true, -1, 5, {0, 4000});
    ASSERT_TRUE(apply_typmod(&d, decode_typmod(typmod_of(3, 4))));
    EXPECT_EQ(d.ndigits, 0);
    EXPECT_FALSE(d.negative);
    EXPECT_EQ(d.weight, 0);
    // 123.4 does not fit (3,1): two digits at most before the point
    d = digits_of(false, 0, 1, {123, 4000});
    EXPECT_FALSE(apply_typmod(&d, decode_typmod(typmod_of(3, 1))));
    // the wire's cut to the sent dscale truncates instead
    d = digits_of(false, 0, 2, {1, 9999});
    truncate_to_scale(&d, 2);
    strip(&d);
    EXPECT_EQ(groups_of(d), (std::vector<uint16_t>{1, 9900}));
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
