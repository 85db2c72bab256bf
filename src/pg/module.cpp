/*
 * module.cpp — the module's magic block, its settings and its hooks.
 */
#include "pg/planner/estimates.hpp"
#include "pg/plain_data.hpp"
#include "pg/planner/hook.hpp"
#include "pg/settings.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "utils/guc.h"
}

namespace fastnumeric {
bool input_cache_enabled = false;   // off: a compact decimal parses for about what a hit costs
bool accelerate_numeric = false;
bool fuse_aggregates = true;
bool sum_products_alias = true;
bool expression_programs = true;
}   // namespace fastnumeric

extern "C" {

PG_MODULE_MAGIC;

void _PG_init(void);

void _PG_init(void) {
    DefineCustomBoolVariable(
        "fastnumeric.input_cache", "Reuses the values of short numeric texts seen twice in a row in text input.",
        "A small per-backend cache keyed by the text and the typmod; results are identical "
        "either way.",
        &fastnumeric::input_cache_enabled, fastnumeric::input_cache_enabled, PGC_USERSET, 0, nullptr, nullptr, nullptr);
    DefineCustomBoolVariable("fastnumeric.accelerate_numeric",
                             "Plans over numeric values call fastnumeric's functions for numeric's.",
                             "Read when a plan is made: its numeric + - * unary - + @ abs(), comparisons and sum, avg, "
                             "min and max then run on fastnumeric's functions, which give numeric's results exactly. "
                             "Needs the extension in the database; plans made before keep what they had.",
                             &fastnumeric::accelerate_numeric, fastnumeric::accelerate_numeric, PGC_USERSET,
                             GUC_EXPLAIN, nullptr, nullptr, nullptr);
    DefineCustomBoolVariable(
        "fastnumeric.fuse_aggregates",
        "Plans fuse the arguments of fastnumeric's sum, avg, min and max into their transitions.",
        "Read when a plan is made: the sums and averages of one aggregation share a row's transition "
        "(fastnumeric_row_sum_K, _avg_K; a lone sum of an expression is a row of one), a lone sum(a * b) "
        "runs as fastnumeric_sum_product and, with fastnumeric.expression_programs, min and max of an "
        "expression as fastnumeric_min_expr and max_expr: the same results, without the arguments' datums.",
        &fastnumeric::fuse_aggregates, fastnumeric::fuse_aggregates, PGC_USERSET, GUC_EXPLAIN, nullptr, nullptr,
        nullptr);
    DefineCustomBoolVariable("fastnumeric.sum_products", "The earlier name of fastnumeric.fuse_aggregates.",
                             "Off turns the fusion of aggregates off as fastnumeric.fuse_aggregates does; it fuses "
                             "only while both are on.",
                             &fastnumeric::sum_products_alias, fastnumeric::sum_products_alias, PGC_USERSET,
                             GUC_EXPLAIN, nullptr, nullptr, nullptr);
    DefineCustomBoolVariable(
        "fastnumeric.expression_programs", "Plans evaluate expressions of fastnumeric + - * and unary - in one call.",
        "Read when a plan is made: a tree of two or more of these operators over columns, constants "
        "and parameters (fastnumeric's, and numeric's with fastnumeric.accelerate_numeric) runs as "
        "fastnumeric_expr, and with fastnumeric.fuse_aggregates sum and avg of one as a row's sums, min "
        "and max as fastnumeric_min_expr and max_expr, which give the same results and errors.",
        &fastnumeric::expression_programs, fastnumeric::expression_programs, PGC_USERSET, GUC_EXPLAIN, nullptr, nullptr,
        nullptr);
    fastnumeric::install_planner_hook();
    fastnumeric::install_estimate_hooks();
#if PG_VERSION_NUM >= 150000
    MarkGUCPrefixReserved("fastnumeric");
#endif
}

}   // extern "C"
