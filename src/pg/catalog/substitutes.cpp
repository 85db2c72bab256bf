/*
 * substitutes.cpp — fastnumeric's functions that can stand for numeric's in a plan.
 *
 * A fastnumeric datum is a numeric datum, and each function listed here returns numeric's bytes
 * for numeric's bytes, so a plan may call ours where it calls numeric's.  Ours are found by name
 * and argument types in the extension's schema, checked against the numeric function they
 * replace (what fmgr and the executor read from pg_proc and pg_aggregate must agree), and cached
 * per backend until pg_proc changes.  The sums-of-products pass also needs every form of our
 * + - * and fastnumeric_sum_product, looked up with them.
 *
 * Plan nodes keep operators, not functions, where the executor sorts, groups, hashes and
 * merges: it finds the comparator, sort support, equality and hash functions through the
 * operator's btree and hash families.  Ours for numeric's = < > are the (fastnumeric,
 * fastnumeric) members of fastnumeric's default families, used only if everything the executor
 * will find through them is the extension's (numeric's order, equality and hash values by
 * construction).
 */
#include "pg/catalog/substitutes.hpp"

#include <initializer_list>

#include "pg/catalog/catalog.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "access/hash.h"
#include "access/htup_details.h"
#include "access/nbtree.h"
#include "access/stratnum.h"
#include "catalog/dependency.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_am.h"
#include "catalog/pg_language.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_opfamily.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
}

using namespace fastnumeric;

