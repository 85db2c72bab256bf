/*
 * digit_arith_test.cpp — src/core/digit_arith against a slow, obviously correct reference.
 *
 * The reference works on decimal strings, one decimal digit at a time (schoolbook addition,
 * subtraction and multiplication, from test/fuzz/reference.hpp, which the fuzz harnesses
 * share); its result text goes through the decimal parser and the
 * encoder, so "equal" means the very bytes numeric would store.  Both the machine-integer
 * paths and the digit-array paths are checked, on their own and through arith_finite.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/decimal_parse.hpp"
#include "core/digit_arith.hpp"
#include "core/short_arith.hpp"
#include "../fuzz/reference.hpp"   // the digit-at-a-time magnitude arithmetic

using namespace fastnumeric;

namespace {

/* ---------------------------------------------------------------- the reference */

struct RefDecimal {
    bool negative = false;
    std::string digits = "0";   // magnitude, no leading zeros (but "0")
    int scale = 0;              // digits after the point (the dscale)
};

RefDecimal ref_parse(const std::string& text) {
    RefDecimal r;
    size_t i = 0;
    if (text[i] == '-' || text[i] == '+')
        r.negative = text[i++] == '-';
    std::string mag;
    for (; i < text.size(); ++i) {
        if (text[i] == '.')
            r.scale = static_cast<int>(text.size() - i - 1);
        else
            mag += text[i];
    }
    mag.erase(0, std::min(mag.find_first_not_of('0'), mag.size()));
    r.digits = mag.empty() ? "0" : mag;
    if (r.digits == "0")
        r.negative = false;
    return r;
}

std::string ref_text(const RefDecimal& r) {
    std::string mag = r.digits;
    if (static_cast<int>(mag.size()) <= r.scale)
        mag.insert(0, r.scale + 1 - mag.size(), '0');
    std::string s = r.negative && r.digits != "0" ? "-" : "";
    s += mag.substr(0, mag.size() - r.scale);
    if (r.scale > 0)
        s += "." + mag.substr(mag.size() - r.scale);
    return s;
}

RefDecimal ref_add(RefDecimal a, RefDecimal b) {
    const int scale = std::max(a.scale, b.scale);
    a.digits = ref::strip_zeros(a.digits + std::string(scale - a.scale, '0'));
    b.digits = ref::strip_zeros(b.digits + std::string(scale - b.scale, '0'));
    RefDecimal r;
    r.scale = scale;
    if (a.negative == b.negative) {
        r.digits = ref::add_mag(a.digits, b.digits);
        r.negative = a.negative;
    } else if (ref::compare_mag(a.digits, b.digits) >= 0) {
        r.digits = ref::sub_mag(a.digits, b.digits);
        r.negative = a.negative;
    } else {
        r.digits = ref::sub_mag(b.digits, a.digits);
        r.negative = b.negative;
    }
    if (r.digits == "0")
        r.negative = false;
    return r;
}

RefDecimal ref_mul(const RefDecimal& a, const RefDecimal& b) {
    RefDecimal r;
    r.digits = ref::mul_mag(a.digits, b.digits);
    r.scale = a.scale + b.scale;
    r.negative = a.negative != b.negative && r.digits != "0";
    return r;
}

/* ---------------------------------------------------------------- bodies */

using Body = std::vector<unsigned char>;

