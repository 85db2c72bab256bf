/*
 * division.hpp — numeric's / and % of values small enough for machine integers.
 *
 * numeric's rules, reproduced:
 *   /  the quotient rounded half away from zero at division_scale(a, b) decimals: at least
 *      16 significant digits, never fewer decimals than either operand shows, at most 1000;
 *   %  a - b * trunc(a / b), the sign of a, dscale the larger operand dscale.
 * Both take finite operands of at most kInt64Groups digit groups and a nonzero divisor, and
 * decline (return false) whatever the 128-bit arithmetic cannot hold: the caller then runs
 * numeric's own function, which also raises division by zero.
 */
#pragma once

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* numeric's result scale of a / b (select_div_scale), for finite a and b. */
int division_scale(const NumericView& a, const NumericView& b);

/* a / b with numeric's scale and rounding, digits written to `digits`; false: decline. */
bool divide_small(const NumericView& a, const NumericView& b, uint16_t digits[kUint128MaxGroups], FiniteValue* out);

/* a % b as numeric computes it, digits written to `digits`; false: decline. */
bool modulo_small(const NumericView& a, const NumericView& b, uint16_t digits[kUint128MaxGroups], FiniteValue* out);

}   // namespace fastnumeric