namespace {

/* A numeric function and fastnumeric's with the same semantics, and its argument types
   (kOurs: fastnumeric). */
constexpr Oid kOurs = InvalidOid;
struct Substitute {
    Oid numeric_fn;
    const char* name;     // in the extension's schema
    const char* symbol;   // its C function; nullptr for an aggregate
    int nargs;
    Oid args[2];
};

constexpr Substitute kSubstitutes[] = {
    {F_NUMERIC_ADD, "fastnumeric_add", "fastnumeric_add", 2, {kOurs, kOurs}},
    {F_NUMERIC_SUB, "fastnumeric_sub", "fastnumeric_sub", 2, {kOurs, kOurs}},
    {F_NUMERIC_MUL, "fastnumeric_mul", "fastnumeric_mul", 2, {kOurs, kOurs}},
    {F_NUMERIC_DIV, "fastnumeric_div", "fastnumeric_div", 2, {kOurs, kOurs}},
    {F_NUMERIC_MOD, "fastnumeric_mod", "fastnumeric_mod", 2, {kOurs, kOurs}},           // the % operator
    {F_MOD_NUMERIC_NUMERIC, "fastnumeric_mod", "fastnumeric_mod", 2, {kOurs, kOurs}},   // mod()
    {F_NUMERIC_UMINUS, "fastnumeric_uminus", "fastnumeric_uminus", 1, {kOurs}},
    {F_NUMERIC_UPLUS, "fastnumeric_uplus", "fastnumeric_uplus", 1, {kOurs}},
    {F_NUMERIC_ABS, "abs", "fastnumeric_abs", 1, {kOurs}},   // the @ operator
    {F_ABS_NUMERIC, "abs", "fastnumeric_abs", 1, {kOurs}},   // abs()
    {F_NUMERIC_EQ, "fastnumeric_eq", "fastnumeric_eq", 2, {kOurs, kOurs}},
    {F_NUMERIC_NE, "fastnumeric_ne", "fastnumeric_ne", 2, {kOurs, kOurs}},
    {F_NUMERIC_LT, "fastnumeric_lt", "fastnumeric_lt", 2, {kOurs, kOurs}},
    {F_NUMERIC_LE, "fastnumeric_le", "fastnumeric_le", 2, {kOurs, kOurs}},
    {F_NUMERIC_GT, "fastnumeric_gt", "fastnumeric_gt", 2, {kOurs, kOurs}},
    {F_NUMERIC_GE, "fastnumeric_ge", "fastnumeric_ge", 2, {kOurs, kOurs}},
    {F_NUMERIC_CMP, "fastnumeric_cmp", "fastnumeric_cmp", 2, {kOurs, kOurs}},
    {F_NUMERIC_SMALLER, "fastnumeric_smaller", "fastnumeric_smaller", 2, {kOurs, kOurs}},
    {F_NUMERIC_LARGER, "fastnumeric_larger", "fastnumeric_larger", 2, {kOurs, kOurs}},
    // the typmod coercion (also what INSERT ... SELECT into a numeric(p,s) column calls) and casts
    {F_NUMERIC_NUMERIC_INT4, "fastnumeric", "fastnumeric_apply_typmod", 2, {kOurs, INT4OID}},
    {F_NUMERIC_INT2, "fastnumeric", "int2_fastnumeric", 1, {INT2OID}},
    {F_NUMERIC_INT4, "fastnumeric", "int4_fastnumeric", 1, {INT4OID}},
    {F_NUMERIC_INT8, "fastnumeric", "int8_fastnumeric", 1, {INT8OID}},
    {F_NUMERIC_FLOAT4, "fastnumeric", "float4_fastnumeric", 1, {FLOAT4OID}},
    {F_NUMERIC_FLOAT8, "fastnumeric", "float8_fastnumeric", 1, {FLOAT8OID}},
    {F_INT2_NUMERIC, "int2", "fastnumeric_int2", 1, {kOurs}},
    {F_INT4_NUMERIC, "int4", "fastnumeric_int4", 1, {kOurs}},
    {F_INT8_NUMERIC, "int8", "fastnumeric_int8", 1, {kOurs}},
    {F_FLOAT4_NUMERIC, "float4", "fastnumeric_float4", 1, {kOurs}},
    {F_FLOAT8_NUMERIC, "float8", "fastnumeric_float8", 1, {kOurs}},
    {F_SUM_NUMERIC, "sum", nullptr, 1, {kOurs}},
    {F_AVG_NUMERIC, "avg", nullptr, 1, {kOurs}},
    {F_MIN_NUMERIC, "min", nullptr, 1, {kOurs}},
    {F_MAX_NUMERIC, "max", nullptr, 1, {kOurs}},
};
constexpr int kSubstituteCount = sizeof kSubstitutes / sizeof kSubstitutes[0];

constexpr int entry_of(Oid numeric_fn) {
    int i = 0;
    while (kSubstitutes[i].numeric_fn != numeric_fn)
        ++i;
    return i;
}
constexpr int kSumEntry = entry_of(F_SUM_NUMERIC);

/* What this database offers, per entry of kSubstitutes (InvalidOid: keep numeric's). */
struct Found {
    Oid fast_fn;
    bool relabel_window_args;   // an aggregate whose state is an input value (see below)
    Oid numeric_transfn;        // aggregates: what decides sharing a transition state
    Oid transfn, combinefn, serialfn, deserialfn, finalfn, transtype;
};

/* + - and * in ArithOp's order, whose C functions each serve (fastnumeric, fastnumeric),
   (fastnumeric, numeric) and (numeric, fastnumeric). */
constexpr int kArithEntries[] = {entry_of(F_NUMERIC_ADD), entry_of(F_NUMERIC_SUB), entry_of(F_NUMERIC_MUL)};
constexpr int kArithOps = sizeof kArithEntries / sizeof kArithEntries[0];
constexpr int kArithForms = 3;

/* numeric's = < > and ours, in the btree strategies' order. */
constexpr int kOperators = 3;
constexpr int16 kStrategies[kOperators] = {BTEqualStrategyNumber, BTLessStrategyNumber, BTGreaterStrategyNumber};

/* Operators and what the executor finds through them; all InvalidOid, or all usable. */
struct Operators {
    Oid numeric_op[kOperators], fast_op[kOperators], fast_code[kOperators];
    Oid numeric_btree, fast_btree;   // families
    Oid numeric_hash_fn, fast_hash_fn;
};

/* Per backend; plain data, built for one catalog_version(). */
struct Cache {
    uint64 version;
    Oid fastnumeric_type;
    Found found[kSubstituteCount];
    Oid arith[kArithOps][kArithForms];   // every form of + - *: InvalidOid where not usable
    Oid sum_product;                     // fastnumeric_sum_product(a, b); InvalidOid: none
    Operators ops;
};
Cache cache;

/* Ours can stand where numeric's is called: usable in plans, and what fmgr and the executor
   read from pg_proc agrees with numeric's. */
bool usable_function(Oid ours, const Substitute& s) {
    return usable_in_plans(ours, s.symbol) &&
           compare_rows(PROCOID, ours, s.numeric_fn, [](HeapTuple fast, HeapTuple numeric) {
               const Form_pg_proc f = reinterpret_cast<Form_pg_proc>(GETSTRUCT(fast));
               const Form_pg_proc n = reinterpret_cast<Form_pg_proc>(GETSTRUCT(numeric));
               return f->prokind == n->prokind && f->proisstrict == n->proisstrict && !n->proretset;
           });
}

/* Transition states of numeric's type and of ours are the same bytes; internal ones are not. */
bool same_state_type(Oid fast, Oid numeric) {
    return fast == numeric || (fast == cache.fastnumeric_type && numeric == NUMERICOID);
}

/*
 * Our aggregate can run where numeric's was planned: the same shape in pg_aggregate (which
 * support functions exist, their arguments, the state types), so that plain, moving-window,
 * partial and combining execution all take the same paths.  Both sides of a partial
 * aggregation are rewritten together, so the serialized states never mix.
 */
bool usable_aggregate(Oid ours, const Substitute& s, Found* found) {
    return compare_rows(AGGFNOID, ours, s.numeric_fn, [found](HeapTuple fast, HeapTuple numeric) {
        const Form_pg_aggregate f = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(fast));
        const Form_pg_aggregate n = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(numeric));
        const auto both = [](Oid a, Oid b) { return OidIsValid(a) == OidIsValid(b); };
        bool f_init, n_init, f_minit, n_minit;
        SysCacheGetAttr(AGGFNOID, fast, Anum_pg_aggregate_agginitval, &f_init);
        SysCacheGetAttr(AGGFNOID, numeric, Anum_pg_aggregate_agginitval, &n_init);
        SysCacheGetAttr(AGGFNOID, fast, Anum_pg_aggregate_aggminitval, &f_minit);
        SysCacheGetAttr(AGGFNOID, numeric, Anum_pg_aggregate_aggminitval, &n_minit);
        const bool ok = f->aggkind == AGGKIND_NORMAL && n->aggkind == AGGKIND_NORMAL && f->aggnumdirectargs == 0 &&
                        n->aggnumdirectargs == 0 && f->aggfinalextra == n->aggfinalextra &&
                        f->aggmfinalextra == n->aggmfinalextra && f->aggfinalmodify == n->aggfinalmodify &&
                        f->aggmfinalmodify == n->aggmfinalmodify && both(f->aggfinalfn, n->aggfinalfn) &&
                        both(f->aggcombinefn, n->aggcombinefn) && both(f->aggserialfn, n->aggserialfn) &&
                        both(f->aggdeserialfn, n->aggdeserialfn) && both(f->aggmtransfn, n->aggmtransfn) &&
                        both(f->aggminvtransfn, n->aggminvtransfn) && both(f->aggmfinalfn, n->aggmfinalfn) &&
                        same_state_type(f->aggtranstype, n->aggtranstype) &&
                        same_state_type(f->aggmtranstype, n->aggmtranstype) && f_init && n_init && f_minit &&
                        n_minit;   // no initial values: states start alike
        if (ok) {
            found->numeric_transfn = n->aggtransfn;
            found->transfn = f->aggtransfn;
            found->combinefn = f->aggcombinefn;
            found->serialfn = f->aggserialfn;
            found->deserialfn = f->aggdeserialfn;
            found->finalfn = f->aggfinalfn;
            found->transtype = f->aggtranstype;
            // A window aggregate starts its state from the first input when the state type is
            // the input type, and the executor then wants the argument type binary coercible to
            // it: numeric -> fastnumeric is an assignment cast, so such arguments get relabelled.
            found->relabel_window_args = f->aggtranstype == cache.fastnumeric_type;
        }
        return ok;
    });
}

