/*
 * expr_program.hpp — expression programs in the executor (expr_program.cpp): a call site's
 * program, its operands, and the separate operators for what the one-pass evaluation declines.
 */
#pragma once

#include "core/expr_program.hpp"
#include "core/short_arith.hpp"
#include "pg/datum.hpp"

namespace fastnumeric {

/*
 * A program's operands that are integer columns or parameters: the planner gives a program
 * i::fastnumeric as the integer i.  Each row they are written as numeric datums into buffers of
 * the call site, and the call's arguments pointed at them, so that everything after (the one
 * pass, the separate operators) reads numeric operands; the conversion is exact and raises
 * nothing, as the casts it replaces.  A call converts its row once, in expr_site or row sums'
 * site, before reading an operand; per-row paths take it only without integer operands.
 */
struct IntegerOperands {
    uint32_t mask;                     // bit k: argument first + k is an integer
    uint8_t bytes[kMaxExprOperands];   // its width: 2, 4 or 8
    unsigned char* datums;             // kIntegerDatumBytes for each operand, in fn_mcxt
};
constexpr size_t kIntegerDatumBytes = MAXALIGN(VARHDRSZ + kShortBodyBytes);

/* This row's integer operands as numeric datums (IntegerOperands). */
void integers_as_numeric(FunctionCallInfo fcinfo, int first, const IntegerOperands& integers);

/*
 * What a call of fastnumeric_expr or an aggregate of programs keeps in fn_extra: the program
 * (argument first - 1, a constant) over the arguments first..first + noperands - 1, and, for a
 * program without *, its sum with the operands that are constants in the plan read once (its
 * terms' operands are the arguments' offsets in the call).
 */
struct ExprSite {
    ExprProgram program;
    ExprSum sum;
    int first;
    IntegerOperands integers;
    /* min and max of programs: the state read last and its value (agg.cpp; no int128 member,
       which would ask more than palloc's alignment). */
    Datum held;
    int64_t held_value;
    int32_t held_low;
};

/* Where fcinfo holds argument k: the site's sum names its terms' arguments so (expr_site). */
constexpr int expr_argument_offset(int k) {
    return static_cast<int>(offsetof(FunctionCallInfoBaseData, args) + k * sizeof(NullableDatum));
}

/* This call site's program, parsed and checked on its first call (an error for a program that
   is not constant or not valid, or operands that are neither numeric nor fastnumeric nor
   integer columns), with this row's integer operands converted. */
ExprSite* expr_site(FunctionCallInfo fcinfo, int first);

/* The operands as read in place; false when one is NULL. */
inline bool expr_operands(FunctionCallInfo fcinfo, const ExprSite* site, ExprOperand* operands);

/* The one-pass result over this row's operands (expr_eval_small); false when it declines. */
bool expr_eval_operands(FunctionCallInfo fcinfo, const ExprSite* site, Scaled128* v);

/*
 * The one pass of a sum (kWithDscale: expr_sum_eval) with this row's arguments read straight
 * into it; false for a program with * and when the pass declines.
 */
template <bool kWithDscale>
__attribute__((always_inline)) inline bool expr_sum_row(FunctionCallInfo fcinfo, const ExprSite* site, Scaled128* v);

/* expr_eval_operands by expr_sum_row where it can: the per-row path of the program's calls. */
__attribute__((always_inline)) inline bool expr_eval_row(FunctionCallInfo fcinfo, const ExprSite* site, Scaled128* v);

/* The datum of a one-pass result: one palloc (of 16 bytes when it has at most four groups). */
__attribute__((always_inline)) inline Datum scaled_value_datum(const Scaled128& v);

/* scaled_value_datum beyond four groups or short's dscale. */
Datum wide_result_datum(const Scaled128& v);

/*
 * The program run as the separate operators would run it (fastnumeric's + - * and unary
 * minus, in program order, a NULL operand making NULL what it feeds): their result and their
 * errors.  *isnull when the result is NULL.
 */
Datum expr_eval_separately(FunctionCallInfo fcinfo, const ExprProgram& p, int first, bool* isnull);

inline Datum expr_eval_separately(FunctionCallInfo fcinfo, const ExprSite* site, bool* isnull) {
    return expr_eval_separately(fcinfo, site->program, site->first, isnull);
}

/*
 * A call site's program text: argument first - 1, which must be a text constant (of the
 * Aggref for an aggregate's transition, first == 2), in the current memory context; an error
 * otherwise.
 */
char* program_text(FunctionCallInfo fcinfo, int first);

/*
 * Checks that the n operands from argument first on are numeric or fastnumeric, or int2, int4
 * or int8 that are not constants (an error otherwise), and finds those that are constants of
 * the plan: constant[k] and their bodies as read in place, values[k].  Not parameters: a plan's
 * state may outlive their values.  The integers are described in *integers.
 */
void program_operands(FunctionCallInfo fcinfo, int first, int n, bool* constant, ExprOperand* values,
                      IntegerOperands* integers);

/* The error of a program text that does not parse (why: what it must be). */
[[noreturn]] void invalid_program(const char* why);

/* The reader of a row's arguments for expr_sum_run: the site's sum names them by offset. */
inline auto row_operands(FunctionCallInfo fcinfo) {
    const char* base = reinterpret_cast<const char*>(fcinfo);
    return [base](int offset) {
        const NullableDatum& a = *reinterpret_cast<const NullableDatum*>(base + offset);
        ExprShortOperand o{nullptr, kNotSmall};
        if (likely(!a.isnull))
            o.groups = small_short_groups(a.value, &o.body);
        return o;
    };
}

template <bool kWithDscale>
inline bool expr_sum_row(FunctionCallInfo fcinfo, const ExprSite* site, Scaled128* v) {
    if (unlikely(!site->sum.is_sum))
        return false;
    return expr_sum_eval<kWithDscale>(site->sum, row_operands(fcinfo), v);
}

inline bool expr_operands(FunctionCallInfo fcinfo, const ExprSite* site, ExprOperand* operands) {
    const int n = site->program.noperands;
    for (int i = 0; i < n; ++i) {
        const NullableDatum& a = fcinfo->args[site->first + i];
        if (unlikely(a.isnull))
            return false;
        operands[i].len = small_path_body(a.value, &operands[i].body);
    }
    return true;
}

inline bool expr_eval_row(FunctionCallInfo fcinfo, const ExprSite* site, Scaled128* v) {
    if (likely(expr_sum_row<true>(fcinfo, site, v)))
        return true;
    ExprOperand operands[kMaxExprOperands];   // (a program with *, as TPC-H Q1's: no call more)
    return expr_operands(fcinfo, site, operands) && expr_eval_small(site->program, operands, v);
}

inline Datum scaled_value_datum(const Scaled128& v) {
    const bool negative = v.value < 0;
    const uint128_t m = negative ? -static_cast<uint128_t>(v.value) : static_cast<uint128_t>(v.value);
    if (likely(m - 1 < short_arith_detail::kTenTo16 - 1 && v.dscale <= kShortDscaleMax)) {
        struct varlena* result = static_cast<struct varlena*>(palloc(VARHDRSZ + kNarrowBodyBytes + 2));
        const int size = short_arith_detail::write_narrow(static_cast<uint64_t>(m), negative ? kShortSignBit : 0u,
                                                          v.low, static_cast<uint32_t>(v.dscale) << kShortDscaleShift,
                                                          reinterpret_cast<unsigned char*>(VARDATA(result)));
        if (likely(size != 0)) {
            SET_VARSIZE(result, VARHDRSZ + size);
            return PointerGetDatum(result);
        }
        pfree(result);
    }
    return wide_result_datum(v);
}

}   // namespace fastnumeric
