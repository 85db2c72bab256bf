/*
 * estimates.hpp — numeric's selectivity estimates for comparisons on fastnumeric (estimates.cpp).
 */
#pragma once

struct Query;   // PostgreSQL's parse tree (nodes/parsenodes.h)

namespace fastnumeric {

/* Relabels the fastnumeric constants and parameters compared by < <= > >= as numeric; the
   planner hook calls it on each query before planning. */
void prepare_estimates(Query* parse);

/* Installs the statistics hooks in front of any installed before; _PG_init calls it once. */
void install_estimate_hooks();

}   // namespace fastnumeric
