/*
 * fuzz_wire.cpp — libFuzzer harness for numeric's binary wire format (src/core/wire_format).
 *
 * The input is a wire message: the bytes binary COPY or a bind parameter hands to the receive
 * function.  It is received with no typmod and under a few typmods, and, read as a numeric
 * body, sent.  Properties, against the slow numeric_recv / numeric_send model in this file:
 *   - decode_wire accepts exactly what the model accepts, and refuses with the model's reason
 *     (the first failing check in numeric_recv's order), except that it declines a valid
 *     header announcing more than kMaxWireDigits digits, and only then;
 *   - when it accepts: the bytes taken, the kind, and for finite values sign, weight, dscale
 *     and digits (truncated to the sent dscale, typmod rounding half away from zero, stripped)
 *     are the model's, and so are the encoded body bytes;
 *   - short_wire takes only messages decode_wire accepts, and gives the same body and length;
 *   - sending that body gives numeric_send's words, receiving those gives the same body again,
 *     and a canonical message (exactly what numeric_send writes for the value) comes back
 *     byte for byte: send(recv(x)) == x;
 *   - any body decode_numeric takes and wire_encodes_body allows is sent as numeric_send reads
 *     it (header bits, then its words as digits, whatever they hold), and wire_encodes_body
 *     allows exactly the non-special bodies and the three special words alone;
 *   - no read outside the message (it is copied into a buffer of its exact size).
 */
#include <algorithm>
#include <memory>

#include "core/wire_format.hpp"
#include "reference.hpp"
#include "typmods.hpp"

using namespace fastnumeric;

using ref::encode_typmod;
using ref::kTypmods;
using ref::TypmodCase;

namespace ref {   // kept out of the coverage feedback with the other models (coverage.ignorelist)

inline unsigned big_endian_word(const std::vector<unsigned char>& m, size_t at) { return m[at] * 256u + m[at + 1]; }

/* What numeric_recv (PostgreSQL 15) makes of a message, written from its rules. */
struct Received {
    enum Outcome { Value, MessageEnds, InvalidSign, InvalidScale, InvalidDigit, FieldOverflow, FormatOverflow };
    Outcome outcome;
    bool header_valid;   // ndigits, weight, sign and dscale read and checked
    unsigned ndigits;
    size_t length;
    fastnumeric::Kind kind;
    Groups groups;
    int dscale;
    Decimal value;   // read_message: the finite value cut to the sent dscale, before the typmod
};

/* numeric_recv up to the typmod: its checks of the words in its order, and the value sent. */
inline Received read_message(const std::vector<unsigned char>& m) {
    Received r{Received::MessageEnds, false, 0, 0, fastnumeric::Kind::Finite, {}, 0, {}};
    size_t at = 0;
    // every word is read on its own: the message may end before any of them
    auto read = [&](unsigned* w) {
        if (at + 2 > m.size())
            return false;
        *w = big_endian_word(m, at);
        at += 2;
        return true;
    };
    unsigned ndigits, weight_word, sign, dscale;
    if (!read(&ndigits) || !read(&weight_word) || !read(&sign))
        return r;
    if (sign != 0x0000 && sign != 0x4000 && sign != 0xC000 && sign != 0xD000 && sign != 0xF000) {
        r.outcome = Received::InvalidSign;
        return r;
    }
    if (!read(&dscale))
        return r;
    if (dscale > 0x3FFF) {
        r.outcome = Received::InvalidScale;
        return r;
    }
    r.header_valid = true;
    r.ndigits = ndigits;
    std::vector<int> digits;
    for (unsigned i = 0; i < ndigits; ++i) {
        unsigned d;
        if (!read(&d))
            return r;
        if (d >= 0x8000 || d >= 10000) {   // an int16 below 0, or NBASE and above
            r.outcome = Received::InvalidDigit;
            return r;
        }
        digits.push_back(static_cast<int>(d));
    }
    r.length = at;
    if (sign >= 0xC000) {   // digits, weight and dscale are ignored
        r.kind = sign == 0xC000   ? fastnumeric::Kind::NaN
                 : sign == 0xD000 ? fastnumeric::Kind::PosInf
                                  : fastnumeric::Kind::NegInf;
        r.outcome = Received::Value;
        return r;
    }
    const int weight = weight_word >= 32768 ? static_cast<int>(weight_word) - 65536 : static_cast<int>(weight_word);
    r.value = truncate_to_scale(from_groups(sign == 0x4000, weight, digits), static_cast<int>(dscale));
    r.dscale = static_cast<int>(dscale);
    r.outcome = Received::Value;
    return r;
}

/* What numeric_recv (PostgreSQL 15) makes of a message under typmod t, from read_message's reading. */
inline Received numeric_recv(const Received& read, const TypmodCase& t) {
    Received r = read;
    if (r.outcome != Received::Value)
        return r;
    if (r.kind != fastnumeric::Kind::Finite) {
        if (r.kind != fastnumeric::Kind::NaN && t.present)
            r.outcome = Received::FieldOverflow;
        return r;
    }
    Decimal v = r.value;
    if (t.present) {
        v = round_to_scale(v, t.scale);
        r.dscale = std::max(t.scale, 0);
        // numeric(p,s) holds a rounded value whose digits before the point number at most p - s
        if (v.mag != "0" && static_cast<long>(v.mag.size()) + v.exp10 > t.precision - t.scale) {
            r.outcome = Received::FieldOverflow;
            return r;
        }
    }
    r.groups = to_groups(v);
    if (!r.groups.digits.empty() && (r.groups.weight < -32768 || r.groups.weight > 32767)) {
        r.outcome = Received::FormatOverflow;
        return r;
    }
    r.outcome = Received::Value;
    return r;
}

/* numeric_send's words for a body, read as init_var_from_num reads it. */
inline std::vector<unsigned char> numeric_send(const unsigned char* body, size_t len) {
    const unsigned h = load_u16(body);
    const Header hd = read_header(body);
    unsigned sign, weight, dscale;
    if (hd.form == Header::Special) {   // the header bits of a short header, the top four as sign
        sign = h & 0xF000;
        dscale = h >> 7 & 0x3F;
        weight = (h & 0x40) != 0 ? (h & 0x3F) | 0xFFC0 : h & 0x3F;
    } else {
        sign = hd.negative ? 0x4000 : 0;
        dscale = static_cast<unsigned>(hd.dscale);
        weight = static_cast<unsigned>(hd.weight) & 0xFFFF;
    }
    const size_t n = (len - hd.header_bytes) / 2;
    std::vector<unsigned char> out;
    auto put = [&out](unsigned w) {
        out.push_back(static_cast<unsigned char>(w >> 8 & 0xFF));
        out.push_back(static_cast<unsigned char>(w & 0xFF));
    };
    put(static_cast<unsigned>(n));
    put(weight);
    put(sign);
    put(dscale);
    for (size_t i = 0; i < n; ++i)
        put(load_u16(body + hd.header_bytes + 2 * i));
    return out;
}

}   // namespace ref

