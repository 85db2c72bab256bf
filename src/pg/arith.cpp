/*
 * arith.cpp — + - * (binary), unary - and +, abs().
 *
 * One C function per operator serves (fastnumeric, fastnumeric), (fastnumeric, numeric) and
 * (numeric, fastnumeric): the bytes are the same.  Operands are read in place (short-header
 * datums are not copied).  Two small short-header operands go through src/core/short_arith,
 * which writes the result body from one machine integer; the rest is computed by
 * src/core/digit_arith into a stack buffer (machine-integer paths) or a scratch digit buffer
 * kept per call site in fn_extra.  Either way the result costs one palloc.  / % ^ and
 * generate_series are numeric's own functions, declared on fastnumeric in the install script;
 * log(x) is numeric's log(10, x).
 */
#include <type_traits>

#include "core/digit_arith.hpp"
#include "core/short_arith.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

/* The digit buffer of one call site, in fn_mcxt; grows, never shrinks. */
struct ArithScratch {
    DigitBuffer buffer;
};
static_assert(std::is_trivially_destructible<ArithScratch>::value, "kept in fn_extra: plain data");

constexpr int kMinScratchDigits = 64;

DigitBuffer current_scratch(FunctionCallInfo fcinfo) {
    if (fcinfo->flinfo != nullptr && fcinfo->flinfo->fn_extra != nullptr)
        return static_cast<ArithScratch*>(fcinfo->flinfo->fn_extra)->buffer;
    return DigitBuffer{nullptr, 0};
}

/* A scratch buffer of at least `needed` digits, kept for the next calls of this site. */
DigitBuffer grown_scratch(FunctionCallInfo fcinfo, int needed) {
    FmgrInfo* flinfo = fcinfo->flinfo;
    if (flinfo == nullptr)   // called without a call site (DirectFunctionCall): this call only
        return DigitBuffer{static_cast<uint16_t*>(palloc(sizeof(uint16_t) * needed)), needed};
    ArithScratch* s = static_cast<ArithScratch*>(flinfo->fn_extra);
    if (s == nullptr) {
        s = static_cast<ArithScratch*>(MemoryContextAllocZero(flinfo->fn_mcxt, sizeof *s));
        flinfo->fn_extra = s;
    }
    int capacity = s->buffer.capacity * 2;
    if (capacity < needed)
        capacity = needed < kMinScratchDigits ? kMinScratchDigits : needed;
    uint16_t* digits = static_cast<uint16_t*>(
        MemoryContextAlloc(flinfo->fn_mcxt, sizeof(uint16_t) * static_cast<size_t>(capacity)));
    if (s->buffer.digits != nullptr)
        pfree(s->buffer.digits);
    s->buffer = DigitBuffer{digits, capacity};
    return s->buffer;
}

/*
 * The datum of a ShortBody: one palloc.  The buffer is copied whole, in fixed-size copies
 * (no memcpy call), its first 12 bytes when the body fits them (nearly always), else all
 * 18; the varlena size says how much of it is the value.
 */
Datum short_body_datum(const ShortBody& b) {
    constexpr size_t kUsual = 2 + 2 * 5;
    const size_t copied = b.size <= static_cast<int>(kUsual) ? kUsual : sizeof b.bytes;
    struct varlena* result = static_cast<struct varlena*>(palloc(VARHDRSZ + copied));
    if (copied == kUsual)
        std::memcpy(VARDATA(result), b.bytes, kUsual);
    else
        std::memcpy(VARDATA(result), b.bytes, sizeof b.bytes);
    SET_VARSIZE(result, VARHDRSZ + b.size);
    return PointerGetDatum(result);
}

/* binary_arith for what the small path declines; out of line so that path stays lean. */
__attribute__((noinline)) Datum binary_arith_general(FunctionCallInfo fcinfo, ArithOp op, Datum da, Datum db) {
    struct varlena* pa = packed_datum(da);
    struct varlena* pb = packed_datum(db);
    const NumericView a = view_of(pa), b = view_of(pb);
    Datum result;
    if (unlikely(a.kind != Kind::Finite || b.kind != Kind::Finite)) {
        result = special_datum(arith_special(op, a, b));
    } else {
        SmallDigits small;
        FiniteValue value;
        int needed = 0;
        if (arith_finite(op, a, b, &small, current_scratch(fcinfo), &needed, &value) ==
            ArithStatus::NeedScratch)
            arith_finite(op, a, b, &small, grown_scratch(fcinfo, needed), &needed, &value);
        result = finite_datum(value);   // raises numeric's 22003 when the result cannot be stored
    }
    release_packed(pa, da);
    release_packed(pb, db);
    return result;
}

Datum binary_arith(FunctionCallInfo fcinfo, ArithOp op) {
    const Datum da = PG_GETARG_DATUM(0), db = PG_GETARG_DATUM(1);
    const unsigned char *ba, *bb;
    const size_t na = inline_body(da, &ba), nb = inline_body(db, &bb);   // 0: not inline, declined
    ShortBody fast;
    const bool done = op == ArithOp::Multiply
                          ? multiply_short_bodies(ba, na, bb, nb, &fast)
                          : add_short_bodies(ba, na, bb, nb, op == ArithOp::Subtract, &fast);
    if (unlikely(!done))
        return binary_arith_general(fcinfo, op, da, db);
    return short_body_datum(fast);
}

/* A copy of the operand with the header word of `op`: one palloc, digits unchanged. */
Datum sign_arith(FunctionCallInfo fcinfo, SignOp op) {
    const Datum d = PG_GETARG_DATUM(0);
    struct varlena* p = packed_datum(d);
    const NumericView v = view_of(p);
    const Datum result = body_datum(body_of(p), VARSIZE_ANY_EXHDR(p));
    unsigned char* body = reinterpret_cast<unsigned char*>(VARDATA(DatumGetPointer(result)));
    store_u16(body, header_after(op, load_u16(body), v.ndigits));
    release_packed(p, d);
    return result;
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_add);
PG_FUNCTION_INFO_V1(fastnumeric_sub);
PG_FUNCTION_INFO_V1(fastnumeric_mul);
PG_FUNCTION_INFO_V1(fastnumeric_uminus);
PG_FUNCTION_INFO_V1(fastnumeric_uplus);
PG_FUNCTION_INFO_V1(fastnumeric_abs);
PG_FUNCTION_INFO_V1(fastnumeric_log10);

Datum fastnumeric_add(PG_FUNCTION_ARGS) { return binary_arith(fcinfo, ArithOp::Add); }
Datum fastnumeric_sub(PG_FUNCTION_ARGS) { return binary_arith(fcinfo, ArithOp::Subtract); }
Datum fastnumeric_mul(PG_FUNCTION_ARGS) { return binary_arith(fcinfo, ArithOp::Multiply); }
Datum fastnumeric_uminus(PG_FUNCTION_ARGS) { return sign_arith(fcinfo, SignOp::Negate); }
Datum fastnumeric_uplus(PG_FUNCTION_ARGS) { return sign_arith(fcinfo, SignOp::Plus); }
Datum fastnumeric_abs(PG_FUNCTION_ARGS) { return sign_arith(fcinfo, SignOp::Absolute); }

/* log(x) and log10(x): numeric's, which are log(10, x). */
Datum fastnumeric_log10(PG_FUNCTION_ARGS) {
    return DirectFunctionCall2(numeric_log, NumericGetDatum(int64_to_numeric(10)), PG_GETARG_DATUM(0));
}

}  // extern "C"
