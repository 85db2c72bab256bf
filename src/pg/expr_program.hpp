/*
 * expr_program.hpp — expression programs in the executor (expr_program.cpp): a call site's
 * program, its operands, and the separate operators for what the one-pass evaluation declines.
 */
#pragma once

#include "core/expr_program.hpp"
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
__attribute__((always_inline)) inline bool expr_operands(FunctionCallInfo fcinfo, const ExprSite* site,
                                                         ExprOperand* operands);

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

}   // namespace fastnumeric
