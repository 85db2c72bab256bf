/*
 * wire_format.hpp — numeric's binary wire format (what numeric_send writes and numeric_recv
 * reads), in plain C++.
 *
 * A wire value is a run of big-endian 16-bit words: ndigits, weight (signed), sign, dscale,
 * then ndigits base-10000 digits, most significant first.  The sign word is 0x0000, 0x4000
 * or one of the special header words (NaN 0xC000, +Infinity 0xD000, -Infinity 0xF000).
 *
 * decode_wire accepts exactly what numeric_recv (PostgreSQL 15; the same through 18) accepts
 * and checks in its order, so that a status names numeric_recv's error: the words are read
 * one at a time, each read fails when the message has ended ("insufficient data left in
 * message"), then the sign must be one of the five words, dscale must fit 14 bits, every
 * digit must be 0..9999 (specials' digits too, though they are then ignored).  Any weight
 * is taken.  A finite value loses the digits its dscale hides (truncated, not rounded), then
 * the typmod applies (rounding half away from zero; an infinity fits no typmod, NaN fits
 * all), then it is stripped into numeric's canonical form, whose weight must still fit int16.
 * Ok leaves exactly what the one-palloc encoder needs.  Nothing here allocates or throws.
 */
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/numeric_layout.hpp"
#include "core/typmod.hpp"

namespace fastnumeric {

constexpr size_t kWireHeaderSize = 8;   // ndigits, weight, sign, dscale

/* The most digits decode_wire takes: as many as DecimalDigits holds after its carry slot. */
constexpr int kMaxWireDigits = kMaxFastGroups;

enum class WireStatus : uint8_t {
    Ok,
    MessageEnds,      // a word lies past the end: "insufficient data left in message"
    InvalidSign,      // "invalid sign in external \"numeric\" value"
    InvalidScale,     // "invalid scale in external \"numeric\" value"
    InvalidDigit,     // "invalid digit in external \"numeric\" value"
    FieldOverflow,    // the typmod cannot hold the value: "numeric field overflow"
    FormatOverflow,   // the stripped weight leaves int16: "value overflows numeric format" (unreachable)
    TooManyDigits,    // header valid, more than kMaxWireDigits digits: not an error, not decided here
};

/* A received value.  Plain data: it lives on the frame of a function that may ereport. */
struct WireValue {
    Kind kind;
    size_t length;          // bytes of the message the value took: kWireHeaderSize + 2 * ndigits
    DecimalDigits digits;   // Kind::Finite: the canonical value (stripped, typmod applied)
};

/* Decode the value at the start of `message` (`available` bytes) under `typmod`. */
WireStatus decode_wire(const unsigned char* message, size_t available, Typmod typmod, WireValue* out);

/*
 * The common value, decided without building digits: what numeric_recv would store as the
 * wire digits themselves under a 2-byte header.  The value is finite, its first and last
 * digits are nonzero (already stripped), every digit is below 10000, no nonzero decimal place
 * lies beyond its dscale (nothing to truncate), and under a typmod none beyond the typmod's
 * scale (>= 0) and the precision holds it, so apply_typmod only sets the dscale.  Anything
 * else is decode_wire's.  In two steps, so that the caller can allocate the datum between
 * them and the digits are checked and copied in one pass.
 * A shortcut beside decode_wire, on purpose: receiving money values through decode_wire,
 * strip and the general encoder cost several times what this costs over bytea's receive (a
 * copy) (bench/callgrind --only recv_money, PostgreSQL 18).
 */
/* Whether the decimal places of the last digit `last` beyond `scale` are zeros, the last
   digit reaching `fraction_digits` places after the point. */
inline bool zeros_beyond(unsigned last, int fraction_digits, int scale) {
    switch (fraction_digits - scale) {
    case 1: return last % 10 == 0;
    case 2: return last % 100 == 0;
    case 3: return last % 1000 == 0;
    default: return fraction_digits <= scale;   // 4 or more: the whole nonzero digit
    }
}

/* The header's part of the rule: the message's digit count when its header can be such a
   value (finite, 1..kMaxWireDigits digits all present, a valid dscale), else 0. */
inline int short_wire_digits(const unsigned char* message, size_t available) {
    if (available < kWireHeaderSize)
        return 0;
    const unsigned ndigits = load_be16(message);
    if ((load_be16(message + 4) & ~kNegative) != 0 || load_be16(message + 6) > kDscaleMax ||
        ndigits - 1 >= static_cast<unsigned>(kMaxWireDigits) ||
        available < kWireHeaderSize + 2 * static_cast<size_t>(ndigits))
        return 0;
    return static_cast<int>(ndigits);
}

/* The rest, for a message short_wire_digits gave `ndigits`: writes the body (its 2-byte
   header, then the digits in native order; 2 + 2 * ndigits bytes) and says whether the value
   is such a one; false leaves `body` undefined, the value decode_wire's. */
inline bool short_wire_body(const unsigned char* message, int ndigits, Typmod typmod, unsigned char* body) {
    const unsigned char* d = message + kWireHeaderSize;
    unsigned last = 0;
    for (int i = 0; i < ndigits; ++i) {   // checked and copied in one pass
        last = load_be16(d + 2 * i);
        if (last >= kBase)
            return false;
        store_u16(body + 2 + 2 * i, static_cast<uint16_t>(last));
    }
    const unsigned first = load_be16(d);
    const int weight = static_cast<int16_t>(load_be16(message + 2));
    int dscale = load_be16(message + 6);
    const int fraction_digits = (ndigits - 1 - weight) * kDecDigits;   // the last digit's places included
    if (first == 0 || last == 0 || !zeros_beyond(last, fraction_digits, dscale))
        return false;
    if (typmod.present) {
        if (typmod.scale < 0 || !zeros_beyond(last, fraction_digits, typmod.scale) ||
            !fits_precision(weight, static_cast<uint16_t>(first), typmod))
            return false;
        dscale = typmod.scale;
    }
    if (!can_be_short(dscale, weight))
        return false;
    store_u16(body, short_header(load_be16(message + 4) == kNegative, weight, dscale));
    return true;
}

/* Bytes encode_wire writes for a decoded body. */
inline size_t wire_size(const NumericView& v) {
    return kWireHeaderSize + 2 * static_cast<size_t>(v.kind == Kind::Finite ? v.ndigits : 0);
}

/*
 * Whether encode_wire gives numeric_send's bytes for this body: for every body decode_numeric
 * takes but special bodies other than the three header words alone.  numeric_send reads a
 * special's header bits like a short header and sends any words after it as digits.  Only a
 * 4-byte NaN written before PostgreSQL 9.1 and kept by pg_upgrade can look like that, so the
 * caller hands such bodies to numeric_send rather than this file mimicking it.
 */
bool wire_encodes_body(const unsigned char* body, size_t len);

/*
 * numeric_send's bytes for a decoded body, as it lies (a finite body is sent digit for digit,
 * stripped or not); `out` holds wire_size(v) bytes.  A special is sent with no digits, weight 0
 * and the dscale its header word's short-form bits spell (0 for NaN, 32 for the infinities).
 */
void encode_wire(const NumericView& v, unsigned char* out);

}   // namespace fastnumeric
