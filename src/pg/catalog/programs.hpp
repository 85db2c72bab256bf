/*
 * programs.hpp — the extension's functions and aggregates that fused aggregate arguments run on
 * (expression programs and a row's sums), as this database has them (programs.cpp).
 */
#pragma once

#include "core/expr_program.hpp"   // (src/core before any PostgreSQL header)
#include "pg_compat.hpp"

namespace fastnumeric {

/* InvalidOid where this database has none usable (catalog.hpp's rule) of the expected shape. */
struct ProgramFunctions {
    uint64 version;   // catalog_version() it was looked up at
    Oid expr;         // fastnumeric_expr(program, operands...)
    Oid min_expr, max_expr;
    Oid row_sum[kMaxRowSums], row_avg[kMaxRowSums], row_count;   // the row aggregates (row_sums.cpp), all or none
};

/* Looked up once per catalog_version(); needs substitutes_ready(). */
const ProgramFunctions& program_functions();

}   // namespace fastnumeric
