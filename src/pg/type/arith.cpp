/*
 * arith.cpp — + - * (binary), unary - and +, abs().
 *
 * One C function per operator serves (fastnumeric, fastnumeric), (fastnumeric, numeric) and
 * (numeric, fastnumeric): the bytes are the same.  Operands are read in place (1-byte-header
 * datums are not copied).  Two small short operands (numeric's 2-byte header form) go through
 * src/core/short_arith, which writes the result body from one machine integer; the rest is
 * computed by src/core/digit_arith into a stack buffer (machine-integer paths) or a scratch
 * digit buffer kept per call site in fn_extra.  A call site with a constant operand also keeps a memo of
 * small results (src/core/arith_memo.hpp).  Either way the result costs one palloc.
 * / and % are division.cpp's; ^ and generate_series are numeric's own functions, declared on
 * fastnumeric in the install script; log(x) is numeric's log(10, x).
 */
#include <type_traits>

#include "core/arith_memo.hpp"
#include "core/digit_arith.hpp"
#include "core/short_arith.hpp"
#include "pg/type/arith.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "nodes/primnodes.h"
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

/*
 * What one call site keeps in fn_extra, in fn_mcxt: the digit buffer of the general path
 * (grows, never shrinks), and the memo when an operand is a constant.
 */
struct ArithSite {
    DigitBuffer buffer;
    ArithMemo* memo;   // nullptr: no constant operand, no expression to tell, or the memo is off
};
static_assert(std::is_trivially_destructible<ArithSite>::value, "kept in fn_extra: plain data");
static_assert(std::is_trivially_destructible<ArithMemo>::value, "kept in fn_extra: plain data");

constexpr int kMinScratchDigits = 64;

/*
 * The memo of a site whose operands are long (more digits than the small paths read).  It
 * stays empty: binary_arith's one test (a memo or not) sends such a site to memo_arith, where
 * long operands have no key, and memo_miss hands them to the general path before a narrow
 * datum is allocated (that palloc and its pfree cost a long + or - a tenth of its time).  A
 * site there that meets small operands again goes back to the plain path.
 */
ArithMemo long_operands_route;   // zeroed: empty, never written

/* The address of argument `i` of the call when it is a plan constant (a Const node). */
void constant_argument(FmgrInfo* flinfo, int i, uintptr_t* address) {
    Node* expr = flinfo->fn_expr;
    List* args = expr == nullptr       ? NIL
                 : IsA(expr, OpExpr)   ? reinterpret_cast<OpExpr*>(expr)->args
                 : IsA(expr, FuncExpr) ? reinterpret_cast<FuncExpr*>(expr)->args
                                       : NIL;
    if (list_length(args) != 2 || !IsA(list_nth(args, i), Const))
        return;
    const Const* c = static_cast<const Const*>(list_nth(args, i));
    if (!c->constisnull)
        *address = reinterpret_cast<uintptr_t>(DatumGetPointer(c->constvalue));
}

__attribute__((noinline)) ArithSite* new_arith_site(FmgrInfo* flinfo) {
    ArithSite* site = static_cast<ArithSite*>(MemoryContextAllocZero(flinfo->fn_mcxt, sizeof *site));
    // a Const or an external Param: the same value for many rows, so the pairs may repeat
    if (get_fn_expr_arg_stable(flinfo, 0) || get_fn_expr_arg_stable(flinfo, 1)) {
        ArithMemo* memo = static_cast<ArithMemo*>(MemoryContextAllocZero(flinfo->fn_mcxt, sizeof(ArithMemo)));
        // A plan constant's bytes do not change while its expression (and so this site)
        // lives: it is recognised by its address.
        for (int i = 0; i < 2; ++i)
            constant_argument(flinfo, i, &memo->known_address[i]);
        site->memo = memo;
    }
    flinfo->fn_extra = site;
    return site;
}

/* This call's site, made on its first call; nullptr when called without one (DirectFunctionCall). */
inline ArithSite* arith_site(FunctionCallInfo fcinfo) {
    FmgrInfo* flinfo = fcinfo->flinfo;
    if (unlikely(flinfo == nullptr))
        return nullptr;
    if (likely(flinfo->fn_extra != nullptr))
        return static_cast<ArithSite*>(flinfo->fn_extra);
    return new_arith_site(flinfo);
}

DigitBuffer current_scratch(FunctionCallInfo fcinfo) {
    const ArithSite* site = arith_site(fcinfo);
    return site != nullptr ? site->buffer : DigitBuffer{nullptr, 0};
}

