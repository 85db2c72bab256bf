/*
 * typmod.cpp — numeric's typmod applied to a value being built by text or binary input (see
 * the header).
 */
#include "core/typmod.hpp"

#include "core/rounding.hpp"

namespace fastnumeric {

namespace {

/* Cut at `scale` decimals (a negative scale cuts left of the point) by numeric's rule `mode`. */
void cut_at_scale(DecimalDigits* v, int scale, RoundMode mode) {
    uint16_t* digits = v->storage + v->first;   // storage[first - 1] is free for a carry
    round_digits(&digits, &v->ndigits, &v->weight, scale, mode);
    v->first = static_cast<int>(digits - v->storage);
}

}   // namespace

void round_to_scale(DecimalDigits* v, int scale) { cut_at_scale(v, scale, RoundMode::HalfAwayFromZero); }

void truncate_to_scale(DecimalDigits* v, int scale) { cut_at_scale(v, scale, RoundMode::TowardZero); }

void strip(DecimalDigits* v) {
    const FiniteValue s = stripped(v->value());
    v->first = static_cast<int>(s.digits - v->storage);
    v->negative = s.negative;
    v->weight = s.weight;
    v->ndigits = s.ndigits;
}

bool apply_typmod(DecimalDigits* v, Typmod typmod) {
    round_to_scale(v, typmod.scale);
    v->dscale = typmod.scale > 0 ? typmod.scale : 0;
    strip(v);
    return v->ndigits == 0 || fits_precision(v->weight, v->digits()[0], typmod);   // zero fits any
}

}   // namespace fastnumeric
