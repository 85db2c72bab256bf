/*
 * operands.hpp — numeric values drawn from fuzzer bytes, for the arithmetic harnesses.
 *
 * A value is drawn as the reference sees it (sign, decimal digits, decimal exponent, dscale)
 * and turned into the body numeric would store by the reference encoder, so the code under
 * test reads exactly what a datum holds: canonical, with no digit beyond its dscale.
 */
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <memory>

#include "reference.hpp"

namespace ref {

struct Operand {
    fastnumeric::Kind kind = fastnumeric::Kind::Finite;
    Decimal value;   // finite values only
    int dscale = 0;
    std::vector<unsigned char> body;

    /* A view of the body, as the pg layer would decode it in place. */
    fastnumeric::NumericView view() const {
        fastnumeric::NumericView v;
        check(fastnumeric::decode_numeric(body.data(), body.size(), &v), "operand decodes", hex(body));
        return v;
    }
};

/*
 * Where a finite value's digits lie: its decimal exponent (the power of ten of its last
 * digit) is drawn near the point (-40..40) or, for one value in far_one_in, from
 * [far_low, far_high]; then it is kept where numeric can store the value (no digit below
 * kDscaleMax decimals, none above group kWeightMax).  Far values get dscales up to the
 * maximum.  The time of a sum grows with the span from the highest group of its operands
 * to the lowest, hence the choice.
 */
struct Placement {
    int far_one_in;
    int far_low, far_high;
    bool nonzero = false;   // a zero's weight is 0: beside a far value it spans all the way
};

/* Far values anywhere from numeric's lowest decimal (10^-16383) to 10^1000: two of them
 * span thousands of groups. */
constexpr Placement kWide{16, -kDscaleMax, 1000};

/* Far values within 320 decimals (80 groups) of the point: beyond the machine integers'
 * groups and the short header's weights (-64..63), at spans of 200 groups at most. */
constexpr Placement kNear{16, -320, 320};

/* Every value within 40 decimals of exponent e (clamped as any value is), and not zero (a
 * drawn zero gets a last digit 1). */
constexpr Placement around(int e) { return Placement{1, e - 40, e + 40, true}; }

/*
 * Mostly short values (where the machine-integer paths live), sometimes long ones or far
 * ones (see Placement), sometimes NaN or an infinity.
 */
inline Operand consume_operand(FuzzedDataProvider& in, bool allow_specials, const Placement& where) {
    Operand op;
    const int choice = in.ConsumeIntegralInRange(0, 15);
    if (allow_specials && choice < 3) {
        op.kind = choice == 0   ? fastnumeric::Kind::NaN
                  : choice == 1 ? fastnumeric::Kind::PosInf
                                : fastnumeric::Kind::NegInf;
        op.body = special_body(op.kind);
        return op;
    }
    const bool negative = in.ConsumeBool();
    const int ndigits = choice < 12 ? in.ConsumeIntegralInRange(0, 40) : in.ConsumeIntegralInRange(0, 160);
    std::string mag;
    for (int i = 0; i < ndigits; ++i)
        mag += static_cast<char>('0' + in.ConsumeIntegralInRange(0, 9));
    if (where.nonzero && is_zero(mag))
        mag += '1';
    const bool far = in.ConsumeIntegralInRange(0, where.far_one_in - 1) == 0;
    int exp10 = far ? in.ConsumeIntegralInRange(where.far_low, where.far_high) : in.ConsumeIntegralInRange(-40, 40);
    // the first digit no higher than group kWeightMax's top decimal
    const int highest = 4 * kWeightMax + 3 - (mag.empty() ? 0 : static_cast<int>(mag.size()) - 1);
    exp10 = std::max(-kDscaleMax, std::min(exp10, highest));
    op.value = make_decimal(negative, mag.empty() ? "0" : mag, exp10);
    // dscale: at least the decimals the digits need, sometimes more (trailing zeros)
    const int needed = exp10 < 0 ? -exp10 : 0;
    const int extra = in.ConsumeBool() ? 0 : in.ConsumeIntegralInRange(0, far ? kDscaleMax : 8);
    op.dscale = needed + extra > kDscaleMax ? kDscaleMax : needed + extra;
    op.body = encode_body(to_groups(op.value), op.dscale);
    return op;
}

inline std::string describe(const Operand& op) {
    if (op.kind != fastnumeric::Kind::Finite)
        return hex(op.body);
    return (op.value.negative ? "-" : "") + op.value.mag.substr(0, 80) + (op.value.mag.size() > 80 ? "..." : "") + "e" +
           std::to_string(op.value.exp10) + " dscale " + std::to_string(op.dscale);
}

}   // namespace ref
