/*
 * sum_products.hpp — the planner pass that sums products without making their datums
 * (fastnumeric.sum_products; sum_products.cpp).
 */
#pragma once

#include "pg/plan_tree.hpp"

namespace fastnumeric {

/* fastnumeric_sum_product(a, b) and (a, b, c): the install script's two forms. */
constexpr int kMaxFusedFactors = 3;

/* In every Agg node of stmt, each fastnumeric sum(a * b) or sum((a * b) * c) that can be
   becomes fastnumeric_sum_product(a, b [, c]); substitutes_ready() must have said yes. */
void fuse_sums_of_products(PlannedStmt* stmt, PlanChanges* changes);

}  // namespace fastnumeric
