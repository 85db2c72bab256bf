/*
 * division.cpp — / and % (and mod()).
 *
 * One C function per operator serves (fastnumeric, fastnumeric), (fastnumeric, numeric) and
 * (numeric, fastnumeric), as + - * do.  Operands are read in place; finite values of up to
 * four digit groups are divided in 128-bit integers (src/core/division); everything else,
 * division by zero, NaN and infinities included, goes to numeric's numeric_div and
 * numeric_mod, which give the rest of the results and every error.
 */
#include "core/division.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

template <bool modulo>
Datum divide(FunctionCallInfo fcinfo) {
    const Datum da = PG_GETARG_DATUM(0), db = PG_GETARG_DATUM(1);
    NumericView a, b;
    uint16_t digits[kUint128MaxGroups];
    FiniteValue result;
    if (finite_inline(da, &a) && finite_inline(db, &b) &&
        (modulo ? modulo_small(a, b, digits, &result) : divide_small(a, b, digits, &result)))
        return finite_datum(result);
    return DirectFunctionCall2(modulo ? numeric_mod : numeric_div, da, db);
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_div);
PG_FUNCTION_INFO_V1(fastnumeric_mod);
PG_FUNCTION_INFO_V1(fastnumeric_mod_untyped);

Datum fastnumeric_div(PG_FUNCTION_ARGS) { return divide<false>(fcinfo); }
Datum fastnumeric_mod(PG_FUNCTION_ARGS) { return divide<true>(fcinfo); }

/* mod('7', x): the untyped literal (a cstring, as unknown's values are) read by numeric_in with
 * no typmod, as it is when the call resolves to mod(numeric, numeric); then our %. */
Datum fastnumeric_mod_untyped(PG_FUNCTION_ARGS) {
    const Datum dividend =
        DirectFunctionCall3(numeric_in, PG_GETARG_DATUM(0), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
    return DirectFunctionCall2(fastnumeric_mod, dividend, PG_GETARG_DATUM(1));
}

}   // extern "C"
