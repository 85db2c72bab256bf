/*
 * accelerate.cpp — fastnumeric.accelerate_numeric: plans over plain numeric call fastnumeric's
 * functions.
 *
 * A fastnumeric datum is a numeric datum, and each function substituted here returns numeric's
 * bytes for numeric's bytes, so a plan may call ours where it calls numeric's.  The planner hook
 * rewrites the finished PlannedStmt, never the query: stored views and rules stay as they are,
 * the plan and its estimates are the ones numeric's operators gave (OpExpr keeps its opno), and
 * every result type stays numeric.  Only function OIDs change: the opfuncid of OpExpr (and of
 * DistinctExpr, NullIfExpr, ScalarArrayOpExpr), the funcid of FuncExpr, the aggfnoid of Aggref
 * and the winfnoid of WindowFunc (whose arguments get a relabel where the executor wants them
 * typed like our state).  What the executor takes from the catalog by type or operator (input
 * and output, sorting, grouping, hashing, index and merge-join conditions, constraints) stays
 * numeric's.  Aggregate states never mix: an Aggref sharing its state with one that keeps
 * numeric's keeps numeric's, and partial and combining Aggrefs are replaced together, unless a
 * foreign or custom scan could bring states made elsewhere.
 *
 * The same walk, with fastnumeric.sum_products on (with or without the accelerator), puts
 * fastnumeric_sum_product(a, b [, c]) where an Aggref is fastnumeric's sum(a * b [* c]): one
 * transition per row instead of one or two multiplications making datums that sum then reads
 * (agg.cpp).  Its state is sum's, and a partial fastnumeric_sum_product is finished by sum.
 * The multiplications must be ours (so that the fused transition's fallback, the same
 * multiplications, raises what they would), and only a factor that can raise nothing but
 * numeric's overflow error is evaluated before the multiplication that preceded it, so the
 * first error of a row is the one the separate operators raise.  An Aggref whose transition
 * state another aggregate shares (sum and avg of the same product) keeps sum.
 *
 * Ours are found by name and argument types in the extension's schema, checked against the
 * numeric function they replace, and cached per backend until pg_proc changes.  A plan records
 * each function it received, so dropping or altering it replans cached plans.
 */
#include <initializer_list>

#include "core/sum_accum.hpp"
#include "pg/estimates.hpp"
#include "pg/extension.hpp"
#include "pg/settings.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/plannodes.h"
#include "optimizer/planner.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/rel.h"
#include "utils/syscache.h"
}

using namespace fastnumeric;

