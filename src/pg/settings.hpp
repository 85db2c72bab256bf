/*
 * settings.hpp — the extension's GUCs (defined in module.cpp, registered in _PG_init).
 */
#pragma once

namespace fastnumeric {

/* fastnumeric.input_cache: reuse the datums of short texts seen twice in a row. */
extern bool input_cache_enabled;

/* fastnumeric.accelerate_numeric: plans made while it is on call fastnumeric's functions
   where numeric's were planned (accelerate.cpp). */
extern bool accelerate_numeric;

/* fastnumeric.sum_products: plans sum a product of our multiplications with
   fastnumeric_sum_product (accelerate.cpp). */
extern bool sum_products;

/* Puts accelerate.cpp's planner hook in front of any installed before; _PG_init calls it once. */
void install_planner_hook();

}  // namespace fastnumeric
