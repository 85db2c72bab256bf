/*
 * catalog.cpp — where this database keeps the extension's objects, one set of invalidation
 * callbacks for every cache of them, and the one rule for which of them a plan may call.
 */
#include "pg/catalog/catalog.hpp"

#include <initializer_list>

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/pg_aggregate.h"
#include "catalog/indexing.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/syscache.h"
}

namespace {

uint64 version = 1;   // 0 is "never built" for the caches that compare with it
bool callbacks_registered = false;

void catalog_changed(Datum, fastnumeric::CacheId, uint32) { ++version; }

struct TypeCache {
    uint64 version;   // catalog_version() it was built at
    Oid extension;
    Oid type;
    Oid schema;
};
TypeCache type_cache{};

/* The schema the extension was created in (get_extension_schema, not exported before 16). */
Oid extension_schema(Oid extension) {
#if PG_VERSION_NUM >= 160000
    return get_extension_schema(extension);
#else
    ScanKeyData key;
    ScanKeyInit(&key, Anum_pg_extension_oid, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(extension));
    Relation rel = table_open(ExtensionRelationId, AccessShareLock);
    SysScanDesc scan = systable_beginscan(rel, ExtensionOidIndexId, true, nullptr, 1, &key);
    HeapTuple tuple = systable_getnext(scan);
    const Oid schema =
        HeapTupleIsValid(tuple) ? reinterpret_cast<Form_pg_extension>(GETSTRUCT(tuple))->extnamespace : InvalidOid;
    systable_endscan(scan);
    table_close(rel, AccessShareLock);
    return schema;
#endif
}

const TypeCache& type_lookup() {
    const uint64 now = fastnumeric::catalog_version();
    if (type_cache.version == now)
        return type_cache;
    Oid type = InvalidOid;
    Oid schema = InvalidOid;
    const Oid extension = get_extension_oid("fastnumeric", true);
    if (OidIsValid(extension)) {
        schema = extension_schema(extension);
        type = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum("fastnumeric"), ObjectIdGetDatum(schema));
        if (!OidIsValid(type) || getExtensionOfObject(TypeRelationId, type) != extension)
            type = schema = InvalidOid;
    }
    // a change seen while looking leaves the cache stale, so the next call looks again
    type_cache = TypeCache{now, OidIsValid(type) ? extension : InvalidOid, type, schema};
    return type_cache;
}

bool public_may_execute(HeapTuple proc) {
    bool isnull;
    const Datum datum = SysCacheGetAttr(PROCOID, proc, Anum_pg_proc_proacl, &isnull);
    if (isnull)
        return true;   // the default for functions
    const Acl* acl = DatumGetAclP(datum);
    const AclItem* items = ACL_DAT(acl);
    for (int i = 0; i < ACL_NUM(acl); ++i)
        if (items[i].ai_grantee == ACL_ID_PUBLIC && (ACLITEM_GET_PRIVS(items[i]) & ACL_EXECUTE) != 0)
            return true;
    return false;
}

}   // namespace

namespace fastnumeric {

uint64 catalog_version() {
    if (!callbacks_registered) {
        for (const CacheId id : {TYPEOID, PROCOID, OPEROID, AMOPOPID})
            CacheRegisterSyscacheCallback(id, catalog_changed, Datum(0));
        callbacks_registered = true;
    }
    return version;
}

Oid fastnumeric_type() { return type_lookup().type; }
Oid fastnumeric_schema() { return type_lookup().schema; }
Oid fastnumeric_extension() { return type_lookup().extension; }

bool usable_in_plans(Oid fn, const char* symbol) {
    HeapTuple tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
    if (!HeapTupleIsValid(tuple))
        return false;
    const Form_pg_proc f = reinterpret_cast<Form_pg_proc>(GETSTRUCT(tuple));
    bool ok = !f->proretset && f->proparallel == PROPARALLEL_SAFE && public_may_execute(tuple) &&
              OidIsValid(fastnumeric_extension()) &&
              getExtensionOfObject(ProcedureRelationId, fn) == fastnumeric_extension();
    if (ok && symbol != nullptr) {
        bool isnull;
        const Datum src = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_prosrc, &isnull);
        ok = f->prolang == ClanguageId && !isnull && strcmp(TextDatumGetCString(src), symbol) == 0;
    }
    ReleaseSysCache(tuple);
    return ok;
}

Oid extension_function(const char* name, const Oid* args, int nargs, const char* symbol) {
    const Oid fn =
        GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(name),
                        PointerGetDatum(buildoidvector(args, nargs)), ObjectIdGetDatum(fastnumeric_schema()));
    if (!OidIsValid(fn) || !usable_in_plans(fn, symbol) ||
        get_func_prokind(fn) != (symbol == nullptr ? PROKIND_AGGREGATE : PROKIND_FUNCTION))
        return InvalidOid;
    return fn;
}

bool aggregate_like(Oid ours, Oid transfn, Oid like) {
    if (!OidIsValid(ours) || !OidIsValid(like))
        return false;
    return compare_rows(AGGFNOID, ours, like, [transfn](HeapTuple a, HeapTuple b) {
        const Form_pg_aggregate f = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(a));
        const Form_pg_aggregate g = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(b));
        bool no_init;
        SysCacheGetAttr(AGGFNOID, a, Anum_pg_aggregate_agginitval, &no_init);
        return f->aggkind == AGGKIND_NORMAL && f->aggnumdirectargs == 0 && no_init &&
               (!OidIsValid(transfn) || f->aggtransfn == transfn) && f->aggtranstype == g->aggtranstype &&
               f->aggcombinefn == g->aggcombinefn && f->aggserialfn == g->aggserialfn &&
               f->aggdeserialfn == g->aggdeserialfn && f->aggfinalfn == g->aggfinalfn && !f->aggfinalextra &&
               f->aggfinalmodify == AGGMODIFY_READ_ONLY;
    });
}

}   // namespace fastnumeric
