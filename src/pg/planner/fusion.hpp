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

}   // namespace fastnumeric