namespace {

/* A numeric function and fastnumeric's with the same semantics (all its arguments fastnumeric). */
struct Substitute {
    Oid numeric_fn;
    const char* name;     // in the extension's schema
    const char* symbol;   // its C function; nullptr for an aggregate
    int nargs;
};

constexpr Substitute kSubstitutes[] = {
    {F_NUMERIC_ADD, "fastnumeric_add", "fastnumeric_add", 2},
    {F_NUMERIC_SUB, "fastnumeric_sub", "fastnumeric_sub", 2},
    {F_NUMERIC_MUL, "fastnumeric_mul", "fastnumeric_mul", 2},
    {F_NUMERIC_UMINUS, "fastnumeric_uminus", "fastnumeric_uminus", 1},
    {F_NUMERIC_UPLUS, "fastnumeric_uplus", "fastnumeric_uplus", 1},
    {F_NUMERIC_ABS, "abs", "fastnumeric_abs", 1},   // the @ operator
    {F_ABS_NUMERIC, "abs", "fastnumeric_abs", 1},   // abs()
    {F_NUMERIC_EQ, "fastnumeric_eq", "fastnumeric_eq", 2},
    {F_NUMERIC_NE, "fastnumeric_ne", "fastnumeric_ne", 2},
    {F_NUMERIC_LT, "fastnumeric_lt", "fastnumeric_lt", 2},
    {F_NUMERIC_LE, "fastnumeric_le", "fastnumeric_le", 2},
    {F_NUMERIC_GT, "fastnumeric_gt", "fastnumeric_gt", 2},
    {F_NUMERIC_GE, "fastnumeric_ge", "fastnumeric_ge", 2},
    {F_NUMERIC_CMP, "fastnumeric_cmp", "fastnumeric_cmp", 2},
    {F_NUMERIC_SMALLER, "fastnumeric_smaller", "fastnumeric_smaller", 2},
    {F_NUMERIC_LARGER, "fastnumeric_larger", "fastnumeric_larger", 2},
    {F_SUM_NUMERIC, "sum", nullptr, 1},
    {F_AVG_NUMERIC, "avg", nullptr, 1},
    {F_MIN_NUMERIC, "min", nullptr, 1},
    {F_MAX_NUMERIC, "max", nullptr, 1},
};
constexpr int kSubstituteCount = sizeof kSubstitutes / sizeof kSubstitutes[0];
static_assert(kSubstituteCount <= 32, "the used-set of a plan is a 32-bit mask");

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

/* + - and *, whose C functions each serve (fastnumeric, fastnumeric), (fastnumeric, numeric)
   and (numeric, fastnumeric); [2] is the multiplication. */
constexpr int kArithEntries[] = {entry_of(F_NUMERIC_ADD), entry_of(F_NUMERIC_SUB), entry_of(F_NUMERIC_MUL)};
constexpr int kArithOps = sizeof kArithEntries / sizeof kArithEntries[0];
constexpr int kMultiply = 2;
constexpr int kArithForms = 3;

/* Per backend; plain data, reset by any change to pg_proc. */
struct Cache {
    enum State { Invalid, Building, Valid } state;
    bool callback_registered;
    Oid fastnumeric_type;
    Found found[kSubstituteCount];
    Oid arith[kArithOps][kArithForms];   // every form of + - *: InvalidOid where not usable
    Oid sum_product[kMaxProductFactors + 1];   // by factor count; InvalidOid: none
};
Cache cache;

planner_hook_type previous_planner = nullptr;

void forget_substitutes(Datum, int, uint32) { cache.state = Cache::Invalid; }

/* The executor checks EXECUTE as whoever runs the plan: use only what PUBLIC may execute. */
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

/* Ours can stand where numeric's is called: what fmgr and the executor read from pg_proc agrees. */
bool usable_function(Oid ours, const Substitute& s, Oid extension) {
    HeapTuple fast = SearchSysCache1(PROCOID, ObjectIdGetDatum(ours));
    HeapTuple numeric = SearchSysCache1(PROCOID, ObjectIdGetDatum(s.numeric_fn));
    bool ok = HeapTupleIsValid(fast) && HeapTupleIsValid(numeric);
    if (ok) {
        const Form_pg_proc f = reinterpret_cast<Form_pg_proc>(GETSTRUCT(fast));
        const Form_pg_proc n = reinterpret_cast<Form_pg_proc>(GETSTRUCT(numeric));
        ok = f->prokind == n->prokind && f->proisstrict == n->proisstrict && !f->proretset &&
             !n->proretset && f->proparallel == PROPARALLEL_SAFE && public_may_execute(fast) &&
             getExtensionOfObject(ProcedureRelationId, ours) == extension;
        if (ok && s.symbol != nullptr) {
            bool isnull;
            const Datum src = SysCacheGetAttr(PROCOID, fast, Anum_pg_proc_prosrc, &isnull);
            ok = f->prolang == ClanguageId && !isnull && strcmp(TextDatumGetCString(src), s.symbol) == 0;
        }
    }
    if (HeapTupleIsValid(fast))
        ReleaseSysCache(fast);
    if (HeapTupleIsValid(numeric))
        ReleaseSysCache(numeric);
    return ok;
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
    HeapTuple fast = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(ours));
    HeapTuple numeric = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(s.numeric_fn));
    bool ok = HeapTupleIsValid(fast) && HeapTupleIsValid(numeric);
    if (ok) {
        const Form_pg_aggregate f = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(fast));
        const Form_pg_aggregate n = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(numeric));
        const auto both = [](Oid a, Oid b) { return OidIsValid(a) == OidIsValid(b); };
        bool f_init, n_init, f_minit, n_minit;
        SysCacheGetAttr(AGGFNOID, fast, Anum_pg_aggregate_agginitval, &f_init);
        SysCacheGetAttr(AGGFNOID, numeric, Anum_pg_aggregate_agginitval, &n_init);
        SysCacheGetAttr(AGGFNOID, fast, Anum_pg_aggregate_aggminitval, &f_minit);
        SysCacheGetAttr(AGGFNOID, numeric, Anum_pg_aggregate_aggminitval, &n_minit);
        ok = f->aggkind == AGGKIND_NORMAL && n->aggkind == AGGKIND_NORMAL &&
             f->aggnumdirectargs == 0 && n->aggnumdirectargs == 0 &&
             f->aggfinalextra == n->aggfinalextra && f->aggmfinalextra == n->aggmfinalextra &&
             f->aggfinalmodify == n->aggfinalmodify && f->aggmfinalmodify == n->aggmfinalmodify &&
             both(f->aggfinalfn, n->aggfinalfn) && both(f->aggcombinefn, n->aggcombinefn) &&
             both(f->aggserialfn, n->aggserialfn) && both(f->aggdeserialfn, n->aggdeserialfn) &&
             both(f->aggmtransfn, n->aggmtransfn) && both(f->aggminvtransfn, n->aggminvtransfn) &&
             both(f->aggmfinalfn, n->aggmfinalfn) &&
             same_state_type(f->aggtranstype, n->aggtranstype) &&
             same_state_type(f->aggmtranstype, n->aggmtranstype) &&
             f_init && n_init && f_minit && n_minit;   // no initial values: states start alike
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
    }
    if (HeapTupleIsValid(fast))
        ReleaseSysCache(fast);
    if (HeapTupleIsValid(numeric))
        ReleaseSysCache(numeric);
    return ok;
}

