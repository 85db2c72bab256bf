/*
 * wire_format_test.cpp — src/core/wire_format: numeric's binary wire format received and sent.
 *
 * Wire bytes are written out by hand from numeric_send's layout (big-endian words ndigits,
 * weight, sign, dscale, digits); bodies are numeric's storage rules written out by hand, or
 * the reference encoder of test/fuzz/reference.hpp.  The server-side differential test
 * (test/differential/test_recv.py) checks the same against the real numeric_recv.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/decimal_parse.hpp"
#include "core/wire_format.hpp"
#include "bodies.hpp"
#include "../fuzz/reference.hpp"   // decimal-string rounding and truncation, numeric's encoder

using namespace unit;

namespace {

constexpr uint16_t POS = 0x0000, NEG = 0x4000, NAN_ = 0xC000, PINF = 0xD000, NINF = 0xF000;

/* A wire value: big-endian ndigits, weight, sign, dscale, digits (any 16-bit patterns). */
std::vector<unsigned char> wire(int ndigits, int weight, uint16_t sign, int dscale,
                                const std::vector<int>& digits = {}) {
    std::vector<unsigned char> out;
    auto put = [&out](int w) {
        out.push_back(static_cast<unsigned char>((w >> 8) & 0xFF));
        out.push_back(static_cast<unsigned char>(w & 0xFF));
    };
    put(ndigits);
    put(weight);
    put(sign);
    put(dscale);
    for (int d : digits)
        put(d);
    return out;
}

struct Received {
    WireStatus status;
    size_t length;
    std::vector<unsigned char> body;   // the datum body when status is Ok
};

int shortcuts_taken = 0;   // receive()s that short_wire decided

/* decode_wire from an exactly sized copy (AddressSanitizer sees any read past the end); where
   short_wire takes the message too, its body must be decode_wire's. */
Received receive(const std::vector<unsigned char>& message, int32_t typmod = kNoTypmod) {
    std::unique_ptr<unsigned char[]> exact(new unsigned char[message.size() + 1]);
    std::copy(message.begin(), message.end(), exact.get());
    WireValue w;
    Received r{decode_wire(exact.get(), message.size(), decode_typmod(typmod), &w), 0, {}};
    const int ndigits = short_wire_digits(exact.get(), message.size());
    std::vector<unsigned char> b(2 + 2 * static_cast<size_t>(ndigits));
    const bool shortcut = ndigits > 0 && short_wire_body(exact.get(), ndigits, decode_typmod(typmod), b.data());
    if (r.status != WireStatus::Ok) {
        EXPECT_FALSE(shortcut) << "short_wire took a value decode_wire refuses: " << ref::hex(message);
        return r;
    }
    r.length = w.length;
    if (w.kind == Kind::Finite) {
        const FiniteValue v = w.digits.value();
        r.body.resize(finite_body_size(v.ndigits, v.dscale, v.weight));
        encode_finite(r.body.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    } else {
        r.body = ref::special_body(w.kind);
    }
    if (shortcut) {   // the shortcut, where it applies, gives decode_wire's datum and length
        EXPECT_EQ(b, r.body) << "short_wire: " << ref::hex(message) << " typmod " << typmod;
        EXPECT_EQ(kWireHeaderSize + b.size() - 2, r.length) << ref::hex(message);
        ++shortcuts_taken;
    }
    return r;
}

WireStatus status_of(const std::vector<unsigned char>& message, int32_t typmod = kNoTypmod) {
    return receive(message, typmod).status;
}

std::vector<unsigned char> send(const std::vector<unsigned char>& b) {
    NumericView v;
    EXPECT_TRUE(decode_numeric(b.data(), b.size(), &v));
    EXPECT_TRUE(wire_encodes_body(b.data(), b.size()));
    std::vector<unsigned char> out(wire_size(v), 0xAA);
    encode_wire(v, out.data());
    return out;
}

/* numeric_send's bytes for a stripped value, from the reference's digit groups. */
std::vector<unsigned char> reference_wire(const ref::Groups& g, int dscale) {
    return wire(static_cast<int>(g.digits.size()), g.digits.empty() ? 0 : g.weight, g.negative ? NEG : POS, dscale,
                g.digits);
}

}   // namespace

/* ------------------------------------------------------------------ receive */

