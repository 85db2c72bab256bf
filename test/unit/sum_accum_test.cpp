/*
 * sum_accum_test.cpp — unit tests of the sum accumulator (src/core/sum_accum.hpp) against a slow
 * reference: decimal digits in a fixed window, one digit at a time.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/decimal_format.hpp"
#include "core/decimal_parse.hpp"
#include "core/sum_accum.hpp"
#include "slot_arena.hpp"

using namespace fastnumeric;

namespace {

/* A numeric body parsed from plain decimal text (or a special). */
struct Value {
    std::vector<unsigned char> body;
    std::string text;
    NumericView view() const {
        NumericView v;
        EXPECT_TRUE(decode_numeric(body.data(), body.size(), &v));
        return v;
    }
};

Value special(uint16_t header, const char* text) {
    Value v;
    v.body.resize(2);
    store_u16(v.body.data(), header);
    v.text = text;
    return v;
}

Value value(const std::string& text) {
    DecimalDigits d;
    EXPECT_TRUE(parse_plain_decimal(text.c_str(), decode_typmod(-1), &d)) << text;
    const FiniteValue f = stripped(d.value());
    Value v;
    v.body.resize(finite_body_size(f.ndigits, f.dscale, f.weight));
    encode_finite(v.body.data(), f.negative, f.weight, f.dscale, f.digits, f.ndigits);
    v.text = text;
    return v;
}

std::string text_of(const FiniteValue& f) {
    std::vector<unsigned char> body(finite_body_size(f.ndigits, f.dscale, f.weight));
    encode_finite(body.data(), f.negative, f.weight, f.dscale, f.digits, f.ndigits);
    NumericView v;
    EXPECT_TRUE(decode_numeric(body.data(), body.size(), &v));
    std::string out(format_buffer_size(v), '\0');
    out.resize(static_cast<size_t>(format_numeric(v, &out[0]) - out.data()));
    return out;
}

/* The finite sum of an accumulator, as text. */
std::string sum_text(const SumAccum& s) {
    const int n = sum_final_slots(s);
    std::vector<int64_t> scratch(static_cast<size_t>(n));
    std::vector<uint16_t> digits(static_cast<size_t>(n));
    return text_of(sum_final_value(s, scratch.data(), digits.data()));
}

/* Slow reference: one signed decimal digit per slot, 400 digits each side of the point. */
class ReferenceSum {
  public:
    void add(const std::string& text, int direction = 1) {
        const bool negative = text[0] == '-';
        const std::string body = negative ? text.substr(1) : text;
        const size_t point = body.find('.');
        const std::string integer = body.substr(0, point);
        const std::string fraction = point == std::string::npos ? "" : body.substr(point + 1);
        const int sign = (negative ? -1 : 1) * direction;
        for (size_t i = 0; i < integer.size(); ++i)
            slots_[kPoint + integer.size() - 1 - i] += sign * (integer[i] - '0');
        for (size_t i = 0; i < fraction.size(); ++i)
            slots_[kPoint - 1 - i] += sign * (fraction[i] - '0');
        dscale_ = std::max(dscale_, static_cast<int>(fraction.size()));
    }
    std::string text() const {
        std::vector<long long> d = slots_;
        long long carry = 0;
        for (auto& x : d) {
            long long v = x + carry;
            carry = v >= 0 ? v / 10 : -((9 - v) / 10);
            x = v - carry * 10;
        }
        bool negative = false;
        if (carry < 0) {   // ten's complement: negate and carry again
            negative = true;
            carry = 0;
            for (auto& x : d) {
                long long v = -x + carry;
                carry = v >= 0 ? v / 10 : -((9 - v) / 10);
                x = v - carry * 10;
            }
        }
        std::string integer;
        for (size_t i = d.size(); i-- > kPoint;)
            if (!integer.empty() || d[i] != 0)
                integer += static_cast<char>('0' + d[i]);
        if (integer.empty())
            integer = "0";
        std::string fraction;
        for (int i = 1; i <= dscale_; ++i)
            fraction += static_cast<char>('0' + d[kPoint - i]);
        const bool zero = integer == "0" && fraction.find_first_not_of('0') == std::string::npos;
        return (negative && !zero ? "-" : "") + integer + (dscale_ > 0 ? "." + fraction : "");
    }