/* ours (fastnumeric_sum_product) finishes what it accumulates exactly as our sum does. */
bool usable_sum_product(Oid ours, const Substitute& numeric_sum, const Found& sum, Oid extension) {
    if (!OidIsValid(sum.fast_fn) || !usable_function(ours, numeric_sum, extension))
        return false;
    HeapTuple tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(ours));
    if (!HeapTupleIsValid(tuple))
        return false;
    const Form_pg_aggregate f = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(tuple));
    bool no_init;
    SysCacheGetAttr(AGGFNOID, tuple, Anum_pg_aggregate_agginitval, &no_init);
    const bool ok = f->aggkind == AGGKIND_NORMAL && f->aggnumdirectargs == 0 && no_init &&
                    f->aggtranstype == sum.transtype && f->aggcombinefn == sum.combinefn &&
                    f->aggserialfn == sum.serialfn && f->aggdeserialfn == sum.deserialfn &&
                    f->aggfinalfn == sum.finalfn && !f->aggfinalextra &&
                    f->aggfinalmodify == AGGMODIFY_READ_ONLY;
    ReleaseSysCache(tuple);
    return ok;
}

Oid function_in_schema(const char* name, const Oid* args, int nargs, Oid schema) {
    return GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(name),
                           PointerGetDatum(buildoidvector(args, nargs)), ObjectIdGetDatum(schema));
}

/* Every form of our + - * and fastnumeric_sum_product, as far as usable. */
void find_sum_products(Oid extension, Oid schema, const Substitute& numeric_sum, const Found& sum) {
    const Oid type = cache.fastnumeric_type;
    const Oid forms[kArithForms][2] = {{type, type}, {type, NUMERICOID}, {NUMERICOID, type}};
    for (int op = 0; op < kArithOps; ++op)
        for (int i = 0; i < kArithForms; ++i) {
            const Substitute& s = kSubstitutes[kArithEntries[op]];
            const Oid ours = function_in_schema(s.name, forms[i], 2, schema);
            cache.arith[op][i] = OidIsValid(ours) && usable_function(ours, s, extension) ? ours : InvalidOid;
        }
    const Oid args[kMaxProductFactors] = {type, type, type};
    for (int n = 2; n <= kMaxProductFactors; ++n) {
        const Oid ours = function_in_schema("fastnumeric_sum_product", args, n, schema);
        cache.sum_product[n] = OidIsValid(ours) && usable_sum_product(ours, numeric_sum, sum, extension)
                                   ? ours : InvalidOid;
    }
}

