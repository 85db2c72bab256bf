/*
 * accelerator.cpp — fastnumeric.accelerate_numeric: plans over plain numeric call fastnumeric's
 * functions, and sort, group, hash and merge with fastnumeric's operators.
 *
 * The pass rewrites the finished PlannedStmt, never the query: stored views and rules stay as
 * they are, the plan and its estimates are the ones numeric's operators gave (OpExpr keeps its
 * opno), and every result type stays numeric.  Function OIDs change: the opfuncid of OpExpr
 * (and of DistinctExpr, NullIfExpr, ScalarArrayOpExpr, whose hash function for a hashed = ANY
 * too), the funcid of FuncExpr, the aggfnoid of Aggref and the winfnoid of WindowFunc (whose
 * arguments get a relabel where the executor wants them typed like our state), each to its
 * substitute (substitutes.cpp).  Aggregate states never mix: an Aggref sharing its state with
 * one that keeps numeric's keeps numeric's, and partial and combining Aggrefs are replaced
 * together, unless a foreign or custom scan could bring states made elsewhere.
 *
 * Operator OIDs change where a plan node keeps them for the executor to find sort support,
 * equality or hashing through (sort keys, grouping, DISTINCT, set operations, window
 * partitions and peers, WITH TIES, Memoize and hash join keys, the ORDER BY and DISTINCT of
 * aggregates, hashed subplans): numeric's = < > become ours of the same strategy, whose order,
 * equality and hash values are numeric's.  A merge join and a hashed subplan find theirs
 * through the operator of their clauses, which get ours too (the only OpExprs whose opno
 * changes).  What the executor takes from the catalog by type or operator class (input and
 * output, index and partition support, constraints) stays numeric's.
 */
#include "pg/planner/accelerator.hpp"

#include "pg/catalog/catalog.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "nodes/bitmapset.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
}

using namespace fastnumeric;

namespace {

struct Rewrite {
    bool split_aggregates;    // partial and combining Aggrefs may be replaced
    Bitmapset* kept_states;   // the current Agg node's transition states (aggtransno) kept numeric's
    PlanChanges* changes;
};

/* The aggregate that replaces aggref in this plan, or InvalidOid. */
Oid aggregate_substitute(const Aggref* aggref, const Rewrite* rw) {
    if (aggref->aggsplit != AGGSPLIT_SIMPLE && !rw->split_aggregates)
        return InvalidOid;
    return substitute_for(aggref->aggfnoid, true);
}

Oid replaced(Oid fn, Rewrite* rw) {
    const Oid ours = substitute_for(fn, false);
    if (!OidIsValid(ours))
        return fn;
    record_function(rw->changes, ours);
    ++rw->changes->calls;
    return ours;
}

/* Ours for numeric's operator opno that a plan node keeps, else opno. */
Oid replaced_operator(Oid opno, Rewrite* rw) {
    Oid code;
    const Oid ours = substitute_operator(opno, &code);
    if (!OidIsValid(ours))
        return opno;
    record_function(rw->changes, code);
    ++rw->changes->operators;
    return ours;
}

void replace_operators(Oid* operators, int count, Rewrite* rw) {
    for (int i = 0; i < count; ++i)
        operators[i] = replaced_operator(operators[i], rw);
}

void replace_operators(List* operators, Rewrite* rw) {
    ListCell* lc;
    foreach (lc, operators)
        lfirst_oid(lc) = replaced_operator(lfirst_oid(lc), rw);
}

/* A clause the executor reads by its operator, numeric's =: ours (EXPLAIN then prints it as
   OPERATOR(schema.=), the operator not resolving from numeric arguments).  Whether it changed. */
bool make_ours(Expr* clause, Rewrite* rw) {
    if (!IsA(clause, OpExpr))
        return false;
    OpExpr* op = reinterpret_cast<OpExpr*>(clause);
    Oid code;
    const Oid ours = substitute_operator(op->opno, &code);
    if (!OidIsValid(ours))
        return false;
    op->opno = ours;
    op->opfuncid = code;
    record_function(rw->changes, code);
    ++rw->changes->operators;
    return true;
}

/* The ORDER BY or DISTINCT of an aggregate: the executor (or an ordered-set aggregate's
   transition function) sorts and compares its input with these. */
void replace_sort_clauses(List* clauses, Rewrite* rw) {
    ListCell* lc;
    foreach (lc, clauses) {
        SortGroupClause* clause = lfirst_node(SortGroupClause, lc);
        clause->sortop = replaced_operator(clause->sortop, rw);
        clause->eqop = replaced_operator(clause->eqop, rw);
    }
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
        const Oid hash = substitute_hash_function(op->hashfuncid);
        if (OidIsValid(hash)) {
            op->hashfuncid = hash;
            record_function(rw->changes, hash);
            ++rw->changes->operators;
        }
        break;
    }
    case T_SubPlan: {   // a hashed one hashes and compares through its test's operators
        SubPlan* subplan = reinterpret_cast<SubPlan*>(node);
        if (subplan->useHashTable && subplan->testexpr != nullptr) {
            if (is_andclause(subplan->testexpr)) {
                ListCell* lc;
                foreach (lc, reinterpret_cast<BoolExpr*>(subplan->testexpr)->args)
                    make_ours(static_cast<Expr*>(lfirst(lc)), rw);
            } else {
                make_ours(reinterpret_cast<Expr*>(subplan->testexpr), rw);
            }
        }
        break;
    }
    case T_Aggref: {
        Aggref* aggref = reinterpret_cast<Aggref*>(node);
        const Oid ours = aggregate_substitute(aggref, rw);
        if (OidIsValid(ours) && !bms_is_member(aggref->aggtransno, rw->kept_states)) {
            aggref->aggfnoid = ours;
            record_function(rw->changes, ours);
            ++rw->changes->aggregates;
        }
        replace_sort_clauses(aggref->aggorder, rw);
        replace_sort_clauses(aggref->aggdistinct, rw);
        break;
    }
    case T_WindowFunc: {
        WindowFunc* wfunc = reinterpret_cast<WindowFunc*>(node);
        bool relabel_args = false;
        const Oid ours = substitute_for(wfunc->winfnoid, true, &relabel_args);
        if (OidIsValid(ours) && wfunc->winagg) {
            wfunc->winfnoid = ours;
            if (relabel_args) {
                ListCell* lc;
                foreach (lc, wfunc->args) {
                    Expr* arg = static_cast<Expr*>(lfirst(lc));
                    lfirst(lc) = makeRelabelType(arg, fastnumeric_type(), exprTypmod(reinterpret_cast<Node*>(arg)),
                                                 InvalidOid, COERCE_IMPLICIT_CAST);
                }
            }
            record_function(rw->changes, ours);
            ++rw->changes->aggregates;
        }
        break;
    }
    default: break;
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
        if (!OidIsValid(aggregate_substitute(aggref, rw)))
            rw->kept_states = bms_add_member(rw->kept_states, aggref->aggtransno);
    }
    return walk_expression(node, find_kept_states, context);
}

