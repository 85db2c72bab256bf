/*
 * arith.hpp — the SQL functions of arith.cpp that other files call.
 */
#pragma once

#include "pg_compat.hpp"

extern "C" {
/* fastnumeric + - * (either side may be numeric) and unary -: numeric's results and errors. */
Datum fastnumeric_add(PG_FUNCTION_ARGS);
Datum fastnumeric_sub(PG_FUNCTION_ARGS);
Datum fastnumeric_mul(PG_FUNCTION_ARGS);
Datum fastnumeric_uminus(PG_FUNCTION_ARGS);
}