/* Looks ours up in the extension's schema; nothing at all when the extension is not here. */
void find_substitutes() {
    for (Found& f : cache.found)
        f = Found{};
    for (auto& forms : cache.arith)
        for (Oid& oid : forms)
            oid = InvalidOid;
    for (Oid& oid : cache.sum_product)
        oid = InvalidOid;
    cache.fastnumeric_type = fastnumeric_type();
    if (!OidIsValid(cache.fastnumeric_type))
        return;
    const Oid extension = fastnumeric_extension();
    const Oid schema = fastnumeric_schema();
    const Oid type = cache.fastnumeric_type;
    const Oid args[2] = {type, type};
    for (int i = 0; i < kSubstituteCount; ++i) {
        const Substitute& s = kSubstitutes[i];
        const Oid ours = function_in_schema(s.name, args, s.nargs, schema);
        Found* f = &cache.found[i];
        if (OidIsValid(ours) && usable_function(ours, s, extension) &&
            (s.symbol != nullptr || usable_aggregate(ours, s, f)))
            f->fast_fn = ours;
    }
    // Aggregates whose numeric states the planner may share (the same transition function)
    // must share ours too, with the same support functions.
    for (int i = 0; i < kSubstituteCount; ++i)
        for (int j = i + 1; j < kSubstituteCount; ++j) {
            Found* a = &cache.found[i];
            Found* b = &cache.found[j];
            if (kSubstitutes[i].symbol != nullptr || kSubstitutes[j].symbol != nullptr ||
                !OidIsValid(a->fast_fn) || !OidIsValid(b->fast_fn) ||
                a->numeric_transfn != b->numeric_transfn)
                continue;
            if (a->transfn != b->transfn || a->combinefn != b->combinefn ||
                a->serialfn != b->serialfn || a->deserialfn != b->deserialfn ||
                a->transtype != b->transtype)
                a->fast_fn = b->fast_fn = InvalidOid;
        }
    find_sum_products(extension, schema, kSubstitutes[kSumEntry], cache.found[kSumEntry]);
}

/* The cache, built if pg_proc changed since; false when there is nothing to substitute. */
bool substitutes_ready() {
    if (cache.state != Cache::Valid) {
        if (!cache.callback_registered) {
            CacheRegisterSyscacheCallback(PROCOID, forget_substitutes, Datum(0));
            cache.callback_registered = true;
        }
        cache.state = Cache::Building;
        find_substitutes();
        if (cache.state == Cache::Building)   // else pg_proc changed meanwhile: look again next time
            cache.state = Cache::Valid;
    }
    for (const Found& f : cache.found)
        if (OidIsValid(f.fast_fn))
            return true;
    return false;   // (fastnumeric_sum_product needs our sum and multiplications)
}

/* The entry of kSubstitutes for numeric's function fn that this database can replace, or -1. */
int substitute_of(Oid fn, bool aggregate) {
    for (int i = 0; i < kSubstituteCount; ++i)
        if (kSubstitutes[i].numeric_fn == fn)
            return OidIsValid(cache.found[i].fast_fn) && (kSubstitutes[i].symbol == nullptr) == aggregate
                       ? i
                       : -1;
    return -1;
}

// ---- the plan rewrite -----------------------------------------------------------------------

struct Rewrite {
    bool substitute;         // numeric's functions are replaced (fastnumeric.accelerate_numeric)
    bool sum_products;       // fastnumeric_sum_product is put in (fastnumeric.sum_products)
    bool split_aggregates;   // partial and combining Aggrefs may be replaced
    Bitmapset* kept_states;  // the current Agg node's transition states (aggtransno) kept numeric's
    uint32 used;             // bit i: kSubstitutes[i] went into the plan
    int calls;               // function and operator calls replaced
    int aggregates;          // aggregates and window aggregates replaced
    uint32 fused;            // bit n: fastnumeric_sum_product of n factors went into the plan
    int sums_of_products;    // Aggrefs that became fastnumeric_sum_product
};

/* The aggregate that replaces aggref in this plan, or -1. */
int aggregate_substitute(const Aggref* aggref, const Rewrite* rw) {
    if (aggref->aggsplit != AGGSPLIT_SIMPLE && !rw->split_aggregates)
        return -1;
    return substitute_of(aggref->aggfnoid, true);
}

Oid replaced(Oid fn, Rewrite* rw) {
    const int i = substitute_of(fn, false);
    if (i < 0)
        return fn;
    rw->used |= 1u << i;
    ++rw->calls;
    return cache.found[i].fast_fn;
}

