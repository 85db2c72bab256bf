/*
 * operands.hpp — numeric values drawn from fuzzer bytes, for the arithmetic harnesses.
 *
 * A value is drawn as the reference sees it (sign, decimal digits, decimal exponent, dscale)
 * and turned into the body numeric would store by the reference encoder, so the code under
 * test reads exactly what a datum holds: canonical, with no digit beyond its dscale.
 */
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

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
 * Mostly short values near the point (where the machine-integer paths live); sometimes long
 * ones, or far from the point (weights of thousands of groups, dscales up to the maximum,
 * where products are rounded to 16383 decimals); sometimes NaN or an infinity.
 */
inline Operand consume_operand(FuzzedDataProvider& in, bool allow_specials) {
    Operand op;
    const int choice = in.ConsumeIntegralInRange(0, 15);
    if (allow_specials && choice < 3) {
        op.kind = choice == 0 ? fastnumeric::Kind::NaN : choice == 1 ? fastnumeric::Kind::PosInf
                                                                      : fastnumeric::Kind::NegInf;
        op.body = special_body(op.kind);
        return op;
    }
    const bool negative = in.ConsumeBool();
    const int ndigits = choice < 12 ? in.ConsumeIntegralInRange(0, 40) : in.ConsumeIntegralInRange(0, 160);
    std::string mag;
    for (int i = 0; i < ndigits; ++i)
        mag += static_cast<char>('0' + in.ConsumeIntegralInRange(0, 9));
    const bool far = in.ConsumeIntegralInRange(0, 15) == 0;
    const int exp10 = far ? in.ConsumeIntegralInRange(-kDscaleMax, 1000) : in.ConsumeIntegralInRange(-40, 40);
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
    return (op.value.negative ? "-" : "") + op.value.mag.substr(0, 80) + (op.value.mag.size() > 80 ? "..." : "") +
           "e" + std::to_string(op.value.exp10) + " dscale " + std::to_string(op.dscale);
}

}  // namespace ref
