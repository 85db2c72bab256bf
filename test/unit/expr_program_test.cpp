/*
 * expr_program_test.cpp — expression programs (src/core/expr_program.hpp): the text form both
 * ways, and expr_eval_small against the separate operators (digit_arith's + - *, the header of
 * unary minus) applied in program order, on generated trees of depth 1 to 4.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "bodies.hpp"
#include "core/digit_arith.hpp"
#include "core/expr_program.hpp"
#include "core/numeric_order.hpp"

using namespace fastnumeric;
using unit::encode_text;
using unit::format_body;
using unit::view;

namespace {

using Body = std::vector<unsigned char>;

ExprProgram parsed(const std::string& text) {
    ExprProgram p;
    EXPECT_TRUE(parse_expr_program(text.c_str(), &p)) << text;
    return p;
}

std::string formatted(const ExprProgram& p) {
    char out[512];
    EXPECT_GE(format_expr_program(p, out, sizeof out), 0);
    return out;
}

std::string steps_of(const ExprProgram& p) {
    std::string s;
    for (int i = 0; i < p.nsteps; ++i) {
        const ExprStep& st = p.steps[i];
        switch (st.op) {
        case ExprOp::Operand: s += "$" + std::to_string(st.operand + 1) + " "; break;
        case ExprOp::Add: s += "+ "; break;
        case ExprOp::Subtract: s += "- "; break;
        case ExprOp::Multiply: s += "* "; break;
        case ExprOp::Negate: s += "neg "; break;
        }
    }
    return s;
}

/* A random tree of depth at most `depth` in postfix, operands numbered as they come. */
void random_tree(std::mt19937_64& rng, int depth, ExprProgram* p) {
    const int choice = depth <= 1 ? 0 : static_cast<int>(rng() % 9);
    if (choice <= 1) {
        p->steps[p->nsteps++] = ExprStep{ExprOp::Operand, static_cast<uint8_t>(p->noperands++)};
        return;
    }
    if (choice == 2) {
        random_tree(rng, depth - 1, p);
        p->steps[p->nsteps++] = ExprStep{ExprOp::Negate, 0};
        return;
    }
    random_tree(rng, depth - 1, p);
    random_tree(rng, depth - 1, p);
    const ExprOp ops[] = {ExprOp::Add, ExprOp::Subtract, ExprOp::Multiply};
    p->steps[p->nsteps++] = ExprStep{ops[rng() % 3], 0};
}

ExprProgram random_program(std::mt19937_64& rng, int depth) {
    ExprProgram p{};
    random_tree(rng, depth, &p);
    return p;
}