/* In place: the plan is the planner's fresh output, and each change is idempotent. */
bool rewrite_expression(Node* node, void* context) {
    if (node == nullptr)
        return false;
    Rewrite* rw = static_cast<Rewrite*>(context);
    switch (nodeTag(node)) {
    case T_FuncExpr: {
        FuncExpr* call = reinterpret_cast<FuncExpr*>(node);
        call->funcid = replaced(call->funcid, rw);
        break;
    }
    case T_OpExpr:
    case T_DistinctExpr:
    case T_NullIfExpr: {
        OpExpr* op = reinterpret_cast<OpExpr*>(node);
        op->opfuncid = replaced(op->opfuncid, rw);
        break;
    }
    case T_ScalarArrayOpExpr: {
        ScalarArrayOpExpr* op = reinterpret_cast<ScalarArrayOpExpr*>(node);
        op->opfuncid = replaced(op->opfuncid, rw);
        op->negfuncid = replaced(op->negfuncid, rw);   // hashed NOT IN probes with the negator
        break;
    }
    case T_Aggref: {
        Aggref* aggref = reinterpret_cast<Aggref*>(node);
        const int i = aggregate_substitute(aggref, rw);
        if (i >= 0 && !bms_is_member(aggref->aggtransno, rw->kept_states)) {
            aggref->aggfnoid = cache.found[i].fast_fn;
            rw->used |= 1u << i;
            ++rw->aggregates;
        }
        break;
    }
    case T_WindowFunc: {
        WindowFunc* wfunc = reinterpret_cast<WindowFunc*>(node);
        const int i = substitute_of(wfunc->winfnoid, true);
        if (i >= 0 && wfunc->winagg) {
            wfunc->winfnoid = cache.found[i].fast_fn;
            if (cache.found[i].relabel_window_args) {
                ListCell* lc;
                foreach (lc, wfunc->args) {
                    Expr* arg = static_cast<Expr*>(lfirst(lc));
                    lfirst(lc) = makeRelabelType(arg, cache.fastnumeric_type,
                                                 exprTypmod(reinterpret_cast<Node*>(arg)), InvalidOid,
                                                 COERCE_IMPLICIT_CAST);
                }
            }
            rw->used |= 1u << i;
            ++rw->aggregates;
        }
        break;
    }
    default:
        break;
    }
    return walk_expression(node, rewrite_expression, context);
}

/* Collects the transition states of Aggrefs that keep numeric's aggregate. */
bool find_kept_states(Node* node, void* context) {
    if (node == nullptr)
        return false;
    Rewrite* rw = static_cast<Rewrite*>(context);
    if (IsA(node, Aggref)) {
        const Aggref* aggref = reinterpret_cast<Aggref*>(node);
        if (aggregate_substitute(aggref, rw) < 0)
            rw->kept_states = bms_add_member(rw->kept_states, aggref->aggtransno);
    }
    return walk_expression(node, find_kept_states, context);
}

void rewrite(void* expressions, Rewrite* rw) {
    if (rw->substitute)
        rewrite_expression(static_cast<Node*>(expressions), rw);
}

// ---- sums of products -----------------------------------------------------------------------

/* The function and arguments of an OpExpr or FuncExpr; false for any other node. */
bool call_of(Node* node, Oid* fn, List** args) {
    if (IsA(node, OpExpr)) {
        *fn = reinterpret_cast<OpExpr*>(node)->opfuncid;
        *args = reinterpret_cast<OpExpr*>(node)->args;
        return true;
    }
    if (IsA(node, FuncExpr)) {
        *fn = reinterpret_cast<FuncExpr*>(node)->funcid;
        *args = reinterpret_cast<FuncExpr*>(node)->args;
        return true;
    }
    return false;
}

/* fn is a form of our + (op 0), - (1) or * (2). */
bool is_arith_fn(Oid fn, int op) {
    for (const Oid form : cache.arith[op])
        if (OidIsValid(form) && form == fn)
            return true;
    return false;
}

/* A multiplication by fastnumeric_mul; its two operands go to *args. */
bool is_our_multiply(Node* node, List** args) {
    Oid fn;
    return call_of(node, &fn, args) && list_length(*args) == 2 && is_arith_fn(fn, kMultiply);
}

/*
 * Evaluating node can raise no error but numeric's "value overflows numeric format":
 * columns, constants and our + - * unary - + of them.
 */
