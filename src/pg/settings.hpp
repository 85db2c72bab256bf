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

/* fastnumeric.sum_products: plans sum a product of our multiplications with
   fastnumeric_sum_product (sum_products.cpp). */
extern bool sum_products;

/* fastnumeric.expression_programs: plans evaluate trees of our + - * and unary - in one call
   (fastnumeric_expr; sum_products.cpp). */
extern bool expression_programs;

}   // namespace fastnumeric