  private:
    static constexpr size_t kPoint = 400;
    std::vector<long long> slots_ = std::vector<long long>(2 * kPoint + 8, 0);
    int dscale_ = 0;
};

/* Values of every shape the accumulator distinguishes. */
std::string random_text(std::mt19937_64& rng) {
    auto digits = [&](int n, bool lead_nonzero) {
        std::string s;
        for (int i = 0; i < n; ++i)
            s += static_cast<char>('0' + ((i == 0 && lead_nonzero) ? 1 + rng() % 9 : rng() % 10));
        return s;
    };
    int int_digits, frac_digits;
    switch (rng() % 8) {
    case 0:
        int_digits = 1 + rng() % 5;
        frac_digits = 2;
        break;   // money
    case 1:
        int_digits = 1 + rng() % 18;
        frac_digits = 0;
        break;   // int64-sized
    case 2:
        int_digits = 30 + rng() % 10;
        frac_digits = rng() % 3;
        break;   // near int128's limit
    case 3:
        int_digits = 40 + rng() % 120;
        frac_digits = rng() % 20;
        break;   // long
    case 4:
        int_digits = 0;
        frac_digits = 1 + rng() % 60;
        break;   // tiny
    case 5:
        int_digits = 1 + rng() % 3;
        frac_digits = rng() % 13;
        break;   // mixed scales
    case 6:
        int_digits = 1;
        frac_digits = 0;
        break;   // small integers
    default:
        int_digits = rng() % 25;
        frac_digits = rng() % 9;
        break;
    }
    std::string s = (rng() % 3 == 0) ? "-" : "";
    s += int_digits == 0 ? "0" : digits(int_digits, true);
    if (frac_digits > 0)
        s += "." + digits(frac_digits, false);
    if (rng() % 50 == 0)
        s = frac_digits > 0 ? "0." + std::string(static_cast<size_t>(frac_digits), '0') : "0";
    return s;
}

/* sum_add as the pg layer calls it: the short-body path first; true when it was taken. */
bool add_value(SumAccum* s, const Value& v) {
    if (sum_add_short_body(s, v.body.data(), v.body.size()))
        return true;
    sum_add(s, v.view());
    return false;
}

class SumAccumTest : public ::testing::Test {
  protected:
    SumAccum fresh() {
        SumAccum s;
        sum_init(&s, arena.allocator());
        return s;
    }
    SlotArena arena;
};

TEST_F(SumAccumTest, RandomSetsMatchTheReference) {
    std::mt19937_64 rng(42);
    for (int round = 0; round < 300; ++round) {
        SumAccum s = fresh();
        ReferenceSum ref;
        const int n = static_cast<int>(rng() % (round % 10 == 0 ? 3000 : 60));
        for (int i = 0; i < n; ++i) {
            const std::string t = random_text(rng);
            if (round % 2 == 0)
                sum_add(&s, value(t).view());
            else
                add_value(&s, value(t));
            ref.add(t);
        }
        EXPECT_EQ(s.count, n);
        if (n > 0) {
            ASSERT_EQ(sum_text(s), ref.text()) << "round " << round;
        }
    }
}

TEST_F(SumAccumTest, MoneyStaysOnTheInt128Path) {
    SumAccum s = fresh();
    ReferenceSum ref;
    std::mt19937_64 rng(1);
    int short_path = 0;
    for (int i = 0; i < 100000; ++i) {
        const std::string t = std::to_string(rng() % 1000000) + "." + std::to_string(10 + rng() % 90);
        short_path += add_value(&s, value(t));
        ref.add(t);
    }
    EXPECT_EQ(s.big.used, 0);
    EXPECT_GT(short_path, 99990);   // all but the first values, which set the scale
    EXPECT_EQ(sum_text(s), ref.text());
}

TEST_F(SumAccumTest, RescalesWhenALargerScaleArrives) {
    SumAccum s = fresh();
    for (const char* t : {"7", "0.5", "0.25", "1.125", "3", "0.00001", "2.1234567890123"})
        sum_add(&s, value(t).view());
    EXPECT_EQ(s.max_scale, 13);
    EXPECT_EQ(s.max_scale_count, 1);
    EXPECT_EQ(s.big.used, 0);   // still an int128
    EXPECT_EQ(sum_text(s), "13.9984667890123");
}

TEST_F(SumAccumTest, ZeroKeepsTheLargestScale) {
    SumAccum s = fresh();
    sum_add(&s, value("1.50").view());
    sum_add(&s, value("-1.5").view());
    EXPECT_EQ(sum_text(s), "0.00");
}

