/*
 * row_sums.hpp — a row's sums: the sums and averages of one Agg node sharing one transition a
 * table row (row_sums.cpp).
 */
#pragma once

#include "pg/planner/plan_tree.hpp"

namespace fastnumeric {

/* In an Agg node that steps its aggregates, the transitions of our sum and avg of programs whose
   evaluation between them only counts can raise nothing become shared states of up to
   kMaxRowSums sums (with `share`), in transition order (so that the first error of a row stays
   the separate aggregates'); a sum or avg of a program that shares with none is a row of one. */
void share_row_sums(Agg* agg, bool share, PlanChanges* changes);

/* The same for the partial Agg node below a finalizing one (through Gather, Gather Merge and
   sorts), and the finalizing node's aggregates that read its states. */
void share_partial_row_sums(Agg* finalize, PlanChanges* changes);

}   // namespace fastnumeric
