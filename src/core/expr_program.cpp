/*
 * expr_program.cpp — an expression program's evaluation in machine integers (see
 * expr_program.hpp).
 */
#include "core/expr_program.hpp"

#include "core/magnitude.hpp"

namespace fastnumeric {
namespace {

/* -2^127, which has no negation. */
inline bool is_int128_min(int128_t x) { return static_cast<uint128_t>(x) == uint128_t{1} << 127; }

/*
 * Whether x is an int64: then a product with another int64 fits int128 as one 64 x 64 -> 128
 * multiplication, where __builtin_mul_overflow on int128 calls a library routine (where
 * TPC-H Q1's programs spent much of their time, measured).
 */
inline bool is_int64(int128_t x) { return x == static_cast<int64_t>(x); }

/* x * y, false when it overflows. */
inline bool multiplied(int128_t x, int128_t y, int128_t* out) {
    if (__builtin_expect(is_int64(x) && is_int64(y), 1)) {
        *out = static_cast<int128_t>(static_cast<int64_t>(x)) * static_cast<int64_t>(y);
        return true;
    }
    return !__builtin_mul_overflow(x, y, out);
}

/* x * 10000^k without overflow, k >= 0. */
inline bool scaled(int128_t x, int k, int128_t* out) {
    if (k == 0) {
        *out = x;
        return true;
    }
    return k < kUint128MaxGroups && multiplied(x, static_cast<int128_t>(power_of_base_128(k)), out);
}

}   // namespace

void expr_program_prepare(ExprProgram* p) {
    p->sum = ExprSum{};
    p->sum.constant_low = kNoLow;
    if (!expr_program_valid(*p))
        return;
    ExprTerm* terms = p->sum.terms;
    // each pending value is a run of terms: where it starts in the list
    int start[kMaxExprDepth];
    int depth = 0, n = 0;
    for (int i = 0; i < p->nsteps; ++i) {
        const ExprStep& s = p->steps[i];
        switch (s.op) {
        case ExprOp::Operand:
            if (n == kMaxExprTerms)
                return;
            start[depth++] = n;
            terms[n++] = ExprTerm{s.operand, 0};
            break;
        case ExprOp::Negate:
        case ExprOp::Subtract:   // negate the top value's terms; Subtract then adds them
            for (int k = start[depth - 1]; k < n; ++k)
                terms[k].sign_flip ^= kShortSignBit;
            if (s.op == ExprOp::Subtract)
                --depth;
            break;
        case ExprOp::Add: --depth; break;
        case ExprOp::Multiply: return;
        }
    }
    p->sum.nterms = n;
    p->sum.is_sum = true;
}

bool expr_sum_fold(ExprSum* s, const bool* constant, const ExprOperand* operands) {
    if (!s->is_sum)
        return false;
    ExprSum constants{}, rest{};
    constants.is_sum = rest.is_sum = true;
    constants.constant_low = kNoLow;
    for (int i = 0; i < s->nterms; ++i) {
        ExprSum& into = constant[s->terms[i].operand] ? constants : rest;
        into.terms[into.nterms++] = s->terms[i];
    }
    Scaled128 v;
    if (constants.nterms == 0 || !expr_sum_eval<true>(
                                     constants, [operands](int k) { return short_operand_of(operands[k]); }, &v))
        return false;
    rest.constant = static_cast<int64_t>(v.value);
    rest.constant_low = v.value != 0 ? v.low : kNoLow;
    rest.constant_dscale = v.dscale;
    *s = rest;
    return true;
}

namespace {

/*
 * The arithmetic of one pass, in int64 or int128: each checked, and no result -2^N (so that
 * negation cannot overflow).  __builtin_mul_overflow on int128 calls a library routine, so
 * int128 products of two int64 values take one 64 x 64 -> 128 multiplication (multiplied).
 */
template <typename Int>
struct Checked;

template <>
struct Checked<int64_t> {
    static bool ok(int64_t x) { return x != INT64_MIN; }
    static bool mul(int64_t x, int64_t y, int64_t* out) { return !__builtin_mul_overflow(x, y, out) && ok(*out); }
    static bool scale(int64_t x, int k, int64_t* out) { return expr_detail::scaled_int64(x, k, out) && ok(*out); }
};

template <>
struct Checked<int128_t> {
    static bool ok(int128_t x) { return !is_int128_min(x); }
    static bool mul(int128_t x, int128_t y, int128_t* out) { return multiplied(x, y, out) && ok(*out); }
    static bool scale(int128_t x, int k, int128_t* out) { return scaled(x, k, out) && ok(*out); }
};

/*
 * expr_eval_small in Int: one pass over the steps with the pending values on a stack.  Kept
 * lean (callgrind): an operand's header read once, + and - aligning only the operand of the
 * coarser scale and only when the scales differ (a column and its like mostly share it), no
 * dscale check (short operands have at most 63, so kMaxExprOperands of them stay far below
 * numeric's cap).  In int64 first: values stay there for rates, quantities, money and their
 * products of a few factors (TPC-H Q1's reach 10^17), and its checks are one instruction.
 */
template <typename Int>
using Slot = ScaledValue<Int>;

/* x = x op y for a binary operator, as numeric's + - * give it (exact); false when it leaves Int. */
template <typename Int>
__attribute__((always_inline)) inline bool apply_binary(ExprOp op, Slot<Int>* x, const Slot<Int>& y) {
    static_assert(kShortDscaleMax * kMaxExprOperands <= kDscaleMax, "no product of short operands is rounded");
    using C = Checked<Int>;
    if (op == ExprOp::Multiply) {
        if (!C::mul(x->value, y.value, &x->value))
            return false;
        x->low += y.low;
        x->dscale += y.dscale;
        return true;
    }
    Int a = x->value, b = y.value;
    if (__builtin_expect(x->low != y.low, 0)) {
        if (a == 0) {   // zero takes no part in the alignment
            x->low = y.low;
        } else if (b != 0) {
            if (x->low > y.low) {
                if (!C::scale(a, x->low - y.low, &a))
                    return false;
                x->low = y.low;
            } else if (!C::scale(b, y.low - x->low, &b)) {
                return false;
            }
        }
    }
    if ((op == ExprOp::Subtract ? __builtin_sub_overflow(a, b, &x->value) : __builtin_add_overflow(a, b, &x->value)) ||
        !C::ok(x->value))
        return false;
    if (y.dscale > x->dscale)
        x->dscale = y.dscale;
    return true;
}

template <typename Int, typename Read>
bool eval_in(const ExprProgram& p, Read read_operand, Scaled128* out) {
    using Slot = Slot<Int>;
    Slot stack[kMaxExprDepth];
    Slot* top = stack;   // past the last pending value
    for (const ExprStep *s = p.steps, *const end = p.steps + p.nsteps; s != end; ++s) {
        switch (s->op) {
        case ExprOp::Operand: {
            int64_t value;
            if (!read_operand(s->operand, &value, &top->low, &top->dscale))
                return false;
            top->value = value;
            ++top;
            break;
        }
        case ExprOp::Negate: top[-1].value = -top[-1].value; break;
        case ExprOp::Multiply:
        case ExprOp::Add:
        case ExprOp::Subtract:
            if (!apply_binary(s->op, &top[-2], top[-1]))
                return false;
            --top;
            break;
        }
    }
    *out = Scaled128{stack[0].value, stack[0].low, stack[0].dscale};
    return true;
}

}   // namespace

bool expr_eval_small(const ExprProgram& p, const ExprOperand* operands, Scaled128* out) {
    if (p.sum.is_sum && expr_sum_eval<true>(
                            p.sum, [operands](int k) { return short_operand_of(operands[k]); }, out))
        return true;
    const auto read = [operands](int k, int64_t* value, int32_t* low, int32_t* dscale) {
        return expr_detail::read_operand(operands[k], 0, value, low, dscale);
    };
    return eval_in<int64_t>(p, read, out) || eval_in<int128_t>(p, read, out);
}

bool expr_eval_read(const ExprProgram& p, const Scaled64* operands, Scaled128* out) {
    const auto read = [operands](int k, int64_t* value, int32_t* low, int32_t* dscale) {
        *value = operands[k].value;
        *low = operands[k].low;
        *dscale = operands[k].dscale;
        return true;
    };
    return eval_in<int64_t>(p, read, out) || eval_in<int128_t>(p, read, out);
}

bool row_graph_eval(const RowGraph& graph, Scaled64* values) {
    for (int i = 0; i < graph.nnodes; ++i) {
        const RowNode& n = graph.nodes[i];
        Scaled64& x = values[graph.first + i];
        x = values[n.a];
        if (n.op == ExprOp::Negate)
            x.value = -x.value;   // (never INT64_MIN: operands are below 10^16, results checked)
        else if (!apply_binary(n.op, &x, values[n.b]))
            return false;
    }
    return true;
}

int compare_exact_scaled(int128_t a, int32_t a_low, int128_t b, int32_t b_low) {
    const int sa = (a > 0) - (a < 0), sb = (b > 0) - (b < 0);
    if (sa != sb || sa == 0)
        return sa < sb ? -1 : sa > sb;
    // align the coarser scale; when that overflows int128, its magnitude is beyond the other's
    if (a_low > b_low && !scaled(a, a_low - b_low, &a))
        return sa;
    if (b_low > a_low && !scaled(b, b_low - a_low, &b))
        return -sa;
    return a < b ? -1 : a > b;
}

FiniteValue scaled_finite_value(const Scaled128& v, uint16_t digits[kUint128MaxGroups]) {
    const bool negative = v.value < 0;
    const uint128_t m = negative ? -static_cast<uint128_t>(v.value) : static_cast<uint128_t>(v.value);
    const int n = write_magnitude_digits(m, digits + kUint128MaxGroups);
    return stripped(FiniteValue{negative, v.low + n - 1, v.dscale, digits + kUint128MaxGroups - n, n});
}

}   // namespace fastnumeric