/* ours (fastnumeric_sum_product) finishes what it accumulates exactly as our sum does. */
bool usable_sum_product(Oid ours, const Substitute& numeric_sum, const Found& sum) {
    return OidIsValid(sum.fast_fn) && usable_function(ours, numeric_sum) &&
           aggregate_like(ours, InvalidOid, sum.fast_fn);
}

Oid function_in_schema(const char* name, const Oid* args, int nargs, Oid schema) {
    return GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(name),
                           PointerGetDatum(buildoidvector(args, nargs)), ObjectIdGetDatum(schema));
}

/* Every form of our + - * and fastnumeric_sum_product, as far as usable. */
void find_sum_products(Oid schema, const Substitute& numeric_sum, const Found& sum) {
    const Oid type = cache.fastnumeric_type;
    const Oid forms[kArithForms][2] = {{type, type}, {type, NUMERICOID}, {NUMERICOID, type}};
    for (int op = 0; op < kArithOps; ++op)
        for (int i = 0; i < kArithForms; ++i) {
            const Substitute& s = kSubstitutes[kArithEntries[op]];
            const Oid ours = function_in_schema(s.name, forms[i], 2, schema);
            cache.arith[op][i] = OidIsValid(ours) && usable_function(ours, s) ? ours : InvalidOid;
        }
    const Oid ours = function_in_schema("fastnumeric_sum_product", forms[0], 2, schema);
    cache.sum_product = OidIsValid(ours) && usable_sum_product(ours, numeric_sum, sum) ? ours : InvalidOid;
}

