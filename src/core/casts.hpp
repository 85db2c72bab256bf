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
#include <cstring>

#include "core/short_arith.hpp"
#include "core/typmod.hpp"

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

/* Rounding a digit group half away from zero at 10^k, k = 1..3: (group + half) * reciprocal >> 32
   is the exact quotient by 10^k of every group plus half (below 10^6), the reciprocal being
   ceil(2^32 / 10^k). */
struct GroupRounding {
    uint32_t half, unit;
    uint64_t reciprocal;
};
constexpr GroupRounding kGroupRoundings[] = {{0, 1, 0}, {5, 10, 429496730}, {50, 100, 42949673}, {500, 1000, 4294968}};

/*
 * rescale_body for the typmod coercion's usual case (money stored to fewer decimals, or to
 * more): a short body of 4 to 10 bytes whose value surely fits the typmod's precision (its
 * scale 0 to 63), rounded inside its last digit group or carrying one unit into the group
 * before.  The body is copied into `out` (kShortBodyBytes) with those groups and the header's
 * dscale changed, not decoded and written again; its size, or 0: take rescale_body.
 */
__attribute__((always_inline)) inline int rescale_copy(const unsigned char* body, size_t len, int32_t typmod,
                                                       unsigned char* out) {
    using namespace short_arith_detail;
    static_assert(kShortDscaleMax == 63, "decode_small_scale_typmod's scales are a short header's dscales");
    if (len < 4)
        __builtin_unreachable();   // (the precondition: lets the caller's test of the size go)
    const uint16_t h = load_u16(body);
    const int weight = short_weight(h);
    int precision, scale;
    if ((h & kSignMask) != kShort || !decode_small_scale_typmod(typmod, &precision, &scale) ||
        (weight + 1) * kDecDigits > precision - scale)
        return 0;   // (numeric's sure test: fewer integer decimals than the precision leaves)
    // decimals dropped from the last group, at 10000^(weight - groups + 1), groups = len / 2 - 1
    const int dropped = 2 * static_cast<int>(len) - 2 * kDecDigits - kDecDigits * weight - scale;
    if (dropped >= kDecDigits)
        return 0;
    if (len < 8) {   // two overlapping copies of fixed size cover 4 to 10 bytes
        std::memcpy(out, body, 4);
        std::memcpy(out + len - 4, body + len - 4, 4);
    } else {
        std::memcpy(out, body, 8);
        std::memcpy(out + len - 8, body + len - 8, 8);
    }
    store_u16(out, static_cast<uint16_t>((h & ~kShortDscaleMask) | static_cast<uint32_t>(scale) << kShortDscaleShift));
    if (dropped <= 0)
        return static_cast<int>(len);
    const GroupRounding& r = kGroupRoundings[dropped];
    const uint32_t rounded = static_cast<uint32_t>((load_u16(body + len - 2) + r.half) * r.reciprocal >> 32) * r.unit;
    if (rounded - 1 < kBase - 1) {
        store_u16(out + len - 2, static_cast<uint16_t>(rounded));
        return static_cast<int>(len);
    }
    // the last group goes: it rounded to 0, or to 10000 which adds one to the group before
    if (len == 4)
        return rounded == 0 ? write_zero(static_cast<uint32_t>(scale) << kShortDscaleShift, out) : 0;
    const uint32_t before = load_u16(body + len - 4) + (rounded == kBase);
    if (before == 0 || before == kBase)
        return 0;   // (a zero group would trail; a carry would go on)
    store_u16(out + len - 4, static_cast<uint16_t>(before));
    return static_cast<int>(len) - 2;
}

}   // namespace fastnumeric
