/*
 * settings.hpp — the extension's GUCs (defined in module.cpp, registered in _PG_init).
 */
#pragma once

namespace fastnumeric {

/* fastnumeric.input_cache: reuse the datums of texts of up to 16 bytes seen twice in a row. */
extern bool input_cache_enabled;

/* fastnumeric.accelerate_numeric: plans made while it is on call fastnumeric's functions
   where numeric's were planned (accelerator.cpp). */
extern bool accelerate_numeric;

/* fastnumeric.fuse_aggregates: plans fuse the arguments of our sums, averages, minimums and
   maximums (a row's sums, sums of products, aggregates of programs: planner/fusion.cpp).
   fastnumeric.sum_products, its earlier name, still turns it off: both must be on. */
extern bool fuse_aggregates;
extern bool sum_products_alias;
inline bool aggregates_fused() { return fuse_aggregates && sum_products_alias; }

/* fastnumeric.expression_programs: plans evaluate trees of our + - * and unary - in one call
   (fastnumeric_expr; planner/programs.cpp). */
extern bool expression_programs;

}   // namespace fastnumeric