Body encoded(const FiniteValue& v) {
    Body out(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(out.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return out;
}

/* The separate operators in program order: the bytes numeric would produce. */
Body reference(const ExprProgram& p, const std::vector<Body>& operands) {
    std::vector<Body> stack;
    for (int i = 0; i < p.nsteps; ++i) {
        const ExprStep& s = p.steps[i];
        if (s.op == ExprOp::Operand) {
            stack.push_back(operands[s.operand]);
            continue;
        }
        if (s.op == ExprOp::Negate) {
            Body& x = stack.back();
            store_u16(x.data(), header_after(SignOp::Negate, load_u16(x.data()), view(x).ndigits));
            continue;
        }
        const Body b = stack.back();
        stack.pop_back();
        const Body a = stack.back();
        stack.pop_back();
        SmallDigits small;
        std::vector<uint16_t> scratch(4096);
        int needed = 0;
        FiniteValue out;
        const ArithOp op = s.op == ExprOp::Add        ? ArithOp::Add
                           : s.op == ExprOp::Subtract ? ArithOp::Subtract
                                                      : ArithOp::Multiply;
        EXPECT_EQ(arith_finite(op, view(a), view(b), &small, DigitBuffer{scratch.data(), 4096}, &needed, &out),
                  ArithStatus::Ok);
        stack.push_back(encoded(out));
    }
    return stack.back();
}

std::string random_value(std::mt19937_64& rng) {
    static const char* const fixed[] = {"0",
                                        "0.00",
                                        "1",
                                        "-1",
                                        "1.00",
                                        "0.05",
                                        "0.10",
                                        "-0.07",
                                        "17",
                                        "9999",
                                        "10000",
                                        "99999999",
                                        "1e12",
                                        "123456789012.3456",
                                        "0.0001",
                                        "0.00000001",
                                        "-5e20",
                                        "7e30",
                                        "0.000000000001",
                                        "9999999999999999",
                                        "-9999999999999999",
                                        "1.5e-10"};
    if (rng() % 3 == 0)
        return fixed[rng() % (sizeof fixed / sizeof fixed[0])];
    std::string s = rng() % 2 ? "-" : "";
    s += std::to_string(rng() % 1000000);
    const int frac = static_cast<int>(rng() % 5);
    if (frac > 0) {
        s += ".";
        for (int i = 0; i < frac; ++i)
            s += static_cast<char>('0' + rng() % 10);
    }
    return s;
}

/* "de" + k: d followed by k zeros (encode_text reads plain decimals). */
std::string expanded(std::string text) {
    const size_t e = text.find('e');
    if (e == std::string::npos)
        return text;
    const int k = std::stoi(text.substr(e + 1));
    std::string mantissa = text.substr(0, e);
    if (k >= 0)
        return mantissa + std::string(k, '0');
    bool negative = mantissa[0] == '-';
    if (negative)
        mantissa = mantissa.substr(1);
    const size_t point = mantissa.find('.');
    std::string digits = point == std::string::npos ? mantissa : mantissa.erase(point, 1);
    const int int_digits = static_cast<int>(point == std::string::npos ? mantissa.size() : point);
    const int shift = int_digits + k;
    std::string out =
        shift <= 0 ? "0." + std::string(-shift, '0') + digits : digits.substr(0, shift) + "." + digits.substr(shift);
    return (negative ? "-" : "") + out;
}

}   // namespace

TEST(ExprProgram, TextKnownForms) {
    EXPECT_EQ(steps_of(parsed("$1 * ($2 - $3)")), "$1 $2 $3 - * ");
    EXPECT_EQ(steps_of(parsed("$1*($2-$3)*($4+$5)")), "$1 $2 $3 - * $4 $5 + * ");
    EXPECT_EQ(steps_of(parsed("-$1 * $2")), "$1 neg $2 * ");
    EXPECT_EQ(steps_of(parsed("$1 - ($2 - $3)")), "$1 $2 $3 - - ");
    EXPECT_EQ(steps_of(parsed("$1 - $2 - $3")), "$1 $2 - $3 - ");
    EXPECT_EQ(steps_of(parsed("-(-$1)")), "$1 neg neg ");
    EXPECT_EQ(steps_of(parsed("$1 + $2 + $3 + $4")), "$1 $2 + $3 + $4 + ");
    EXPECT_EQ(steps_of(parsed("$12 * $3")), "$12 $3 * ");
    EXPECT_EQ(formatted(parsed("$1*($2-$3)")), "$1 * ($2 - $3)");
    EXPECT_EQ(formatted(parsed("(($1))")), "$1");
    EXPECT_EQ(formatted(parsed("-($1 + $2)")), "-($1 + $2)");
    EXPECT_EQ(formatted(parsed("$1 * ($2 * $3)")), "$1 * ($2 * $3)");
    EXPECT_EQ(formatted(parsed("($1 * $2) * $3")), "$1 * $2 * $3");
    EXPECT_EQ(formatted(parsed("-$1 * -$2")), "-$1 * -$2");
    ExprProgram p;
    for (const char* bad :
         {"", "$0", "$17", "$1 +", "($1", "$1)", "1 + $1", "$1 / $2", "$1 $2", "--", "$ 1", "$1 + $2x"})
        EXPECT_FALSE(parse_expr_program(bad, &p)) << bad;
}

TEST(ExprProgram, TextRoundTrip) {
    std::mt19937_64 rng(26);
    for (int i = 0; i < 20000; ++i) {
        const ExprProgram p = random_program(rng, 1 + static_cast<int>(i % 4));
        ASSERT_TRUE(expr_program_valid(p));
        const std::string text = formatted(p);
        const ExprProgram q = parsed(text);
        ASSERT_EQ(steps_of(p), steps_of(q)) << text;
        ASSERT_EQ(q.noperands, p.noperands);
    }
}

TEST(ExprProgram, Validity) {
    ExprProgram p{};
    EXPECT_FALSE(expr_program_valid(p));
    p.nsteps = 2;
    p.noperands = 1;
    p.steps[0] = ExprStep{ExprOp::Operand, 0};
    p.steps[1] = ExprStep{ExprOp::Add, 0};   // one value short
    EXPECT_FALSE(expr_program_valid(p));
    p.steps[1] = ExprStep{ExprOp::Operand, 1};   // beyond noperands, and two values left
    EXPECT_FALSE(expr_program_valid(p));
}

/* Every program the fast path takes gives the separate operators' bytes; most are taken. */
TEST(ExprProgram, EvalMatchesSeparateOperators) {
    std::mt19937_64 rng(1998);
    int taken = 0, total = 0;
    for (int i = 0; i < 40000; ++i) {
        ExprProgram p = random_program(rng, 1 + static_cast<int>(i % 4));
        if (i % 2 == 0)   // half as sums of terms where they are ones, half through the steps
            expr_program_prepare(&p);
        std::vector<Body> operands;
        std::vector<std::string> texts;
        for (int k = 0; k < p.noperands; ++k) {
            texts.push_back(random_value(rng));
            operands.push_back(encode_text(expanded(texts.back())));
        }
        std::vector<ExprOperand> views;
        for (const Body& b : operands)
            views.push_back(ExprOperand{b.data(), b.size()});
        Scaled128 v;
        ++total;
        if (!expr_eval_small(p, views.data(), &v))
            continue;
        ++taken;
        uint16_t digits[kUint128MaxGroups];
        const Body got = encoded(scaled_finite_value(v, digits));
        const Body want = reference(p, operands);
        std::string args;
        for (const std::string& t : texts)
            args += t + " ";
        ASSERT_EQ(format_body(got), format_body(want)) << formatted(p) << " over " << args;
        ASSERT_EQ(got, want) << formatted(p) << " over " << args;
    }
    EXPECT_GT(taken, total / 2);
}

/* Declined: a long header, a special, more than four groups, and int128 overflow. */
TEST(ExprProgram, EvalDeclines) {
    const ExprProgram p = parsed("$1 * $2");
    const Body nan = unit::body({0xC000});
    const Body five_groups = encode_text("12345678901234567890");
    const Body big = encode_text("9999999999999999");
    const Body small = encode_text("2");
    Scaled128 v;
    for (const Body* b : {&nan, &five_groups}) {
        const ExprOperand ops[2] = {{b->data(), b->size()}, {small.data(), small.size()}};
        EXPECT_FALSE(expr_eval_small(p, ops, &v));
    }
    const ExprProgram q = parsed("$1 * $2 * $3 * $4");
    const ExprOperand ops[4] = {
        {big.data(), big.size()}, {big.data(), big.size()}, {big.data(), big.size()}, {big.data(), big.size()}};
    EXPECT_FALSE(expr_eval_small(q, ops, &v));   // 10^64
    const ExprProgram r = parsed("$1 + $2");
    const Body tiny = encode_text("0.00000000000000000000000000000000000001");
    const ExprOperand far[2] = {{big.data(), big.size()}, {tiny.data(), tiny.size()}};
    EXPECT_FALSE(expr_eval_small(r, far, &v));   // too far apart for one int128
}

/* compare_scaled against numeric's order of the encoded values, over program results and operands. */
TEST(ExprProgram, CompareMatchesNumericOrder) {
    std::mt19937_64 rng(2026);
    std::vector<Scaled128> values;
    while (values.size() < 3000) {
        const ExprProgram p = random_program(rng, 1 + static_cast<int>(rng() % 3));
        std::vector<Body> operands;
        for (int k = 0; k < p.noperands; ++k)
            operands.push_back(encode_text(expanded(random_value(rng))));
        std::vector<ExprOperand> views;
        for (const Body& b : operands)
            views.push_back(ExprOperand{b.data(), b.size()});
        Scaled128 v;
        if (expr_eval_small(p, views.data(), &v))
            values.push_back(v);
    }
    // equal values at other scales: 1.5 as 15000 x 10000^-1 and as 150000000 x 10000^-2
    values.push_back(Scaled128{15000, -1, 1});
    values.push_back(Scaled128{150000000, -2, 8});
    values.push_back(Scaled128{0, 0, 0});
    values.push_back(Scaled128{0, -3, 12});
    int equal = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        for (size_t j = i; j < values.size(); j += 1 + rng() % 7) {
            uint16_t da[kUint128MaxGroups], db[kUint128MaxGroups];
            const Body a = encoded(scaled_finite_value(values[i], da));
            const Body b = encoded(scaled_finite_value(values[j], db));
            const int want = compare_numeric(view(a), view(b));
            ASSERT_EQ(compare_scaled(values[i], values[j]), want) << format_body(a) << " vs " << format_body(b);
            ASSERT_EQ(compare_scaled(values[j], values[i]), -want) << format_body(b) << " vs " << format_body(a);
            equal += want == 0;
        }
    }
    EXPECT_GT(equal, values.size() / 2);   // each with itself, at least
}

