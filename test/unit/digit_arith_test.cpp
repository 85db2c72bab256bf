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
    if (text.size() > kMaxFastDecimalDigits) {   // beyond the fast parser: the reference's encoding
        const RefDecimal r = ref_parse(text);
        return ref::encode_body(ref::to_groups(ref::make_decimal(r.negative, r.digits, -r.scale)), r.scale);
    }
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
        EXPECT_EQ(arith_finite(op, view(a), view(b), &small, DigitBuffer{scratch.data(), needed}, &needed, &out),
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

const char* op_name(ArithOp op) { return op == ArithOp::Add ? "+" : op == ArithOp::Subtract ? "-" : "*"; }

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
    case 0:
        i = random_digits(rng, pick(0, 10));
        f = random_digits(rng, 2);
        break;                                            // money
    case 1: i = random_digits(rng, pick(1, 18)); break;   // integers
    case 2:
        i = random_digits(rng, pick(20, 80));
        f = random_digits(rng, pick(0, 60));
        break;                                                                            // long
    case 3: f = std::string(pick(0, 30), '0') + random_digits(rng, pick(1, 10)); break;   // tiny
    case 4:
        i = random_digits(rng, pick(0, 40), "09");
        f = random_digits(rng, pick(0, 40), "09");
        break;
    case 5:
        i = std::string(pick(0, 3), '0');
        f = std::string(pick(0, 9), '0');
        break;   // zeros
    case 6:
        i = random_digits(rng, pick(0, 12), "9");
        f = random_digits(rng, pick(0, 12), "9");
        break;
    default:
        i = random_digits(rng, pick(0, 38));
        f = random_digits(rng, pick(0, 38));
        break;
    }
    return sign + (i.empty() ? "0" : i) + (f.empty() ? "" : "." + f);
}

/* ---------------------------------------------------------------- tests */

TEST(DigitArith, HandPicked) {
    check_all_ops("1", "2");
    check_all_ops("1.5", "2.25");
    check_all_ops("9999", "1");     // carry into a new group
    check_all_ops("10000", "-1");   // borrow across a group
    check_all_ops("0.0001", "9999.9999");
    check_all_ops("99999999.9999", "0.0001");
    check_all_ops("1.23", "-1.23");   // cancellation to zero, dscale kept
    check_all_ops("-0.00", "0.000");
    check_all_ops("9999999999999999", "1");      // 10^16 - 1: the int64 path's edge
    check_all_ops("9223372036854775807", "1");   // 2^63 - 1
    check_all_ops("18446744073709551615", "18446744073709551615");
    check_all_ops("999999999999999999999999999999999999", "1");      // 10^36 - 1
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
    EXPECT_EQ(check_all_ops("4294967296", "4294967296"), 3);                 // exactly 2^64
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
              body_of_text("10000000000000000"));                        // 5^16 * 2^16
    EXPECT_TRUE(narrow_path(ArithOp::Multiply, nines, nines).empty());   // a 128-bit product
}

