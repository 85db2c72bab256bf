/*
 * casts.hpp — numeric's conversions to and from machine integers and floats, and its
 * rounding to a typmod, for the values machine arithmetic decides exactly.
 *
 * Values are 2-byte-header bodies of at most four digit groups, read and written as
 * short_arith reads and writes them (results into kShortBodyBytes).  Each function gives what
 * numeric gives or declines (returns 0 or false, or Rescaled::Decline), and the caller runs
 * numeric's own function, which also raises every error (NaN or infinity to an integer, out
 * of range, field overflow):
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

#include <cstddef>
#include <cstdint>

namespace fastnumeric {

/* The body of x (dscale 0) into `out`; its size. */
int integer_body(int64_t x, unsigned char* out);

/* The value of a body rounded half away from zero, when it fits int64; false: decline. */
bool rounded_integer(const unsigned char* body, size_t len, int64_t* out);

/* The body numeric makes of x printed with `significant` digits (15 or 6), into `out`; its size,
   or 0 to decline (NaN, the infinities, magnitudes beyond the 128-bit scaling). */
int printed_float(double x, int significant, unsigned char* out);

/* A body's value as the nearest double (float); false: decline. */
bool nearest_double(const unsigned char* body, size_t len, double* out);
bool nearest_float(const unsigned char* body, size_t len, float* out);

/* numeric's rounding of a body to a typmod's precision and scale, into `out` (*size). */
enum class Rescaled : uint8_t { Done, Overflow, Decline };
Rescaled rescale_body(const unsigned char* body, size_t len, int precision, int scale, unsigned char* out, int* size);

}   // namespace fastnumeric
