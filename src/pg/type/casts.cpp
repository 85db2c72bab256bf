/*
 * casts.cpp — int2, int4, int8, float4 and float8 to fastnumeric and back.
 *
 * Values machine arithmetic decides exactly take src/core/casts; the rest (NaN, infinities,
 * long values, out of range) go to numeric's own conversion functions, which give those
 * results and every error.  float -> fastnumeric gives the digits numeric's printf-and-parse
 * gives; fastnumeric -> float the correctly rounded value numeric's strtod gives.
 */
#include <cfloat>

#include "core/casts.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "utils/builtins.h"
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

Datum integer_datum(int64 x) {
    uint16_t digits[kUint128MaxGroups];
    return finite_datum(integer_value(x, digits));
}

Datum float_datum(double x, int significant, PGFunction numeric_fn, Datum original) {
    uint16_t digits[kUint128MaxGroups];
    FiniteValue v;
    if (printed_float(x, significant, digits, &v))
        return finite_datum(v);
    return DirectFunctionCall1(numeric_fn, original);
}

/* The argument rounded to an integer in [low, high], or numeric's function (and its errors). */
inline bool small_integer(FunctionCallInfo fcinfo, int64 low, int64 high, int64* x) {
    NumericView v;
    return finite_inline(PG_GETARG_DATUM(0), &v) && rounded_integer(v, x) && *x >= low && *x <= high;
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(int2_fastnumeric);
PG_FUNCTION_INFO_V1(int4_fastnumeric);
PG_FUNCTION_INFO_V1(int8_fastnumeric);
PG_FUNCTION_INFO_V1(float4_fastnumeric);
PG_FUNCTION_INFO_V1(float8_fastnumeric);
PG_FUNCTION_INFO_V1(fastnumeric_int2);
PG_FUNCTION_INFO_V1(fastnumeric_int4);
PG_FUNCTION_INFO_V1(fastnumeric_int8);
PG_FUNCTION_INFO_V1(fastnumeric_float4);
PG_FUNCTION_INFO_V1(fastnumeric_float8);

Datum int2_fastnumeric(PG_FUNCTION_ARGS) { return integer_datum(PG_GETARG_INT16(0)); }
Datum int4_fastnumeric(PG_FUNCTION_ARGS) { return integer_datum(PG_GETARG_INT32(0)); }
Datum int8_fastnumeric(PG_FUNCTION_ARGS) { return integer_datum(PG_GETARG_INT64(0)); }

/* numeric prints a float4 with FLT_DIG significant digits, a float8 with DBL_DIG. */
Datum float4_fastnumeric(PG_FUNCTION_ARGS) {
    return float_datum(PG_GETARG_FLOAT4(0), FLT_DIG, float4_numeric, PG_GETARG_DATUM(0));
}
Datum float8_fastnumeric(PG_FUNCTION_ARGS) {
    return float_datum(PG_GETARG_FLOAT8(0), DBL_DIG, float8_numeric, PG_GETARG_DATUM(0));
}

Datum fastnumeric_int2(PG_FUNCTION_ARGS) {
    int64 x;
    if (small_integer(fcinfo, PG_INT16_MIN, PG_INT16_MAX, &x))
        PG_RETURN_INT16(static_cast<int16>(x));
    return DirectFunctionCall1(numeric_int2, PG_GETARG_DATUM(0));
}
Datum fastnumeric_int4(PG_FUNCTION_ARGS) {
    int64 x;
    if (small_integer(fcinfo, PG_INT32_MIN, PG_INT32_MAX, &x))
        PG_RETURN_INT32(static_cast<int32>(x));
    return DirectFunctionCall1(numeric_int4, PG_GETARG_DATUM(0));
}
Datum fastnumeric_int8(PG_FUNCTION_ARGS) {
    int64 x;
    if (small_integer(fcinfo, PG_INT64_MIN, PG_INT64_MAX, &x))
        PG_RETURN_INT64(x);
    return DirectFunctionCall1(numeric_int8, PG_GETARG_DATUM(0));
}

Datum fastnumeric_float4(PG_FUNCTION_ARGS) {
    NumericView v;
    float f;
    if (finite_inline(PG_GETARG_DATUM(0), &v) && nearest_float(v, &f))
        PG_RETURN_FLOAT4(f);
    return DirectFunctionCall1(numeric_float4, PG_GETARG_DATUM(0));
}
Datum fastnumeric_float8(PG_FUNCTION_ARGS) {
    NumericView v;
    double d;
    if (finite_inline(PG_GETARG_DATUM(0), &v) && nearest_double(v, &d))
        PG_RETURN_FLOAT8(d);
    return DirectFunctionCall1(numeric_float8, PG_GETARG_DATUM(0));
}

}   // extern "C"
