/*
 * module.cpp — the module's magic block and its settings.
 */
#include "pg/plain_data.hpp"
#include "pg/settings.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "utils/guc.h"
}

namespace fastnumeric {
bool input_cache_enabled = false;   // since the short parser, parsing costs what a hit does
}

extern "C" {

PG_MODULE_MAGIC;

void _PG_init(void);

void _PG_init(void) {
    DefineCustomBoolVariable(
        "fastnumeric.input_cache",
        "Reuses the values of short numeric texts seen twice in a row in text input.",
        "A small per-backend cache keyed by the text and the typmod; results are identical "
        "either way.",
        &fastnumeric::input_cache_enabled, fastnumeric::input_cache_enabled, PGC_USERSET, 0,
        nullptr, nullptr, nullptr);
#if PG_VERSION_NUM >= 150000
    MarkGUCPrefixReserved("fastnumeric");
#endif
}

}  // extern "C"