bool raises_only_overflow(Node* node) {
    check_stack_depth();
    if (IsA(node, Var) || IsA(node, Const))
        return true;
    if (IsA(node, RelabelType))
        return raises_only_overflow(reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(node)->arg));
    Oid fn;
    List* args;
    if (!call_of(node, &fn, &args))
        return false;
    bool ours = false;
    for (int op = 0; op < kArithOps; ++op)
        ours = ours || is_arith_fn(fn, op);
    for (const int i : {entry_of(F_NUMERIC_UMINUS), entry_of(F_NUMERIC_UPLUS)})
        ours = ours || (OidIsValid(cache.found[i].fast_fn) && cache.found[i].fast_fn == fn);
    ListCell* lc;
    foreach (lc, args)
        ours = ours && raises_only_overflow(static_cast<Node*>(lfirst(lc)));
    return ours;
}

/* The factors of our sum(a * b) or sum((a * b) * c) that fastnumeric_sum_product can take: their count, or 0. */
int product_factors(const Aggref* aggref, Node* factors[kMaxProductFactors]) {
    const Oid sum = cache.found[kSumEntry].fast_fn;
    if (!OidIsValid(sum) || aggref->aggfnoid != sum || DO_AGGSPLIT_COMBINE(aggref->aggsplit) ||
        aggref->aggkind != AGGKIND_NORMAL || aggref->aggdistinct != NIL || aggref->aggorder != NIL ||
        list_length(aggref->args) != 1)
        return 0;
    List* operands;
    if (!is_our_multiply(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr), &operands))
        return 0;
    Node* left = static_cast<Node*>(linitial(operands));
    Node* right = static_cast<Node*>(lsecond(operands));
    List* inner;
    // c is evaluated before a * b is multiplied: only an error a * b's could not precede
    if (OidIsValid(cache.sum_product[3]) && is_our_multiply(left, &inner) && raises_only_overflow(right)) {
        factors[0] = static_cast<Node*>(linitial(inner));
        factors[1] = static_cast<Node*>(lsecond(inner));
        factors[2] = right;
        return 3;
    }
    if (!OidIsValid(cache.sum_product[2]))
        return 0;
    factors[0] = left;
    factors[1] = right;
    return 2;
}

bool collect_aggrefs(Node* node, void* context) {
    if (node == nullptr)
        return false;
    if (IsA(node, Aggref)) {   // an Agg node's own: aggregates do not nest
        List** aggrefs = static_cast<List**>(context);
        *aggrefs = lappend(*aggrefs, node);
        return false;
    }
    return walk_expression(node, collect_aggrefs, context);
}

/* Whether another aggregate of the node shares aggref's transition state. */
bool shares_state(const Aggref* aggref, List* aggrefs) {
    ListCell* lc;
    foreach (lc, aggrefs) {
        const Aggref* other = static_cast<const Aggref*>(lfirst(lc));
        if (other->aggtransno == aggref->aggtransno && other->aggno != aggref->aggno)
            return true;
    }
    return false;
}

/* In place, like the rest: each Aggref of the node of a sum of a product becomes fastnumeric_sum_product. */
void fuse_sums_of_products(Plan* agg, Rewrite* rw) {
    List* aggrefs = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(agg->targetlist), &aggrefs);
    collect_aggrefs(reinterpret_cast<Node*>(agg->qual), &aggrefs);
    ListCell* lc;
    foreach (lc, aggrefs) {
        Aggref* aggref = static_cast<Aggref*>(lfirst(lc));
        Node* factors[kMaxProductFactors];
        const int n = product_factors(aggref, factors);
        if (n == 0 || shares_state(aggref, aggrefs))
            continue;
        List* args = NIL;
        List* types = NIL;
        for (int i = 0; i < n; ++i) {
            args = lappend(args, makeTargetEntry(reinterpret_cast<Expr*>(factors[i]), static_cast<AttrNumber>(i + 1),
                                                 nullptr, false));
            types = lappend_oid(types, exprType(factors[i]));
        }
        aggref->aggfnoid = cache.sum_product[n];
        aggref->args = args;
        aggref->aggargtypes = types;
        rw->fused |= 1u << n;
        ++rw->sums_of_products;
    }
    list_free(aggrefs);
}