/* scaled_value_of reads what expr_eval_small reads as an operand, and declines the same. */
TEST(ExprProgram, ScaledValueOfOperand) {
    const ExprProgram one = parsed("$1");
    for (const char* text :
         {"0", "-0.00", "17", "-123456789012.3456", "9999999999999999", "0.00000001", "12345678901234567890"}) {
        const Body b = encode_text(text);
        const ExprOperand o{b.data(), b.size()};
        Scaled128 got{}, want{};
        const bool taken = expr_eval_small(one, &o, &want);
        ASSERT_EQ(scaled_value_of(o, &got), taken) << text;
        if (taken) {
            EXPECT_TRUE(got.value == want.value && (got.value == 0 || got.low == want.low) && got.dscale == want.dscale)
                << text;   // (zero's lowest group is any)
        }
    }
    const Body nan = unit::body({0xC000});
    Scaled128 v;
    EXPECT_FALSE(scaled_value_of(ExprOperand{nan.data(), nan.size()}, &v));
}

/*
 * An operand read from its groups as a caller counts them (read_short_operand): the digits,
 * sign, scale and dscale of scaled_value_of, the sign flipped on request; declined for a count
 * above four (kNotSmall: NULL, another size) and for a header that is not the short form.
 */
TEST(ExprProgram, ReadShortOperandFromGroups) {
    for (const char* text : {"0", "-0.00", "7", "-17", "1127", "-123456789012.3456", "9999999999999999", "0.00000001",
                             "-0.5", "12345678.9", "12345678901234567890"}) {
        const Body b = encode_text(text);
        const ExprOperand o{b.data(), b.size()};
        const ExprShortOperand so = short_operand_of(o);
        Scaled128 want{};
        const bool taken = scaled_value_of(o, &want);
        EXPECT_EQ(so.groups <= kSmallShortGroups, b.size() >= 2 && b.size() <= 2 + 2 * kSmallShortGroups) << text;
        for (const uint16_t flip : {uint16_t{0}, kShortSignBit}) {
            int64_t m = -1;
            bool negative = false;
            int32_t below = 0, dscale = -1;
            ASSERT_EQ(expr_detail::read_short_operand(so, flip, &m, &negative, &below, &dscale), taken) << text;
            if (!taken)
                continue;
            const int64_t value = negative ? -m : m;
            EXPECT_GE(m, 0) << text;
            EXPECT_EQ(value, flip != 0 ? -static_cast<int64_t>(want.value) : static_cast<int64_t>(want.value)) << text;
            if (m != 0) {
                EXPECT_EQ(negative, (want.value < 0) != (flip != 0)) << text;
            }
            EXPECT_EQ(below, want.low - 1) << text;
            EXPECT_EQ(dscale, want.dscale) << text;
        }
        // the count is the caller's: any above four declines, whatever the body
        int64_t m;
        bool negative;
        int32_t low, dscale;
        EXPECT_FALSE(expr_detail::read_short_operand(ExprShortOperand{b.data(), kSmallShortGroups + 1}, 0, &m,
                                                     &negative, &low, &dscale));
        EXPECT_FALSE(
            expr_detail::read_short_operand(ExprShortOperand{b.data(), kNotSmall}, 0, &m, &negative, &low, &dscale));
    }
    // the long form, NaN and the infinities, with a count that fits: declined on the header
    for (const uint16_t h : {uint16_t{0x0000}, uint16_t{0x4000}, kNaN, kPosInf, kNegInf}) {
        const Body b = unit::body({h, 0, 5});
        int64_t m;
        bool negative;
        int32_t low, dscale;
        EXPECT_FALSE(expr_detail::read_short_operand(ExprShortOperand{b.data(), 1}, 0, &m, &negative, &low, &dscale))
            << h;
    }
    // the lowest and highest short weights: the weight less the groups, sign-extended
    const Body low = unit::body({static_cast<uint16_t>(kShort | 0x40), 1, 2}),   // weight -64, two groups
        high = unit::body({static_cast<uint16_t>(kShort | 0x3F), 1});            // weight 63, one group
    int64_t m;
    bool negative;
    int32_t position, dscale;
    ASSERT_TRUE(expr_detail::read_short_operand(ExprShortOperand{low.data(), 2}, 0, &m, &negative, &position, &dscale));
    EXPECT_EQ(position, -66);
    EXPECT_EQ(m, 10002);
    ASSERT_TRUE(
        expr_detail::read_short_operand(ExprShortOperand{high.data(), 1}, 0, &m, &negative, &position, &dscale));
    EXPECT_EQ(position, 62);
}

/* expr_sum_run leaves the sum at its lowest group, kNoLow when no term is nonzero;
   expr_sum_eval's low is the same (0 for zero). */
