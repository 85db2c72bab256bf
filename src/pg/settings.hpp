/*
 * settings.hpp — the extension's GUCs (defined in module.cpp, registered in _PG_init).
 */
#pragma once

namespace fastnumeric {

/* fastnumeric.input_cache: reuse the datums of short texts seen twice in a row. */
extern bool input_cache_enabled;

}  // namespace fastnumeric
