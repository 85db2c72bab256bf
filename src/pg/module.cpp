/*
 * module.cpp — the module's magic block, declared once.
 */
#include "pg_compat.hpp"

extern "C" {
PG_MODULE_MAGIC;
}