TEST(ExprProgram, SumRunLow) {
    const ExprProgram p = parsed("$1 - $2 + $3");
    const auto run = [&p](const char* a, const char* b, const char* c, Scaled64* r) {
        const Body bodies[3] = {encode_text(a), encode_text(b), encode_text(c)};
        const ExprOperand ops[3] = {{bodies[0].data(), bodies[0].size()},
                                    {bodies[1].data(), bodies[1].size()},
                                    {bodies[2].data(), bodies[2].size()}};
        return expr_sum_run<true>(
            p.sum, [&ops](int k) { return short_operand_of(ops[k]); }, r);
    };
    Scaled64 r{};
    ASSERT_TRUE(run("0", "-0.0", "0.00", &r));
    EXPECT_EQ(r.value, 0);
    EXPECT_EQ(r.low, kNoLow);
    EXPECT_EQ(r.dscale, 2);
    ASSERT_TRUE(run("1.5", "20000", "-0.25", &r));   // 1.5 - 20000 - 0.25 = -19998.75: -199987500 x 10000^-1
    EXPECT_EQ(r.value, -199987500);
    EXPECT_EQ(r.low, -1);
    EXPECT_EQ(r.dscale, 2);
    ASSERT_TRUE(run("17", "0", "-3", &r));
    EXPECT_EQ(r.value, 14);
    EXPECT_EQ(r.low, 0);
    Scaled64 value_only{};
    const Body bodies[3] = {encode_text("17"), encode_text("0"), encode_text("-3")};
    const ExprOperand ops[3] = {{bodies[0].data(), bodies[0].size()},
                                {bodies[1].data(), bodies[1].size()},
                                {bodies[2].data(), bodies[2].size()}};
    ASSERT_TRUE(expr_sum_run<false>(
        p.sum, [&ops](int k) { return short_operand_of(ops[k]); }, &value_only));
    EXPECT_EQ(value_only.value, 14);
    EXPECT_EQ(value_only.dscale, 0);
    // a NULL operand (kNotSmall) declines
    EXPECT_FALSE(expr_sum_run<true>(
        p.sum,
        [&ops](int k) {
            return k == 1 ? ExprShortOperand{nullptr, kNotSmall} : short_operand_of(ops[k]);
        },
        &r));
}

/* The terms of programs without *: each operand's sign through the minus signs above it. */
TEST(ExprProgram, SumOfTermsForm) {
    const struct {
        const char* text;
        const char* signs;   // of $1, $2, ... in order; "" for no terms
    } cases[] = {{"$1 + $2 + $3 + $4", "++++"}, {"$1 - ($2 - $3)", "+-+"}, {"-($1 + $2) - -$3", "--+"},
                 {"$1 - $2 - $3", "+--"},       {"-(-$1)", "+"},           {"$1 * $2", ""},
                 {"$1 + $2 * $3", ""}};
    for (const auto& c : cases) {
        const ExprProgram p = parsed(c.text);
        std::string signs;
        for (int i = 0; i < p.sum.nterms; ++i) {
            EXPECT_EQ(p.sum.terms[i].operand, i) << c.text;
            signs += p.sum.terms[i].sign_flip == 0 ? '+' : '-';
        }
        EXPECT_EQ(signs, c.signs) << c.text;
    }
    // operands at different scales, aligned as + aligns them
    const ExprProgram p = parsed("$1 + $2");
    const Body a = encode_text("1.5"), b = encode_text("20000");
    const ExprOperand ops[2] = {{a.data(), a.size()}, {b.data(), b.size()}};
    Scaled128 v{};
    ASSERT_TRUE(expr_eval_small(p, ops, &v));
    uint16_t digits[kUint128MaxGroups];
    EXPECT_EQ(format_body(encoded(scaled_finite_value(v, digits))), "20001.5");
}

/* A chain of + and - over n operands, each joined by + or - at random, grouped at random. */
ExprProgram random_sum(std::mt19937_64& rng, int n) {
    ExprProgram p{};
    p.steps[p.nsteps++] = ExprStep{ExprOp::Operand, 0};
    for (int k = 1; k < n; ++k) {
        p.steps[p.nsteps++] = ExprStep{ExprOp::Operand, static_cast<uint8_t>(k)};
        if (rng() % 4 == 0)
            p.steps[p.nsteps++] = ExprStep{ExprOp::Negate, 0};
        p.steps[p.nsteps++] = ExprStep{rng() % 2 ? ExprOp::Add : ExprOp::Subtract, 0};
    }
    p.noperands = n;
    expr_program_prepare(&p);
    return p;
}

/*
 * Constant terms folded into the sum (expr_sum_fold) give the value and dscale of the sum
 * that reads them every row, the separate operators' bytes; without the dscale, the value.
 */
TEST(ExprProgram, FoldedConstantsMatchSeparateOperators) {
    std::mt19937_64 rng(2612);
    int folded = 0, taken = 0;
    for (int i = 0; i < 20000; ++i) {
        const ExprProgram p = random_sum(rng, 2 + static_cast<int>(rng() % 6));
        ASSERT_TRUE(p.sum.is_sum);
        std::vector<Body> operands;
        bool constant[kMaxExprOperands] = {};
        std::vector<ExprOperand> views;
        for (int k = 0; k < p.noperands; ++k) {
            // cancelling constants too: -0.5 after 0.5
            operands.push_back(encode_text(expanded(i % 5 == 0 && k == 1   ? "-0.5"
                                                    : i % 5 == 0 && k == 0 ? "0.5"
                                                                           : random_value(rng))));
            constant[k] = rng() % 2 == 0;
        }
        for (const Body& b : operands)
            views.push_back(ExprOperand{b.data(), b.size()});
        ExprSum s = p.sum;
        if (!expr_sum_fold(&s, constant, views.data()))
            continue;
        ++folded;
        for (int t = 0; t < s.nterms; ++t)
            ASSERT_FALSE(constant[s.terms[t].operand]);
        const auto operand_of = [&views](int k) { return short_operand_of(views[k]); };
        Scaled128 got, value_only;
        const bool ok = expr_sum_eval<true>(s, operand_of, &got);
        ASSERT_EQ(expr_sum_eval<false>(s, operand_of, &value_only), ok);
        if (!ok)
            continue;
        ++taken;
        uint16_t digits[kUint128MaxGroups];
        const Body want = reference(p, operands);
        ASSERT_EQ(encoded(scaled_finite_value(got, digits)), want) << formatted(p);
        ASSERT_EQ(compare_scaled(value_only, got), 0) << formatted(p);
        ASSERT_EQ(value_only.dscale, 0);
    }
    EXPECT_GT(folded, 10000);
    EXPECT_GT(taken, folded / 2);
    // nothing constant: nothing to fold
    const ExprProgram p = parsed("$1 + $2");
    ExprSum s = p.sum;
    const bool none[2] = {false, false};
    const Body one = encode_text("1");
    const ExprOperand ops[2] = {{one.data(), one.size()}, {one.data(), one.size()}};
    EXPECT_FALSE(expr_sum_fold(&s, none, ops));
    EXPECT_EQ(s.nterms, 2);
}

