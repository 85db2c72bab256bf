/*
 * numeric_order.hpp — ordering of numeric values read in place, and abbreviated sort keys.
 *
 * The order is numeric's: -Infinity < finite values < +Infinity < NaN, NaN equals NaN, and
 * finite values compare by value whatever their dscale (1.0 = 1.00).
 */
#pragma once

#include <cstdint>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* -1, 0 or 1. */
int compare_numeric(const NumericView& a, const NumericView& b);

/*
 * An int64 key whose signed order never contradicts compare_numeric: keys differ only when
 * values do, in the same direction.  Equal keys say nothing; the sort then compares values.
 * Finite keys carry the weight and the first three base-10000 digits (12 decimal digits).
 */
int64_t abbreviated_key(const NumericView& v);

}  // namespace fastnumeric