TEST_F(SumAccumTest, Int128OverflowMovesToTheExactPath) {
    SumAccum s = fresh();
    const std::string big = "9" + std::string(35, '9');   // 10^36 - 1: the int128's widest value
    for (int i = 0; i < 1000; ++i)
        sum_add(&s, value(big).view());
    EXPECT_GT(s.big.used, 0);
    EXPECT_EQ(sum_text(s), "999" + std::string(33, '9') + "000");   // 1000 * (10^36 - 1)
    for (int i = 0; i < 1000; ++i)
        sum_add(&s, value("-" + big).view());
    EXPECT_EQ(sum_text(s), "0");
    sum_add(&s, value("-1").view());
    EXPECT_EQ(sum_text(s), "-1");
}

TEST_F(SumAccumTest, ShortBodyPathOverflowsIntoTheExactPath) {
    // the per-row path adds in 64-bit halves: near the int128's limits, in both directions
    for (const char* sign : {"", "-"}) {
        SumAccum s = fresh();
        ReferenceSum ref;
        // 10^36 - 100 at one fractional group, the int128's widest such value
        const std::string big = std::string(sign) + std::string(32, '9') + ".99";
        for (int i = 0; i < 170; ++i) {   // 170 of them and the next value: 10^19 below 2^127
            sum_add(&s, value(big).view());
            ref.add(big);
        }
        const std::string rest = std::string(sign) + "14118346046923172168730371588412.2728";
        sum_add(&s, value(rest).view());
        ref.add(rest);
        EXPECT_EQ(s.big.used, 0);
        int short_path = 0;
        for (int i = 0; i < 2000; ++i) {                                   // then money values until small overflows
            const std::string t = std::string(sign) + "999999999999.99";   // four groups
            short_path += add_value(&s, value(t));
            ref.add(t);
        }
        EXPECT_EQ(short_path, 2000);
        EXPECT_GT(s.big.used, 0);
        EXPECT_EQ(sum_text(s), ref.text());
    }
}

TEST_F(SumAccumTest, ShortBodyPathCountsZeroAndRescaledValues) {
    SumAccum s = fresh();
    ReferenceSum ref;
    sum_add(&s, value("0.01").view());   // small now counts hundredths: one group after the point
    ref.add("0.01");
    for (const char* t : {"0.00", "12.34", "0", "12", "-3.00", "0.000", "1.5"}) {
        const Value v = value(t);
        EXPECT_TRUE(sum_add_short_body(&s, v.body.data(), v.body.size())) << t;   // zero too
        ref.add(t);
    }
    EXPECT_EQ(s.count, 8);
    EXPECT_EQ(s.max_scale, 3);
    EXPECT_EQ(s.max_scale_count, 1);
    EXPECT_EQ(sum_text(s), ref.text());
}

