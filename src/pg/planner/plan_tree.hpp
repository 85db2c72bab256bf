/*
 * plan_tree.hpp — walking a finished plan and the expressions in it, for the planner's work
 * (hook.cpp), and what it changed.
 */
#pragma once

#include "pg_compat.hpp"

extern "C" {
#include "miscadmin.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pg_list.h"
#include "nodes/plannodes.h"
}

namespace fastnumeric {

/* expression_tree_walker and query_tree_walker, whose callback type before 16 is an
   unprototyped C function. */
using TreeWalker = bool (*)(Node*, void*);

inline bool walk_expression(Node* node, TreeWalker walker, void* context) {
#if PG_VERSION_NUM >= 160000
    return expression_tree_walker(node, walker, context);
#else
    return expression_tree_walker(node, reinterpret_cast<bool (*)()>(reinterpret_cast<void (*)()>(walker)), context);
#endif
}

inline bool walk_query(Query* query, TreeWalker walker, void* context) {
#if PG_VERSION_NUM >= 160000
    return query_tree_walker(query, walker, context, 0);
#else
    return query_tree_walker(query, reinterpret_cast<bool (*)()>(reinterpret_cast<void (*)()>(walker)), context, 0);
#endif
}

/* What the passes put into a plan: the functions (so that changing or dropping one replans
   cached plans) and how many calls, aggregates, sums of products, expression programs and
   operators kept by plan nodes (sorting, grouping, hashing, merging) changed. */
struct PlanChanges {
    List* functions;   // OIDs, each once
    int calls;
    int aggregates;
    int sums_of_products;
    int programs;    // expression programs, aggregates of them included
    int row_sums;    // sum and avg aggregates sharing a row's transition
    int operators;   // kept by sort, grouping, hash and merge nodes
};

inline void record_function(PlanChanges* changes, Oid fn) {
    changes->functions = list_append_unique_oid(changes->functions, fn);
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

/* Calls f on plan and every node below it, parents first. */
template <typename F>
void for_each_node(Plan* plan, F& f) {
    if (plan == nullptr)
        return;
    check_stack_depth();
    f(plan);
    for_each_child(plan, [&f](Plan* child) { for_each_node(child, f); });
}

/* Calls f on every node of the statement's plan and of its subplans. */
template <typename F>
void for_each_node(PlannedStmt* stmt, F f) {
    for_each_node(stmt->planTree, f);
    ListCell* lc;
    foreach (lc, stmt->subplans)
        for_each_node(static_cast<Plan*>(lfirst(lc)), f);
}

/* Whether a node of plan's tree satisfies `is` (stops at the first). */
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

}   // namespace fastnumeric
