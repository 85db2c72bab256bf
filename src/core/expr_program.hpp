/*
 * expr_program.hpp — a tree of + - * and unary minus over numeric values, evaluated in one
 * pass without making the intermediate results' datums.
 *
 * A program is the tree in postfix order (the order in which PostgreSQL's executor evaluates
 * the separate operators: operands left to right, then the operator), over operands $1..$n
 * that the caller passes.  Its text form, `$1 * ($2 - $3)`, is what plans show: operators and
 * parentheses as SQL writes them, unary minus binding tighter than *, and parentheses wherever
 * the tree differs from left-to-right grouping, so that the text names one tree exactly.
 *
 * expr_eval_small takes the common case: every operand a finite 2-byte-header value of at most
 * four digit groups (numeric's short form of money, rates, quantities) and every intermediate
 * result an int128 at the scale of its lowest group.  Then the result is numeric's exactly
 * (+ and - exact with the larger dscale, * exact with the sum of the dscales; nothing here
 * rounds), and no operator can have raised an error, since numeric's only error for these
 * operators is a weight or dscale beyond its format.  Anything else is declined, and the
 * caller runs the separate operators in program order, which raise what they raise.
 *
 * Plain data, no allocation, nothing thrown.
 */
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/int128.hpp"
#include "core/numeric_layout.hpp"