void rewrite(void* expressions, Rewrite* rw) { rewrite_expression(static_cast<Node*>(expressions), rw); }

/* The count operators of node type N at field operators (their count at field count). */
template <typename N>
void replace_in(Plan* plan, Oid* N::*operators, int N::*count, Rewrite* rw) {
    N* node = reinterpret_cast<N*>(plan);
    replace_operators(node->*operators, node->*count, rw);
}

/* The operators a node keeps for sorting, grouping, hashing and merging. */
void replace_kept_operators(Plan* plan, Rewrite* rw) {
    switch (nodeTag(plan)) {
    case T_Sort:   // (an Agg's chain keeps its sorts as Sort nodes too)
    case T_IncrementalSort: replace_in(plan, &Sort::sortOperators, &Sort::numCols, rw); break;
    case T_GatherMerge: replace_in(plan, &GatherMerge::sortOperators, &GatherMerge::numCols, rw); break;
    case T_MergeAppend: replace_in(plan, &MergeAppend::sortOperators, &MergeAppend::numCols, rw); break;
    case T_Agg: replace_in(plan, &Agg::grpOperators, &Agg::numCols, rw); break;
    case T_Group: replace_in(plan, &Group::grpOperators, &Group::numCols, rw); break;
    case T_Unique: replace_in(plan, &Unique::uniqOperators, &Unique::numCols, rw); break;
#if PG_VERSION_NUM >= 180000   // sort operators of sorted inputs, or equality operators
    case T_SetOp: replace_in(plan, &SetOp::cmpOperators, &SetOp::numCols, rw); break;
#else
    case T_SetOp: replace_in(plan, &SetOp::dupOperators, &SetOp::numCols, rw); break;
#endif
    case T_RecursiveUnion: replace_in(plan, &RecursiveUnion::dupOperators, &RecursiveUnion::numCols, rw); break;
    case T_WindowAgg:
        replace_in(plan, &WindowAgg::partOperators, &WindowAgg::partNumCols, rw);
        replace_in(plan, &WindowAgg::ordOperators, &WindowAgg::ordNumCols, rw);
        break;
    case T_Limit: replace_in(plan, &Limit::uniqOperators, &Limit::uniqNumCols, rw); break;   // WITH TIES
    case T_Memoize: replace_in(plan, &Memoize::hashOperators, &Memoize::numKeys, rw); break;
    case T_HashJoin: replace_operators(reinterpret_cast<HashJoin*>(plan)->hashoperators, rw); break;
    case T_MergeJoin: {   // compares with the sort support its family has for the clause's types
        MergeJoin* j = reinterpret_cast<MergeJoin*>(plan);
        int i = 0;
        ListCell* lc;
        foreach (lc, j->mergeclauses) {
            const Oid family = substitute_merge_family(j->mergeFamilies[i]);
            if (OidIsValid(family) && make_ours(static_cast<Expr*>(lfirst(lc)), rw))
                j->mergeFamilies[i] = family;
            ++i;
        }
        break;
    }
    default: break;
    }
}

/*
 * Every expression the executor evaluates as one.  Left alone: index quals (the access method
 * reads their operator functions through numeric's operator class, and they show as Index Cond),
 * merge clauses (not evaluated: see replace_kept_operators), and what foreign and custom scans
 * keep for their own code.
 */
void rewrite_node(Plan* plan, Rewrite* rw) {
    rw->kept_states = nullptr;
    if (IsA(plan, Agg)) {   // Aggrefs live in an Agg node's target list and qual only
        find_kept_states(reinterpret_cast<Node*>(plan->targetlist), rw);
        find_kept_states(reinterpret_cast<Node*>(plan->qual), rw);
    }
    rewrite(plan->targetlist, rw);
    rewrite(plan->qual, rw);
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
    replace_kept_operators(plan, rw);
}

/* A foreign or custom scan may bring partial aggregate states from elsewhere. */
bool is_outside_scan(Plan* plan) { return IsA(plan, ForeignScan) || IsA(plan, CustomScan); }

}   // namespace

namespace fastnumeric {

void accelerate_plan(PlannedStmt* stmt, PlanChanges* changes) {
    Rewrite rw{};
    rw.split_aggregates = !statement_has(stmt, is_outside_scan);
    rw.changes = changes;
    for_each_node(stmt, [&rw](Plan* plan) { rewrite_node(plan, &rw); });
}

}   // namespace fastnumeric
