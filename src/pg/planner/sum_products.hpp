/*
 * sum_products.hpp — the planner pass that sums products without making their datums
 * (fastnumeric.sum_products; sum_products.cpp).
 */
#pragma once

#include "pg/planner/plan_tree.hpp"

namespace fastnumeric {

/* fastnumeric_sum_product(a, b) and (a, b, c): the install script's two forms. */
constexpr int kMaxFusedFactors = 3;

/* In every plain Agg node of stmt, our sums and averages of programs (and of columns) whose
   transitions can share one state become a row's sums (row_sums.cpp): fastnumeric_row_sum_K and
   fastnumeric_row_avg_K over all their operands, one transition a row; before
   fuse_sums_of_products, which then leaves them. */
void share_row_sums(PlannedStmt* stmt, PlanChanges* changes);

/* In every Agg node of stmt, each fastnumeric sum(a * b) or sum((a * b) * c) that can be
   becomes fastnumeric_sum_product(a, b [, c]); substitutes_ready() must have said yes. */
void fuse_sums_of_products(PlannedStmt* stmt, PlanChanges* changes);

/* In every plan node the executor evaluates the expressions of (fastnumeric.expression_programs):
   each tree of two or more of our + - * unary - + over columns, constants and query parameters
   becomes fastnumeric_expr(program, operands...), and sum, avg, min and max of a tree of one
   or more (fastnumeric.sum_products) fastnumeric_sum_expr, avg_expr, min_expr and max_expr; after
   fuse_sums_of_products, which then leaves them the products of other than operands. */
void fuse_expression_programs(PlannedStmt* stmt, PlanChanges* changes);

}   // namespace fastnumeric
