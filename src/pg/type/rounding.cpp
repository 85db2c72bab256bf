/*
 * rounding.cpp — round, trunc, ceil/ceiling, floor, sign and trim_scale returning fastnumeric,
 * so that sum(round(price, 2)) stays on fastnumeric's sum.
 *
 * The results are numeric's (src/core/rounding): the operand is read in place, its digits
 * rounded in a stack buffer (a palloc'd one for long values) and the result written with one
 * palloc.  NaN and infinities come back as they are, as numeric's functions return them.
 */
#include "core/rounding.hpp"
#include "pg/datum.hpp"

using namespace fastnumeric;

namespace {

enum class Rounding : uint8_t { Round, Trunc, Ceil, Floor, TrimScale };

constexpr int kStackDigits = 32;

Datum rounding(FunctionCallInfo fcinfo, Rounding what, int32 scale) {
    const Datum arg = PG_GETARG_DATUM(0);
    struct varlena* p = packed_datum(arg);
    const NumericView v = view_of(p);
    Datum result;
    if (unlikely(v.kind != Kind::Finite)) {
        result = body_datum(body_of(p), VARSIZE_ANY_EXHDR(p));
    } else {
        uint16_t stack[kStackDigits];
        const int needed = rounding_buffer_digits(v);
        uint16_t* buffer = needed <= kStackDigits
                               ? stack
                               : static_cast<uint16_t*>(palloc(sizeof(uint16_t) * static_cast<size_t>(needed)));
        FiniteValue r;
        switch (what) {
        case Rounding::Round: r = round_value(v, scale, buffer); break;
        case Rounding::Trunc: r = trunc_value(v, scale, buffer); break;
        case Rounding::Ceil: r = ceil_value(v, buffer); break;
        case Rounding::Floor: r = floor_value(v, buffer); break;
        default: r = trim_scale_value(v, buffer); break;
        }
        result = finite_datum(r);   // numeric's 22003 for a carry out of the largest weight
        if (buffer != stack)
            pfree(buffer);
    }
    release_packed(p, arg);
    return result;
}

/* round(x) and trunc(x) are numeric's round(x, 0) and trunc(x, 0). */
inline int32 scale_arg(FunctionCallInfo fcinfo) { return PG_NARGS() > 1 ? PG_GETARG_INT32(1) : 0; }

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_round);
PG_FUNCTION_INFO_V1(fastnumeric_trunc);
PG_FUNCTION_INFO_V1(fastnumeric_ceil);
PG_FUNCTION_INFO_V1(fastnumeric_floor);
PG_FUNCTION_INFO_V1(fastnumeric_trim_scale);
PG_FUNCTION_INFO_V1(fastnumeric_sign);

Datum fastnumeric_round(PG_FUNCTION_ARGS) { return rounding(fcinfo, Rounding::Round, scale_arg(fcinfo)); }
Datum fastnumeric_trunc(PG_FUNCTION_ARGS) { return rounding(fcinfo, Rounding::Trunc, scale_arg(fcinfo)); }
Datum fastnumeric_ceil(PG_FUNCTION_ARGS) { return rounding(fcinfo, Rounding::Ceil, 0); }
Datum fastnumeric_floor(PG_FUNCTION_ARGS) { return rounding(fcinfo, Rounding::Floor, 0); }
Datum fastnumeric_trim_scale(PG_FUNCTION_ARGS) { return rounding(fcinfo, Rounding::TrimScale, 0); }

/* sign(x): -1, 0 or 1 (dscale 0), infinities included; NaN for NaN, as numeric_sign. */
Datum fastnumeric_sign(PG_FUNCTION_ARGS) {
    const Datum arg = PG_GETARG_DATUM(0);
    struct varlena* p = packed_datum(arg);
    const NumericView v = view_of(p);
    const Datum result = v.kind == Kind::NaN ? special_datum(Kind::NaN) : finite_datum(sign_value(v));
    release_packed(p, arg);
    return result;
}

}   // extern "C"
