/*
 * extension.cpp — where this database keeps the extension's objects.
 */
#include "pg/catalog/extension.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/rel.h"
#include "utils/syscache.h"
}

namespace {

struct TypeCache {
    bool valid;
    bool callback_registered;
    Oid extension;
    Oid type;
    Oid schema;
};
TypeCache type_cache{};

void forget_type(Datum, int, uint32) { type_cache.valid = false; }

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

void look_up_type() {
    if (!type_cache.callback_registered) {
        CacheRegisterSyscacheCallback(TYPEOID, forget_type, Datum(0));
        type_cache.callback_registered = true;
    }
    Oid type = InvalidOid;
    Oid schema = InvalidOid;
    const Oid extension = get_extension_oid("fastnumeric", true);
    if (OidIsValid(extension)) {
        schema = extension_schema(extension);
        type = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid, CStringGetDatum("fastnumeric"), ObjectIdGetDatum(schema));
        if (!OidIsValid(type) || getExtensionOfObject(TypeRelationId, type) != extension)
            type = schema = InvalidOid;
    }
    type_cache = TypeCache{true, true, OidIsValid(type) ? extension : InvalidOid, type, schema};
}

}   // namespace

namespace fastnumeric {

Oid fastnumeric_type() {
    if (!type_cache.valid)
        look_up_type();
    return type_cache.type;
}

Oid fastnumeric_schema() {
    if (!type_cache.valid)
        look_up_type();
    return type_cache.schema;
}

Oid fastnumeric_extension() {
    if (!type_cache.valid)
        look_up_type();
    return type_cache.extension;
}

}   // namespace fastnumeric