namespace {

/* The steps of p with each operand renumbered at random among $1..$n: operands read twice. */
ExprProgram shared_operands(std::mt19937_64& rng, ExprProgram p, int n) {
    p.noperands = 0;
    for (int i = 0; i < p.nsteps; ++i) {
        if (p.steps[i].op != ExprOp::Operand)
            continue;
        p.steps[i].operand = static_cast<uint8_t>(rng() % n);
        if (p.steps[i].operand + 1 > p.noperands)
            p.noperands = p.steps[i].operand + 1;
    }
    return p;
}

/* p continued, `extra` times: an operand and an operator, or a negation (p's value a subexpression). */
ExprProgram extended(std::mt19937_64& rng, ExprProgram p, int n, int extra) {
    for (int k = 0; k < extra && p.nsteps + 2 <= kMaxExprSteps; ++k) {
        if (rng() % 4 == 0) {
            p.steps[p.nsteps++] = ExprStep{ExprOp::Negate, 0};
            continue;
        }
        const uint8_t operand = static_cast<uint8_t>(rng() % n);
        p.steps[p.nsteps++] = ExprStep{ExprOp::Operand, operand};
        const ExprOp ops[] = {ExprOp::Add, ExprOp::Subtract, ExprOp::Multiply};
        p.steps[p.nsteps++] = ExprStep{ops[rng() % 3], 0};
        if (operand + 1 > p.noperands)
            p.noperands = operand + 1;
    }
    return p;
}

/* q's value as the last operand of a new operator over a program of the row (q a subtree of it). */
ExprProgram around(std::mt19937_64& rng, const ExprProgram& q, int n) {
    ExprProgram p = shared_operands(rng, random_program(rng, 1 + static_cast<int>(rng() % 2)), n);
    if (p.nsteps + q.nsteps + 1 > kMaxExprSteps)
        return q;
    for (int i = 0; i < q.nsteps; ++i)
        p.steps[p.nsteps++] = q.steps[i];
    const ExprOp ops[] = {ExprOp::Add, ExprOp::Subtract, ExprOp::Multiply};
    p.steps[p.nsteps++] = ExprStep{ops[rng() % 3], 0};
    p.noperands = q.noperands > p.noperands ? q.noperands : p.noperands;
    return p;
}

uint32_t reads_of(const ExprProgram& p) {
    uint32_t reads = 0;
    for (int i = 0; i < p.nsteps; ++i)
        if (p.steps[i].op == ExprOp::Operand)
            reads |= uint32_t{1} << p.steps[i].operand;
    return reads;
}

RowPrograms parsed_row(const std::string& text) {
    RowPrograms r;
    EXPECT_TRUE(parse_row_programs(text.c_str(), &r)) << text;
    return r;
}

/* Value v of a row's graph written back as postfix steps ("$1 $2 - * "), as steps_of writes them. */
std::string graph_steps(const RowGraph& graph, int v) {
    if (v < graph.first)
        return "$" + std::to_string(v + 1) + " ";
    const RowNode& n = graph.nodes[v - graph.first];
    switch (n.op) {
    case ExprOp::Negate: return graph_steps(graph, n.a) + "neg ";
    case ExprOp::Add: return graph_steps(graph, n.a) + graph_steps(graph, n.b) + "+ ";
    case ExprOp::Subtract: return graph_steps(graph, n.a) + graph_steps(graph, n.b) + "- ";
    case ExprOp::Multiply: return graph_steps(graph, n.a) + graph_steps(graph, n.b) + "* ";
    case ExprOp::Operand: break;
    }
    return "operand node? ";
}

/* The graph's shape: nodes after what they take, no node twice, every program's result its steps. */
void expect_plan_of(const RowPrograms& r, const std::string& text) {
    const RowGraph& graph = r.graph;
    ASSERT_EQ(graph.first, r.noperands) << text;
    ASSERT_LE(graph.nnodes, kMaxRowNodes) << text;
    for (int i = 0; i < graph.nnodes; ++i) {
        const RowNode& n = graph.nodes[i];
        ASSERT_TRUE(n.op == ExprOp::Add || n.op == ExprOp::Subtract || n.op == ExprOp::Multiply ||
                    n.op == ExprOp::Negate)
            << text;
        ASSERT_LT(n.a, graph.first + i) << text << " node " << i;
        if (n.op != ExprOp::Negate) {
            ASSERT_LT(n.b, graph.first + i) << text << " node " << i;
        }
        for (int j = 0; j < i; ++j) {
            const RowNode& m = graph.nodes[j];
            const bool same = m.op == n.op && m.a == n.a && (n.op == ExprOp::Negate || m.b == n.b);
            ASSERT_FALSE(same) << text << ": nodes " << j << " and " << i << " are one subexpression";
        }
    }
    for (int i = 0; i < r.nsums; ++i) {
        ASSERT_LT(graph.result[i], graph.first + graph.nnodes) << text;
        ASSERT_EQ(graph_steps(graph, graph.result[i]), steps_of(r.sums[i])) << text << " program " << i;
    }
}

/* The distinct operator subtrees of the programs: the nodes a graph of each subexpression once has. */
int distinct_subtrees(const std::vector<ExprProgram>& programs) {
    std::vector<std::string> seen;
    for (const ExprProgram& p : programs) {
        std::vector<std::string> stack;
        for (int k = 0; k < p.nsteps; ++k) {
            const ExprStep& s = p.steps[k];
            if (s.op == ExprOp::Operand) {
                stack.push_back("$" + std::to_string(s.operand + 1));
                continue;
            }
            std::string t;
            if (s.op == ExprOp::Negate) {
                t = "(-" + stack.back() + ")";
                stack.pop_back();
            } else {
                const std::string b = stack.back();
                stack.pop_back();
                const char op = s.op == ExprOp::Add ? '+' : s.op == ExprOp::Subtract ? '-' : '*';
                t = "(" + stack.back() + op + b + ")";
                stack.pop_back();
            }
            if (std::find(seen.begin(), seen.end(), t) == seen.end())
                seen.push_back(t);
            stack.push_back(t);
        }
    }
    return static_cast<int>(seen.size());
}

Body encoded_exact(const Scaled128& v) {
    uint16_t digits[kUint128MaxGroups];
    return encoded(scaled_finite_value(v, digits));
}

/* Random operand values, encoded, and their views. */
struct Operands {
    std::vector<std::string> texts;
    std::vector<Body> bodies;
    std::vector<ExprOperand> views;
    std::string shown() const {
        std::string s;
        for (const std::string& t : texts)
            s += t + " ";
        return s;
    }
};

Operands random_operands(std::mt19937_64& rng, int n) {
    Operands o;
    for (int k = 0; k < n; ++k) {
        o.texts.push_back(random_value(rng));
        o.bodies.push_back(encode_text(expanded(o.texts.back())));
    }
    for (const Body& b : o.bodies)
        o.views.push_back(ExprOperand{b.data(), b.size()});
    return o;
}

/* A random row of 1 to kMaxRowSums programs over $1..$n, many continuing or containing earlier ones. */
std::vector<ExprProgram> random_row(std::mt19937_64& rng, int n, int nsums) {
    std::vector<ExprProgram> programs;
    while (static_cast<int>(programs.size()) < nsums) {
        ExprProgram p;
        const int kind = programs.empty() ? 0 : static_cast<int>(rng() % 4);
        if (kind == 1)
            p = extended(rng, programs[rng() % programs.size()], n, 1 + static_cast<int>(rng() % 3));
        else if (kind == 2)
            p = around(rng, programs[rng() % programs.size()], n);
        else
            p = shared_operands(rng, random_program(rng, 1 + static_cast<int>(rng() % 4)), n);
        if (p.nsteps <= kMaxExprSteps - 6)
            programs.push_back(p);
    }
    return programs;
}

std::string row_text(const std::vector<ExprProgram>& programs) {
    std::string text;
    for (const ExprProgram& p : programs)
        text += (text.empty() ? "" : "; ") + formatted(p);
    return text;
}

}   // namespace