TEST(WireReceive, CanonicalValues) {
    // 1.50: two digits, weight 0, dscale 2 -> short header 0x8000 | 2 << 7
    Received r = receive(wire(2, 0, POS, 2, {1, 5000}));
    ASSERT_EQ(r.status, WireStatus::Ok);
    EXPECT_EQ(r.length, 12u);
    EXPECT_EQ(r.body, body({0x8100, 1, 5000}));
    // -123456789.0001: weight 2, negative, dscale 4
    EXPECT_EQ(receive(wire(4, 2, NEG, 4, {1, 2345, 6789, 1})).body,
              body({0x8000 | 0x2000 | 4 << 7 | 2, 1, 2345, 6789, 1}));
    // -0.0012: weight -1 is 0x7F in the short header's 7 bits
    EXPECT_EQ(receive(wire(1, -1, NEG, 4, {12})).body, body({0x8000 | 0x2000 | 4 << 7 | 0x7F, 12}));
    // zero, and zero with a scale
    EXPECT_EQ(receive(wire(0, 0, POS, 0)).body, body({0x8000}));
    EXPECT_EQ(receive(wire(0, 0, POS, 2)).body, body({0x8100}));
    // dscale 64 needs the long header: sign|dscale word, weight word
    EXPECT_EQ(receive(wire(1, -16, POS, 64, {1})).body, body({64, 0xFFF0, 1}));
    // weight 64 too
    EXPECT_EQ(receive(wire(1, 64, NEG, 0, {1})).body, body({0x4000, 64, 1}));
    // the largest dscale and weight
    EXPECT_EQ(receive(wire(1, 32767, NEG, 0x3FFF, {9999})).body, body({0x4000 | 0x3FFF, 32767, 9999}));
}

TEST(WireReceive, Specials) {
    EXPECT_EQ(receive(wire(0, 0, NAN_, 0)).body, body({0xC000}));
    EXPECT_EQ(receive(wire(0, 0, PINF, 32)).body, body({0xD000}));
    EXPECT_EQ(receive(wire(0, 0, NINF, 32)).body, body({0xF000}));
    // digits, weight and dscale of a special are read, checked and ignored
    const Received r = receive(wire(2, 7, NAN_, 5, {1, 9999}));
    EXPECT_EQ(r.status, WireStatus::Ok);
    EXPECT_EQ(r.length, 12u);
    EXPECT_EQ(r.body, body({0xC000}));
    EXPECT_EQ(status_of(wire(1, 0, NAN_, 0, {10000})), WireStatus::InvalidDigit);
    EXPECT_EQ(status_of(wire(0, 0, NAN_, 0x4000)), WireStatus::InvalidScale);
    // NaN fits any typmod, an infinity none
    EXPECT_EQ(receive(wire(0, 0, NAN_, 0), typmod_of(5, 2)).body, body({0xC000}));
    EXPECT_EQ(status_of(wire(0, 0, PINF, 0), typmod_of(5, 2)), WireStatus::FieldOverflow);
    EXPECT_EQ(status_of(wire(0, 0, NINF, 0), typmod_of(1000, 0)), WireStatus::FieldOverflow);
}

TEST(WireReceive, StripsToNumericsCanonicalBytes) {
    // leading and trailing zero digits go, the weight follows the first digit kept
    EXPECT_EQ(receive(wire(4, 1, NEG, 4, {0, 12, 0, 0})).body, body({0x8000 | 0x2000 | 4 << 7, 12}));
    // negative zero is positive zero, weight 0, its scale kept
    EXPECT_EQ(receive(wire(1, 0, NEG, 2, {0})).body, body({0x8100}));
    EXPECT_EQ(receive(wire(0, 5, NEG, 0)).body, body({0x8000}));
    // a long-form dscale with a short-form weight after stripping still takes the long header
    EXPECT_EQ(receive(wire(2, 0, POS, 100, {0, 5000})).body, body({100, 0xFFFF, 5000}));
    // a weight that fits the short header only once leading zeros are stripped
    EXPECT_EQ(receive(wire(2, 64, POS, 0, {0, 3})).body, body({0x8000 | 63, 3}));
}