namespace fastnumeric {

enum class ExprOp : uint8_t { Operand, Add, Subtract, Multiply, Negate };

struct ExprStep {
    ExprOp op;
    uint8_t operand;   // Operand: the argument, 0-based ($1 is 0)
};

constexpr int kMaxExprSteps = 31;
constexpr int kMaxExprOperands = 16;
constexpr int kMaxExprDepth = 16;   // values pending at once

/* One operand of a program of + - and unary - only, with the sign it enters the sum with. */
struct ExprTerm {
    uint8_t operand;
    uint16_t sign_flip;   // kShortSignBit when it enters negated, else 0
};

constexpr int kMaxExprTerms = (kMaxExprSteps + 1) / 2;   // operand steps of a binary tree

constexpr int32_t kNoLow = INT32_MIN;   // the lowest group of no nonzero term

/*
 * A program without * as one signed sum: the terms read on each row, and the sum of the terms
 * whose operands are constants (expr_sum_fold), read once.
 */
struct ExprSum {
    bool is_sum;   // false: the program has *
    int nterms;
    ExprTerm terms[kMaxExprTerms];
    int64_t constant;          // the constant terms' sum × 10000^constant_low (0: none, or they cancel)
    int32_t constant_low;      // kNoLow when constant is 0
    int32_t constant_dscale;   // the largest of theirs (zeros' included, as + keeps it)
};

struct ExprProgram {
    int nsteps;
    int noperands;   // the highest $n named
    ExprStep steps[kMaxExprSteps];
    ExprSum sum;   // (expr_program_prepare)
};

/*
 * Sets p's sum when it has no *: a chain of + and - (a + b + '17' + c, price - discount) is
 * then evaluated as one signed sum, without the steps' stack.  parse_expr_program calls it.
 */
void expr_program_prepare(ExprProgram* p);

/* Whether p is a well-formed postfix program: operands within noperands, one value left. */
bool expr_program_valid(const ExprProgram& p);

/* Operators in the program (steps that are not operands). */
int expr_operator_count(const ExprProgram& p);

/* The text of p (NUL-terminated) into out[0..capacity); its length, or -1 when it does not fit. */
int format_expr_program(const ExprProgram& p, char* out, size_t capacity);

/* The program of a text format_expr_program writes (spaces anywhere); false for any other text. */
bool parse_expr_program(const char* text, ExprProgram* out);

/* A finite value value × 10000^low with numeric's dscale `dscale` (value 0: zero). */
struct ExactValue {
    int128_t value;
    int low;
    int dscale;
};

/* An operand's body as stored (after the varlena header) and its size. */
struct ExprOperand {
    const unsigned char* body;
    size_t len;
};

/*
 * The result of p over operands[0..p.noperands), when every operand is a finite 2-byte-header
 * value of at most four groups and every step stays within int128; false otherwise (nothing
 * is known then: run the operators one by one).
 */
bool expr_eval_small(const ExprProgram& p, const ExprOperand* operands, ExactValue* out);

namespace expr_detail {

/* A small short operand's signed digits (the sign flipped by sign_flip), lowest group and
   dscale; false for any other. */
__attribute__((always_inline)) inline bool read_operand(const ExprOperand& o, uint16_t sign_flip, int64_t* value,
                                                        int32_t* low, int32_t* dscale) {
    if (o.len - 2 > 2 * kSmallShortGroups)   // (below 2: wraps around)
        return false;
    const uint16_t h = load_u16(o.body);
    if ((h & kSignMask) != kShort)
        return false;
    const int n = static_cast<int>((o.len - 2) / 2);
    const int64_t d = static_cast<int64_t>(small_short_digits(o.body + 2, n));
    *value = ((h ^ sign_flip) & kShortSignBit) != 0 ? -d : d;
    *low = short_weight(h) - n + 1;
    *dscale = (h & kShortDscaleMask) >> kShortDscaleShift;
    return true;
}

}   // namespace expr_detail

/* The value of a finite 2-byte-header operand of at most four groups; false for any other. */
inline bool exact_value_of(const ExprOperand& o, ExactValue* out) {
    int64_t value;
    if (!expr_detail::read_operand(o, 0, &value, &out->low, &out->dscale))
        return false;
    out->value = value;
    return true;
}

namespace expr_detail {

/* x × 10000^k into *out, 0 < k; false when it leaves int64. */
inline bool scaled_int64(int64_t x, int32_t k, int64_t* out) {
    return k < kInt64Groups && !__builtin_mul_overflow(x, static_cast<int64_t>(power_of_base(k)), out);
}

}   // namespace expr_detail

/*
 * The sum s over the operands operand_of(k) gives (an ExprOperand for $k+1, 0-based; one of
 * length 0 for NULL), in int64: each nonzero term aligned to the finest scale so far, as +
 * and - align, and (kWithDscale) the largest dscale, as they give; without it out->dscale is
 * 0, for a comparison, which needs none.  False when an operand is not small or a value
 * leaves int64.  Inline: the transitions read their arguments straight into the sum.
 */
template <bool kWithDscale, typename OperandOf>
__attribute__((always_inline)) inline bool expr_sum_eval(const ExprSum& s, OperandOf operand_of, ExactValue* out) {
    int64_t sum = s.constant;
    int32_t low = s.constant_low, dscale = s.constant_dscale;
    for (const ExprTerm *t = s.terms, *const end = s.terms + s.nterms; t != end; ++t) {
        int64_t v;
        int32_t l, d;
        if (!expr_detail::read_operand(operand_of(t->operand), t->sign_flip, &v, &l, &d))
            return false;
        if (__builtin_expect(l != low && v != 0, 0)) {   // zero takes no part in the alignment
            if (low == kNoLow) {
                low = l;
            } else if (l > low) {
                if (!expr_detail::scaled_int64(v, l - low, &v))
                    return false;
            } else {
                if (!expr_detail::scaled_int64(sum, low - l, &sum))
                    return false;
                low = l;
            }
        }
        if (__builtin_add_overflow(sum, v, &sum))
            return false;
        if (kWithDscale)
            dscale = d > dscale ? d : dscale;
    }
    *out = ExactValue{sum, low == kNoLow ? 0 : low, kWithDscale ? dscale : 0};
    return true;
}

/*
 * Folds into s's constant the terms whose operands are constant[k], over those operands'
 * values operands[k]; false, and s unchanged, when their sum cannot be taken in one pass.
 */
bool expr_sum_fold(ExprSum* s, const bool* constant, const ExprOperand* operands);

/* compare_exact of a × 10000^a_low and b × 10000^b_low at different scales (their parts
   apart: passed in registers, so that the callers' values stay in theirs). */
int compare_exact_scaled(int128_t a, int32_t a_low, int128_t b, int32_t b_low);

/* -1, 0 or 1 as a is below, equal to or above b (numeric's order: the dscale takes no part). */
inline int compare_exact(const ExactValue& a, const ExactValue& b) {
    if (__builtin_expect(a.low == b.low, 1))   // (zero at any scale included)
        return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    return compare_exact_scaled(a.value, a.low, b.value, b.low);
}

/*
 * The stripped digits of a finite result, written to digits[0..kUint128MaxGroups), as the
 * encoder takes them.
 */
FiniteValue exact_finite_value(const ExactValue& v, uint16_t digits[kUint128MaxGroups]);

}   // namespace fastnumeric