/* The programs of a row's text: each program, the operands it reads, and its graph. */
TEST(RowPrograms, KnownLists) {
    // TPC-H Q1's row: sum(q), sum(p), sum(p*(1-d)), sum(p*(1-d)*(1+t)), avg(d)
    const char* const q1_text = "$1; $2; $2 * ($3 - $4); $2 * ($3 - $4) * ($3 + $5); $4";
    const RowPrograms q1 = parsed_row(q1_text);
    ASSERT_EQ(q1.nsums, 5);
    EXPECT_EQ(q1.noperands, 5);
    const char* const texts[] = {"$1", "$2", "$2 * ($3 - $4)", "$2 * ($3 - $4) * ($3 + $5)", "$4"};
    const uint32_t reads[] = {0x1, 0x2, 0xE, 0x1E, 0x8};
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(formatted(q1.sums[i]), texts[i]) << i;
        EXPECT_EQ(q1.reads[i], reads[i]) << i;
    }
    expect_plan_of(q1, q1_text);
    // $3 - $4, $2 * that, $3 + $5, the product of the two: p * (1 - d) once for its two sums
    EXPECT_EQ(q1.graph.first, 5);
    EXPECT_EQ(q1.graph.nnodes, 4);
    EXPECT_EQ(q1.graph.result[0], 0);   // operands are their own values
    EXPECT_EQ(q1.graph.result[1], 1);
    EXPECT_EQ(q1.graph.result[4], 3);
    EXPECT_EQ(q1.graph.result[3] - q1.graph.first, q1.graph.nnodes - 1);
    EXPECT_EQ(q1.graph.nodes[q1.graph.result[3] - q1.graph.first].a, q1.graph.result[2]);

    const struct {
        const char* text;
        int nodes;   // operators in the graph: each subexpression once
    } cases[] = {
        // clang-format off
        {"$1 * $2; $1; $1 * $2 * $3", 2},
        {"$1; $1 * $2; $1 * $2 * $3", 2},
        {"$1; -$1; -$1 * $2", 2},
        {"$1 * $2; $1 * $3 * $2", 3},   // the operand differs: nothing shared
        {"$1 * $2; $2 * $1", 2},        // the operands in the other order: another node
        {"$1 - $2; $1 + $2 - $3", 3},   // the operator differs
        {"$1 + $2; $1 + $2 - $3", 2},
        {"$1 - $2; $1 - $2 * $3", 3},   // $1 $2 $3 * -: no $1 - $2 in it
        {"$2 * $3; $1 + $2 * $3", 2},   // a subexpression that is not a prefix
        {"$1 * $2; $1 * $2", 1},        // the same program twice
        {"-$1; -(-$1); $1", 2},
        {"($3); $16; $3 * $16", 1},
        {"  $1 ;$2  ;  $1*$2 ", 1},
        {"$1", 0},
        // clang-format on
    };
    for (const auto& c : cases) {
        const RowPrograms r = parsed_row(c.text);
        expect_plan_of(r, c.text);
        EXPECT_EQ(r.graph.nnodes, c.nodes) << c.text;
    }
    const RowPrograms twice = parsed_row("$1 * $2; $1 * $2");
    EXPECT_EQ(twice.graph.result[0], twice.graph.result[1]);
    const RowPrograms wide = parsed_row("($3); $16; $3 * $16");
    EXPECT_EQ(wide.noperands, 16);
    EXPECT_EQ(wide.reads[0], 0x4u);
    EXPECT_EQ(wide.reads[1], 0x8000u);
    EXPECT_EQ(wide.reads[2], 0x8004u);
    EXPECT_EQ(wide.graph.result[0], 2);
    EXPECT_EQ(wide.graph.result[1], 15);

    // eight programs are the most
    const RowPrograms eight = parsed_row("$1; $2; $3; $4; $5; $6; $7; $8");
    EXPECT_EQ(eight.nsums, kMaxRowSums);
    EXPECT_EQ(eight.noperands, 8);
    EXPECT_EQ(eight.graph.nnodes, 0);
    for (int i = 0; i < kMaxRowSums; ++i) {
        EXPECT_EQ(eight.reads[i], uint32_t{1} << i);
        EXPECT_EQ(eight.graph.result[i], i);
    }
    // and eight of the longest programs with nothing in common fit the graph
    std::string longest;
    for (int i = 0; i < kMaxRowSums; ++i) {
        std::string p = "$" + std::to_string(i + 1);
        for (int k = 0; k < (kMaxExprSteps - 1) / 2; ++k)
            p += k % 2 ? " * $" + std::to_string((i + k) % 16 + 1) : " - $" + std::to_string((i + 2 * k) % 16 + 1);
        longest += (longest.empty() ? "" : "; ") + p;
    }
    const RowPrograms full = parsed_row(longest);
    expect_plan_of(full, longest);
    EXPECT_EQ(full.graph.nnodes, kMaxRowNodes);
}

