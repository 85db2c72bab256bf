/*
 * rounding_test.cpp — src/core/rounding: round, trunc, ceil, floor, sign, trim_scale and the
 * shared round_digits, against the decimal-string model in test/fuzz/rounding_reference.hpp
 * and against cases written out by hand.  "Equal" means the very bytes numeric would store.
 */
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/decimal_format.hpp"
#include "core/decimal_parse.hpp"
#include "core/rounding.hpp"
#include "../fuzz/rounding_reference.hpp"

using namespace fastnumeric;

namespace {

using Body = std::vector<unsigned char>;

Body body_of(const ref::Decimal& d, int dscale) { return ref::encode_body(ref::to_groups(d), dscale); }

/* The body of a plain decimal text, as numeric_in stores it (dscale as written). */
Body body_of_text(const std::string& text) {
    DecimalDigits digits;
    EXPECT_TRUE(parse_plain_decimal(text.c_str(), decode_typmod(-1), &digits)) << text;
    const FiniteValue v = digits.value();
    Body b(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(b.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return b;
}

NumericView view(const Body& b) {
    NumericView v;
    EXPECT_TRUE(decode_numeric(b.data(), b.size(), &v));
    return v;
}

Body encoded(const FiniteValue& v) {
    Body b(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(b.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return b;
}

std::string text(const Body& b) {
    const NumericView v = view(b);
    std::vector<char> buf(format_buffer_size(v));
    return std::string(buf.data(), format_numeric(v, buf.data()));
}

enum class Fn { Round, Trunc, Ceil, Floor, TrimScale };

/* One function on a body, through a buffer of exactly the digits it may use. */
Body compute(Fn fn, const Body& in, int32_t scale = 0) {
    const NumericView v = view(in);
    std::vector<uint16_t> buffer(static_cast<size_t>(rounding_buffer_digits(v)));
    FiniteValue r{};
    switch (fn) {
    case Fn::Round: r = round_value(v, scale, buffer.data()); break;
    case Fn::Trunc: r = trunc_value(v, scale, buffer.data()); break;
    case Fn::Ceil: r = ceil_value(v, buffer.data()); break;
    case Fn::Floor: r = floor_value(v, buffer.data()); break;
    case Fn::TrimScale: r = trim_scale_value(v, buffer.data()); break;
    }
    EXPECT_GE(r.digits, buffer.data());
    EXPECT_LE(r.digits + r.ndigits, buffer.data() + buffer.size());
    return encoded(r);
}

std::string round_text(const std::string& x, int32_t scale) { return text(compute(Fn::Round, body_of_text(x), scale)); }
std::string trunc_text(const std::string& x, int32_t scale) { return text(compute(Fn::Trunc, body_of_text(x), scale)); }
std::string ceil_text(const std::string& x) { return text(compute(Fn::Ceil, body_of_text(x))); }
std::string floor_text(const std::string& x) { return text(compute(Fn::Floor, body_of_text(x))); }

}   // namespace

TEST(Rounding, RoundHalfAwayFromZero) {
    EXPECT_EQ(round_text("2.5", 0), "3");
    EXPECT_EQ(round_text("-2.5", 0), "-3");
    EXPECT_EQ(round_text("2.49999", 0), "2");
    EXPECT_EQ(round_text("1.005", 2), "1.01");
    EXPECT_EQ(round_text("-0.4", 0), "0");      // zero is positive
    EXPECT_EQ(round_text("0.6", 0), "1");       // nothing kept, rounds up to one unit
    EXPECT_EQ(round_text("0.06", 0), "0");      // the first dropped digit is the 0 of 0.06
    EXPECT_EQ(round_text("1.5", 3), "1.500");   // the dscale follows the scale
    EXPECT_EQ(round_text("12345.678", -2), "12300");
    EXPECT_EQ(round_text("12350", -2), "12400");
    EXPECT_EQ(round_text("49.9", -2), "0");
    EXPECT_EQ(round_text("50", -2), "100");
    EXPECT_EQ(round_text("9999.99995", 4), "10000.0000");   // a carry into a new group
    EXPECT_EQ(round_text("99999999.5", 0), "100000000");
}

TEST(Rounding, TruncTowardZero) {
    EXPECT_EQ(trunc_text("2.99", 0), "2");
    EXPECT_EQ(trunc_text("-2.99", 0), "-2");
    EXPECT_EQ(trunc_text("-0.99", 0), "0");
    EXPECT_EQ(trunc_text("1.23456", 3), "1.234");
    EXPECT_EQ(trunc_text("1.2", 5), "1.20000");
    EXPECT_EQ(trunc_text("98765", -3), "98000");
    EXPECT_EQ(trunc_text("999", -3), "0");
}

TEST(Rounding, CeilAndFloor) {
    EXPECT_EQ(ceil_text("1.0001"), "2");
    EXPECT_EQ(ceil_text("-1.9999"), "-1");
    EXPECT_EQ(ceil_text("-0.5"), "0");
    EXPECT_EQ(ceil_text("0.00001"), "1");   // below the first group: one unit
    EXPECT_EQ(ceil_text("9999.1"), "10000");
    EXPECT_EQ(ceil_text("5.000"), "5");   // dscale 0
    EXPECT_EQ(floor_text("1.9999"), "1");
    EXPECT_EQ(floor_text("-1.0001"), "-2");
    EXPECT_EQ(floor_text("-0.00001"), "-1");
    EXPECT_EQ(floor_text("-9999.5"), "-10000");
    EXPECT_EQ(floor_text("0.5"), "0");
}

TEST(Rounding, ScaleArgumentIsBoundedLikeNumerics) {
    EXPECT_EQ(view(compute(Fn::Round, body_of_text("1.5"), 20000)).dscale, kDscaleMax);
    EXPECT_EQ(view(compute(Fn::Trunc, body_of_text("1.5"), INT32_MAX)).dscale, kDscaleMax);
    EXPECT_EQ(round_text("123.5", INT32_MIN), "0");
    EXPECT_EQ(trunc_text("123.5", INT32_MIN), "0");
    // rounding at the top of numeric's range carries out of the largest weight
    const Body huge = body_of(ref::make_decimal(false, "5", 131071), 0);
    const NumericView v = view(huge);
    std::vector<uint16_t> buffer(static_cast<size_t>(rounding_buffer_digits(v)));
    const FiniteValue r = round_value(v, -131072, buffer.data());
    EXPECT_EQ(r.weight, kWeightMax + 1);
    EXPECT_FALSE(fits_numeric_format(r));
    EXPECT_TRUE(fits_numeric_format(round_value(v, -131073, buffer.data())));
}

TEST(Rounding, SignOfFiniteAndInfinite) {
    auto sign_text = [](const Body& b) { return text(encoded(sign_value(view(b)))); };
    EXPECT_EQ(sign_text(body_of_text("-0.001")), "-1");
    EXPECT_EQ(sign_text(body_of_text("0.000")), "0");
    EXPECT_EQ(sign_text(body_of_text("12.50")), "1");
    EXPECT_EQ(sign_text(ref::special_body(Kind::PosInf)), "1");
    EXPECT_EQ(sign_text(ref::special_body(Kind::NegInf)), "-1");
}

TEST(Rounding, TrimScale) {
    EXPECT_EQ(text(compute(Fn::TrimScale, body_of_text("1.2300"))), "1.23");
    EXPECT_EQ(text(compute(Fn::TrimScale, body_of_text("-100.000"))), "-100");
    EXPECT_EQ(text(compute(Fn::TrimScale, body_of_text("0.00"))), "0");
    EXPECT_EQ(text(compute(Fn::TrimScale, body_of_text("0.00010"))), "0.0001");
    EXPECT_EQ(min_scale(view(body_of_text("1.0500"))), 2);
    // a long header becomes a short one when the dscale drops to 63 or less
    const Body long_form = body_of_text("1." + std::string(70, '0'));
    EXPECT_EQ(long_form.size(), 6u);
    EXPECT_EQ(compute(Fn::TrimScale, long_form), body_of_text("1"));
}

TEST(Rounding, RoundDigitsCarriesIntoANewGroup) {
    uint16_t buf[4] = {0, 9999, 9999, 5000};   // buf[0] is the carry room
    uint16_t* digits = buf + 1;
    int ndigits = 3, weight = 0;   // 9999.99995000
    round_digits(&digits, &ndigits, &weight, 4, RoundMode::HalfAwayFromZero);
    ASSERT_EQ(digits, buf);
    EXPECT_EQ(weight, 1);
    EXPECT_EQ(ndigits, 3);
    EXPECT_EQ(buf[0], 1);
    EXPECT_EQ(buf[1], 0);
    EXPECT_EQ(buf[2], 0);
}

/* Random values and scales of every sign and size, against the decimal-string model. */
TEST(Rounding, MatchesTheReference) {
    std::mt19937_64 rng(20261201);
    auto pick = [&](int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1)); };
    for (int i = 0; i < 20000; ++i) {
        std::string mag;
        const int n = pick(0, 3) == 0 ? pick(20, 90) : pick(0, 12);
        for (int k = 0; k < n; ++k)
            mag += static_cast<char>('0' + (pick(0, 3) == 0 ? 9 : pick(0, 9)));   // runs of nines carry
        const int exp10 = pick(0, 9) == 0 ? pick(-300, 300) : pick(-20, 8);
        const ref::Decimal d = ref::make_decimal(pick(0, 1) == 1, mag.empty() ? "0" : mag, exp10);
        const int dscale = (exp10 < 0 ? -exp10 : 0) + (pick(0, 3) == 0 ? pick(0, 6) : 0);
        const Body in = body_of(d, dscale);
        const int32_t scale = pick(0, 15) == 0 ? pick(-140000, 20000) : pick(-30, 30);
        const std::string what = ref::hex(in) + " scale " + std::to_string(scale);

        ref::Rounded want = ref::round_or_trunc(d, scale, true);
        ASSERT_EQ(compute(Fn::Round, in, scale), body_of(want.value, want.dscale)) << "round " << what;
        want = ref::round_or_trunc(d, scale, false);
        ASSERT_EQ(compute(Fn::Trunc, in, scale), body_of(want.value, want.dscale)) << "trunc " << what;
        want = ref::ceil_or_floor(d, true);
        ASSERT_EQ(compute(Fn::Ceil, in), body_of(want.value, want.dscale)) << "ceil " << what;
        want = ref::ceil_or_floor(d, false);
        ASSERT_EQ(compute(Fn::Floor, in), body_of(want.value, want.dscale)) << "floor " << what;
        want = ref::trim_scale(d);
        ASSERT_EQ(compute(Fn::TrimScale, in), body_of(want.value, want.dscale)) << "trim_scale " << what;
    }
}
