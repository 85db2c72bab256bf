/*
 * fuzz_round.cpp — libFuzzer harness for src/core/rounding.
 *
 * An operand (operands.hpp: a canonical numeric body) and a scale are drawn from the input.
 * Against the decimal-string model of rounding_reference.hpp, given exactly
 * rounding_buffer_digits() of buffer (so AddressSanitizer sees any overrun):
 *   - round_value / trunc_value at the scale (any int32: numeric's bounds apply),
 *     ceil_value, floor_value and trim_scale_value write numeric's bytes of the result;
 *   - fits_numeric_format agrees with the int16 weight range (a carry out of the top);
 *   - sign_value is -1, 0 or 1 with dscale 0, infinities included.
 */
#include <memory>

#include "core/rounding.hpp"
#include "operands.hpp"
#include "rounding_reference.hpp"

using namespace fastnumeric;

namespace {

enum class Fn { Round, Trunc, Ceil, Floor, TrimScale };
const char* fn_name(Fn f) {
    switch (f) {
    case Fn::Round: return "round";
    case Fn::Trunc: return "trunc";
    case Fn::Ceil: return "ceil";
    case Fn::Floor: return "floor";
    case Fn::TrimScale: return "trim_scale";
    }
    return "?";
}

ref::Rounded expected(Fn f, const ref::Operand& op, int32_t scale) {
    switch (f) {
    case Fn::Round: return ref::round_or_trunc(op.value, scale, true);
    case Fn::Trunc: return ref::round_or_trunc(op.value, scale, false);
    case Fn::Ceil: return ref::ceil_or_floor(op.value, true);
    case Fn::Floor: return ref::ceil_or_floor(op.value, false);
    case Fn::TrimScale: return ref::trim_scale(op.value);
    }
    return {};
}

void check_function(Fn f, const ref::Operand& op, int32_t scale) {
    const NumericView v = op.view();
    const int capacity = rounding_buffer_digits(v);
    std::unique_ptr<uint16_t[]> buffer(new uint16_t[static_cast<size_t>(capacity)]);
    FiniteValue got{};
    switch (f) {
    case Fn::Round: got = round_value(v, scale, buffer.get()); break;
    case Fn::Trunc: got = trunc_value(v, scale, buffer.get()); break;
    case Fn::Ceil: got = ceil_value(v, buffer.get()); break;
    case Fn::Floor: got = floor_value(v, buffer.get()); break;
    case Fn::TrimScale: got = trim_scale_value(v, buffer.get()); break;
    }
    const ref::Rounded want = expected(f, op, scale);
    const ref::Groups g = ref::to_groups(want.value);
    auto where = [&] {
        return std::string(fn_name(f)) + "(" + ref::describe(op) + ", " + std::to_string(scale) + ")\n want " +
               ref::describe(g, want.dscale);
    };
    ref::check(got.digits >= buffer.get() && got.digits + got.ndigits <= buffer.get() + capacity,
               "result digits inside the buffer", where());
    const bool fits = g.weight >= -32768 && g.weight <= 32767;
    ref::check(fits_numeric_format(got) == fits, "fits_numeric_format", where());
    if (!fits)
        return;   // numeric raises "value overflows numeric format"
    std::vector<unsigned char> body(finite_body_size(got.ndigits, got.dscale, got.weight));
    encode_finite(body.data(), got.negative, got.weight, got.dscale, got.digits, got.ndigits);
    const std::vector<unsigned char> want_body = ref::encode_body(g, want.dscale);
    ref::check(body == want_body, "result bytes differ from numeric's",
               where() + "\n got  " + ref::hex(body) + "\n want " + ref::hex(want_body));
}

void check_sign(const ref::Operand& op) {
    if (op.kind == Kind::NaN)
        return;   // numeric_sign gives NaN itself
    const FiniteValue s = sign_value(op.view());
    const int want = op.kind == Kind::PosInf   ? 1
                     : op.kind == Kind::NegInf ? -1
                     : op.value.mag == "0"     ? 0
                     : op.value.negative       ? -1
                                               : 1;
    const int got = s.ndigits == 0 ? 0 : s.negative ? -s.digits[0] : s.digits[0];
    ref::check(got == want && s.weight == 0 && s.dscale == 0 && (s.ndigits == 0 || s.digits[0] == 1), "sign",
               ref::describe(op));
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    // one value, so far ones span no more groups than their own digits
    const ref::Operand op = ref::consume_operand(in, true, ref::kWide);
    int32_t scale;
    switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0: scale = in.ConsumeIntegral<int32_t>(); break;
    case 1: scale = in.ConsumeIntegralInRange(-131080, 16390); break;
    default: scale = in.ConsumeIntegralInRange(-40, 40); break;
    }
    check_sign(op);
    if (op.kind != Kind::Finite)
        return 0;   // the pg layer returns NaN and infinities as they are
    for (Fn f : {Fn::Round, Fn::Trunc, Fn::Ceil, Fn::Floor, Fn::TrimScale})
        check_function(f, op, scale);
    return 0;
}