TEST(RowPrograms, Rejects) {
    RowPrograms r;
    for (const char* bad : {"", " ", ";", "$1;", "$1; ", ";$1", "$1;;$2", "$1; ; $2", "$1; $2;",
                            "$1; $2; $3; $4; $5; $6; $7; $8; $9", "$1; $2; $3; $4; $5; $6; $7; $8; $1", "$1; $2 / $3",
                            "$1; $17", "$1; $0", "$1; $2 $3", "$1; ($2", "$1, $2", "$1; 1 + $2", "$1 + ; $2"})
        EXPECT_FALSE(parse_row_programs(bad, &r)) << "'" << bad << "'";
    // a piece longer than any program's text
    std::string longest = "$1";
    while (longest.size() < kMaxProgramText + 8)
        longest += " + $1";
    EXPECT_FALSE(parse_row_programs(("$2; " + longest).c_str(), &r));
}

/* Random rows whose programs continue and contain each other: programs, reads and graph. */
TEST(RowPrograms, RandomRowsPlan) {
    std::mt19937_64 rng(8128);
    int shared = 0;
    for (int iter = 0; iter < 4000; ++iter) {
        const int n = 1 + static_cast<int>(rng() % 6);
        const std::vector<ExprProgram> programs = random_row(rng, n, 1 + static_cast<int>(rng() % kMaxRowSums));
        const std::string text = row_text(programs);
        const RowPrograms r = parsed_row(text);
        ASSERT_EQ(r.nsums, static_cast<int>(programs.size())) << text;
        int most = 0, operators = 0;
        for (size_t i = 0; i < programs.size(); ++i) {
            const ExprProgram& want = programs[i];
            ASSERT_EQ(steps_of(r.sums[i]), steps_of(want)) << text;
            ASSERT_EQ(r.reads[i], reads_of(want)) << text << " program " << i;
            most = want.noperands > most ? want.noperands : most;
            operators += expr_operator_count(want);
        }
        ASSERT_EQ(r.noperands, most) << text;
        expect_plan_of(r, text);
        ASSERT_EQ(r.graph.nnodes, distinct_subtrees(programs)) << text;
        shared += r.graph.nnodes < operators;
    }
    EXPECT_GT(shared, 2000);
}

/* expr_eval_read over operands read once gives expr_eval_small's value over the same operands. */
TEST(RowPrograms, EvalReadMatchesEvalSmall) {
    std::mt19937_64 rng(4242);
    int taken = 0, total = 0;
    for (int iter = 0; iter < 30000; ++iter) {
        ExprProgram p = random_program(rng, 1 + static_cast<int>(iter % 4));
        if (iter % 3 != 0)
            p = shared_operands(rng, p, 1 + static_cast<int>(rng() % 5));
        if (iter % 5 == 0)
            p = extended(rng, p, p.noperands, 1 + static_cast<int>(rng() % 4));
        if (iter % 2 == 0)   // (expr_eval_small takes sums of terms in one pass)
            expr_program_prepare(&p);
        ASSERT_TRUE(expr_program_valid(p));
        const Operands o = random_operands(rng, p.noperands);
        std::vector<Scaled64> read(p.noperands);
        bool readable = true;
        for (int k = 0; k < p.noperands; ++k)
            readable = read_operand_once(o.views[k], &read[k]) && readable;
        Scaled128 want;
        const bool want_taken = expr_eval_small(p, o.views.data(), &want);
        ++total;
        if (!readable) {   // (shared_operands numbers the operands among those the steps read)
            ASSERT_FALSE(want_taken) << formatted(p) << " over " << o.shown();
            continue;
        }
        taken += want_taken;
        Scaled128 got;
        const bool got_taken = expr_eval_read(p, read.data(), &got);
        if (!p.sum.is_sum) {   // (the one-pass sum of terms may take what the steps decline)
            ASSERT_EQ(got_taken, want_taken) << formatted(p) << " over " << o.shown();
        }
        if (want_taken && got_taken) {
            ASSERT_EQ(encoded_exact(got), encoded_exact(want)) << formatted(p) << " over " << o.shown();
        }
    }
    EXPECT_GT(taken, total / 2);
}

/*
 * A row evaluated as its transition does (fastnumeric_row_accum): the graph's nodes in int64
 * over the operands read once, each program's value the node it names; each the value of
 * expr_eval_small on the program alone (a value in int64 is one it takes).
 */
