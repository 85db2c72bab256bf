/*
 * accelerator.hpp — the planner pass of fastnumeric.accelerate_numeric: plans over plain numeric
 * call fastnumeric's functions (accelerator.cpp).
 */
#pragma once

#include "pg/planner/plan_tree.hpp"

namespace fastnumeric {

/* Puts fastnumeric's functions where stmt calls numeric's; substitutes_ready() must have said
   yes. */
void accelerate_plan(PlannedStmt* stmt, PlanChanges* changes);

}   // namespace fastnumeric
