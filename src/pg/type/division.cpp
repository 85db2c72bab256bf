/*
 * division.cpp — / and % (and mod()).
 *
 * One C function per operator serves (fastnumeric, fastnumeric), (fastnumeric, numeric) and
 * (numeric, fastnumeric), as + - * do.  Short operands are read in place and divided in
 * machine integers (src/core/division), the result written into its datum; everything else,
 * division by zero, NaN and infinities included, is numeric's numeric_div and numeric_mod,
 * called with this call's own arguments, which give the rest of the results and every error.
 */
#include "core/division.hpp"
#include "core/short_arith.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

/* The operator's small path (a dividend of up to eight groups for /, four for %; a divisor of
   up to four), or numeric's function when it declines. */
enum class Path : uint8_t { Quotient, WideQuotient, Remainder };

template <Path path>
__attribute__((noinline)) Datum divide_small(FunctionCallInfo fcinfo, const unsigned char* ba, size_t na,
                                             const unsigned char* bb, size_t nb) {
    unsigned char body[kShortBodyBytes];
    const int size = path == Path::Quotient       ? divide_short_bodies(ba, na, bb, nb, body)
                     : path == Path::WideQuotient ? divide_wide_bodies(ba, na, bb, nb, body)
                                                  : modulo_short_bodies(ba, na, bb, nb, body);
    if (likely(size != 0))
        return short_body_datum(body, size);
    return path == Path::Remainder ? numeric_mod(fcinfo) : numeric_div(fcinfo);
}

/* Operands longer than the small paths take go straight to numeric's function (a tail call:
   they pay a size test). */
template <bool modulo>
inline Datum divide(FunctionCallInfo fcinfo) {
    constexpr size_t kSmallBodyBytes = 2 + 2 * kSmallShortGroups;
    const unsigned char *ba, *bb;
    const size_t na = small_path_body(PG_GETARG_DATUM(0), &ba);
    if (likely(na <= (modulo ? kSmallBodyBytes : kShortBodyBytes))) {
        const size_t nb = small_path_body(PG_GETARG_DATUM(1), &bb);
        if (likely(nb <= kSmallBodyBytes)) {
            if (modulo)
                return divide_small<Path::Remainder>(fcinfo, ba, na, bb, nb);
            if (likely(na <= kSmallBodyBytes))
                return divide_small<Path::Quotient>(fcinfo, ba, na, bb, nb);
            return divide_small<Path::WideQuotient>(fcinfo, ba, na, bb, nb);
        }
    }
    return modulo ? numeric_mod(fcinfo) : numeric_div(fcinfo);
}

/* a / b past its per-row shape (apart, so that the shape's registers need not outlive it). */
__attribute__((noinline)) Datum quotient_rest(FunctionCallInfo fcinfo) { return divide<false>(fcinfo); }

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_div);
PG_FUNCTION_INFO_V1(fastnumeric_mod);
PG_FUNCTION_INFO_V1(fastnumeric_mod_untyped);

/* a / b: the per-row shape's words stored straight into the datum; otherwise the small paths. */
Datum fastnumeric_div(PG_FUNCTION_ARGS) {
    const unsigned char *ba, *bb;
    const size_t na = small_path_body(PG_GETARG_DATUM(0), &ba), nb = small_path_body(PG_GETARG_DATUM(1), &bb);
    if (likely(na - 4 <= 6 && nb - 4 <= 6)) {
        const FiveGroupBody q = quotient_five_groups(ba, na, bb, nb);
        if (likely(q.head != 0)) {
            struct varlena* result = static_cast<struct varlena*>(palloc(VARHDRSZ + FiveGroupBody::kMaxBytes));
            SET_VARSIZE(result, VARHDRSZ + store_five_group_body(q, reinterpret_cast<unsigned char*>(VARDATA(result))));
            return PointerGetDatum(result);
        }
    }
    return quotient_rest(fcinfo);
}
Datum fastnumeric_mod(PG_FUNCTION_ARGS) { return divide<true>(fcinfo); }

/* mod('7', x): the untyped literal (a cstring, as unknown's values are) read by numeric_in with
 * no typmod, as it is when the call resolves to mod(numeric, numeric); then our %. */
Datum fastnumeric_mod_untyped(PG_FUNCTION_ARGS) {
    const Datum dividend =
        DirectFunctionCall3(numeric_in, PG_GETARG_DATUM(0), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
    return DirectFunctionCall2(fastnumeric_mod, dividend, PG_GETARG_DATUM(1));
}

}   // extern "C"