TEST(RowPrograms, RowGraphEvalMatchesProgramsAlone) {
    std::mt19937_64 rng(31337);
    int planned = 0, declined = 0, compared = 0, zeros = 0;
    for (int iter = 0; iter < 8000; ++iter) {
        const int n = 1 + static_cast<int>(rng() % 5);
        const std::vector<ExprProgram> programs = random_row(rng, n, 2 + static_cast<int>(rng() % (kMaxRowSums - 1)));
        const std::string text = row_text(programs);
        const RowPrograms r = parsed_row(text);
        ASSERT_EQ(r.nsums, static_cast<int>(programs.size()));
        const Operands o = random_operands(rng, r.noperands);
        std::vector<Scaled64> values(kMaxExprOperands + kMaxRowNodes);
        bool readable = true;
        for (int k = 0; k < r.noperands; ++k)
            readable = read_operand_once(o.views[k], &values[k]) && readable;
        if (!readable)
            continue;
        if (!row_graph_eval(r.graph, values.data())) {
            ++declined;   // (the programs then run one by one: EvalReadMatchesEvalSmall)
            continue;
        }
        ++planned;
        for (int i = 0; i < r.nsums; ++i) {
            const Scaled64& v = values[r.graph.result[i]];
            Scaled128 want;
            ASSERT_TRUE(expr_eval_small(r.sums[i], o.views.data(), &want))
                << "program " << i << " of " << text << " over " << o.shown() << ": in int64 in the graph";
            ++compared;
            zeros += v.value == 0;
            ASSERT_EQ(encoded_exact(Scaled128{v.value, v.low, v.dscale}), encoded_exact(want))
                << "program " << i << " of " << text << " over " << o.shown();
        }
    }
    EXPECT_GT(planned, 3000);
    EXPECT_GT(declined, 100);
    EXPECT_GT(compared, 15000);
    EXPECT_GT(zeros, 200);
}

/*
 * The graph at fixed scales (row_scales_of, rescale_operand, row_graph_eval_scaled), over operands
 * of the dscales the scales were made for: each program's value, at its node's scale and
 * dscale, is expr_eval_small's of the program alone.
 */
TEST(RowPrograms, ScaledPlanMatchesProgramsAlone) {
    std::mt19937_64 rng(27182);
    int planned = 0, compared = 0, rescaled = 0;
    for (int iter = 0; iter < 8000; ++iter) {
        const int n = 1 + static_cast<int>(rng() % 5);
        const std::vector<ExprProgram> programs = random_row(rng, n, 2 + static_cast<int>(rng() % (kMaxRowSums - 1)));
        const std::string text = row_text(programs);
        const RowPrograms r = parsed_row(text);
        const Operands o = random_operands(rng, r.noperands);
        std::vector<Scaled64> read(r.noperands);
        bool readable = true;
        for (int k = 0; k < r.noperands; ++k)
            readable = read_operand_once(o.views[k], &read[k]) && readable;
        if (!readable)
            continue;
        int32_t dscales[kMaxExprOperands];
        std::vector<int64_t> values(kMaxExprOperands + kMaxRowNodes);
        bool ok = true;
        for (int k = 0; k < r.noperands; ++k) {
            dscales[k] = read[k].dscale;
            Scaled64 x = read[k];
            rescaled += x.low != fixed_low(x.dscale);
            ok = ok && rescale_operand(&x);
            ASSERT_TRUE(!ok || x.low == fixed_low(x.dscale)) << o.texts[k];
            ASSERT_EQ(x.dscale, read[k].dscale);
            values[k] = x.value;
        }
        RowScales scales;
        if (!ok || !row_scales_of(r.graph, dscales, &scales) || !row_graph_eval_scaled(r.graph, scales, values.data()))
            continue;
        ++planned;
        for (int i = 0; i < r.nsums; ++i) {
            const int v = r.graph.result[i];
            Scaled128 want;
            ASSERT_TRUE(expr_eval_small(r.sums[i], o.views.data(), &want))
                << "program " << i << " of " << text << " over " << o.shown() << ": in int64 in the graph";
            ++compared;
            const Scaled128 got{values[v], scales.low[v], scales.node_dscale[v]};
            ASSERT_EQ(encoded_exact(got), encoded_exact(want))
                << "program " << i << " of " << text << " over " << o.shown();
        }
    }
    EXPECT_GT(planned, 2000);
    EXPECT_GT(compared, 8000);
    EXPECT_GT(rescaled, 1000);
}

/*
 * read_scaled_operand takes exactly the operands of the expected dscale, with the value
 * rescale_operand gives them; rescale_operand leaves what it declines as it was.
 */
TEST(RowPrograms, ScaledReadMatchesRescale) {
    std::mt19937_64 rng(31415);
    int taken = 0, declined = 0, other_dscale = 0;
    for (int iter = 0; iter < 20000; ++iter) {
        const Operands o = random_operands(rng, 1);
        Scaled64 read;
        if (!read_operand_once(o.views[0], &read))
            continue;
        Scaled64 rescaled = read;
        const bool ok = rescale_operand(&rescaled);
        if (!ok) {
            ASSERT_EQ(rescaled.value, read.value) << o.texts[0];
            ASSERT_EQ(rescaled.low, read.low) << o.texts[0];
        }
        const uint32_t head = scaled_operand_head(read.dscale);
        int64_t value = 0;
        const bool got = read_scaled_operand(short_operand_of(o.views[0]), head, fixed_low(read.dscale) - 1, &value);
        ASSERT_EQ(got, ok) << o.texts[0];
        if (got) {
            ASSERT_EQ(value, rescaled.value) << o.texts[0];
            ++taken;
        } else {
            ++declined;
        }
        const int32_t other = read.dscale == 0 ? 1 : read.dscale - 1;
        int64_t unused;
        ASSERT_FALSE(read_scaled_operand(short_operand_of(o.views[0]), scaled_operand_head(other), fixed_low(other) - 1,
                                         &unused))
            << o.texts[0] << " read as of dscale " << other;
        ++other_dscale;
    }
    EXPECT_GT(taken, 1000);
    EXPECT_GT(declined, 10);
    EXPECT_GT(other_dscale, 1000);
}