/* A scratch buffer of at least `needed` digits, kept for the next calls of this site. */
DigitBuffer grown_scratch(FunctionCallInfo fcinfo, int needed) {
    ArithSite* site = arith_site(fcinfo);
    if (site == nullptr)   // called without a call site (DirectFunctionCall): this call only
        return DigitBuffer{static_cast<uint16_t*>(palloc(sizeof(uint16_t) * needed)), needed};
    int capacity = site->buffer.capacity * 2;
    if (capacity < needed)
        capacity = needed < kMinScratchDigits ? kMinScratchDigits : needed;
    uint16_t* digits = static_cast<uint16_t*>(
        MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, sizeof(uint16_t) * static_cast<size_t>(capacity)));
    if (site->buffer.digits != nullptr)
        pfree(site->buffer.digits);
    site->buffer = DigitBuffer{digits, capacity};
    return site->buffer;
}

/*
 * The small paths write their result into a datum allocated before anything is computed:
 * then only fcinfo lives across the palloc, and they need no saved registers (with the
 * palloc after the arithmetic, saving and restoring them cost more, measured with callgrind).  A narrow body (up to 4 groups: nearly every result) fits it.
 */
constexpr size_t kNarrowDatumSize = kMemoImageBytes;   // a remembered result is the whole datum
static_assert(kNarrowDatumSize >= VARHDRSZ + kNarrowBodyBytes, "a narrow body and its header");

inline struct varlena* new_narrow_datum() { return static_cast<struct varlena*>(palloc(kNarrowDatumSize)); }

inline unsigned char* body_to_write(struct varlena* datum) { return reinterpret_cast<unsigned char*>(VARDATA(datum)); }

inline Datum finished_datum(struct varlena* datum, int body_size) {
    SET_VARSIZE(datum, VARHDRSZ + body_size);
    return PointerGetDatum(datum);
}

/*
 * An operand of the general path: decoded where it lies when it is inline (inline_body);
 * else made readable by packed_datum (*p: what release_packed frees).
 */
inline NumericView general_operand(Datum d, struct varlena** p) {
    const unsigned char* body;
    const size_t size = inline_body(d, &body);
    *p = reinterpret_cast<struct varlena*>(DatumGetPointer(d));
    NumericView v;
    if (likely(size != 0) && likely(decode_numeric(body, size, &v)))
        return v;
    *p = packed_datum(d);
    return view_of(*p);
}

/* binary_arith for what the small path declines; out of line so that path stays lean. */
__attribute__((noinline)) Datum binary_arith_general(FunctionCallInfo fcinfo, ArithOp op, Datum da, Datum db) {
    struct varlena *pa, *pb;
    const NumericView a = general_operand(da, &pa), b = general_operand(db, &pb);
    Datum result;
    if (unlikely(a.kind != Kind::Finite || b.kind != Kind::Finite)) {
        result = special_datum(arith_special(op, a, b));
    } else {
        SmallDigits small;
        FiniteValue value;
        int needed = 0;
        if (arith_finite(op, a, b, &small, current_scratch(fcinfo), &needed, &value) == ArithStatus::NeedScratch)
            arith_finite(op, a, b, &small, grown_scratch(fcinfo, needed), &needed, &value);
        result = finite_datum(value);   // raises numeric's 22003 when the result cannot be stored
    }
    release_packed(pa, da);
    release_packed(pb, db);
    return result;
}

/* The per-row small path (short_arith.hpp): the body size, or 0 to decline. */
template <ArithOp op>
__attribute__((always_inline)) inline int narrow_arith(FunctionCallInfo fcinfo, unsigned char* out) {
    const unsigned char *ba, *bb;
    const size_t na = small_path_body(PG_GETARG_DATUM(0), &ba), nb = small_path_body(PG_GETARG_DATUM(1), &bb);
    return op == ArithOp::Multiply ? multiply_short_narrow(ba, na, bb, nb, out)
                                   : add_short_narrow(ba, na, bb, nb, op == ArithOp::Subtract, out);
}

/* The complete small path (zero operands or results, wider results): the body size, or 0. */
template <ArithOp op>
inline int complete_small(FunctionCallInfo fcinfo, unsigned char body[kShortBodyBytes]) {
    const unsigned char *ba, *bb;
    const size_t na = small_path_body(PG_GETARG_DATUM(0), &ba), nb = small_path_body(PG_GETARG_DATUM(1), &bb);
    return op == ArithOp::Multiply ? multiply_short_bodies(ba, na, bb, nb, body)
                                   : add_short_bodies(ba, na, bb, nb, op == ArithOp::Subtract, body);
}

