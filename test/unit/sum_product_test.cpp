/*
 * sum_product_test.cpp — sums of products in the sum accumulator (src/core/sum_accum.hpp:
 * short_product, sum_add_product_expected, sum_add_scaled), against the same accumulator fed
 * the products as numeric makes them (digit_arith's multiply, then sum_add): what
 * fastnumeric_sum_product must equal.
 */
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "bodies.hpp"
#include "core/decimal_format.hpp"
#include "core/digit_arith.hpp"
#include "core/sum_accum.hpp"
#include "slot_arena.hpp"

using namespace fastnumeric;
using unit::body;
using unit::format_body;
using unit::view;

namespace {

/* A factor as numeric_in stores it: stripped; NaN and ±Infinity as their headers; "de" + k as
   d followed by k zeros. */
std::vector<unsigned char> factor(std::string text) {
    if (text == "NaN")
        return body({0xC000});
    if (text == "Infinity" || text == "-Infinity")
        return body({static_cast<uint16_t>(text[0] == '-' ? 0xF000 : 0xD000)});
    const size_t e = text.find('e');
    if (e != std::string::npos)
        text = text.substr(0, e) + std::string(std::stoul(text.substr(e + 1)), '0');
    DecimalDigits d;
    EXPECT_TRUE(parse_plain_decimal(text.c_str(), decode_typmod(-1), &d)) << text;
    const FiniteValue v = stripped(d.value());
    std::vector<unsigned char> out(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(out.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return out;
}

/* The product a * b as numeric's multiplication makes it, encoded. */
std::vector<unsigned char> numeric_product(const std::vector<std::vector<unsigned char>>& factors) {
    if (view(factors[0]).kind != Kind::Finite || view(factors[1]).kind != Kind::Finite)
        return body({0xC000});   // only counted: the test compares sums without specials
    SmallDigits small;
    std::vector<uint16_t> scratch(4096);
    int needed = 0;
    FiniteValue out;
    EXPECT_EQ(arith_finite(ArithOp::Multiply, view(factors[0]), view(factors[1]), &small,
                           DigitBuffer{scratch.data(), static_cast<int>(scratch.size())}, &needed, &out),
              ArithStatus::Ok);
    std::vector<unsigned char> product(finite_body_size(out.ndigits, out.dscale, out.weight));
    encode_finite(product.data(), out.negative, out.weight, out.dscale, out.digits, out.ndigits);
    return product;
}

/* The two factors as the transition reads them; false where it would make the product instead. */
bool read_product(const std::vector<std::vector<unsigned char>>& factors, Scaled128* p) {
    return short_product(factors[0].data(), factors[0].size(), factors[1].data(), factors[1].size(), p);
}

std::string sum_text(const SumAccum& s) {
    const int n = sum_final_slots(s);
    std::vector<int64_t> scratch(static_cast<size_t>(n));
    std::vector<uint16_t> digits(static_cast<size_t>(n));
    const FiniteValue f = sum_final_value(s, scratch.data(), digits.data());
    std::vector<unsigned char> body(finite_body_size(f.ndigits, f.dscale, f.weight));
    encode_finite(body.data(), f.negative, f.weight, f.dscale, f.digits, f.ndigits);
    return format_body(body);
}

/* Two accumulators, one fed products, one fed numeric's products; they must agree throughout. */
struct Pair {
    SlotArena arena_products, arena_values;
    SumAccum products{}, values{};
    int expected = 0, general = 0, made = 0;   // which path each row took

    Pair() {
        sum_init(&products, arena_products.allocator());
        sum_init(&values, arena_values.allocator());
    }

    void add(const std::vector<std::vector<unsigned char>>& factors) {
        const std::vector<unsigned char> product = numeric_product(factors);
        sum_add(&values, view(product));
        Scaled128 p;
        if (!read_product(factors, &p)) {   // the transition makes the product, as here
            sum_add(&products, view(product));
            ++made;
            return;
        }
        const SumAccum before = products;
        if (sum_add_product_expected(&products, p)) {
            ++expected;
        } else {
            EXPECT_EQ(0, memcmp(&before, &products, sizeof before)) << "a declined add changed the state";
            sum_add_scaled(&products, p);
            ++general;
        }
    }

    void check(const std::string& where) {
        ASSERT_EQ(products.count, values.count) << where;
        ASSERT_EQ(products.max_scale, values.max_scale) << where;
        ASSERT_EQ(products.max_scale_count, values.max_scale_count) << where;
        ASSERT_EQ(sum_text(products), sum_text(values)) << where;
    }
};

TEST(SumProduct, ReadsNumericsProductOfShortFactors) {
    Scaled128 p;
    ASSERT_TRUE(read_product({factor("12345.67"), factor("0.95")}, &p));
    // 1|2345|6700 × 9500, each from 10000^-1: at 10000^-2, dscale 2 + 2
    EXPECT_TRUE(p.value == static_cast<int128_t>(123456700) * 9500);
    EXPECT_EQ(p.low, -2);
    EXPECT_EQ(p.dscale, 4);
    ASSERT_TRUE(read_product({factor("-3"), factor("-0.5")}, &p));
    EXPECT_TRUE(p.value == 15000);
    ASSERT_TRUE(read_product({factor("-3"), factor("0.5")}, &p));
    EXPECT_TRUE(p.value == -15000);
    // what the transition leaves to the multiplication: zero, specials, long headers, five groups
    EXPECT_FALSE(read_product({factor("0"), factor("2")}, &p));
    EXPECT_FALSE(read_product({factor("2"), body({0xC000})}, &p));
    EXPECT_FALSE(read_product({factor("1e300"), factor("2")}, &p));
    EXPECT_FALSE(read_product({factor("12345678901234567890"), factor("2")}, &p));
    // the largest short factors (four groups each) make a product below 2^127
    EXPECT_TRUE(read_product({factor("9999999999999999"), factor("9999999999999999")}, &p));
}

TEST(SumProduct, MoneyRowsTakeThePerRowPath) {
    Pair pair;
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
        const std::string price = std::to_string(900 + rng() % 100000) + "." + std::to_string(10 + rng() % 90);
        const std::string discount = "0.0" + std::to_string(1 + rng() % 9);
        pair.add({factor(price), factor(discount)});
    }
    pair.check("money");
    EXPECT_GT(pair.expected, 19990);   // the first rows set the scale; then every row is per-row
}

constexpr int kShapes = 10;

/* A factor text of a shape: money, rates, integers, tiny, wide, exponents, zero, special, ...;
   shapes 0-2 and 9 have one dscale, as a column's values mostly have. */
std::string factor_text(std::mt19937_64& rng, int shape) {
    const auto digits = [&rng](int n) {
        std::string s(1, static_cast<char>('1' + rng() % 9));
        for (int i = 1; i < n; ++i)
            s += static_cast<char>('0' + rng() % 10);
        return s;
    };
    std::string t;
    switch (shape) {
    case 0: t = digits(1 + rng() % 6) + "." + digits(2); break;
    case 1: t = "0.0" + digits(1); break;
    case 2: t = digits(1 + rng() % 16); break;
    case 3: t = "0." + std::string(rng() % 40, '0') + digits(1 + rng() % 8); break;
    case 4: t = digits(1 + rng() % 30) + "." + digits(rng() % 20 + 1); break;
    case 5: t = digits(1 + rng() % 3) + "e" + std::to_string(rng() % 250); break;
    case 6: t = rng() % 2 ? "0" : "0.000"; break;
    case 7: t = rng() % 3 ? "1.5" : (rng() % 2 ? "NaN" : "Infinity"); break;
    case 8: t = digits(1 + rng() % 4) + "." + digits(1 + rng() % 8); break;
    default: t = "1." + digits(4); break;
    }
    return rng() % 3 == 0 && t != "NaN" ? "-" + t : t;
}

TEST(SumProduct, AnyFactorsGiveTheSumOfNumericsProducts) {
    std::mt19937_64 rng(11);
    int expected = 0, general = 0, made = 0;
    for (int round = 0; round < 400; ++round) {
        Pair pair;
        const size_t n = 2;
        const int rows = 1 + static_cast<int>(rng() % 200);
        int column[2];              // each factor's usual shape; in half the rounds, one
        for (int& shape : column)   // row in eight has another
            shape = static_cast<int>(rng() % kShapes);
        const bool mixed = rng() % 2 == 0;
        for (int i = 0; i < rows; ++i) {
            std::vector<std::vector<unsigned char>> factors;
            for (size_t k = 0; k < n; ++k)
                factors.push_back(
                    factor(factor_text(rng, !mixed || rng() % 8 ? column[k] : static_cast<int>(rng() % kShapes))));
            pair.add(factors);
        }
        const bool special = pair.values.nan_count + pair.values.pinf_count + pair.values.ninf_count > 0;
        if (!special)
            pair.check("round " + std::to_string(round));
        else
            EXPECT_EQ(pair.products.count, pair.values.count);
        expected += pair.expected;
        general += pair.general;
        made += pair.made;
    }
    // every path was crossed
    EXPECT_GT(expected, 1000);
    EXPECT_GT(general, 1000);
    EXPECT_GT(made, 1000);
}

/* Any int128 value, -2^127 (whose magnitude no int128 holds) included, sums as its digits do. */
TEST(SumProduct, ScaledValueOfAnyInt128) {
    const int128_t min = static_cast<int128_t>(uint128_t{1} << 127);   // (GCC: modulo 2^128)
    for (const int128_t value : {min, min + 1, ~min, static_cast<int128_t>(-1)}) {
        SlotArena arena_scaled, arena_digits;
        SumAccum scaled{}, digits{};
        sum_init(&scaled, arena_scaled.allocator());
        sum_init(&digits, arena_digits.allocator());
        for (int row = 0; row < 3; ++row) {
            sum_add_scaled(&scaled, Scaled128{value, -1, 4});
            std::string text;
            uint128_t m = value < 0 ? -static_cast<uint128_t>(value) : static_cast<uint128_t>(value);
            do {
                text.insert(text.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
                m /= 10;
            } while (m != 0);
            if (text.size() < 5)
                text.insert(text.begin(), 5 - text.size(), '0');
            text.insert(text.end() - 4, '.');   // low -1: the last group is 10000^-1
            const std::vector<unsigned char> body = factor((value < 0 ? "-" : "") + text);
            sum_add(&digits, view(body));
        }
        ASSERT_EQ(sum_text(scaled), sum_text(digits));
    }
}

/*
 * sum_add_values of n products of one scale and dscale, their total at once, against the
 * products one by one (the row sums' pending totals: row_sums.cpp), on states that already
 * hold other values.
 */
TEST(SumProduct, ValuesAtOnceEqualValuesOneByOne) {
    std::mt19937_64 rng(2026);
    for (int round = 0; round < 2000; ++round) {
        SlotArena arena_once, arena_each;
        SumAccum once{}, each{};
        sum_init(&once, arena_once.allocator());
        sum_init(&each, arena_each.allocator());
        const int before = static_cast<int>(rng() % 4);   // values already there, of other shapes
        for (int i = 0; i < before; ++i) {
            const int shape = static_cast<int>(rng() % (kShapes - 1));   // any but specials (shape 7)
            const std::vector<unsigned char> v = factor(factor_text(rng, shape < 7 ? shape : shape + 1));
            sum_add(&once, view(v));
            sum_add(&each, view(v));
        }
        const int low = -static_cast<int>(rng() % 4);
        const int dscale = static_cast<int>(rng() % 16);
        const int64_t n = 1 + static_cast<int64_t>(rng() % 50);
        const bool big = rng() % 4 == 0;
        int128_t total = 0;
        for (int64_t i = 0; i < n; ++i) {
            const int64_t bound = big ? INT64_MAX / 2 : 1000000;
            const int64_t value = static_cast<int64_t>(rng() % static_cast<uint64_t>(bound)) - bound / 2;
            total += value;
            if (value == 0) {
                sum_add_zero(&each, dscale);
                continue;
            }
            sum_add_scaled(&each, Scaled128{value, low, dscale});
        }
        sum_add_values(&once, total, low, dscale, n);
        const std::string where = "round " + std::to_string(round);
        ASSERT_EQ(once.count, each.count) << where;
        ASSERT_EQ(once.max_scale, each.max_scale) << where;
        ASSERT_EQ(once.max_scale_count, each.max_scale_count) << where;
        ASSERT_EQ(sum_text(once), sum_text(each)) << where;
    }
}

}   // namespace