TEST_F(SumAccumTest, PerRowHeadersFollowTheScales) {
    // every function that moves small_frac or max_scale keeps per_row_header in step
    auto fresh_headers = [](const SumAccum& s) {
        SumAccum copy = s;
        sum_refresh(&copy);
        return std::memcmp(copy.per_row_header, s.per_row_header, sizeof s.per_row_header) == 0;
    };
    SumAccum s = fresh(), other = fresh();
    EXPECT_TRUE(fresh_headers(s));
    for (const char* t : {"12", "0.5", "1.25", "0.001", "7", "-3.14159", "0.00", "1e-70"}) {
        const Value v = value(t == std::string("1e-70") ? "0." + std::string(69, '0') + "1" : std::string(t));
        add_value(&s, v);
        EXPECT_TRUE(fresh_headers(s)) << t;
        sum_add(&other, v.view());
        EXPECT_TRUE(fresh_headers(other)) << t;
    }
    sum_combine(&s, other);
    EXPECT_TRUE(fresh_headers(s));
    EXPECT_TRUE(sum_remove(&s, value("-3.14159").view()));
    EXPECT_TRUE(fresh_headers(s));
    // a header the state expects is taken by the per-row path; one of another dscale is not
    SumAccum money = fresh();
    sum_add(&money, value("0.01").view());
    const Value cents = value("123.45"), whole = value("123.00"), other_scale = value("1.5");
    EXPECT_TRUE(sum_add_expected(&money, cents.body.data(), cents.body.size()));
    EXPECT_TRUE(sum_add_expected(&money, whole.body.data(), whole.body.size()));   // one group coarser
    EXPECT_FALSE(sum_add_expected(&money, other_scale.body.data(), other_scale.body.size()));
    // zero of the state's dscale is counted there; of another dscale, it is not
    const Value zero = value("0.00"), finer_zero = value("0.000"), coarser_zero = value("0");
    const int64_t count = money.count, at_max = money.max_scale_count;
    EXPECT_TRUE(sum_add_expected(&money, zero.body.data(), zero.body.size()));
    EXPECT_EQ(money.count, count + 1);
    EXPECT_EQ(money.max_scale_count, at_max + 1);
    EXPECT_FALSE(sum_add_expected(&money, finer_zero.body.data(), finer_zero.body.size()));
    EXPECT_FALSE(sum_add_expected(&money, coarser_zero.body.data(), coarser_zero.body.size()));
    EXPECT_EQ(money.count, count + 1);
    EXPECT_EQ(sum_text(money), "246.46");
    // long headers never pass for expected ones, whatever their first word: here 0 (positive,
    // dscale 0), in bodies of every length the per-row path reads
    SumAccum plain = fresh();
    for (int groups = 1; groups <= 3; ++groups) {
        std::string digits;
        for (int g = 0; g < groups; ++g)
            digits += "1234";
        const Value huge = value(digits + std::string(300, '0'));   // weight above 63: the long header
        ASSERT_EQ(load_u16(huge.body.data()), 0);
        EXPECT_FALSE(sum_add_expected(&plain, huge.body.data(), huge.body.size())) << groups;
        EXPECT_FALSE(sum_add_expected(&money, huge.body.data(), huge.body.size())) << groups;
    }
}

TEST_F(SumAccumTest, PerRowPathDeclinesAnOverflowWithTheStateUnchanged) {
    // small brought next to either end of the int128 (at one group after the point), then
    // values of the header the state expects: the per-row path declines the one that
    // overflows with nothing changed, and sum_add_short_body's checked path takes it
    for (const char* sign : {"", "-"}) {
        SumAccum s = fresh();
        ReferenceSum ref;
        const std::string big = std::string(sign) + std::string(32, '9') + ".99";
        for (int i = 0; i < 170; ++i) {
            sum_add(&s, value(big).view());
            ref.add(big);
        }
        const std::string rest = std::string(sign) + "14118346046923172168730371588412.2728";
        sum_add(&s, value(rest).view());
        ref.add(rest);
        ASSERT_EQ(s.big.used, 0);
        const Value v = value(std::string(sign) + "999999999999.9999");   // four groups, dscale 4
        int taken = 0, declined = 0;
        for (int i = 0; i < 2000 && declined == 0; ++i) {
            SumAccum before;
            std::memcpy(static_cast<void*>(&before), &s, sizeof s);
            if (sum_add_expected(&s, v.body.data(), v.body.size())) {
                ++taken;
            } else {
                ++declined;
                EXPECT_EQ(std::memcmp(&before, &s, sizeof s), 0) << sign;
                EXPECT_TRUE(sum_add_short_body(&s, v.body.data(), v.body.size())) << sign;
                EXPECT_GT(s.big.used, 0) << sign;
            }
            ref.add(v.text);
        }
        EXPECT_GT(taken, 0) << sign;
        EXPECT_EQ(declined, 1) << sign;
        EXPECT_EQ(sum_text(s), ref.text()) << sign;
        EXPECT_EQ(s.count, 171 + taken + declined) << sign;
    }
}

TEST_F(SumAccumTest, RescaleOverflowMovesToTheExactPath) {
    SumAccum s = fresh();
    sum_add(&s, value("12345678901234567890123456789012").view());
    sum_add(&s, value("0.000000000001").view());   // rescaling the int128 by 10^12 overflows
    EXPECT_EQ(sum_text(s), "12345678901234567890123456789012.000000000001");
}

