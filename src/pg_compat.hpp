/*
 * pg_compat.hpp — the only header that includes PostgreSQL's server headers.
 *
 * C++ standard headers come first: PostgreSQL's port.h redefines snprintf and friends, and
 * <cstdio> included afterwards would silently undo that.  Server headers sit in one
 * extern "C" block so their symbols are not C++-mangled.  Code in src/core never includes
 * this file (numeric_layout.hpp refuses to compile next to postgres.h).
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

extern "C" {
#include "postgres.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"   // the varlena macros left postgres.h in 16
#endif

#include "common/hashfn.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/sortsupport.h"
}
