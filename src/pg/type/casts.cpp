/*
 * casts.cpp — int2, int4, int8, float4 and float8 to fastnumeric and back.
 *
 * Short values are converted in machine arithmetic (src/core/casts) and written straight into
 * their datum; the rest (NaN, infinities, long values, out of range) go to numeric's own
 * conversion function, called with this call's arguments, which gives those results and every
 * error.  float -> fastnumeric gives the digits numeric's printf-and-parse gives;
 * fastnumeric -> float the correctly rounded value numeric's strtod gives.
 */
#include <cfloat>

#include "core/casts.hpp"
#include "core/short_arith.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "utils/builtins.h"
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

inline Datum integer_datum(int64 x) {
    unsigned char body[kShortBodyBytes];
    return short_body_datum(body, integer_body(x, body));
}

/* The argument rounded to an integer in [low, high]; false: numeric's function decides. */
inline bool small_integer(FunctionCallInfo fcinfo, int64 low, int64 high, int64* x) {
    const unsigned char* body;
    const size_t size = small_path_body(PG_GETARG_DATUM(0), &body);
    return rounded_integer(body, size, x) && *x >= low && *x <= high;
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
    unsigned char body[kShortBodyBytes];
    const int size = printed_float(PG_GETARG_FLOAT4(0), FLT_DIG, body);
    return size != 0 ? short_body_datum(body, size) : float4_numeric(fcinfo);
}
Datum float8_fastnumeric(PG_FUNCTION_ARGS) {
    unsigned char body[kShortBodyBytes];
    const int size = printed_float(PG_GETARG_FLOAT8(0), DBL_DIG, body);
    return size != 0 ? short_body_datum(body, size) : float8_numeric(fcinfo);
}

Datum fastnumeric_int2(PG_FUNCTION_ARGS) {
    int64 x;
    return small_integer(fcinfo, PG_INT16_MIN, PG_INT16_MAX, &x) ? Int16GetDatum(static_cast<int16>(x))
                                                                 : numeric_int2(fcinfo);
}
Datum fastnumeric_int4(PG_FUNCTION_ARGS) {
    int64 x;
    return small_integer(fcinfo, PG_INT32_MIN, PG_INT32_MAX, &x) ? Int32GetDatum(static_cast<int32>(x))
                                                                 : numeric_int4(fcinfo);
}
Datum fastnumeric_int8(PG_FUNCTION_ARGS) {
    int64 x;
    return small_integer(fcinfo, PG_INT64_MIN, PG_INT64_MAX, &x) ? Int64GetDatum(x) : numeric_int8(fcinfo);
}

Datum fastnumeric_float4(PG_FUNCTION_ARGS) {
    const unsigned char* body;
    const size_t size = small_path_body(PG_GETARG_DATUM(0), &body);
    float f;
    return nearest_float(body, size, &f) ? Float4GetDatum(f) : numeric_float4(fcinfo);
}
Datum fastnumeric_float8(PG_FUNCTION_ARGS) {
    const unsigned char* body;
    const size_t size = small_path_body(PG_GETARG_DATUM(0), &body);
    double d;
    return nearest_double(body, size, &d) ? Float8GetDatum(d) : numeric_float8(fcinfo);
}

}   // extern "C"
