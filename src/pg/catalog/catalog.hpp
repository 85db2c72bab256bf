/*
 * catalog.hpp — where this database keeps the extension's objects, and the one rule for which of
 * them a plan may call (catalog.cpp).  Every per-backend cache of the extension's catalog objects
 * (here, substitutes.cpp, programs.cpp) is valid for one catalog_version().
 */
#pragma once

#include "pg_compat.hpp"

extern "C" {
#include "utils/syscache.h"
}

namespace fastnumeric {

#if PG_VERSION_NUM >= 190000
using CacheId = SysCacheIdentifier;   // an enum since 19
#else
using CacheId = int;
#endif

/* compare(a's row, b's row) of syscache `cache` (PROCOID, AGGFNOID, ...); false when either
   row is missing.  Both are released whatever compare says. */
template <typename Compare>
bool compare_rows(CacheId cache, Oid a, Oid b, Compare compare) {
    HeapTuple ta = SearchSysCache1(cache, ObjectIdGetDatum(a));
    HeapTuple tb = SearchSysCache1(cache, ObjectIdGetDatum(b));
    const bool ok = HeapTupleIsValid(ta) && HeapTupleIsValid(tb) && compare(ta, tb);
    if (HeapTupleIsValid(ta))
        ReleaseSysCache(ta);
    if (HeapTupleIsValid(tb))
        ReleaseSysCache(tb);
    return ok;
}

/* The fastnumeric type of this database's extension, the schema it lives in and the
   extension's own OID, or InvalidOid when the extension is not created. */
Oid fastnumeric_type();
Oid fastnumeric_schema();
Oid fastnumeric_extension();

/* Counts the changes to pg_type, pg_proc, pg_operator and pg_amop this backend has been told
   of; a cache built at one count is stale at any other.  One set of invalidation callbacks,
   registered on the first call. */
uint64 catalog_version();

/* Whether fn, a function or aggregate of the extension, may stand in a plan: the executor
   checks EXECUTE as whoever runs the plan, so PUBLIC must hold it (the default ACL, or an
   explicit grant); it is parallel safe and returns no set.  symbol: a C function's symbol it
   must have (nullptr: no requirement, as for an aggregate). */
bool usable_in_plans(Oid fn, const char* symbol);

/* The extension's function or aggregate name(args) in its schema, if usable_in_plans (a C
   function with that symbol; symbol nullptr: an aggregate), else InvalidOid. */
Oid extension_function(const char* name, const Oid* args, int nargs, const char* symbol);

/* Aggregate `ours` is plain, has no initial value, steps with `transfn` (InvalidOid: any) and
   otherwise keeps, combines, sends, receives and finishes its state as aggregate `like` does. */
bool aggregate_like(Oid ours, Oid transfn, Oid like);

}   // namespace fastnumeric
