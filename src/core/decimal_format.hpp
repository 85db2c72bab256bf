/*
 * decimal_format.hpp — numeric body to text, exactly as numeric_out prints it.
 *
 * Finite values print as [-]integer[.fraction] with exactly dscale fraction digits (digits
 * below the stored ones print as zeros, stored digits beyond dscale are cut); specials print
 * as NaN, Infinity and -Infinity.  The caller allocates once, format_buffer_size() bytes (a
 * cheap bound: a few bytes more than the text), and the formatter writes whole 4-digit groups.
 */
#pragma once

#include <cstddef>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* Bytes format_numeric needs: the text, the terminating NUL, and up to 3 bytes of slack. */
inline size_t format_buffer_size(const NumericView& v) {
    if (v.kind != Kind::Finite)
        return sizeof "-Infinity";
    const size_t integer_part = v.weight < 0 ? 1 : (static_cast<size_t>(v.weight) + 1) * kDecDigits;
    return 1 + integer_part + 1 + static_cast<size_t>(v.dscale) + 3 + 1;
}

/* Write the text into out (format_buffer_size(v) bytes), no NUL; return the end of the text. */
char* format_numeric(const NumericView& v, char* out);

}   // namespace fastnumeric
