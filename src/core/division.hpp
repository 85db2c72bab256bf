/*
 * division.hpp — numeric's / and % of small values, in machine integers.
 *
 * numeric's rules, reproduced:
 *   /  the quotient rounded half away from zero at quotient_scale() decimals: at least 16
 *      significant digits, never fewer decimals than either operand shows, at most 1000;
 *   %  a - b * trunc(a / b), the sign of a, dscale the larger operand dscale.
 * Operands are 2-byte-header bodies of at most four digit groups, read as short_arith reads
 * them, and results are written as short_arith writes its own (kShortBodyBytes, the 2-byte
 * header).  Whatever else (long operands or results, a zero divisor, NaN, the infinities,
 * arithmetic beyond 128 bits) returns 0: the caller runs numeric's own function, which gives
 * those results and every error.
 */
#pragma once

#include <cstddef>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* numeric's result scale of a / b (select_div_scale), from each operand's first nonzero digit
   group and its weight (0 and 0 for zero) and its dscale. */
inline int quotient_scale(int weight_a, int first_a, int dscale_a, int weight_b, int first_b, int dscale_b) {
    constexpr int kMinSignificantDigits = 16;   // numeric's NUMERIC_MIN_SIG_DIGITS
    constexpr int kMaxDisplayScale = 1000;      // numeric's NUMERIC_MAX_DISPLAY_SCALE
    // the quotient's weight, one less when its first group would be below 1
    const int quotient_weight = weight_a - weight_b - (first_a <= first_b ? 1 : 0);
    int scale = kMinSignificantDigits - quotient_weight * kDecDigits;
    scale = scale > dscale_a ? scale : dscale_a;
    scale = scale > dscale_b ? scale : dscale_b;
    scale = scale > 0 ? scale : 0;
    return scale < kMaxDisplayScale ? scale : kMaxDisplayScale;
}

/* The body of a / b, or of a % b, into `out` (kShortBodyBytes); its size, or 0 to decline. */
int divide_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out);
int modulo_short_bodies(const unsigned char* a, size_t alen, const unsigned char* b, size_t blen, unsigned char* out);

}   // namespace fastnumeric