TEST_F(SumAccumTest, SpecialsAreCountedApart) {
    SumAccum s = fresh();
    const Value pinf = special(kPosInf, "Infinity"), ninf = special(kNegInf, "-Infinity");
    const Value nan = special(kNaN, "NaN");
    sum_add(&s, value("1").view());
    sum_add(&s, pinf.view());
    EXPECT_EQ(sum_result_kind(s), Kind::PosInf);
    sum_add(&s, ninf.view());
    EXPECT_EQ(sum_result_kind(s), Kind::NaN);
    EXPECT_TRUE(sum_remove(&s, pinf.view()));
    EXPECT_EQ(sum_result_kind(s), Kind::NegInf);
    sum_add(&s, nan.view());
    EXPECT_EQ(sum_result_kind(s), Kind::NaN);
    EXPECT_EQ(sum_total_count(s), 3);
    EXPECT_EQ(s.count, 1);
}

/* Sliding windows: every step equals a fresh sum of the window, or restarts like numeric. */
TEST_F(SumAccumTest, InverseTransitionsFollowNumericsScaleRule) {
    std::mt19937_64 rng(7);
    std::vector<std::string> seq;
    for (int i = 0; i < 3000; ++i)
        seq.push_back(random_text(rng));
    const size_t width = 25;
    SumAccum s = fresh();
    size_t first = 0, restarts = 0;
    for (size_t i = 0; i < seq.size(); ++i) {
        sum_add(&s, value(seq[i]).view());
        if (i >= width) {
            if (!sum_remove(&s, value(seq[first]).view())) {
                ++restarts;   // the window code starts over from the frame
                s = fresh();
                for (size_t j = first + 1; j <= i; ++j)
                    sum_add(&s, value(seq[j]).view());
            }
            ++first;
        }
        ReferenceSum ref;
        SumAccum window = fresh();
        for (size_t j = first; j <= i; ++j) {
            ref.add(seq[j]);
            sum_add(&window, value(seq[j]).view());
        }
        ASSERT_EQ(sum_text(s), ref.text()) << "step " << i;
        ASSERT_EQ(s.max_scale, window.max_scale);
        ASSERT_EQ(s.max_scale_count, window.max_scale_count);
    }
    EXPECT_GT(restarts, 0u);
}

TEST_F(SumAccumTest, RemovingTheLastMaxScaleValueRestarts) {
    SumAccum s = fresh();
    sum_add(&s, value("1.25").view());
    sum_add(&s, value("2").view());
    EXPECT_FALSE(sum_remove(&s, value("1.25").view()));   // the rest's scale is unknown
    SumAccum t = fresh();
    sum_add(&t, value("1.25").view());
    sum_add(&t, value("2.50").view());
    EXPECT_TRUE(sum_remove(&t, value("1.25").view()));   // another value of scale 2 remains
    EXPECT_EQ(sum_text(t), "2.50");
    EXPECT_TRUE(sum_remove(&t, value("2.50").view()));   // the last one: sums start over
    EXPECT_EQ(t.count, 0);
    EXPECT_EQ(t.max_scale, 0);
    sum_add(&t, value("3").view());
    EXPECT_EQ(sum_text(t), "3");
}

TEST_F(SumAccumTest, CombineEqualsOneAccumulator) {
    std::mt19937_64 rng(11);
    for (int round = 0; round < 100; ++round) {
        SumAccum whole = fresh(), total = fresh();
        const int parts = 1 + static_cast<int>(rng() % 4);
        for (int p = 0; p < parts; ++p) {
            SumAccum part = fresh();
            const int n = static_cast<int>(rng() % 200);
            for (int i = 0; i < n; ++i) {
                const Value v = value(random_text(rng));
                sum_add(&part, v.view());
                sum_add(&whole, v.view());
            }
            sum_combine(&total, part);
        }
        EXPECT_EQ(total.count, whole.count);
        EXPECT_EQ(total.max_scale, whole.max_scale);
        EXPECT_EQ(total.max_scale_count, whole.max_scale_count);
        if (whole.count > 0) {
            ASSERT_EQ(sum_text(total), sum_text(whole)) << "round " << round;
        }
    }
}

TEST_F(SumAccumTest, CarryingKeepsTheValue) {
    std::mt19937_64 rng(5);
    SumAccum s = fresh();
    ReferenceSum ref;
    for (int i = 0; i < 500; ++i) {
        const std::string t = random_text(rng);
        sum_add(&s, value(t).view());
        ref.add(t);
        if (i % 97 == 0)
            digit_sum_carry(&s.big);
    }
    const std::string before = sum_text(s);
    digit_sum_carry(&s.big);
    EXPECT_EQ(sum_text(s), before);
    EXPECT_EQ(before, ref.text());
}

}   // namespace