/* complete_small for what the narrow path declined, when it fits kNarrowBodyBytes (to `out`); else 0. */
template <ArithOp op>
__attribute__((noinline)) int complete_narrow(FunctionCallInfo fcinfo, unsigned char* out) {
    unsigned char body[kShortBodyBytes];
    const int size = complete_small<op>(fcinfo, body);
    if (size == 0 || size > kNarrowBodyBytes)
        return 0;
    std::memcpy(out, body, kNarrowBodyBytes);
    return size;
}

/*
 * Whether complete_small declines for its operands' sizes alone: a body longer than
 * read_small_short reads (an external pointer's counts as SIZE_MAX).  Long operands then go
 * straight to the general path.
 */
inline bool beyond_small_paths(FunctionCallInfo fcinfo) {
    constexpr size_t kSmallBodyBytes = 2 + 2 * kSmallShortGroups;
    const unsigned char* body;
    return small_path_body(PG_GETARG_DATUM(0), &body) > kSmallBodyBytes ||
           small_path_body(PG_GETARG_DATUM(1), &body) > kSmallBodyBytes;
}

/* What neither narrow path took, with the datum allocated for it: a wide result, or the general path. */
template <ArithOp op>
__attribute__((noinline)) Datum rest_arith(FunctionCallInfo fcinfo, struct varlena* narrow) {
    pfree(narrow);
    if (!beyond_small_paths(fcinfo)) {
        unsigned char body[kShortBodyBytes];
        const int size = complete_small<op>(fcinfo, body);
        if (size != 0)
            return body_datum(body, static_cast<size_t>(size));
    }
    return binary_arith_general(fcinfo, op, PG_GETARG_DATUM(0), PG_GETARG_DATUM(1));
}

/* plain_arith past the narrow path (a tail call, so that the narrow path saves no registers). */
/* Sends this site's next calls to the general path first (long_operands_route). */
inline void route_long_operands(FunctionCallInfo fcinfo) {
    if (fcinfo->flinfo != nullptr && fcinfo->flinfo->fn_extra != nullptr)
        static_cast<ArithSite*>(fcinfo->flinfo->fn_extra)->memo = &long_operands_route;
}

template <ArithOp op>
__attribute__((noinline)) Datum complete_arith(FunctionCallInfo fcinfo, struct varlena* result) {
    if (beyond_small_paths(fcinfo)) {   // (a site without a memo: plain_arith's)
        route_long_operands(fcinfo);
        return rest_arith<op>(fcinfo, result);
    }
    const int size = complete_narrow<op>(fcinfo, body_to_write(result));
    if (size == 0)
        return rest_arith<op>(fcinfo, result);
    return finished_datum(result, size);
}

/* The small path at a site without a memo. */
template <ArithOp op>
__attribute__((noinline)) Datum plain_arith(FunctionCallInfo fcinfo) {
    struct varlena* result = new_narrow_datum();
    const int size = narrow_arith<op>(fcinfo, body_to_write(result));
    if (unlikely(size == 0))
        return complete_arith<op>(fcinfo, result);
    return finished_datum(result, size);
}

/* A call at a site routed to long operands (long_operands_route). */
template <ArithOp op>
__attribute__((noinline)) Datum long_operands_arith(FunctionCallInfo fcinfo) {
    if (likely(beyond_small_paths(fcinfo)))
        return binary_arith_general(fcinfo, op, PG_GETARG_DATUM(0), PG_GETARG_DATUM(1));
    static_cast<ArithSite*>(fcinfo->flinfo->fn_extra)->memo = nullptr;   // small ones again: the plain path
    return plain_arith<op>(fcinfo);
}

/* memo_miss past the narrow path. */
template <ArithOp op>
__attribute__((noinline)) Datum memo_complete(FunctionCallInfo fcinfo, ArithMemo* memo, uint64_t ka, uint64_t kb,
                                              struct varlena* result) {
    if (beyond_small_paths(fcinfo))
        return rest_arith<op>(fcinfo, result);
    const int size = complete_narrow<op>(fcinfo, body_to_write(result));
    if (size == 0)
        return rest_arith<op>(fcinfo, result);
    const Datum d = finished_datum(result, size);
    if (ka != 0)   // the finished datum, varlena header included
        memo_store(memo, ka, kb, reinterpret_cast<const unsigned char*>(result));
    return d;
}