TEST(DigitArith, ShortPathDeclinesLongHeadersAndWideSpans) {
    const Body one = body_of_text("1");
    EXPECT_TRUE(short_path(ArithOp::Add, body_of_text("1" + std::string(252, '0')), one).empty());   // weight 63 + span
    EXPECT_TRUE(short_path(ArithOp::Add, body_of_text("10000000000000000"), body_of_text("0.0001")).empty());
    EXPECT_TRUE(short_path(ArithOp::Multiply, body_of_text("0." + std::string(40, '1')),
                           body_of_text("0." + std::string(30, '1')))
                    .empty());   // dscale 70
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
            for (auto& g : d)
                g = static_cast<uint16_t>(rng() % 3 == 0 ? rng() % 3 * 4999 : rng() % kBase);
            if (groups > 0) {
                d.front() = d.front() ? d.front() : 1;
                d.back() = d.back() ? d.back() : 7;
            }
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

/* The digit paths at their carry and borrow boundaries, operand lengths and limb parities. */

std::string nines(int n) { return std::string(n, '9'); }

/* 10^k as text, or 10^-k for k < 0. */
std::string power_of_ten_text(int k) {
    return k >= 0 ? "1" + std::string(k, '0') : "0." + std::string(-k - 1, '0') + "1";
}

TEST(DigitArith, CarriesRunThroughNines) {
    // 99..9 + 1, 99..9 * 99..9 and 1 - 0.00..01 for every length up to 70 digits (odd and
    // even group and limb counts, every position of the last nonzero digit in its group)
    for (int n = 1; n <= 70; ++n) {
        check_all_ops(nines(n), "1");
        check_all_ops(nines(n), nines(n));
        check_all_ops(nines(n), nines(n / 2 + 1));
        check_all_ops("0." + nines(n), power_of_ten_text(-n));   // a carry into the integer part
        check_all_ops("1", power_of_ten_text(-n));               // borrows through every group
        check_all_ops(nines(n) + "." + nines(n % 9 + 1), "0." + std::string(n % 9, '0') + "1");
        check_all_ops(power_of_ten_text(n), "-1");   // 10^n - 1: borrows to the top
    }
}

TEST(DigitArith, ZeroGroupsInside) {
    // zero groups and zero limbs inside operands (1 0000 0000 ... 0001), zeros only at ends
    std::mt19937_64 rng(99);
    for (int n = 0; n < 400; ++n) {
        std::string a = "1", b = std::to_string(1 + rng() % 9999);
        const int za = static_cast<int>(rng() % 40), zb = static_cast<int>(rng() % 40);
        a += std::string(za, '0') + std::to_string(rng() % 100000) + std::string(rng() % 12, '0');
        b += std::string(zb, '0') + (rng() % 2 ? "7" : "");
        const int point = static_cast<int>(rng() % a.size());
        if (point > 0)
            a.insert(a.size() - point, ".");
        check_all_ops(a, rng() % 2 ? b : "-" + b);
    }
}

TEST(DigitArith, EveryLengthPairAgainstTheReference) {
    // 1 to 40 groups times 1 to 40 groups, both limb parities: the one-limb path, the rows
    std::mt19937_64 rng(5);
    for (int ga = 1; ga <= 40; ++ga) {
        for (int gb = 1; gb <= 40; ++gb) {
            const std::string a = random_digits(rng, 4 * ga - static_cast<int>(rng() % 4), "123456789");
            const std::string b = random_digits(rng, 4 * gb - static_cast<int>(rng() % 4), "0123456789");
            check_all_ops(a, "1" + b);
            check_all_ops(a.substr(0, a.size() / 2) + "." + a.substr(a.size() / 2), "-0.0" + b + "3");
            if (::testing::Test::HasFailure())
                return;
        }
    }
}

/* The stripped result of a op b through arith_finite, as text of its body bytes. */
Body through_finite(ArithOp op, const Body& a, const Body& b) { return compute(op, a, b); }

TEST(DigitArith, WideProductsPropagateCarriesInBetween) {
    // Both factors of more than 1800 limbs (3600 groups): the columns would overflow 64 bits
    // without the carry passes between rows.  Nines make the columns as large as they get:
    // (10^n - 1)^2 = 10^2n - 2 * 10^n + 1, i.e. 9..98 0..01.
    for (int n : {14401, 14404, 16000}) {
        const Body x = body_of_text(nines(n));
        const std::string want = nines(n - 1) + "8" + std::string(n - 1, '0') + "1";
        EXPECT_TRUE(through_finite(ArithOp::Multiply, x, x) == body_of_text(want)) << n << " nines squared";
        EXPECT_TRUE(digit_path(ArithOp::Multiply, x, x) == body_of_text(want)) << n << " nines squared";
    }
    // random digits: a * b - a * (b - 1) == a, with b - 1 and the difference by the digit path
    std::mt19937_64 rng(3);
    const Body a = body_of_text(random_digits(rng, 15000, "123456789") + "." + random_digits(rng, 37));
    const Body b = body_of_text(random_digits(rng, 14800, "123456789"));
    const Body b_less = through_finite(ArithOp::Subtract, b, body_of_text("1"));
    const Body ab = through_finite(ArithOp::Multiply, a, b), ab_less = through_finite(ArithOp::Multiply, a, b_less);
    EXPECT_TRUE(through_finite(ArithOp::Subtract, ab, ab_less) == a);
}

TEST(DigitArith, LongSumsAgainstTheReference) {
    // sums and differences of 20 to 1000 digits, aligned and apart, with carries and borrows
    // running far (runs of nines and zeros)
    std::mt19937_64 rng(17);
    for (int n = 0; n < 300; ++n) {
        auto part = [&](int len) {
            switch (rng() % 3) {
            case 0: return random_digits(rng, len, "123456789");
            case 1: return random_digits(rng, len, "90");
            default: return nines(len);
            }
        };
        const int ia = 1 + static_cast<int>(rng() % 600), fa = static_cast<int>(rng() % 400);
        const int ib = 1 + static_cast<int>(rng() % 600), fb = static_cast<int>(rng() % 400);
        const std::string a = part(ia) + (fa ? "." + part(fa) : "");
        const std::string b = part(ib) + (fb ? "." + part(fb) : "");
        check_all_ops(a, rng() % 2 ? b : "-" + b);
    }
}

TEST(DigitArith, SmallPathsDeclineWhatDoesNotFit) {
    SmallDigits small;
    FiniteValue out;
    const Body big = body_of_text(std::string(40, '9'));   // 10 groups: beyond int128's 9
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
    EXPECT_EQ(compute(ArithOp::Multiply, raw({5000}, -1, 10000, true), unit), raw({10}, -4096, kDscaleMax, true));
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
    EXPECT_EQ(header_after(SignOp::Negate, kShort, 0), kShort);         // zero stays positive
    EXPECT_EQ(header_after(SignOp::Negate, 100, 1), kNegative | 100);   // long form
    EXPECT_EQ(header_after(SignOp::Absolute, kNegative | 100, 1), 100);
    EXPECT_EQ(header_after(SignOp::Negate, kPosInf, 0), kNegInf);
    EXPECT_EQ(header_after(SignOp::Absolute, kNegInf, 0), kPosInf);
    EXPECT_EQ(header_after(SignOp::Negate, kNaN, 0), kNaN);
    EXPECT_EQ(header_after(SignOp::Plus, kNegInf, 0), kNegInf);
}

}   // namespace
