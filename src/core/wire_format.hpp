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

#include "core/decimal_parse.hpp"
#include "core/numeric_layout.hpp"

namespace fastnumeric {

constexpr size_t kWireHeaderSize = 8;   // ndigits, weight, sign, dscale

/* The most digits decode_wire takes: as many as DecimalDigits holds after its carry slot. */
constexpr int kMaxWireDigits = kMaxFastGroups;

enum class WireStatus : uint8_t {
    Ok,
    MessageEnds,     // a word lies past the end: "insufficient data left in message"
    InvalidSign,     // "invalid sign in external \"numeric\" value"
    InvalidScale,    // "invalid scale in external \"numeric\" value"
    InvalidDigit,    // "invalid digit in external \"numeric\" value"
    FieldOverflow,   // the typmod cannot hold the value: "numeric field overflow"
    FormatOverflow,  // the stripped weight leaves int16: "value overflows numeric format" (unreachable)
    TooManyDigits,   // header valid, more than kMaxWireDigits digits: not an error, not decided here
};

/* A received value.  Plain data: it lives on the frame of a function that may ereport. */
struct WireValue {
    Kind kind;
    size_t length;          // bytes of the message the value took: kWireHeaderSize + 2 * ndigits
    DecimalDigits digits;   // Kind::Finite: the canonical value (stripped, typmod applied)
};

/* Decode the value at the start of `message` (`available` bytes) under `typmod`. */
WireStatus decode_wire(const unsigned char* message, size_t available, Typmod typmod, WireValue* out);

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

}  // namespace fastnumeric