TEST(WireReceive, TruncatesDigitsTheScaleHides) {
    // 7.99999999 sent with dscale 1 is 7.9: truncated, not rounded
    EXPECT_EQ(receive(wire(3, 0, POS, 1, {7, 9999, 9999})).body, body({0x8080, 7, 9000}));
    // 1.25 with dscale 1 is 1.2, and stays 1.2 under numeric(5,1): truncation comes first
    EXPECT_EQ(receive(wire(2, 0, POS, 1, {1, 2500}), typmod_of(5, 1)).body, body({0x8080, 1, 2000}));
    // all digits hidden: zero with the scale, positive
    EXPECT_EQ(receive(wire(1, -2, NEG, 4, {5})).body, body({0x8200}));
    EXPECT_EQ(receive(wire(1, -32768, POS, 0, {1})).body, body({0x8000}));
    EXPECT_EQ(receive(wire(1, -4097, POS, 0x3FFF, {1})).body, body({0x3FFF, 0}));
    // the largest dscale keeps 10^-16383 and cuts 10^-16384, inside one digit group
    EXPECT_EQ(receive(wire(1, -4096, POS, 0x3FFF, {1})).body, body({0x3FFF, 0}));
    EXPECT_EQ(receive(wire(1, -4096, POS, 0x3FFF, {1234})).body, body({0x3FFF, static_cast<uint16_t>(-4096), 1230}));
    EXPECT_EQ(receive(wire(1, -4095, POS, 0x3FFF, {1})).body, body({0x3FFF, static_cast<uint16_t>(-4095), 1}));
    // an integer part with dscale 0 keeps all of it
    EXPECT_EQ(receive(wire(2, 1, POS, 0, {12, 3456})).body, body({0x8001, 12, 3456}));
}

TEST(WireReceive, AppliesTheTypmod) {
    // 1.005 into numeric(5,2): rounded half away from zero
    EXPECT_EQ(receive(wire(2, 0, POS, 3, {1, 50}), typmod_of(5, 2)).body, body({0x8100, 1, 100}));
    EXPECT_EQ(receive(wire(2, 0, NEG, 3, {1, 50}), typmod_of(5, 2)).body, body({0xA100, 1, 100}));
    // the scale grows to the typmod's
    EXPECT_EQ(receive(wire(1, 0, POS, 0, {7}), typmod_of(5, 2)).body, body({0x8100, 7}));
    // a carry across digit groups: 9999.99995 into numeric(10,4) is 10000.0000
    EXPECT_EQ(receive(wire(3, 0, POS, 5, {9999, 9999, 5000}), typmod_of(10, 4)).body, body({0x8201, 1}));
    // 999.995 rounds to 1000.00: four integer digits, numeric(5,2) holds three
    EXPECT_EQ(status_of(wire(2, 0, POS, 3, {999, 9950}), typmod_of(5, 2)), WireStatus::FieldOverflow);
    EXPECT_EQ(receive(wire(2, 0, POS, 3, {999, 9940}), typmod_of(5, 2)).body, body({0x8100, 999, 9900}));
    // negative scale: 12345 into numeric(3,-2) is 12300
    EXPECT_EQ(receive(wire(2, 1, POS, 0, {1, 2345}), typmod_of(3, -2)).body, body({0x8001, 1, 2300}));
    EXPECT_EQ(status_of(wire(2, 1, POS, 0, {12, 3456}), typmod_of(3, -2)), WireStatus::FieldOverflow);
    // scale above precision: numeric(2,5) holds up to 0.00099
    EXPECT_EQ(receive(wire(1, -1, POS, 5, {9}), typmod_of(2, 5)).body, body({0x8000 | 5 << 7 | 0x7F, 9}));
    EXPECT_EQ(status_of(wire(1, -1, POS, 4, {10}), typmod_of(2, 5)), WireStatus::FieldOverflow);
    // zero and values that round to zero fit any typmod; leading zeros do not count
    EXPECT_EQ(receive(wire(3, 40, NEG, 0, {0, 0, 0}), typmod_of(1, 0)).body, body({0x8000}));
    EXPECT_EQ(receive(wire(1, -1, NEG, 4, {4}), typmod_of(1, 1)).body, body({0x8080}));
    EXPECT_EQ(receive(wire(3, 2, POS, 0, {0, 0, 9}), typmod_of(1, 0)).body, body({0x8000, 9}));
    // the largest typmod and the largest weight
    EXPECT_EQ(status_of(wire(1, 32767, POS, 0, {1}), typmod_of(1000, 0)), WireStatus::FieldOverflow);
}

