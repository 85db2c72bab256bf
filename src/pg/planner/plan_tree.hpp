/*
 * plan_tree.hpp — walking a finished plan, for the planner passes (planner.cpp calls them), and
 * what a pass changed.
 */
#pragma once

#include "pg_compat.hpp"

extern "C" {
#include "miscadmin.h"
#include "nodes/pg_list.h"
#include "nodes/plannodes.h"
}

namespace fastnumeric {

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
