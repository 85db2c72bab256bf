/*
 * fusion.hpp — fusing aggregate arguments and expressions of fastnumeric's operators into
 * single calls, without the intermediate datums (fusion.cpp).
 */
#pragma once

#include "pg/planner/plan_tree.hpp"

namespace fastnumeric {

/* Rewrites stmt's nodes in place, each once: with `aggregates` (fastnumeric.fuse_aggregates) a
   row's sums and sums of products in its Agg nodes, with `programs`
   (fastnumeric.expression_programs) expression programs and, with both, aggregates of them.
   substitutes_ready() must have said yes. */
void fuse_plan(PlannedStmt* stmt, bool aggregates, bool programs, PlanChanges* changes);

/* Our sum(a * b) of two operands (columns, constants, parameters) that fastnumeric_sum_product
   takes, its factors into *factors; the case a row's sums leave alone (fusion.cpp). */
bool sum_of_product(const Aggref* aggref, List** factors);

}   // namespace fastnumeric
