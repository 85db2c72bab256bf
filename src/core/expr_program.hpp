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
    int8_t sign;   // 1 or -1
};

constexpr int kMaxExprTerms = (kMaxExprSteps + 1) / 2;   // operand steps of a binary tree

struct ExprProgram {
    int nsteps;
    int noperands;   // the highest $n named
    ExprStep steps[kMaxExprSteps];
    int nterms;   // > 0 when the program is the sum of terms[0..nterms) (expr_program_prepare)
    ExprTerm terms[kMaxExprTerms];
};

/*
 * Sets p's terms when it has no *: a chain of + and - (a + b + '17' + c, price - discount)
 * is then evaluated as one signed sum, without the steps' stack.  parse_expr_program calls it.
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

/* A small short operand's signed digits, lowest group and dscale; false for any other. */
__attribute__((always_inline)) inline bool read_operand(const ExprOperand& o, int64_t* value, int32_t* low,
                                                        int32_t* dscale) {
    if (o.len - 2 > 2 * kSmallShortGroups)   // (below 2: wraps around)
        return false;
    const uint16_t h = load_u16(o.body);
    if ((h & kSignMask) != kShort)
        return false;
    const int n = static_cast<int>((o.len - 2) / 2);
    const int64_t d = static_cast<int64_t>(small_short_digits(o.body + 2, n));
    *value = (h & kShortSignBit) != 0 ? -d : d;
    *low = short_weight(h) - n + 1;
    *dscale = (h & kShortDscaleMask) >> kShortDscaleShift;
    return true;
}

}   // namespace expr_detail

/* The value of a finite 2-byte-header operand of at most four groups; false for any other. */
inline bool exact_value_of(const ExprOperand& o, ExactValue* out) {
    int64_t value;
    if (!expr_detail::read_operand(o, &value, &out->low, &out->dscale))
        return false;
    out->value = value;
    return true;
}

/* compare_exact of values at different scales. */
int compare_exact_scaled(const ExactValue& a, const ExactValue& b);

/* -1, 0 or 1 as a is below, equal to or above b (numeric's order: the dscale takes no part). */
inline int compare_exact(const ExactValue& a, const ExactValue& b) {
    if (__builtin_expect(a.low == b.low, 1))   // (zero at any scale included)
        return (a.value > b.value) - (a.value < b.value);
    return compare_exact_scaled(a, b);
}

/*
 * The stripped digits of a finite result, written to digits[0..kUint128MaxGroups), as the
 * encoder takes them.
 */
FiniteValue exact_finite_value(const ExactValue& v, uint16_t digits[kUint128MaxGroups]);

}   // namespace fastnumeric
