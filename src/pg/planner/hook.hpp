/*
 * planner.hpp — the extension's planner hook (planner.cpp).
 */
#pragma once

namespace fastnumeric {

/* Puts the planner hook in front of any installed before; _PG_init calls it once. */
void install_planner_hook();

}   // namespace fastnumeric
