/*
 * coerce.cpp — planner support for the length coercion fastnumeric(fastnumeric, int4).
 *
 * The coercion itself is numeric's own function; so is the rule that drops it when the
 * source's typmod proves the value already fits (numeric_support).  What numeric_support
 * cannot see is a typmod under a free cast: PostgreSQL labels the result of a
 * binary-coercible cast with typmod -1, so for a numeric(12,2) column cast to
 * fastnumeric(12,2) it keeps the coercion, and ALTER COLUMN ... TYPE fastnumeric(12,2)
 * rewrites the table.  Since both types read typmods alike, look under those casts first.
 */
#include "pg_compat.hpp"

extern "C" {
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
}

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

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_support);

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
