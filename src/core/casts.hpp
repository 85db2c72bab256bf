/*
 * casts.hpp — numeric's conversions to and from machine integers and floats, and its
 * rounding to a typmod, for the values machine arithmetic can decide exactly.
 *
 * Each function either gives the value numeric gives or declines (returns false, or
 * Rescaled::Decline), and the caller runs numeric's own function, which also raises every
 * error (NaN or infinity to an integer, out of range, field overflow):
 *   integer -> numeric     the integer, dscale 0;
 *   numeric -> integer     rounded half away from zero;
 *   float -> numeric       numeric prints the float with 15 significant digits (float4: 6),
 *                          as printf's %g rounds them (to nearest, ties to even, from the exact
 *                          binary value), then reads that text: the dscale is the decimals the
 *                          text shows;
 *   numeric -> float       numeric reads its own text with strtod (strtof): the correctly
 *                          rounded float, which one IEEE division or multiplication of two
 *                          exactly representable operands also gives;
 *   typmod                 rounded half away from zero to the scale, checked against the
 *                          precision.
 */
#pragma once

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* x as numeric's value (dscale 0), digits written to `digits`. */
FiniteValue integer_value(int64_t x, uint16_t digits[kUint128MaxGroups]);

/* v rounded half away from zero, when it fits int64; false: decline. */
bool rounded_integer(const NumericView& v, int64_t* out);

/* The value numeric makes of x printed with `significant` digits (15 or 6); false: decline
   (NaN, infinities, and magnitudes whose exact scaling does not fit 128 bits). */
bool printed_float(double x, int significant, uint16_t digits[kUint128MaxGroups], FiniteValue* out);

/* v as the nearest double (float); false: decline. */
bool nearest_double(const NumericView& v, double* out);
bool nearest_float(const NumericView& v, float* out);

/* numeric's rounding of v to a typmod's precision and scale. */
enum class Rescaled : uint8_t { Done, Overflow, Decline };
Rescaled rescale_small(const NumericView& v, int precision, int scale, uint16_t digits[kUint128MaxGroups],
                       FiniteValue* out);

}   // namespace fastnumeric