/* Calls f on every plan node directly below plan (subplans of SubPlan nodes excepted). */
template <typename F>
void for_each_child(Plan* plan, F f) {
    f(plan->lefttree);
    f(plan->righttree);
    List* children = NIL;
    switch (nodeTag(plan)) {
    case T_Append: children = reinterpret_cast<Append*>(plan)->appendplans; break;
    case T_MergeAppend: children = reinterpret_cast<MergeAppend*>(plan)->mergeplans; break;
    case T_BitmapAnd: children = reinterpret_cast<BitmapAnd*>(plan)->bitmapplans; break;
    case T_BitmapOr: children = reinterpret_cast<BitmapOr*>(plan)->bitmapplans; break;
    case T_CustomScan: children = reinterpret_cast<CustomScan*>(plan)->custom_plans; break;
    case T_Agg: children = reinterpret_cast<Agg*>(plan)->chain; break;
    case T_SubqueryScan: f(reinterpret_cast<SubqueryScan*>(plan)->subplan); break;
    default: break;
    }
    ListCell* lc;
    foreach (lc, children)
        f(static_cast<Plan*>(lfirst(lc)));
}

/*
 * Every expression the executor evaluates as one.  Left alone: index quals (the access method
 * reads their operator functions through numeric's operator class, and they show as Index Cond),
 * merge clauses (compared with the opclass's comparison function), and what foreign and custom
 * scans keep for their own code.
 */
void rewrite_plan(Plan* plan, Rewrite* rw) {
    if (plan == nullptr)
        return;
    check_stack_depth();
    rw->kept_states = nullptr;
    if (IsA(plan, Agg)) {   // Aggrefs live in an Agg node's target list and qual only
        find_kept_states(reinterpret_cast<Node*>(plan->targetlist), rw);
        find_kept_states(reinterpret_cast<Node*>(plan->qual), rw);
    }
    rewrite(plan->targetlist, rw);
    rewrite(plan->qual, rw);
    if (IsA(plan, Agg) && rw->sum_products)
        fuse_sums_of_products(plan, rw);
    rw->kept_states = nullptr;
    rewrite(plan->initPlan, rw);
    switch (nodeTag(plan)) {
    case T_Result: rewrite(reinterpret_cast<Result*>(plan)->resconstantqual, rw); break;
    case T_ModifyTable: {
        ModifyTable* m = reinterpret_cast<ModifyTable*>(plan);
        rewrite(m->withCheckOptionLists, rw);
        rewrite(m->returningLists, rw);
        rewrite(m->onConflictSet, rw);
        rewrite(m->onConflictWhere, rw);
        rewrite(m->mergeActionLists, rw);
#if PG_VERSION_NUM >= 170000
        rewrite(m->mergeJoinConditions, rw);
#endif
        break;
    }
    case T_SampleScan: rewrite(reinterpret_cast<SampleScan*>(plan)->tablesample, rw); break;
    case T_TidScan: rewrite(reinterpret_cast<TidScan*>(plan)->tidquals, rw); break;
    case T_TidRangeScan: rewrite(reinterpret_cast<TidRangeScan*>(plan)->tidrangequals, rw); break;
    case T_FunctionScan: rewrite(reinterpret_cast<FunctionScan*>(plan)->functions, rw); break;
    case T_ValuesScan: rewrite(reinterpret_cast<ValuesScan*>(plan)->values_lists, rw); break;
    case T_TableFuncScan: rewrite(reinterpret_cast<TableFuncScan*>(plan)->tablefunc, rw); break;
    case T_NestLoop:
    case T_MergeJoin: rewrite(reinterpret_cast<Join*>(plan)->joinqual, rw); break;
    case T_HashJoin: {
        HashJoin* j = reinterpret_cast<HashJoin*>(plan);
        rewrite(j->join.joinqual, rw);
        rewrite(j->hashclauses, rw);
        rewrite(j->hashkeys, rw);
        break;
    }
    case T_Hash: rewrite(reinterpret_cast<Hash*>(plan)->hashkeys, rw); break;
    case T_Memoize: rewrite(reinterpret_cast<Memoize*>(plan)->param_exprs, rw); break;
    case T_WindowAgg: {
        WindowAgg* w = reinterpret_cast<WindowAgg*>(plan);
        rewrite(w->startOffset, rw);
        rewrite(w->endOffset, rw);
        rewrite(w->runCondition, rw);
        rewrite(w->runConditionOrig, rw);
        break;
    }
    case T_Limit: {
        Limit* l = reinterpret_cast<Limit*>(plan);
        rewrite(l->limitOffset, rw);
        rewrite(l->limitCount, rw);
        break;
    }
    default: break;
    }
    for_each_child(plan, [rw](Plan* child) { rewrite_plan(child, rw); });
}