TEST(WireReceive, ChecksInNumericRecvsOrder) {
    // the message ends inside the header
    EXPECT_EQ(status_of({}), WireStatus::MessageEnds);
    EXPECT_EQ(status_of({0}), WireStatus::MessageEnds);
    EXPECT_EQ(status_of({0, 1, 0, 0, 0x12}), WireStatus::MessageEnds);
    // a bad sign word fails before the missing dscale is noticed
    EXPECT_EQ(status_of({0, 1, 0, 0, 0x12, 0x34}), WireStatus::InvalidSign);
    EXPECT_EQ(status_of({0, 1, 0, 0, 0x40, 0x00}), WireStatus::MessageEnds);
    EXPECT_EQ(status_of({0, 1, 0, 0, 0x40, 0x00, 0}), WireStatus::MessageEnds);
    for (uint16_t sign : {0x1234, 0x8000, 0xE000, 0xFFFF, 0x4001, 0xC001, 0xD001, 0x2000})
        EXPECT_EQ(status_of(wire(1, 0, sign, 0, {1})), WireStatus::InvalidSign) << sign;
    // the sign before the scale, the scale before the digits
    EXPECT_EQ(status_of(wire(1, 0, 0x8000, 0xFFFF, {10000})), WireStatus::InvalidSign);
    for (int dscale : {0x4000, 0x7FFF, 0xC000, 0xFFFF})
        EXPECT_EQ(status_of(wire(1, 0, POS, dscale, {10000})), WireStatus::InvalidScale) << dscale;
    EXPECT_EQ(status_of(wire(1, 0, POS, 0x3FFF, {1})), WireStatus::Ok);
    // digits: 10000 and anything that is negative as int16
    for (int digit : {10000, 10001, 0x7FFF, 0x8000, 0xFFFF})
        EXPECT_EQ(status_of(wire(3, 2, POS, 0, {1, 2, digit})), WireStatus::InvalidDigit) << digit;
    // a message that ends in the digits fails there, after checking the digits it has
    EXPECT_EQ(status_of(wire(3, 0, POS, 0, {1, 2})), WireStatus::MessageEnds);
    EXPECT_EQ(status_of(wire(3, 0, POS, 0, {10000, 2})), WireStatus::InvalidDigit);
    std::vector<unsigned char> half = wire(1, 0, POS, 0, {1});
    half.pop_back();
    EXPECT_EQ(status_of(half), WireStatus::MessageEnds);
    // 0xFFFF digits announced is 65535, not -1
    EXPECT_EQ(status_of(wire(0xFFFF, 0, POS, 0, {1})), WireStatus::TooManyDigits);
    // digit errors come before typmod errors
    EXPECT_EQ(status_of(wire(2, 9, POS, 0, {1, 10000}), typmod_of(1, 0)), WireStatus::InvalidDigit);
}

TEST(WireReceive, TakesOnlyItsOwnBytes) {
    // what follows the value is the caller's to judge (numeric_recv reads no further either)
    std::vector<unsigned char> m = wire(1, 0, POS, 0, {1, 5});
    const Received r = receive(m);
    ASSERT_EQ(r.status, WireStatus::Ok);
    EXPECT_EQ(r.length, 10u);
    EXPECT_EQ(r.body, body({0x8000, 1}));
    m = wire(0, 0, NAN_, 0);
    m.push_back(1);
    EXPECT_EQ(receive(m).length, 8u);
}

TEST(WireReceive, DigitLimit) {
    const std::vector<int> nines(kMaxWireDigits, 9999);
    const Received r = receive(wire(kMaxWireDigits, kMaxWireDigits - 1, POS, 0, nines));
    ASSERT_EQ(r.status, WireStatus::Ok);
    EXPECT_EQ(r.length, kWireHeaderSize + 2 * kMaxWireDigits);
    EXPECT_EQ(r.body.size(), 4 + 2u * kMaxWireDigits);   // weight 499: long header
    std::vector<int> more = nines;
    more.push_back(9999);
    EXPECT_EQ(status_of(wire(kMaxWireDigits + 1, 0, POS, 0, more)), WireStatus::TooManyDigits);
    // the header is checked before the count is
    EXPECT_EQ(status_of(wire(kMaxWireDigits + 1, 0, 0x8000, 0, more)), WireStatus::InvalidSign);
    EXPECT_EQ(status_of(wire(kMaxWireDigits + 1, 0, POS, 0x4000, more)), WireStatus::InvalidScale);
}