Oid default_family(Oid type, Oid am) {
    const Oid opclass = GetDefaultOpClass(type, am);
    return OidIsValid(opclass) ? get_opclass_family(opclass) : InvalidOid;
}

bool member(Oid classid, Oid object, Oid extension) {
    return OidIsValid(object) && getExtensionOfObject(classid, object) == extension;
}

/*
 * Ours for numeric's = < >: the members of our default btree family for (fastnumeric,
 * fastnumeric), whose families, support functions and operator functions are the extension's,
 * with numeric's strictness; the ordering operators lead the executor back to that family, the
 * equality to our hash family's function.  Anything else leaves all three numeric's.
 */
void find_operators(Oid extension) {
    const Oid type = cache.fastnumeric_type;
    Operators ops{};
    ops.numeric_btree = default_family(NUMERICOID, BTREE_AM_OID);
    ops.fast_btree = default_family(type, BTREE_AM_OID);
    const Oid numeric_hash = default_family(NUMERICOID, HASH_AM_OID);
    const Oid fast_hash = default_family(type, HASH_AM_OID);
    if (!OidIsValid(ops.numeric_btree) || !OidIsValid(numeric_hash) ||
        !member(OperatorFamilyRelationId, ops.fast_btree, extension) ||
        !member(OperatorFamilyRelationId, fast_hash, extension) ||
        !member(ProcedureRelationId, get_opfamily_proc(ops.fast_btree, type, type, BTORDER_PROC), extension))
        return;
    const Oid sortsupport = get_opfamily_proc(ops.fast_btree, type, type, BTSORTSUPPORT_PROC);
    if (OidIsValid(sortsupport) && !member(ProcedureRelationId, sortsupport, extension))
        return;
    for (int i = 0; i < kOperators; ++i) {
        const Oid numeric_op = get_opfamily_member(ops.numeric_btree, NUMERICOID, NUMERICOID, kStrategies[i]);
        const Oid ours = get_opfamily_member(ops.fast_btree, type, type, kStrategies[i]);
        if (!OidIsValid(numeric_op) || !member(OperatorRelationId, ours, extension) ||
            !member(ProcedureRelationId, get_opcode(ours), extension) || op_strict(ours) != op_strict(numeric_op))
            return;
        if (kStrategies[i] != BTEqualStrategyNumber) {
            Oid family, input_type;
#if PG_VERSION_NUM >= 180000
            CompareType strategy;   // COMPARE_LT and COMPARE_GT are the btree strategies' numbers
#else
            int16 strategy;
#endif
            if (!get_ordering_op_properties(ours, &family, &input_type, &strategy) || family != ops.fast_btree ||
                input_type != type || strategy != kStrategies[i] ||
                get_equality_op_for_ordering_op(ours, nullptr) != ops.fast_op[0])
                return;
        }
        ops.numeric_op[i] = numeric_op;
        ops.fast_op[i] = ours;
        ops.fast_code[i] = get_opcode(ours);
    }
    Oid left, right;
    ops.numeric_hash_fn = get_opfamily_proc(numeric_hash, NUMERICOID, NUMERICOID, HASHSTANDARD_PROC);
    ops.fast_hash_fn = get_opfamily_proc(fast_hash, type, type, HASHSTANDARD_PROC);
    if (get_opfamily_member(fast_hash, type, type, HTEqualStrategyNumber) != ops.fast_op[0] ||
        !get_op_hash_functions(ops.fast_op[0], &left, &right) || left != ops.fast_hash_fn ||
        right != ops.fast_hash_fn || !member(ProcedureRelationId, ops.fast_hash_fn, extension) ||
        !OidIsValid(ops.numeric_hash_fn))
        return;
    cache.ops = ops;
}

