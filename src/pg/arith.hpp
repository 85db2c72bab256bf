/*
 * arith.hpp — the SQL functions of arith.cpp that other files call.
 */
#pragma once

#include "pg_compat.hpp"

extern "C" {
/* fastnumeric * fastnumeric (and either side numeric): numeric_mul's result and errors. */
Datum fastnumeric_mul(PG_FUNCTION_ARGS);
}
