/*
 * numeric_order.cpp — see the header.
 */
#include "core/numeric_order.hpp"

#include <limits>

namespace fastnumeric {

namespace {

/* Rank of the kind in numeric's order; finite values share rank 1. */
inline int kind_rank(Kind k) {
    switch (k) {
    case Kind::NegInf: return 0;
    case Kind::Finite: return 1;
    case Kind::PosInf: return 2;
    case Kind::NaN: return 3;
    }
    return 3;
}

}   // namespace

int compare_magnitudes(const NumericView& a, const NumericView& b) {
    int i = 0, j = 0;
    int wa = a.weight, wb = b.weight;
    while (wa > wb && i < a.ndigits) {
        if (a.digit(i++) != 0)
            return 1;
        --wa;
    }
    while (wb > wa && j < b.ndigits) {
        if (b.digit(j++) != 0)
            return -1;
        --wb;
    }
    if (wa == wb) {
        for (; i < a.ndigits && j < b.ndigits; ++i, ++j) {
            const int diff = a.digit(i) - b.digit(j);
            if (diff != 0)
                return diff > 0 ? 1 : -1;
        }
    }
    for (; i < a.ndigits; ++i)
        if (a.digit(i) != 0)
            return 1;
    for (; j < b.ndigits; ++j)
        if (b.digit(j) != 0)
            return -1;
    return 0;
}

int compare_numeric(const NumericView& a, const NumericView& b) {
    if (a.kind != Kind::Finite || b.kind != Kind::Finite) {
        const int ra = kind_rank(a.kind), rb = kind_rank(b.kind);
        return ra < rb ? -1 : ra > rb ? 1 : 0;
    }
    // A value without digits is zero whatever its sign bit says (numeric's rule).
    if (a.ndigits == 0) {
        if (b.ndigits == 0)
            return 0;
        return b.negative ? 1 : -1;
    }
    if (b.ndigits == 0)
        return a.negative ? -1 : 1;
    if (a.negative != b.negative)
        return a.negative ? -1 : 1;
    const int r = compare_magnitudes(a, b);
    return a.negative ? -r : r;
}

int64_t abbreviated_key(const NumericView& v) {
    switch (v.kind) {
    case Kind::NaN: return std::numeric_limits<int64_t>::max();
    case Kind::PosInf: return std::numeric_limits<int64_t>::max() - 1;
    case Kind::NegInf: return std::numeric_limits<int64_t>::min();
    case Kind::Finite: break;
    }
    int i = 0;
    while (i < v.ndigits && v.digit(i) == 0)
        ++i;   // only unstripped input has these
    if (i == v.ndigits)
        return 0;
    // Magnitude: biased weight above 12 decimal digits; below 2^56.
    // Weights come from an int16 and only fall by skipped zeros; below range, keep order by
    // collapsing to the smallest key (ties are resolved by the full comparison).
    const int biased_weight = v.weight - i + kAbbrevWeightBias;
    if (biased_weight < 0)
        return v.negative ? -1 : 1;
    const int64_t magnitude = abbreviated_magnitude(biased_weight, v.digits + 2 * i, v.ndigits - i);
    return v.negative ? -magnitude : magnitude;
}

}   // namespace fastnumeric
