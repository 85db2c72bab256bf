/*
 * decimal_format.hpp — numeric body to text, exactly as numeric_out prints it.
 *
 * Finite values print as [-]integer[.fraction] with exactly dscale fraction digits (digits
 * below the stored ones print as zeros, stored digits beyond dscale are cut); specials print
 * as NaN, Infinity and -Infinity.  The length is computed first so the caller allocates once.
 */
#pragma once

#include <cstddef>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* Characters format_numeric will write, without the terminating NUL. */
size_t formatted_length(const NumericView& v);

/* Write the text (formatted_length(v) chars, no NUL) and return the end. */
char* format_numeric(const NumericView& v, char* out);

}  // namespace fastnumeric