/* memo_arith's miss: compute into a fresh datum, remember it when it has a key (0: none). */
template <ArithOp op>
__attribute__((noinline)) Datum memo_miss(FunctionCallInfo fcinfo, ArithMemo* memo, uint64_t ka, uint64_t kb) {
    if (memo == &long_operands_route)
        return long_operands_arith<op>(fcinfo);
    if (unlikely(memo->off))   // the misses have outweighed the hits: the site stops asking
        static_cast<ArithSite*>(fcinfo->flinfo->fn_extra)->memo = nullptr;
    if (ka == 0)
        memo_unkeyed(memo);
    struct varlena* result = new_narrow_datum();
    const int size = narrow_arith<op>(fcinfo, body_to_write(result));
    if (unlikely(size == 0))
        return memo_complete<op>(fcinfo, memo, ka, kb, result);
    const Datum d = finished_datum(result, size);
    if (ka != 0)   // the finished datum, varlena header included
        memo_store(memo, ka, kb, reinterpret_cast<const unsigned char*>(result));
    return d;
}

/* The memo key of argument i (arith_memo.hpp); false when it has none. */
inline bool argument_key(FunctionCallInfo fcinfo, const ArithMemo* memo, int i, uint64_t* key) {
    const Datum d = fcinfo->args[i].value;
    if (reinterpret_cast<uintptr_t>(DatumGetPointer(d)) == memo->known_address[i]) {
        *key = kMemoConstantKey;
        return true;
    }
    return small_datum_word(d, key);
}

/*
 * binary_arith at a site with a memo: a remembered pair costs a lookup and the palloc, and
 * only the entry lives across the palloc.
 */
template <ArithOp op>
__attribute__((noinline)) Datum memo_arith(FunctionCallInfo fcinfo, ArithMemo* memo) {
    uint64_t ka, kb;
    if (!argument_key(fcinfo, memo, 0, &ka) || !argument_key(fcinfo, memo, 1, &kb))
        return memo_miss<op>(fcinfo, memo, 0, 0);   // 0: nothing to remember
    const ArithMemoEntry* e = memo_lookup(memo, ka, kb);
    if (e == nullptr)
        return memo_miss<op>(fcinfo, memo, ka, kb);
    struct varlena* result = new_narrow_datum();
    std::memcpy(result, e->image, kMemoImageBytes);   // the datum, varlena header included
    return PointerGetDatum(result);
}

/* The first call of a site: make its fn_extra, then compute. */
template <ArithOp op>
__attribute__((noinline)) Datum first_arith(FunctionCallInfo fcinfo);

/*
 * The fmgr entry point of each operator: only picks a path and tail-calls it, so that it
 * saves no registers itself (the paths need different ones).
 */
template <ArithOp op>
__attribute__((always_inline)) inline Datum binary_arith(FunctionCallInfo fcinfo) {
    const FmgrInfo* flinfo = fcinfo->flinfo;
    if (likely(flinfo != nullptr)) {
        const ArithSite* site = static_cast<const ArithSite*>(flinfo->fn_extra);
        if (unlikely(site == nullptr))
            return first_arith<op>(fcinfo);
        if (site->memo != nullptr)
            return memo_arith<op>(fcinfo, site->memo);
    }
    return plain_arith<op>(fcinfo);
}

template <ArithOp op>
Datum first_arith(FunctionCallInfo fcinfo) {
    new_arith_site(fcinfo->flinfo);
    return binary_arith<op>(fcinfo);
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

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_add);
PG_FUNCTION_INFO_V1(fastnumeric_sub);
PG_FUNCTION_INFO_V1(fastnumeric_mul);
PG_FUNCTION_INFO_V1(fastnumeric_uminus);
PG_FUNCTION_INFO_V1(fastnumeric_uplus);
PG_FUNCTION_INFO_V1(fastnumeric_abs);
PG_FUNCTION_INFO_V1(fastnumeric_log10);

Datum fastnumeric_add(PG_FUNCTION_ARGS) { return binary_arith<ArithOp::Add>(fcinfo); }
Datum fastnumeric_sub(PG_FUNCTION_ARGS) { return binary_arith<ArithOp::Subtract>(fcinfo); }
Datum fastnumeric_mul(PG_FUNCTION_ARGS) { return binary_arith<ArithOp::Multiply>(fcinfo); }
Datum fastnumeric_uminus(PG_FUNCTION_ARGS) { return sign_arith(fcinfo, SignOp::Negate); }
Datum fastnumeric_uplus(PG_FUNCTION_ARGS) { return sign_arith(fcinfo, SignOp::Plus); }
Datum fastnumeric_abs(PG_FUNCTION_ARGS) { return sign_arith(fcinfo, SignOp::Absolute); }

/* log(x) and log10(x): numeric's, which are log(10, x). */
Datum fastnumeric_log10(PG_FUNCTION_ARGS) {
    return DirectFunctionCall2(numeric_log, NumericGetDatum(int64_to_numeric(10)), PG_GETARG_DATUM(0));
}

}   // extern "C"