namespace {

WireStatus expected_status(ref::Received::Outcome o) {
    switch (o) {
    case ref::Received::Value: return WireStatus::Ok;
    case ref::Received::MessageEnds: return WireStatus::MessageEnds;
    case ref::Received::InvalidSign: return WireStatus::InvalidSign;
    case ref::Received::InvalidScale: return WireStatus::InvalidScale;
    case ref::Received::InvalidDigit: return WireStatus::InvalidDigit;
    case ref::Received::FieldOverflow: return WireStatus::FieldOverflow;
    case ref::Received::FormatOverflow: return WireStatus::FormatOverflow;
    }
    return WireStatus::Ok;
}

/* The body decode_wire's value encodes to. */
std::vector<unsigned char> body_of(const WireValue& w) {
    if (w.kind != Kind::Finite)
        return ref::special_body(w.kind);
    const FiniteValue v = w.digits.value();
    std::vector<unsigned char> body(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(body.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return body;
}

/* decode_wire on an exactly sized copy. */
WireStatus receive(const std::vector<unsigned char>& m, Typmod typmod, WireValue* w) {
    std::unique_ptr<unsigned char[]> exact(new unsigned char[m.size() > 0 ? m.size() : 1]);
    std::copy(m.begin(), m.end(), exact.get());
    return decode_wire(exact.get(), m.size(), typmod, w);
}

/* encode_wire of a body, into an exactly sized buffer. */
std::vector<unsigned char> send(const std::vector<unsigned char>& body) {
    NumericView v;
    ref::check(decode_numeric(body.data(), body.size(), &v), "decode_numeric of a body to send", ref::hex(body));
    std::unique_ptr<unsigned char[]> out(new unsigned char[wire_size(v)]);
    encode_wire(v, out.get());
    return std::vector<unsigned char>(out.get(), out.get() + wire_size(v));
}

void check_receive(const std::vector<unsigned char>& m, const ref::Received& header_only, const ref::Received& read,
                   const TypmodCase& t) {
    auto where = [&] { return "message " + ref::hex(m) + ref::typmod_text(t); };
    WireValue w;
    const WireStatus got = receive(m, decode_typmod(encode_typmod(t)), &w);
    const unsigned announced = m.size() >= 2 ? ref::big_endian_word(m, 0) : 0;
    // the header alone decides whether decode_wire declines for length
    const bool too_many = header_only.header_valid && announced > static_cast<unsigned>(kMaxWireDigits);
    ref::check((got == WireStatus::TooManyDigits) == too_many,
               too_many ? "a valid header announcing too many digits was not declined"
                        : "declined for length what the decoder holds",
               where);
    if (too_many)
        return;

    // short_wire, where it takes the message, gives the same datum as decode_wire
    std::unique_ptr<unsigned char[]> exact(new unsigned char[m.size() > 0 ? m.size() : 1]);
    std::copy(m.begin(), m.end(), exact.get());
    const int ndigits = short_wire_digits(exact.get(), m.size());
    std::vector<unsigned char> b(2 + 2 * static_cast<size_t>(ndigits));
    if (ndigits > 0 && short_wire_body(exact.get(), ndigits, decode_typmod(encode_typmod(t)), b.data())) {
        ref::check(got == WireStatus::Ok, "short_wire took a message decode_wire refuses", where);
        ref::check(b == body_of(w) && w.length == kWireHeaderSize + b.size() - 2,
                   "short_wire's body differs from decode_wire's", where);
    }

    const ref::Received want = ref::numeric_recv(read, t);
    ref::check(got == expected_status(want.outcome), "status differs from numeric_recv's outcome", [&] {
        return where() + " got " + std::to_string(static_cast<int>(got)) + " want " +
               std::to_string(static_cast<int>(want.outcome));
    });
    if (got != WireStatus::Ok)
        return;
    ref::check(w.length == want.length && w.kind == want.kind, "length or kind differs", where);
    const std::vector<unsigned char> body = body_of(w);
    if (w.kind == Kind::Finite) {
        const FiniteValue v = w.digits.value();
        ref::Groups g;
        g.negative = v.negative;
        g.weight = v.weight;
        g.digits.assign(v.digits, v.digits + v.ndigits);
        ref::check(g.negative == want.groups.negative && g.weight == want.groups.weight &&
                       g.digits == want.groups.digits && v.dscale == want.dscale,
                   "received value differs from numeric_recv's", [&] {
                       return where() + "\n got  " + ref::describe(g, v.dscale) + "\n want " +
                              ref::describe(want.groups, want.dscale);
                   });
        const std::vector<unsigned char> want_body = ref::encode_body(want.groups, want.dscale);
        ref::check(body == want_body, "body bytes differ from numeric's",
                   [&] { return where() + "\n got  " + ref::hex(body) + "\n want " + ref::hex(want_body); });
    } else {
        ref::check(body == ref::special_body(want.kind), "special body differs", where);
    }

    // send it back: numeric_send's words; received again, the same body; and a message that
    // was already canonical is what comes back
    const std::vector<unsigned char> sent = send(body);
    const std::vector<unsigned char> want_sent = ref::numeric_send(body.data(), body.size());
    ref::check(sent == want_sent, "sent bytes differ from numeric_send's",
               [&] { return where() + "\n got  " + ref::hex(sent) + "\n want " + ref::hex(want_sent); });
    WireValue again;
    ref::check(receive(sent, decode_typmod(-1), &again) == WireStatus::Ok && body_of(again) == body,
               "send then receive does not give the same body", [&] { return where() + "\n sent " + ref::hex(sent); });
    const std::vector<unsigned char> taken(m.begin(), m.begin() + static_cast<long>(w.length));
    const bool canonical = taken == want_sent;
    if (canonical)
        ref::check(sent == taken, "send(recv(x)) != x for a canonical message", where);
}

void check_send_of_body(const std::vector<unsigned char>& body) {
    NumericView v;
    if (!decode_numeric(body.data(), body.size(), &v))
        return;
    const unsigned h = load_u16(body.data());
    const bool special = (h & 0xC000) == 0xC000;
    const bool plain = !special || (body.size() == 2 && (h == 0xC000 || h == 0xD000 || h == 0xF000));
    ref::check(wire_encodes_body(body.data(), body.size()) == plain, "wire_encodes_body", ref::hex(body));
    if (!plain)
        return;
    const std::vector<unsigned char> sent = send(body);
    const std::vector<unsigned char> want = ref::numeric_send(body.data(), body.size());
    ref::check(sent == want, "sent bytes of a body differ from numeric_send's",
               "body " + ref::hex(body) + "\n got  " + ref::hex(sent) + "\n want " + ref::hex(want));
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::vector<unsigned char> input(data, data + size);
    // the model reads the message once (and its header alone), then applies each typmod
    const std::vector<unsigned char> header(input.begin(),
                                            input.begin() + static_cast<long>(std::min<size_t>(size, 8)));
    const ref::Received header_only = ref::read_message(header), read = ref::read_message(input);
    for (const TypmodCase& t : kTypmods)
        check_receive(input, header_only, read, t);
    check_send_of_body(input);
    return 0;
}