/* -------------------------------------------------------------------- send */

TEST(WireSend, HandComputedBytes) {
    EXPECT_EQ(send(body({0x8100, 1, 5000})), wire(2, 0, POS, 2, {1, 5000}));          // 1.50
    EXPECT_EQ(send(body({0xA000 | 4 << 7 | 0x7F, 12})), wire(1, -1, NEG, 4, {12}));   // -0.0012
    EXPECT_EQ(send(body({0x8000 | 3 << 7})), wire(0, 0, POS, 3));                     // 0.000
    EXPECT_EQ(send(body({64, 0xFFF0, 1})), wire(1, -16, POS, 64, {1}));               // long header
    EXPECT_EQ(send(body({0x4000 | 0x3FFF, 32767, 9999})), wire(1, 32767, NEG, 0x3FFF, {9999}));
    // numeric_send reads the special's header bits as a short header: dscale 32 for infinities
    EXPECT_EQ(send(body({0xC000})), wire(0, 0, NAN_, 0));
    EXPECT_EQ(send(body({0xD000})), wire(0, 0, PINF, 32));
    EXPECT_EQ(send(body({0xF000})), wire(0, 0, NINF, 32));
    // a body as it lies, stripped or not: numeric_send does not strip either
    EXPECT_EQ(send(body({0x8000 | 0x2000 | 1, 0, 12, 0})), wire(3, 1, NEG, 0, {0, 12, 0}));
    EXPECT_EQ(send(body({0x8000, 10000})), wire(1, 0, POS, 0, {10000}));
}

TEST(WireSend, OddSpecialBodiesAreNotOurs) {
    const auto nan4 = body({0xC000, 0});   // a NaN in the long format of old releases
    EXPECT_FALSE(wire_encodes_body(nan4.data(), nan4.size()));
    const auto stray = body({0xC001});
    EXPECT_FALSE(wire_encodes_body(stray.data(), stray.size()));
    const auto e000 = body({0xE000});
    EXPECT_FALSE(wire_encodes_body(e000.data(), e000.size()));
    for (auto b : {body({0xC000}), body({0xD000}), body({0xF000}), body({0x8000}), body({0x4000, 0, 1})})
        EXPECT_TRUE(wire_encodes_body(b.data(), b.size()));
}

/* --------------------------------------------------------- against the reference */

TEST(WireRoundTrip, CanonicalValuesAgainstTheReference) {
    std::mt19937 rng(20240607);
    auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int iter = 0; iter < 20000; ++iter) {
        std::string mag;
        const int len = pick(0, iter % 10 == 0 ? 300 : 24);
        for (int i = 0; i < len; ++i)
            mag += static_cast<char>('0' + (pick(0, 3) == 0 ? 0 : pick(0, 9)));
        const int exp10 = pick(0, 20) == 0 ? pick(-300, 300) : pick(-12, 12);
        const ref::Decimal d = ref::make_decimal(pick(0, 1) == 1, mag.empty() ? "0" : mag, exp10);
        const int dscale = std::max(0, -exp10) + (pick(0, 3) == 0 ? pick(0, 70) : 0);
        const ref::Groups g = ref::to_groups(d);
        const std::vector<unsigned char> canonical = ref::encode_body(g, dscale);
        const std::vector<unsigned char> w = reference_wire(g, dscale);
        ASSERT_EQ(send(canonical), w) << ref::describe(g, dscale);
        const Received r = receive(w);
        ASSERT_EQ(r.status, WireStatus::Ok) << ref::describe(g, dscale);
        ASSERT_EQ(r.length, w.size());
        ASSERT_EQ(r.body, canonical) << ref::describe(g, dscale);
    }
}