/* Whether a node of the tree satisfies `is`. */
template <typename Is>
bool tree_has(Plan* plan, Is is) {
    if (plan == nullptr)
        return false;
    check_stack_depth();
    bool found = is(plan);
    for_each_child(plan, [&found, &is](Plan* child) { found = found || tree_has(child, is); });
    return found;
}

/* Whether a node of the statement's plan or of its subplans satisfies `is`. */
template <typename Is>
bool statement_has(PlannedStmt* stmt, Is is) {
    bool found = tree_has(stmt->planTree, is);
    ListCell* lc;
    foreach (lc, stmt->subplans)
        found = found || tree_has(static_cast<Plan*>(lfirst(lc)), is);
    return found;
}

/* A foreign or custom scan may bring partial aggregate states from elsewhere. */
bool is_outside_scan(Plan* plan) { return IsA(plan, ForeignScan) || IsA(plan, CustomScan); }

bool is_agg(Plan* plan) { return IsA(plan, Agg); }

void add_invalidation(PlannedStmt* stmt, Oid fn) {
    PlanInvalItem* item = makeNode(PlanInvalItem);
    item->cacheId = PROCOID;
    item->hashValue = GetSysCacheHashValue1(PROCOID, ObjectIdGetDatum(fn));
    stmt->invalItems = lappend(stmt->invalItems, item);
}

void rewrite_statement(PlannedStmt* stmt, bool substitute, bool sum_products) {
    Rewrite rw{};
    rw.substitute = substitute;
    rw.sum_products = sum_products;
    rw.split_aggregates = !statement_has(stmt, is_outside_scan);
    rewrite_plan(stmt->planTree, &rw);
    ListCell* lc;
    foreach (lc, stmt->subplans)
        rewrite_plan(static_cast<Plan*>(lfirst(lc)), &rw);
    if (rw.used == 0 && rw.fused == 0)
        return;
    // Cached plans are replanned when a function they call changes or goes (DROP EXTENSION).
    for (int i = 0; i < kSubstituteCount; ++i)
        if ((rw.used & (1u << i)) != 0)
            add_invalidation(stmt, cache.found[i].fast_fn);
    for (int n = 2; n <= kMaxProductFactors; ++n)
        if ((rw.fused & (1u << n)) != 0)
            add_invalidation(stmt, cache.sum_product[n]);
    ereport(DEBUG1, (errmsg_internal("fastnumeric: in this plan %d numeric operator or function calls and "
                                     "%d numeric aggregates run on fastnumeric's functions, %d sums of "
                                     "products on fastnumeric_sum_product",
                                     rw.calls, rw.aggregates, rw.sums_of_products)));
}

/*
 * Prepares the query for numeric's estimates (estimates.cpp), plans as before (the previous
 * hook or the standard planner), then rewrites the result when the accelerator is on.
 */
PlannedStmt* accelerating_planner(Query* parse, const char* query_string, int cursor_options,
                                  ParamListInfo bound_params) {
    prepare_estimates(parse);
    PlannedStmt* stmt = previous_planner != nullptr
                            ? previous_planner(parse, query_string, cursor_options, bound_params)
                            : standard_planner(parse, query_string, cursor_options, bound_params);
    if (stmt->commandType == CMD_UTILITY)
        return stmt;
    // without the accelerator, only an aggregate can change, and the substitutes (a few dozen
    // catalog lookups, once per backend) are not looked up for plans without one
    const bool fuse = sum_products && statement_has(stmt, is_agg);
    if ((accelerate_numeric || fuse) && substitutes_ready())
        rewrite_statement(stmt, accelerate_numeric, fuse);
    return stmt;
}

}  // namespace

namespace fastnumeric {

void install_planner_hook() {
    previous_planner = planner_hook;
    planner_hook = accelerating_planner;
}

}  // namespace fastnumeric
