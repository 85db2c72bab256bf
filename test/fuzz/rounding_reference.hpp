/*
 * rounding_reference.hpp — numeric's round, trunc, ceil, floor, sign and trim_scale written
 * out on decimal strings (reference.hpp's Decimal), one digit at a time, from numeric's
 * documented rules.  Shared by the unit tests and fuzz_round; no code from src/core.
 */
#pragma once

#include "reference.hpp"

namespace ref {

enum class Rule { Round, Trunc, Ceil, Floor };

/* A finite result: the value and the dscale numeric gives it. */
struct Rounded {
    Decimal value;
    int dscale;
};

/* d cut to a multiple of 10^-scale; the magnitude goes one unit up as `rule` says. */
inline Decimal cut(const Decimal& d, int scale, Rule rule) {
    const long drop = -static_cast<long>(scale) - d.exp10;   // digits of mag below the position
    if (drop <= 0)
        return d;
    const long kept = static_cast<long>(d.mag.size()) - drop;
    const std::string head = kept > 0 ? d.mag.substr(0, static_cast<size_t>(kept)) : "0";
    // the dropped digits: mag's last `drop`, behind -kept zeros when they are more than mag has
    const size_t tail_start = kept > 0 ? static_cast<size_t>(kept) : 0;
    const char first_dropped = kept >= 0 ? d.mag[tail_start] : '0';
    const bool nonzero = d.mag.find_first_not_of('0', tail_start) != std::string::npos;
    bool up = false;
    switch (rule) {
    case Rule::Round: up = first_dropped >= '5'; break;
    case Rule::Trunc: break;
    case Rule::Ceil: up = nonzero && !d.negative; break;
    case Rule::Floor: up = nonzero && d.negative; break;
    }
    return make_decimal(d.negative, up ? add_mag(head, "1") : head, -scale);
}

/* numeric_round / numeric_trunc: the scale is bounded, the dscale is the scale (0 if < 0). */
inline Rounded round_or_trunc(const Decimal& d, long scale, bool round) {
    const long lo = round ? -131073 : -131072;
    const int s = static_cast<int>(scale < lo ? lo : scale > kDscaleMax ? kDscaleMax : scale);
    return {cut(d, s, round ? Rule::Round : Rule::Trunc), s > 0 ? s : 0};
}

inline Rounded ceil_or_floor(const Decimal& d, bool ceil) { return {cut(d, 0, ceil ? Rule::Ceil : Rule::Floor), 0}; }

/* trim_scale: the value as it is, with the fewest decimals that show it. */
inline Rounded trim_scale(const Decimal& d) {
    int dscale = 0;
    if (d.mag != "0") {
        int trailing = 0;
        for (size_t i = d.mag.size(); i > 0 && d.mag[i - 1] == '0'; --i)
            ++trailing;
        const int e = d.exp10 + trailing;   // exponent of the last nonzero digit
        dscale = e < 0 ? -e : 0;
    }
    return {d, dscale};
}

}   // namespace ref