/* Looks ours up in the extension's schema; nothing at all when the extension is not here. */
void find_substitutes() {
    for (Found& f : cache.found)
        f = Found{};
    for (auto& forms : cache.arith)
        for (Oid& oid : forms)
            oid = InvalidOid;
    cache.sum_product = InvalidOid;
    cache.ops = Operators{};
    cache.fastnumeric_type = fastnumeric_type();
    if (!OidIsValid(cache.fastnumeric_type))
        return;
    const Oid extension = fastnumeric_extension();
    const Oid schema = fastnumeric_schema();
    for (int i = 0; i < kSubstituteCount; ++i) {
        const Substitute& s = kSubstitutes[i];
        Oid args[2];
        for (int k = 0; k < s.nargs; ++k)
            args[k] = s.args[k] == kOurs ? cache.fastnumeric_type : s.args[k];
        const Oid ours = function_in_schema(s.name, args, s.nargs, schema);
        Found* f = &cache.found[i];
        if (OidIsValid(ours) && usable_function(ours, s) && (s.symbol != nullptr || usable_aggregate(ours, s, f)))
            f->fast_fn = ours;
    }
    // Aggregates whose numeric states the planner may share (the same transition function)
    // must share ours too, with the same support functions.
    for (int i = 0; i < kSubstituteCount; ++i)
        for (int j = i + 1; j < kSubstituteCount; ++j) {
            Found* a = &cache.found[i];
            Found* b = &cache.found[j];
            if (kSubstitutes[i].symbol != nullptr || kSubstitutes[j].symbol != nullptr || !OidIsValid(a->fast_fn) ||
                !OidIsValid(b->fast_fn) || a->numeric_transfn != b->numeric_transfn)
                continue;
            if (a->transfn != b->transfn || a->combinefn != b->combinefn || a->serialfn != b->serialfn ||
                a->deserialfn != b->deserialfn || a->transtype != b->transtype)
                a->fast_fn = b->fast_fn = InvalidOid;
        }
    find_sum_products(schema, kSubstitutes[kSumEntry], cache.found[kSumEntry]);
    find_operators(extension);
}

/* The entry of kSubstitutes for numeric's function fn that this database can replace, or -1. */
int substitute_of(Oid fn, bool aggregate) {
    for (int i = 0; i < kSubstituteCount; ++i)
        if (kSubstitutes[i].numeric_fn == fn)
            return OidIsValid(cache.found[i].fast_fn) && (kSubstitutes[i].symbol == nullptr) == aggregate ? i : -1;
    return -1;
}

}   // namespace

namespace fastnumeric {

bool substitutes_ready() {
    const uint64 now = catalog_version();
    if (cache.version != now) {
        find_substitutes();
        cache.version = now;   // a change seen meanwhile moved catalog_version(): looked up again next time
    }
    for (const Found& f : cache.found)
        if (OidIsValid(f.fast_fn))
            return true;
    return OidIsValid(cache.ops.fast_btree);   // (fastnumeric_sum_product needs our sum and multiplications)
}

Oid substitute_for(Oid fn, bool aggregate, bool* relabel_window_args) {
    const int i = substitute_of(fn, aggregate);
    if (i < 0)
        return InvalidOid;
    if (relabel_window_args != nullptr)
        *relabel_window_args = cache.found[i].relabel_window_args;
    return cache.found[i].fast_fn;
}

bool is_our_arith(Oid fn, ArithOp op) {
    for (const Oid form : cache.arith[static_cast<int>(op)])
        if (OidIsValid(form) && form == fn)
            return true;
    return false;
}

bool is_our_sign(Oid fn) {
    for (const int i : {entry_of(F_NUMERIC_UMINUS), entry_of(F_NUMERIC_UPLUS)})
        if (OidIsValid(cache.found[i].fast_fn) && cache.found[i].fast_fn == fn)
            return true;
    return false;
}

Oid our_sum() { return cache.found[kSumEntry].fast_fn; }

Oid sum_product_function() { return cache.sum_product; }

Oid substitute_operator(Oid opno, Oid* code) {
    for (int i = 0; i < kOperators; ++i)
        if (OidIsValid(cache.ops.fast_op[i]) && cache.ops.numeric_op[i] == opno) {
            *code = cache.ops.fast_code[i];
            return cache.ops.fast_op[i];
        }
    return InvalidOid;
}

Oid substitute_merge_family(Oid opfamily) {
    const Operators& ops = cache.ops;
    return OidIsValid(ops.fast_btree) && (opfamily == ops.numeric_btree || opfamily == ops.fast_btree) ? ops.fast_btree
                                                                                                       : InvalidOid;
}

Oid substitute_hash_function(Oid fn) {
    const Operators& ops = cache.ops;
    return OidIsValid(ops.fast_hash_fn) && fn == ops.numeric_hash_fn ? ops.fast_hash_fn : InvalidOid;
}

}   // namespace fastnumeric
