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
#include "core/scaled_value.hpp"

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
    uint16_t operand;     // 0-based, or what the caller of expr_sum_run reads operands by
    uint16_t sign_flip;   // kShortSignBit when it enters negated, else 0
};

constexpr int kMaxExprTerms = (kMaxExprSteps + 1) / 2;   // operand steps of a binary tree

// the low of a sum with no nonzero term; kNoLow - 1 too stays in range (expr_sum_run)
constexpr int32_t kNoLow = INT32_MIN + 1;

/*
 * A program without * as one signed sum: the terms read on each row, and the sum of the terms
 * whose operands are constants (expr_sum_fold), read once.
 */
struct ExprSum {
    bool is_sum;   // false: the program has *
    int nterms;    // (0 when is_sum is false)
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
bool expr_eval_small(const ExprProgram& p, const ExprOperand* operands, Scaled128* out);

/*
 * An operand as a sum reads it: its body and the digit groups that follow numeric's 2-byte
 * header there, as the caller knows them from the body's size; groups above
 * kSmallShortGroups (kNotSmall) for an operand no sum reads (NULL, or of another size).
 */
struct ExprShortOperand {
    const unsigned char* body;
    uint32_t groups;
};

constexpr uint32_t kNotSmall = UINT32_MAX;

/* The groups of a body of o.len bytes, as ExprShortOperand gives them. */
inline ExprShortOperand short_operand_of(const ExprOperand& o) {
    const size_t rest = o.len - 2;   // (below 2: wraps around)
    return ExprShortOperand{o.body, rest <= 2 * kSmallShortGroups ? static_cast<uint32_t>(rest / 2) : kNotSmall};
}

namespace expr_detail {

/* A value kept from the compiler's view: it then computes it once, where it is asked for. */
template <typename T>
__attribute__((always_inline)) inline T opaque(T x) {
    asm("" : "+r"(x));
    return x;
}

/*
 * A small short operand's digits as one magnitude, whether it enters negative (its sign
 * flipped by sign_flip), the weight less the groups (its low - 1, what the header and the size
 * give without an addition: the sums' loop compares it as it is) and dscale; false for any
 * other.  Its own reader, not read_small_short: that cost min and max of programs 2 to 3% more
 * a row (bench/results/one-reader-callgrind-20261207.md).
 */
__attribute__((always_inline)) inline bool read_short_operand(ExprShortOperand o, uint16_t sign_flip,
                                                              int64_t* magnitude, bool* negative, int32_t* below,
                                                              int32_t* dscale) {
    if (o.groups > kSmallShortGroups)
        return false;
    const uint32_t h = load_u16(o.body);
    static_assert(kShort == 0x8000 && kSignMask == 0xC000, "the short form is 0x8000..0xBFFF");
    if (h - kShort > 0x3FFFu)   // (h & kSignMask) != kShort in one comparison (below 0x8000: wraps around)
        return false;
    const int n = static_cast<int>(o.groups);
    *magnitude = static_cast<int64_t>(small_short_digits(o.body + 2, n));
    *negative = ((h ^ sign_flip) & kShortSignBit) != 0;
    // opaque: otherwise the sums' alignment, comparing it, kept the weight and n apart in two
    // more registers (measured per operand)
    *below = opaque(short_weight(static_cast<uint16_t>(h)) - n);
    *dscale = static_cast<int32_t>((h & kShortDscaleMask) >> kShortDscaleShift);
    return true;
}

/* read_short_operand of a body of o.len bytes, with the lowest group's position. */
__attribute__((always_inline)) inline bool read_operand(const ExprOperand& o, uint16_t sign_flip, int64_t* value,
                                                        int32_t* low, int32_t* dscale) {
    int64_t m;
    bool negative;
    if (!read_short_operand(short_operand_of(o), sign_flip, &m, &negative, low, dscale))
        return false;
    *value = negative ? -m : m;
    *low += 1;
    return true;
}

}   // namespace expr_detail

/* The value of a finite 2-byte-header operand of at most four groups; false for any other. */
inline bool scaled_value_of(const ExprOperand& o, Scaled128* out) {
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
 * The sum s over the operands operand_of(k) gives (an ExprShortOperand for $k+1, 0-based,
 * or whatever the caller named its terms' operands by), in int64: each nonzero term aligned
 * to the finest scale so far, as + and - align, and (kWithDscale) the largest dscale, as they
 * give (else 0).  Its low is the lowest group of the finest nonzero term, kNoLow when there
 * is none (sum 0).  False when an operand is not small or a value leaves int64.  Inline: the
 * transitions read their arguments straight into the sum.
 */
template <bool kWithDscale, typename OperandOf>
__attribute__((always_inline)) inline bool expr_sum_run(const ExprSum& s, OperandOf operand_of, Scaled64* out) {
    int64_t sum = s.constant;
    int32_t dscale = s.constant_dscale;
    // (the loop keeps low - 1, as read_short_operand gives it)
    constexpr int32_t kNoBelow = kNoLow - 1;
    int32_t below = s.constant_low - 1;
    for (const ExprTerm *t = s.terms, *const end = s.terms + s.nterms; t != end; ++t) {
        int64_t m;
        bool negative;
        int32_t b, d;
        if (!expr_detail::read_short_operand(operand_of(t->operand), t->sign_flip, &m, &negative, &b, &d))
            return false;
        if (__builtin_expect(b != below && m != 0, 0)) {   // zero takes no part in the alignment
            int64_t v = negative ? -m : m;
            if (below == kNoBelow) {
                below = b;
            } else if (b > below) {
                if (!expr_detail::scaled_int64(v, b - below, &v))
                    return false;
            } else {
                if (!expr_detail::scaled_int64(sum, below - b, &sum))
                    return false;
                below = b;
            }
            if (__builtin_add_overflow(sum, v, &sum))
                return false;
        } else if (__builtin_expect(negative, 0)) {
            if (__builtin_sub_overflow(sum, m, &sum))
                return false;
        } else if (__builtin_add_overflow(sum, m, &sum)) {
            return false;
        }
        if (kWithDscale)
            dscale = d > dscale ? d : dscale;
    }
    *out = Scaled64{sum, below + 1, kWithDscale ? dscale : 0};
    return true;
}

/* expr_sum_run's result as an Scaled128 (kWithDscale: with its dscale, else 0). */
template <bool kWithDscale, typename OperandOf>
__attribute__((always_inline)) inline bool expr_sum_eval(const ExprSum& s, OperandOf operand_of, Scaled128* out) {
    Scaled64 r;
    if (!expr_sum_run<kWithDscale>(s, operand_of, &r))
        return false;
    *out = Scaled128{r.value, r.low == kNoLow ? 0 : r.low, r.dscale};
    return true;
}

/* o read as expr_eval_small reads an operand; false for any it declines. */
inline bool read_operand_once(const ExprOperand& o, Scaled64* out) {
    return expr_detail::read_operand(o, 0, &out->value, &out->low, &out->dscale);
}

/* The same from the body and groups a sum reads (ExprShortOperand). */
__attribute__((always_inline)) inline bool read_operand_once(ExprShortOperand o, Scaled64* out) {
    int64_t m;
    bool negative;
    int32_t below, dscale;
    if (!expr_detail::read_short_operand(o, 0, &m, &negative, &below, &dscale))
        return false;
    *out = Scaled64{negative ? -m : m, below + 1, dscale};
    return true;
}

/* expr_eval_small over operands read beforehand (read_operand_once); false when it declines. */
bool expr_eval_read(const ExprProgram& p, const Scaled64* operands, Scaled128* out);

/*
 * The sums of one row: programs over the same operands whose sums one aggregate transition
 * keeps (the planner hook's shared transition of a row's sum and avg aggregates).  Their text
 * is the programs' texts joined by ';' ("$1; $2 * (1 - $3)"), each naming the operands it reads.
 */
constexpr int kMaxRowSums = 8;
constexpr size_t kMaxProgramText = 8 * kMaxExprSteps;   // what format_expr_program can write

/*
 * The programs of a row as one list of operations over the operands, each subexpression once
 * (TPC-H Q1's p * (1 - d) is computed once for its two sums): value first + i is node i's,
 * after the operands' values 0 .. first - 1.
 */
struct RowNode {
    ExprOp op;      // Add, Subtract, Multiply or Negate
    uint8_t a, b;   // the values it takes (b: binary operators only)
};
constexpr int kMaxRowNodes = kMaxRowSums * (kMaxExprSteps - 1) / 2;   // operators of all programs

struct RowGraph {
    int first;   // the operands' count: node i is value first + i
    int nnodes;
    RowNode nodes[kMaxRowNodes];
    uint8_t result[kMaxRowSums];   // the value each program is
};

struct RowPrograms {
    int nsums;
    int noperands;   // the highest $n any names
    ExprProgram sums[kMaxRowSums];
    RowGraph graph;
    uint32_t reads[kMaxRowSums];   // bit k: the program reads $k+1
};

/* The programs of a text as above (1 to kMaxRowSums of them), with their graph; false for any other text. */
bool parse_row_programs(const char* text, RowPrograms* out);

/*
 * Every node of the graph in int64, as the programs' steps compute it, into values[first ..]
 * (values[0 .. first) the operands, read_operand_once); false when a value leaves int64 (then
 * evaluate the programs one by one: expr_eval_read).
 */
bool row_graph_eval(const RowGraph& graph, Scaled64* values);

/*
 * The graph at fixed operand scales.  An operand of dscale d, rescaled to the lowest group a
 * value of that dscale can have (fixed_low: numeric strips trailing zero groups, so a stored
 * value's lowest group is that one or coarser), has a scale that depends on d alone; when
 * each operand has the dscale of the call site's first rows (typmod columns, constants),
 * every node's scale and dscale and the alignment of + and - are known before the row, and a
 * row is the nodes' integer arithmetic only.  Each node's value × 10000^low is the number the
 * steps compute (zero and unstripped values may be written at another scale, which nothing
 * downstream distinguishes), of the same dscale.
 */
struct RowScales {
    int32_t dscale[kMaxExprOperands];               // the operands' expected dscales
    int32_t low[kMaxExprOperands + kMaxRowNodes];   // each value's scale (the operands': fixed_low)
    int32_t node_dscale[kMaxExprOperands + kMaxRowNodes];
    int64_t align_a[kMaxRowNodes], align_b[kMaxRowNodes];   // + and -: the factors that align a and b
};

/* The lowest digit group a value of dscale d can have. */
constexpr int32_t fixed_low(int32_t dscale) { return -((dscale + 3) / 4); }

/* o at fixed_low of its dscale; false, and o unchanged, when that leaves int64. */
inline bool rescale_operand(Scaled64* o) {
    const int32_t low = fixed_low(o->dscale);
    if (__builtin_expect(o->low == low, 1))
        return true;
    int64_t value = 0;
    if (o->low < low || (o->value != 0 && !expr_detail::scaled_int64(o->value, o->low - low, &value)))
        return false;
    *o = Scaled64{value, low, o->dscale};
    return true;
}

/*
 * The header bits (form and dscale) a short operand of this dscale has, for
 * read_scaled_operand; kNoScaledHead when the short form cannot hold the dscale.
 */
constexpr uint32_t kNoScaledHead = UINT32_MAX;
constexpr uint32_t scaled_operand_head(int32_t dscale) {
    return dscale >= 0 && dscale <= kShortDscaleMax ? kShort | static_cast<uint32_t>(dscale) << kShortDscaleShift
                                                    : kNoScaledHead;
}

/*
 * A short operand of the header bits head (scaled_operand_head) as an integer at the
 * operands' fixed scale fixed_low, straight from its header and groups; false for any other
 * operand, or one that leaves int64 at that scale.  unshifted is fixed_low - 1, the weight less
 * the groups of an operand whose lowest group is at that scale (the caller keeps it so, one
 * subtraction less an operand).  Its own reader, not read_small_short: that cost TPC-H Q1's row
 * 3% more (bench/results/one-reader-callgrind-20261207.md).
 */
__attribute__((always_inline)) inline bool read_scaled_operand(ExprShortOperand o, uint32_t head, int32_t unshifted,
                                                               int64_t* value) {
    if (o.groups > kSmallShortGroups)
        return false;
    const uint32_t h = load_u16(o.body);
    if ((h & (kSignMask | kShortDscaleMask)) != head)
        return false;
    const int n = static_cast<int>(o.groups);
    int64_t m = static_cast<int64_t>(small_short_digits(o.body + 2, n));
    const int32_t shift = short_weight(static_cast<uint16_t>(h)) - n - unshifted;   // zero groups to append
    if (__builtin_expect(shift != 0, 0) && m != 0) {
        int64_t scaled;
        if (shift < 0 || !expr_detail::scaled_int64(m, shift, &scaled))
            return false;
        m = scaled;
    }
    *value = (h & kShortSignBit) != 0 ? -m : m;
    return true;
}

/* The scales of the graph's nodes over operands of these dscales; false when an alignment leaves int64. */
bool row_scales_of(const RowGraph& graph, const int32_t* dscales, RowScales* out);

/*
 * The graph's nodes at those scales: values[0 .. first) the operands' (rescale_operand) values,
 * nodes into values[first ..]; false when one leaves int64.  Inline: the transition's row.
 */
__attribute__((always_inline)) inline bool row_graph_eval_scaled(const RowGraph& graph, const RowScales& scales,
                                                                 int64_t* values) {
    for (int i = 0; i < graph.nnodes; ++i) {
        const RowNode& n = graph.nodes[i];
        const int64_t a = values[n.a], b = values[n.b];
        int64_t x;
        switch (n.op) {
        case ExprOp::Negate:
            if (__builtin_sub_overflow(int64_t{0}, a, &x))
                return false;
            break;
        case ExprOp::Multiply:
            if (__builtin_mul_overflow(a, b, &x))
                return false;
            break;
        default: {   // + and -, each side aligned (one of the two factors is 1)
            int64_t sa, sb;
            if (__builtin_mul_overflow(a, scales.align_a[i], &sa) ||
                __builtin_mul_overflow(b, scales.align_b[i], &sb) ||
                (n.op == ExprOp::Subtract ? __builtin_sub_overflow(sa, sb, &x) : __builtin_add_overflow(sa, sb, &x)))
                return false;
            break;
        }
        }
        values[graph.first + i] = x;
    }
    return true;
}

/*
 * Folds into s's constant the terms whose operands are constant[k], over those operands'
 * values operands[k]; false, and s unchanged, when their sum cannot be taken in one pass.
 */
bool expr_sum_fold(ExprSum* s, const bool* constant, const ExprOperand* operands);

/* compare_scaled of a × 10000^a_low and b × 10000^b_low at different scales (their parts
   apart: passed in registers, so that the callers' values stay in theirs). */
int compare_exact_scaled(int128_t a, int32_t a_low, int128_t b, int32_t b_low);

/* -1, 0 or 1 as a is below, equal to or above b (numeric's order: the dscale takes no part). */
inline int compare_scaled(const Scaled128& a, const Scaled128& b) {
    if (__builtin_expect(a.low == b.low, 1))   // (zero at any scale included)
        return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
    return compare_exact_scaled(a.value, a.low, b.value, b.low);
}

/*
 * The stripped digits of a finite result, written to digits[0..kUint128MaxGroups), as the
 * encoder takes them.
 */
FiniteValue scaled_finite_value(const Scaled128& v, uint16_t digits[kUint128MaxGroups]);

}   // namespace fastnumeric
