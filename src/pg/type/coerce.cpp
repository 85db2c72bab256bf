/*
 * coerce.cpp — the length coercion fastnumeric(fastnumeric, int4), and its planner support.
 *
 * The coercion follows numeric's: a value that certainly fits the typmod and needs no
 * rounding keeps its digits (a datum whose dscale is already the scale, its bytes); short
 * values are rounded in machine integers (src/core/casts); NaN, infinities, long values and
 * every overflow error are numeric's own function's.
 *
 * The rule that drops the coercion when the source's typmod proves the value already fits is
 * numeric's (numeric_support).  What numeric_support
 * cannot see is a typmod under a free cast: PostgreSQL labels the result of a
 * binary-coercible cast with typmod -1, so for a numeric(12,2) column cast to
 * fastnumeric(12,2) it keeps the coercion, and ALTER COLUMN ... TYPE fastnumeric(12,2)
 * rewrites the table.  Since both types read typmods alike, look under those casts first.
 */
#include "core/casts.hpp"
#include "core/short_arith.hpp"
#include "core/typmod.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

/* The expression under the free casts between numeric and fastnumeric on top of expr. */
Node* under_free_casts(Node* expr, Oid fastnumeric_type) {
    const auto same_bytes = [fastnumeric_type](Oid type) { return type == NUMERICOID || type == fastnumeric_type; };
    while (IsA(expr, RelabelType)) {
        Node* arg = reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(expr)->arg);
        if (!same_bytes(exprType(expr)) || !same_bytes(exprType(arg)))
            break;
        expr = arg;
    }
    return expr;
}

/* A value that needs no change: numeric returns a copy with a 4-byte header (which
   pg_column_size shows), so only a datum that has one already is returned itself. */
inline Datum fits_as_it_is(Datum d, const unsigned char* body, size_t size) {
    return VARATT_IS_1B(DatumGetPointer(d)) ? body_datum(body, size) : d;
}

/* fastnumeric_apply_typmod past its per-row path: other short values, long ones, the rest. */
__attribute__((noinline)) Datum apply_typmod_rest(FunctionCallInfo fcinfo) {
    const Datum d = PG_GETARG_DATUM(0);
    const Typmod typmod = decode_typmod(PG_GETARG_INT32(1));
    const unsigned char* body;
    const size_t size = small_path_body(d, &body);
    if (!typmod.present || size < 2 || size == SIZE_MAX)   // (compressed, or an external pointer)
        return numeric(fcinfo);
    const uint16_t header = load_u16(body);
    if ((header & kSignMask) == kShort) {
        unsigned char rounded[kShortBodyBytes];
        int rounded_size;
        if (rescale_body(body, size, typmod.precision, typmod.scale, rounded, &rounded_size) == Rescaled::Done)
            return short_body_datum(rounded, rounded_size);
    }
    NumericView v;
    if (!decode_numeric(body, size, &v) || v.kind != Kind::Finite)
        return numeric(fcinfo);
    const int dscale = typmod.scale > 0 ? typmod.scale : 0;
    const bool is_short = (header & kSignMask) == kShort;
    if ((v.weight + 1) * kDecDigits <= typmod.precision - typmod.scale && typmod.scale >= v.dscale &&
        (can_be_short(dscale, v.weight) || !is_short)) {
        if (dscale == v.dscale)
            return fits_as_it_is(d, body, size);
        const Datum result = body_datum(body, size);
        unsigned char* out = reinterpret_cast<unsigned char*>(VARDATA(DatumGetPointer(result)));
        store_u16(out, is_short ? static_cast<uint16_t>((header & ~kShortDscaleMask) | (dscale << kShortDscaleShift))
                                : static_cast<uint16_t>((header & kSignMask) | (dscale & kLongDscaleMask)));
        return result;
    }
    return numeric(fcinfo);
}

/* The per-row path's way out where it declines: its datum freed, the rest. */
__attribute__((noinline)) Datum declined(FunctionCallInfo fcinfo, struct varlena* result) {
    pfree(result);
    return apply_typmod_rest(fcinfo);
}

/*
 * The per-row path: the short value behind argument 0 (a header of kHeader bytes, a body of
 * 4 to 10) rounded to the typmod into `result`, a palloc'd datum, or the rest's result where
 * rescale_copy declines.  Called after the palloc, in a tail call, so that nothing but fcinfo
 * lives across the palloc.
 */
