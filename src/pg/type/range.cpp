/*
 * range.cpp — range @> fastnumeric and fastnumeric <@ range, for ranges and multiranges of
 * numeric (numrange, nummultirange, and ranges over numeric or fastnumeric of one's own).
 *
 * PostgreSQL's polymorphic @>(anyrange, anyelement) wants the element to be of the range's
 * subtype exactly, so numrange @> price finds no operator.  These functions are PostgreSQL's
 * containment tests with the range's own comparison (numeric's, on the same bytes).  They are
 * declared on anyrange, not on numrange: numrange @> '[1,2)' must keep reading its literal as
 * a range (an operator on (numrange, fastnumeric) would match numrange exactly and win), so
 * the range's subtype is checked when called.
 */
#include "pg_compat.hpp"

extern "C" {
#include "catalog/pg_type.h"
#include "utils/lsyscache.h"
#include "utils/multirangetypes.h"
#include "utils/rangetypes.h"
#include "utils/typcache.h"
}

namespace {

/* Raises unless values of the element argument's type are values of the range's subtype. */
void check_subtype(FunctionCallInfo fcinfo, const TypeCacheEntry* range, int element_arg) {
    const Oid subtype = range->rngelemtype->type_id;
    if (likely(subtype == NUMERICOID))
        return;
    const Oid base = getBaseType(subtype);
    const Oid element = get_fn_expr_argtype(fcinfo->flinfo, element_arg);
    if (base == NUMERICOID || (OidIsValid(element) && base == getBaseType(element)))
        return;
    ereport(ERROR, (errcode(ERRCODE_DATATYPE_MISMATCH),
                    errmsg("range type %s does not hold values of type %s", format_type_be(range->type_id),
                           OidIsValid(element) ? format_type_be(element) : "fastnumeric")));
}

bool range_holds(FunctionCallInfo fcinfo, int range_arg, int element_arg) {
    const RangeType* r = PG_GETARG_RANGE_P(range_arg);
    TypeCacheEntry* typcache = range_get_typcache(fcinfo, RangeTypeGetOid(r));
    check_subtype(fcinfo, typcache, element_arg);
    return range_contains_elem_internal(typcache, r, PG_GETARG_DATUM(element_arg));
}

bool multirange_holds(FunctionCallInfo fcinfo, int range_arg, int element_arg) {
    const MultirangeType* mr = PG_GETARG_MULTIRANGE_P(range_arg);
    TypeCacheEntry* typcache = multirange_get_typcache(fcinfo, MultirangeTypeGetOid(mr));
    check_subtype(fcinfo, typcache->rngtype, element_arg);
    return multirange_contains_elem_internal(typcache->rngtype, mr, PG_GETARG_DATUM(element_arg));
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_range_contains);
PG_FUNCTION_INFO_V1(fastnumeric_contained_by_range);
PG_FUNCTION_INFO_V1(fastnumeric_multirange_contains);
PG_FUNCTION_INFO_V1(fastnumeric_contained_by_multirange);

Datum fastnumeric_range_contains(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(range_holds(fcinfo, 0, 1)); }
Datum fastnumeric_contained_by_range(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(range_holds(fcinfo, 1, 0)); }
Datum fastnumeric_multirange_contains(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(multirange_holds(fcinfo, 0, 1)); }
Datum fastnumeric_contained_by_multirange(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(multirange_holds(fcinfo, 1, 0)); }

}   // extern "C"
