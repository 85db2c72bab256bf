/*
 * wire_format.cpp — numeric's binary wire format, received and sent (see the header).
 */
#include "core/wire_format.hpp"

namespace fastnumeric {

namespace {

inline bool is_special_word(uint16_t h) { return (h & kSignMask) == kSpecial; }

}   // namespace

WireStatus decode_wire(const unsigned char* message, size_t available, Typmod typmod, WireValue* out) {
    // The header words in numeric_recv's order, each check before the next word is read.
    if (available < 6)
        return WireStatus::MessageEnds;
    const int ndigits = load_be16(message);   // unsigned: numeric_recv takes 0..65535
    const int weight = static_cast<int16_t>(load_be16(message + 2));
    const uint16_t sign = load_be16(message + 4);
    if (sign != kPositive && sign != kNegative && sign != kNaN && sign != kPosInf && sign != kNegInf)
        return WireStatus::InvalidSign;
    if (available < kWireHeaderSize)
        return WireStatus::MessageEnds;
    const int dscale = load_be16(message + 6);
    if (dscale > kDscaleMax)
        return WireStatus::InvalidScale;
    if (ndigits > kMaxWireDigits)
        return WireStatus::TooManyDigits;

    // Digits: a message that ends early fails at its first missing digit, after the range
    // checks of the digits it has.  numeric_recv reads each as int16, so 0x8000.. is negative:
    // out of range like 10000.. here.
    DecimalDigits* v = &out->digits;
    v->first = 1;
    uint16_t* d = v->storage + v->first;
    const unsigned char* p = message + kWireHeaderSize;
    const size_t present = (available - kWireHeaderSize) / 2;
    const int readable = static_cast<size_t>(ndigits) <= present ? ndigits : static_cast<int>(present);
    for (int i = 0; i < readable; ++i, p += 2) {
        const uint16_t digit = load_be16(p);
        if (digit >= kBase)
            return WireStatus::InvalidDigit;
        d[i] = digit;
    }
    if (readable < ndigits)
        return WireStatus::MessageEnds;
    out->length = kWireHeaderSize + 2 * static_cast<size_t>(ndigits);

    if (is_special_word(sign)) {   // digits, weight and dscale ignored
        out->kind = sign == kNaN ? Kind::NaN : sign == kPosInf ? Kind::PosInf : Kind::NegInf;
        return out->kind != Kind::NaN && typmod.present ? WireStatus::FieldOverflow : WireStatus::Ok;
    }
    out->kind = Kind::Finite;
    v->negative = sign == kNegative;
    v->weight = weight;
    v->dscale = dscale;
    v->ndigits = ndigits;
    truncate_to_scale(v, dscale);   // digits the dscale hides
    if (typmod.present) {
        if (!apply_typmod(v, typmod))
            return WireStatus::FieldOverflow;
    } else {
        strip(v);
    }
    // make_result's check.  Unreachable with an int16 weight and a 14-bit dscale (the dscale
    // cut leaves no digit below 10^-16383, so no stripped weight is under -4096); kept so that
    // Ok always means a value numeric can store.
    return fits_numeric_format(v->value()) ? WireStatus::Ok : WireStatus::FormatOverflow;
}

bool wire_encodes_body(const unsigned char* body, size_t len) {
    const uint16_t h = load_u16(body);
    return !is_special_word(h) || (len == 2 && (h == kNaN || h == kPosInf || h == kNegInf));
}

void encode_wire(const NumericView& v, unsigned char* out) {
    if (v.kind != Kind::Finite) {
        const uint16_t h = v.kind == Kind::NaN ? kNaN : v.kind == Kind::PosInf ? kPosInf : kNegInf;
        store_be16(out, 0);
        store_be16(out + 2, 0);
        store_be16(out + 4, h);
        store_be16(out + 6, static_cast<uint16_t>((h & kShortDscaleMask) >> kShortDscaleShift));
        return;
    }
    store_be16(out, static_cast<uint16_t>(v.ndigits));
    store_be16(out + 2, static_cast<uint16_t>(v.weight));
    store_be16(out + 4, v.negative ? kNegative : kPositive);
    store_be16(out + 6, static_cast<uint16_t>(v.dscale));
    unsigned char* p = out + kWireHeaderSize;
    for (int i = 0; i < v.ndigits; ++i, p += 2)   // the stored bits, even of a digit out of range
        store_be16(p, load_u16(v.digits + 2 * i));
}

}   // namespace fastnumeric