TEST(WireRoundTrip, AnyDigitsAgainstTheReference) {
    // values numeric_send would never write (zero digits at either end, digits below dscale),
    // received under no typmod and a few: the reference truncates, rounds and checks on
    // decimal strings, then encodes
    struct T {
        bool present;
        int precision, scale;
    };
    const T typmods[] = {{false, 0, 0}, {true, 5, 2}, {true, 1, 0}, {true, 3, -2}, {true, 2, 5}, {true, 38, 10}};
    std::mt19937 rng(7);
    auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int iter = 0; iter < 20000; ++iter) {
        std::vector<int> digits(static_cast<size_t>(pick(0, 8)));
        for (int& x : digits)
            x = pick(0, 2) == 0 ? 0 : pick(0, 1) == 0 ? 9999 : pick(0, 9999);
        const bool negative = pick(0, 1) == 1;
        const int weight = pick(-6, 6);
        const int dscale = pick(0, 28);
        const T& t = typmods[iter % 6];
        const int32_t typmod = t.present ? typmod_of(t.precision, t.scale) : kNoTypmod;

        ref::Decimal want = ref::truncate_to_scale(ref::from_groups(negative, weight, digits), dscale);
        int want_dscale = dscale;
        bool overflow = false;
        if (t.present) {
            want = ref::round_to_scale(want, t.scale);
            want_dscale = std::max(t.scale, 0);
            overflow = want.mag != "0" && static_cast<int>(want.mag.size()) + want.exp10 > t.precision - t.scale;
        }
        const auto m = wire(static_cast<int>(digits.size()), weight, negative ? NEG : POS, dscale, digits);
        const Received r = receive(m, typmod);
        const std::string where = ref::hex(m) + " typmod " + std::to_string(t.precision) + "," +
                                  std::to_string(t.scale) + (t.present ? "" : " absent");
        if (overflow) {
            ASSERT_EQ(r.status, WireStatus::FieldOverflow) << where;
            continue;
        }
        ASSERT_EQ(r.status, WireStatus::Ok) << where;
        ASSERT_EQ(r.body, ref::encode_body(ref::to_groups(want), want_dscale)) << where;
        // what we would send back is numeric_send's canonical form, and received again it
        // is the same datum
        ASSERT_EQ(send(r.body), reference_wire(ref::to_groups(want), want_dscale)) << where;
        ASSERT_EQ(receive(send(r.body)).body, r.body) << where;
    }
}

TEST(WireReceive, ShortcutTakesTheCommonValues) {
    // money under no typmod and typmods: through short_wire; a dscale hiding a digit, a
    // long-header dscale, a typmod that rounds, zero, unstripped digits: decode_wire alone
    const int before = shortcuts_taken;
    EXPECT_EQ(receive(wire(3, 1, NEG, 2, {12, 3456, 7800})).body, body({0xA000 | (2 << 7) | 1, 12, 3456, 7800}));
    EXPECT_EQ(receive(wire(2, 1, POS, 0, {12, 3400}), typmod_of(12, 2)).body, body({0x8000 | (2 << 7) | 1, 12, 3400}));
    EXPECT_EQ(receive(wire(2, 0, POS, 3, {7, 1230}), typmod_of(12, 3)).body, body({0x8000 | (3 << 7), 7, 1230}));
    EXPECT_EQ(shortcuts_taken, before + 3);
    receive(wire(3, 1, POS, 2, {12, 3456, 7850}));   // the dscale hides a nonzero place
    receive(wire(1, 0, POS, 64, {7}));
    receive(wire(2, 0, POS, 4, {7, 1234}), typmod_of(12, 2));
    receive(wire(0, 0, POS, 2));
    receive(wire(2, 1, POS, 0, {0, 5}));
    receive(wire(2, 0, POS, 4, {5, 0}));
    EXPECT_EQ(shortcuts_taken, before + 3);
}

TEST(WireRoundTrip, TextParsedThenSentThenReceived) {
    for (const char* text : {"0", "1.50", "-123456789.0001", "0.000", "99999999999999999999.99",
                             "-0.00000000000000000000000000000000000000000000000000000000000000001",
                             "12345678901234567890123456789012345678901234567890", "10000", "0.0001"}) {
        DecimalDigits d;
        ASSERT_TRUE(parse_plain_decimal(text, decode_typmod(kNoTypmod), &d)) << text;
        const FiniteValue v = d.value();
        std::vector<unsigned char> b(finite_body_size(v.ndigits, v.dscale, v.weight));
        encode_finite(b.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
        const Received r = receive(send(b));
        ASSERT_EQ(r.status, WireStatus::Ok) << text;
        EXPECT_EQ(r.body, b) << text;
    }
}
