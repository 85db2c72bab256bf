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
 * What a call of fastnumeric_expr or fastnumeric_expr_accum keeps in fn_extra: the program
 * (argument first - 1, a constant) over the arguments first..first + noperands - 1.
 */
struct ExprSite {
    ExprProgram program;
    int first;
};

/* This call site's program, parsed and checked on its first call (an error for a program that
   is not constant or not valid, or operands that are neither numeric nor fastnumeric). */
ExprSite* expr_site(FunctionCallInfo fcinfo, int first);

/* The operands as read in place; false when one is NULL. */
__attribute__((
    always_inline)) /* The datum of a one-pass result: one palloc (of 16 bytes when it has at most four groups). */
inline Datum
exact_value_datum(const ExactValue& v);

/* exact_value_datum beyond four groups or short's dscale. */
Datum wide_result_datum(const ExactValue& v);

inline bool expr_operands(FunctionCallInfo fcinfo, const ExprSite* site, ExprOperand* operands);

/*
 * The program run as the separate operators would run it (fastnumeric's + - * and unary
 * minus, in program order, a NULL operand making NULL what it feeds): their result and their
 * errors.  *isnull when the result is NULL.
 */
Datum expr_eval_separately(FunctionCallInfo fcinfo, const ExprSite* site, bool* isnull);

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

inline Datum exact_value_datum(const ExactValue& v) {
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
