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

#include "core/short_arith.hpp"

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

/*
 * rescale_body where only the last digit group and the header's dscale change, the typmod
 * coercion's usual case (money stored to fewer decimals, or to more): the rounding falls
 * inside the last group without carrying out of it, and the value surely fits the precision.
 * The body is copied, not decoded and written again; its size, or 0: take rescale_body.
 */
__attribute__((always_inline)) inline int rescale_last_group(const unsigned char* body, size_t len, int precision,
                                                             int scale, unsigned char* out) {
    using namespace short_arith_detail;
    if (len < 4 || len > 2 + 2 * kSmallShortGroups || scale < 0 || scale > kShortDscaleMax)
        return 0;
    const uint16_t h = load_u16(body);
    const int weight = short_weight(h);
    if ((h & kSignMask) != kShort || (weight + 1) * kDecDigits > precision - scale)
        return 0;   // (numeric's sure test: fewer integer decimals than the precision leaves)
    int n = static_cast<int>((len - 2) / 2);
    const int dropped = -kDecDigits * (weight - n + 1) - scale;   // decimals dropped from the last group
    if (dropped >= kDecDigits)
        return 0;
    uint64_t lanes = group_lanes(body + 2, n);
    if (dropped > 0) {
        // ceil(2^32 / 10^k): exact quotients of every group plus half a unit (below 10^6)
        static constexpr uint64_t kReciprocals[] = {0, 429496730, 42949673, 4294968};
        const uint32_t unit = static_cast<uint32_t>(power_of_ten(dropped));
        const uint32_t last = load_u16(body + 2 * n);
        const uint32_t rounded = static_cast<uint32_t>((last + unit / 2) * kReciprocals[dropped] >> 32) * unit;
        if (rounded == kBase)
            return 0;   // carries into the group before
        lanes &= ~lane(0xFFFF, n - 1);
        if (rounded == 0) {   // the last group goes: the value is zero, or the group before must be nonzero
            if (n == 1)
                return write_zero(static_cast<uint32_t>(scale) << kShortDscaleShift, out);
            if (load_u16(body + 2 * (n - 1)) == 0)
                return 0;
            --n;
        } else {
            lanes |= lane(rounded, n - 1);
        }
    }
    store_header_and_lanes(out, (h & ~kShortDscaleMask) | static_cast<uint32_t>(scale) << kShortDscaleShift, lanes);
    return 2 + 2 * n;
}

}   // namespace fastnumeric