template <size_t kHeader>
__attribute__((noinline)) Datum rounded_copy(FunctionCallInfo fcinfo, struct varlena* result) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(PG_GETARG_DATUM(0)));
    const size_t len = (kHeader == VARHDRSZ_SHORT ? VARSIZE_1B(p) : VARSIZE_4B(p)) - kHeader;
    const int size = rescale_copy(reinterpret_cast<const unsigned char*>(p) + kHeader, len, PG_GETARG_INT32(1),
                                  reinterpret_cast<unsigned char*>(VARDATA(result)));
    if (unlikely(size == 0))
        return declined(fcinfo, result);
    SET_VARSIZE(result, VARHDRSZ + size);
    return PointerGetDatum(result);
}

/* A datum that any short body fits. */
inline struct varlena* short_result() { return static_cast<struct varlena*>(palloc(VARHDRSZ + kShortBodyBytes)); }

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_apply_typmod);
PG_FUNCTION_INFO_V1(fastnumeric_support);

/*
 * fastnumeric(fastnumeric, int4): the value adjusted to the typmod, as numeric() adjusts it.
 * A short value of one to four digit groups is copied with its dscale and its last groups
 * changed (rescale_copy, the per-row path), unless it has a 4-byte header and already has the
 * scale's dscale: that datum is returned itself.  Other short values are rounded in machine
 * integers; long ones take numeric's own test for a value that fits without rounding (its
 * digits with the new dscale); the rest is numeric's function.
 */
Datum fastnumeric_apply_typmod(PG_FUNCTION_ARGS) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(PG_GETARG_DATUM(0)));
    if (likely(VARATT_IS_1B(p) && static_cast<uint32_t>(VARSIZE_1B(p)) - VARHDRSZ_SHORT - 4 <= 6))
        return rounded_copy<VARHDRSZ_SHORT>(fcinfo, short_result());
    if (VARATT_IS_4B_U(p) && static_cast<uint32_t>(VARSIZE_4B(p)) - VARHDRSZ - 4 <= 6 &&
        PG_GETARG_INT32(1) >= VARHDRSZ) {
        const uint16_t header = load_u16(reinterpret_cast<const unsigned char*>(VARDATA(p)));
        const Typmod typmod = decode_present_typmod(PG_GETARG_INT32(1));
        if ((header & kSignMask) == kShort &&
            static_cast<int>((header & kShortDscaleMask) >> kShortDscaleShift) == typmod.scale &&
            (short_weight(header) + 1) * kDecDigits <= typmod.precision - typmod.scale)
            return PG_GETARG_DATUM(0);
        return rounded_copy<VARHDRSZ>(fcinfo, short_result());
    }
    return apply_typmod_rest(fcinfo);
}

/*
 * fastnumeric_support(internal) -> internal: SupportRequestSimplify only.  Asks
 * numeric_support about the call with its source taken from under the free casts; when that
 * turns the coercion into a relabel, the relabel gets fastnumeric's type back.
 */
Datum fastnumeric_support(PG_FUNCTION_ARGS) {
    Node* request = reinterpret_cast<Node*>(PG_GETARG_POINTER(0));
    if (!IsA(request, SupportRequestSimplify))
        PG_RETURN_POINTER(static_cast<Node*>(nullptr));   // (typed: 19's PointerGetDatum is a conditional)
    const SupportRequestSimplify* simplify = reinterpret_cast<SupportRequestSimplify*>(request);
    const FuncExpr* call = simplify->fcall;
    if (list_length(call->args) != 2)
        PG_RETURN_POINTER(static_cast<Node*>(nullptr));   // (typed: 19's PointerGetDatum is a conditional)

    FuncExpr numeric_call = *call;
    numeric_call.args = list_make2(under_free_casts(static_cast<Node*>(linitial(call->args)), call->funcresulttype),
                                   lsecond(call->args));
    SupportRequestSimplify numeric_request = *simplify;
    numeric_request.fcall = &numeric_call;
    Node* relabel = reinterpret_cast<Node*>(
        DatumGetPointer(DirectFunctionCall1(numeric_support, PointerGetDatum(&numeric_request))));
    if (relabel == nullptr)
        PG_RETURN_POINTER(static_cast<Node*>(nullptr));   // (typed: 19's PointerGetDatum is a conditional)
    PG_RETURN_POINTER(applyRelabelType(relabel, call->funcresulttype, exprTypmod(relabel), InvalidOid,
                                       COERCE_IMPLICIT_CAST, call->location, false));
}

}   // extern "C"
