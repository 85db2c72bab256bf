/*
 * programs.cpp — fastnumeric_expr and the aggregates of programs and of a row's sums as this
 * database has them: the extension's C functions with their own symbols, usable in plans
 * (catalog.cpp), the aggregates finishing as our sum, avg, min and max do.
 */
#include "pg/catalog/programs.hpp"

#include "pg/catalog/catalog.hpp"
#include "pg/catalog/substitutes.hpp"

extern "C" {
#include "access/htup_details.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_type.h"
#include "utils/fmgroids.h"
#include "utils/syscache.h"
}

using namespace fastnumeric;

namespace {

ProgramFunctions cache;

/* fastnumeric_min_expr or max_expr (`which`), stepping with its own C function and otherwise our min or max. */
Oid extreme_aggregate(const char* which, Oid like) {
    char name[NAMEDATALEN], accum_name[NAMEDATALEN];
    snprintf(name, sizeof name, "fastnumeric_%s_expr", which);
    snprintf(accum_name, sizeof accum_name, "fastnumeric_%s_expr_accum", which);
    const Oid args[3] = {fastnumeric_type(), TEXTOID, ANYOID};
    const Oid accum = extension_function(accum_name, args, 3, accum_name);
    const Oid aggregate = extension_function(name, args + 1, 2, nullptr);
    return OidIsValid(accum) && aggregate_like(aggregate, accum, like) ? aggregate : InvalidOid;
}

/*
 * The row aggregate `name` (fastnumeric_row_sum_K, _avg_K, _count): stepping with
 * fastnumeric_row_accum, finishing with its own C function, combining, sending and receiving
 * with the row's.
 */
Oid row_aggregate(const char* name, const Oid support[4]) {
    const Oid args[2] = {TEXTOID, ANYOID};
    const Oid internal = INTERNALOID;
    const Oid aggregate = extension_function(name, args, 2, nullptr);
    const Oid final = extension_function(name, &internal, 1, name);
    if (!OidIsValid(aggregate) || !OidIsValid(final))
        return InvalidOid;
    HeapTuple tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggregate));
    if (!HeapTupleIsValid(tuple))
        return InvalidOid;
    const Form_pg_aggregate f = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(tuple));
    bool no_init;
    SysCacheGetAttr(AGGFNOID, tuple, Anum_pg_aggregate_agginitval, &no_init);
    const bool ok = f->aggkind == AGGKIND_NORMAL && f->aggnumdirectargs == 0 && no_init &&
                    f->aggtranstype == INTERNALOID && f->aggtransfn == support[0] && f->aggcombinefn == support[1] &&
                    f->aggserialfn == support[2] && f->aggdeserialfn == support[3] && f->aggfinalfn == final &&
                    !f->aggfinalextra && f->aggfinalmodify == AGGMODIFY_READ_ONLY;
    ReleaseSysCache(tuple);
    return ok ? aggregate : InvalidOid;
}

void find_row_aggregates(ProgramFunctions* f) {
    const Oid accum_args[3] = {INTERNALOID, TEXTOID, ANYOID};
    const Oid two_internal[2] = {INTERNALOID, INTERNALOID};
    const Oid deserial_args[2] = {BYTEAOID, INTERNALOID};
    const Oid support[4] = {
        extension_function("fastnumeric_row_accum", accum_args, 3, "fastnumeric_row_accum"),
        extension_function("fastnumeric_row_combine", two_internal, 2, "fastnumeric_row_combine"),
        extension_function("fastnumeric_row_serialize", two_internal, 1, "fastnumeric_row_serialize"),
        extension_function("fastnumeric_row_deserialize", deserial_args, 2, "fastnumeric_row_deserialize")};
    f->row_count = row_aggregate("fastnumeric_row_count", support);
    bool all = OidIsValid(f->row_count);
    for (int k = 0; k < kMaxRowSums; ++k) {
        char name[NAMEDATALEN];
        snprintf(name, sizeof name, "fastnumeric_row_sum_%d", k + 1);
        f->row_sum[k] = row_aggregate(name, support);
        snprintf(name, sizeof name, "fastnumeric_row_avg_%d", k + 1);
        f->row_avg[k] = row_aggregate(name, support);
        all = all && OidIsValid(f->row_sum[k]) && OidIsValid(f->row_avg[k]);
    }
    if (!all) {
        for (int k = 0; k < kMaxRowSums; ++k)
            f->row_sum[k] = f->row_avg[k] = InvalidOid;
        f->row_count = InvalidOid;
    }
}

}   // namespace

namespace fastnumeric {

const ProgramFunctions& program_functions() {
    const uint64 now = catalog_version();
    if (cache.version != now) {
        const Oid args[2] = {TEXTOID, ANYOID};
        cache.expr = extension_function("fastnumeric_expr", args, 2, "fastnumeric_expr");
        cache.min_expr = extreme_aggregate("min", substitute_for(F_MIN_NUMERIC, true));
        cache.max_expr = extreme_aggregate("max", substitute_for(F_MAX_NUMERIC, true));
        find_row_aggregates(&cache);
        cache.version = now;   // a change seen meanwhile moved catalog_version(): looked up again next time
    }
    return cache;
}

}   // namespace fastnumeric