Body encode(const FiniteValue& v) {
    Body body(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(body.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return body;
}

/* A value digits * 10000^weight with the given dscale, encoded directly (beyond the parser). */
Body raw(std::vector<uint16_t> digits, int weight, int dscale, bool negative = false) {
    return encode(FiniteValue{negative, weight, dscale, digits.data(), static_cast<int>(digits.size())});
}

Body body_of_text(const std::string& text) {
    DecimalDigits d;
    EXPECT_TRUE(parse_plain_decimal(text.c_str(), decode_typmod(-1), &d)) << text;
    return encode(d.value());
}

NumericView view(const Body& body) {
    NumericView v;
    EXPECT_TRUE(decode_numeric(body.data(), body.size(), &v));
    return v;
}

/* arith_finite, with a scratch buffer grown on request as the pg layer does. */
Body compute(ArithOp op, const Body& a, const Body& b) {
    SmallDigits small;
    std::vector<uint16_t> scratch;
    FiniteValue out;
    int needed = 0;
    if (arith_finite(op, view(a), view(b), &small, DigitBuffer{nullptr, 0}, &needed, &out) ==
        ArithStatus::NeedScratch) {
        scratch.resize(needed);
        EXPECT_EQ(arith_finite(op, view(a), view(b), &small, DigitBuffer{scratch.data(), needed},
                               &needed, &out),
                  ArithStatus::Ok);
    }
    return encode(out);
}

Body digit_path(ArithOp op, const Body& a, const Body& b) {
    FiniteValue out;
    std::vector<uint16_t> scratch;
    if (op == ArithOp::Multiply) {
        scratch.resize(multiply_digits_needed(view(a), view(b)));
        multiply_digits(view(a), view(b), scratch.data(), &out);
    } else {
        scratch.resize(add_digits_needed(view(a), view(b)));
        add_digits(view(a), view(b), op == ArithOp::Subtract, scratch.data(), &out);
    }
    return encode(out);
}

std::string expected_text(ArithOp op, const std::string& a, const std::string& b) {
    RefDecimal ra = ref_parse(a), rb = ref_parse(b);
    if (op == ArithOp::Subtract)
        rb.negative = !rb.negative && rb.digits != "0";
    return ref_text(op == ArithOp::Multiply ? ref_mul(ra, rb) : ref_add(ra, rb));
}

const char* op_name(ArithOp op) {
    return op == ArithOp::Add ? "+" : op == ArithOp::Subtract ? "-" : "*";
}

/* The short-body path's result, or an empty body when it declines. */
Body short_path(ArithOp op, const Body& a, const Body& b) {
    unsigned char bytes[kShortBodyBytes];
    const int size = op == ArithOp::Multiply
                         ? multiply_short_bodies(a.data(), a.size(), b.data(), b.size(), bytes)
                         : add_short_bodies(a.data(), a.size(), b.data(), b.size(), op == ArithOp::Subtract, bytes);
    return Body(bytes, bytes + size);
}

/* The narrow path's result, or an empty body when it declines. */
Body narrow_path(ArithOp op, const Body& a, const Body& b) {
    unsigned char bytes[kNarrowBodyBytes];
    const int size = op == ArithOp::Multiply
                         ? multiply_short_narrow(a.data(), a.size(), b.data(), b.size(), bytes)
                         : add_short_narrow(a.data(), a.size(), b.data(), b.size(), op == ArithOp::Subtract, bytes);
    return Body(bytes, bytes + size);
}

/* Checks every path on a op b; returns how many ops the short-body path took. */
int check_all_ops(const std::string& a, const std::string& b) {
    const Body ba = body_of_text(a), bb = body_of_text(b);
    int short_taken = 0;
    for (ArithOp op : {ArithOp::Add, ArithOp::Subtract, ArithOp::Multiply}) {
        const Body want = body_of_text(expected_text(op, a, b));
        EXPECT_EQ(compute(op, ba, bb), want) << a << " " << op_name(op) << " " << b;
        EXPECT_EQ(digit_path(op, ba, bb), want) << "digit path: " << a << " " << op_name(op) << " " << b;
        const Body fast = short_path(op, ba, bb);
        if (!fast.empty()) {
            EXPECT_EQ(fast, want) << "short path: " << a << " " << op_name(op) << " " << b;
            ++short_taken;
        }
        // the narrow path answers only for nonzero operands and results of at most four
        // groups (before stripping), and then alike
        const Body narrow = narrow_path(op, ba, bb);
        if (!narrow.empty()) {
            EXPECT_EQ(narrow, want) << "narrow path: " << a << " " << op_name(op) << " " << b;
            EXPECT_TRUE(ba.size() > 2 && bb.size() > 2 && narrow.size() > 2 && narrow.size() <= kNarrowBodyBytes)
                << "narrow path: " << a << " " << op_name(op) << " " << b;
        }
    }
    return short_taken;
}

/* ---------------------------------------------------------------- operands of every shape */

std::string random_digits(std::mt19937_64& rng, int n, const char* alphabet = "0123456789") {
    std::string s;
    const size_t k = std::char_traits<char>::length(alphabet);
    for (int i = 0; i < n; ++i)
        s += alphabet[rng() % k];
    return s;
}

std::string random_operand(std::mt19937_64& rng) {
    auto pick = [&](int lo, int hi) { return lo + static_cast<int>(rng() % (hi - lo + 1)); };
    std::string sign = rng() % 3 == 0 ? "-" : "";
    std::string i, f;
    switch (rng() % 8) {
    case 0: i = random_digits(rng, pick(0, 10)); f = random_digits(rng, 2); break;        // money
    case 1: i = random_digits(rng, pick(1, 18)); break;                                   // integers
    case 2: i = random_digits(rng, pick(20, 80)); f = random_digits(rng, pick(0, 60)); break;  // long
    case 3: f = std::string(pick(0, 30), '0') + random_digits(rng, pick(1, 10)); break;   // tiny
    case 4: i = random_digits(rng, pick(0, 40), "09"); f = random_digits(rng, pick(0, 40), "09"); break;
    case 5: i = std::string(pick(0, 3), '0'); f = std::string(pick(0, 9), '0'); break;    // zeros
    case 6: i = random_digits(rng, pick(0, 12), "9"); f = random_digits(rng, pick(0, 12), "9"); break;
    default: i = random_digits(rng, pick(0, 38)); f = random_digits(rng, pick(0, 38)); break;
    }
    return sign + (i.empty() ? "0" : i) + (f.empty() ? "" : "." + f);
}

/* ---------------------------------------------------------------- tests */

TEST(DigitArith, HandPicked) {
    check_all_ops("1", "2");
    check_all_ops("1.5", "2.25");
    check_all_ops("9999", "1");                    // carry into a new group
    check_all_ops("10000", "-1");                  // borrow across a group
    check_all_ops("0.0001", "9999.9999");
    check_all_ops("99999999.9999", "0.0001");
    check_all_ops("1.23", "-1.23");                // cancellation to zero, dscale kept
    check_all_ops("-0.00", "0.000");
    check_all_ops("9999999999999999", "1");        // 10^16 - 1: the int64 path's edge
    check_all_ops("9223372036854775807", "1");     // 2^63 - 1
    check_all_ops("18446744073709551615", "18446744073709551615");
    check_all_ops("999999999999999999999999999999999999", "1");   // 10^36 - 1
    check_all_ops("170141183460469231731687303715884105727", "2");   // 2^127 - 1
    check_all_ops("99999999999999999999999999999999999999", "99999999999999999999999999999999999999");
    check_all_ops("12345678901234567890.123456789", "-98765432109876543210.987654321");
    check_all_ops("0.00000001", "100000000");
}

TEST(DigitArith, RandomAgainstReference) {
    std::mt19937_64 rng(20240603);
    for (int n = 0; n < 30000; ++n) {
        const std::string a = random_operand(rng);
        const std::string b = rng() % 5 == 0 ? a : random_operand(rng);
        check_all_ops(a, b);
        if (::testing::Test::HasFailure())
            break;
    }
}

TEST(DigitArith, ShortPathTakesSmallOperands) {
    EXPECT_EQ(check_all_ops("1234.56", "7"), 3);
    EXPECT_EQ(check_all_ops("-0.0001", "99999999.99"), 3);
    EXPECT_EQ(check_all_ops("0.00", "-12.5"), 3);
    EXPECT_EQ(check_all_ops("9999999999999999", "9999999999999999"), 3);   // product > 2^64: 128 bits
    EXPECT_EQ(check_all_ops("999999.99", "-999999.99"), 3);
    EXPECT_EQ(check_all_ops("4294967296", "4294967296"), 3);   // exactly 2^64
    EXPECT_EQ(check_all_ops("0.0000000000000001", "9999999999999999"), 1);   // * only: + spans 8 groups
}

TEST(DigitArith, NarrowPathTakesThePerRowCases) {
    for (const char* rate : {"0.95", "1.08", "0.01", "1", "17"}) {
        for (const char* price : {"12345.67", "104949.50", "0.01", "901.00", "-4.5"}) {
            const Body a = body_of_text(price), b = body_of_text(rate);
            for (ArithOp op : {ArithOp::Add, ArithOp::Subtract, ArithOp::Multiply}) {
                const Body want = body_of_text(expected_text(op, price, rate));
                if (want.size() > 2) {   // (a zero result is the complete path's)
                    EXPECT_EQ(narrow_path(op, a, b), want) << price << " " << op_name(op) << " " << rate;
                }
            }
        }
    }
}

TEST(DigitArith, NarrowPathLeavesTheRestToTheCompletePath) {
    const Body zero = body_of_text("0.00"), one = body_of_text("1");
    EXPECT_TRUE(narrow_path(ArithOp::Add, zero, one).empty());
    EXPECT_TRUE(narrow_path(ArithOp::Multiply, one, zero).empty());
    EXPECT_TRUE(narrow_path(ArithOp::Subtract, one, one).empty());   // zero result
    EXPECT_EQ(short_path(ArithOp::Subtract, one, one), body_of_text("0"));
    const Body nines = body_of_text("9999999999999999");
    EXPECT_TRUE(narrow_path(ArithOp::Add, nines, one).empty());   // 10^16: five groups before stripping
    EXPECT_EQ(short_path(ArithOp::Add, nines, one), body_of_text("10000000000000000"));
    EXPECT_TRUE(narrow_path(ArithOp::Multiply, body_of_text("152587890625"), body_of_text("65536")).empty());
    EXPECT_EQ(short_path(ArithOp::Multiply, body_of_text("152587890625"), body_of_text("65536")),
              body_of_text("10000000000000000"));   // 5^16 * 2^16
    EXPECT_TRUE(narrow_path(ArithOp::Multiply, nines, nines).empty());   // a 128-bit product
}

TEST(DigitArith, ShortPathDeclinesLongHeadersAndWideSpans) {
    const Body one = body_of_text("1");
    EXPECT_TRUE(short_path(ArithOp::Add, body_of_text("1" + std::string(252, '0')), one).empty());  // weight 63 + span
    EXPECT_TRUE(short_path(ArithOp::Add, body_of_text("10000000000000000"), body_of_text("0.0001")).empty());
    EXPECT_TRUE(short_path(ArithOp::Multiply, body_of_text("0." + std::string(40, '1')),
                           body_of_text("0." + std::string(30, '1'))).empty());   // dscale 70
    // weight 63 plus a carry needs the long header: the general path writes it
    const Body top = raw({9999}, 63, 0);
    EXPECT_TRUE(short_path(ArithOp::Add, top, top).empty());
    EXPECT_EQ(short_path(ArithOp::Subtract, top, top), body_of_text("0"));
    EXPECT_TRUE(short_path(ArithOp::Add, raw({1}, -64, 63), raw({1}, -64, 63, true)).size() == 2);
}

TEST(DigitArith, ShortPathMatchesTheGeneralPathEverywhere) {
    // exhaustive over small shapes: every weight/width the short path can see, both signs
    std::mt19937_64 rng(11);
    int taken = 0;
    for (int n = 0; n < 200000; ++n) {
        auto operand = [&]() {
            const int groups = static_cast<int>(rng() % 5);
            std::vector<uint16_t> d(groups);
            for (auto& g : d) g = static_cast<uint16_t>(rng() % 3 == 0 ? rng() % 3 * 4999 : rng() % kBase);
            if (groups > 0) { d.front() = d.front() ? d.front() : 1; d.back() = d.back() ? d.back() : 7; }
            const int weight = groups == 0 ? 0 : -66 + static_cast<int>(rng() % 132);
            const int low = weight - groups + 1;
            const int dscale = std::max(0, -low * kDecDigits) + static_cast<int>(rng() % 4);
            return raw(d, weight, std::min(dscale, 70), groups > 0 && rng() % 2);
        };
        const Body a = operand(), b = operand();
        for (ArithOp op : {ArithOp::Add, ArithOp::Subtract, ArithOp::Multiply}) {
            const Body fast = short_path(op, a, b);
            if (fast.empty())
                continue;
            ++taken;
            ASSERT_EQ(fast, compute(op, a, b)) << "op " << op_name(op) << " case " << n;
        }
    }
    EXPECT_GT(taken, 100000);
}

TEST(DigitArith, LongTimesLong) {
    std::mt19937_64 rng(7);
    for (int n = 0; n < 300; ++n) {
        const std::string a = random_digits(rng, 1 + rng() % 400) + "." + random_digits(rng, rng() % 400);
        const std::string b = "-" + random_digits(rng, 1 + rng() % 400) + "." + random_digits(rng, rng() % 300);
        check_all_ops(a, b);
    }
    check_all_ops(std::string(500, '9'), std::string(500, '9'));
    check_all_ops(std::string(300, '9') + "." + std::string(300, '9'), "0." + std::string(299, '0') + "1");
}

TEST(DigitArith, SmallPathsDeclineWhatDoesNotFit) {
    SmallDigits small;
    FiniteValue out;
    const Body big = body_of_text(std::string(40, '9'));     // 10 groups: beyond int128's 9
    const Body one = body_of_text("1");
    EXPECT_FALSE(add_small(view(big), view(one), false, &small, &out));
    EXPECT_FALSE(multiply_small(view(big), view(one), &small, &out));
    const Body b16 = body_of_text(std::string(16, '9')), b17 = body_of_text(std::string(17, '9'));
    EXPECT_TRUE(add_small(view(b16), view(b16), false, &small, &out));    // four groups: 64 bits
    EXPECT_FALSE(add_small(view(b17), view(one), false, &small, &out));   // five: the digit path
    const Body b36 = body_of_text(std::string(36, '9'));
    EXPECT_FALSE(add_small(view(b36), view(b36), false, &small, &out));
    EXPECT_FALSE(multiply_small(view(b36), view(b36), &small, &out));   // overflows 128 bits
}

TEST(DigitArith, ProductDscaleCappedAndRounded) {
    // 0.5 (dscale 10000) * 10^-16383 (dscale 16383) = 5 * 10^-16384: rounds up to 10^-16383
    const Body half = raw({5000}, -1, 10000), unit = raw({10}, -4096, 16383);
    EXPECT_EQ(compute(ArithOp::Multiply, half, unit), raw({10}, -4096, kDscaleMax));
    EXPECT_EQ(compute(ArithOp::Multiply, raw({5000}, -1, 10000, true), unit),
              raw({10}, -4096, kDscaleMax, true));
    // 0.4999 * 10^-16383 rounds to zero, which keeps the capped dscale
    EXPECT_EQ(compute(ArithOp::Multiply, raw({4999}, -1, 10000), unit), raw({}, 0, kDscaleMax));
    // no rounding needed: only the dscale is capped
    EXPECT_EQ(compute(ArithOp::Multiply, raw({2}, 0, 9000), raw({3}, 0, 9000)), raw({6}, 0, kDscaleMax));
}

NumericView special(uint16_t header) {
    static unsigned char body[2][8];
    static int next = 0;
    unsigned char* b = body[next++ % 2];
    store_u16(b, header);
    NumericView v;
    decode_numeric(b, 2, &v);
    return v;
}

TEST(DigitArith, SpecialValues) {
    const Body zero = body_of_text("0"), one = body_of_text("1"), minus = body_of_text("-2");
    const NumericView nan = special(kNaN), pinf = special(kPosInf), ninf = special(kNegInf);
    EXPECT_EQ(arith_special(ArithOp::Add, special(kPosInf), special(kNegInf)), Kind::NaN);
    EXPECT_EQ(arith_special(ArithOp::Subtract, special(kPosInf), special(kPosInf)), Kind::NaN);
    EXPECT_EQ(arith_special(ArithOp::Subtract, special(kPosInf), special(kNegInf)), Kind::PosInf);
    EXPECT_EQ(arith_special(ArithOp::Subtract, view(one), pinf), Kind::NegInf);
    EXPECT_EQ(arith_special(ArithOp::Add, view(one), ninf), Kind::NegInf);
    EXPECT_EQ(arith_special(ArithOp::Multiply, view(zero), pinf), Kind::NaN);
    EXPECT_EQ(arith_special(ArithOp::Multiply, view(minus), pinf), Kind::NegInf);
    EXPECT_EQ(arith_special(ArithOp::Multiply, special(kNegInf), special(kNegInf)), Kind::PosInf);
    EXPECT_EQ(arith_special(ArithOp::Add, nan, view(one)), Kind::NaN);
    EXPECT_EQ(arith_special(ArithOp::Multiply, view(zero), nan), Kind::NaN);
}

TEST(DigitArith, SignHeaders) {
    const uint16_t short_pos = body_of_text("1.5")[0] | body_of_text("1.5")[1] << 8;
    EXPECT_EQ(header_after(SignOp::Negate, short_pos, 2), short_pos ^ kShortSignBit);
    EXPECT_EQ(header_after(SignOp::Absolute, short_pos ^ kShortSignBit, 2), short_pos);
    EXPECT_EQ(header_after(SignOp::Negate, kShort, 0), kShort);   // zero stays positive
    EXPECT_EQ(header_after(SignOp::Negate, 100, 1), kNegative | 100);   // long form
    EXPECT_EQ(header_after(SignOp::Absolute, kNegative | 100, 1), 100);
    EXPECT_EQ(header_after(SignOp::Negate, kPosInf, 0), kNegInf);
    EXPECT_EQ(header_after(SignOp::Absolute, kNegInf, 0), kPosInf);
    EXPECT_EQ(header_after(SignOp::Negate, kNaN, 0), kNaN);
    EXPECT_EQ(header_after(SignOp::Plus, kNegInf, 0), kNegInf);
}

}  // namespace
