/*
 * fuzz_layout.cpp — libFuzzer harness for the byte layout (src/core/numeric_layout.hpp) and
 * the in-place order of short bodies (src/core/numeric_order.hpp).
 *
 * The input is a numeric body (the bytes after the varlena header).  Properties:
 *   - body_is_valid accepts exactly the bodies at least as long as the header their first
 *     word announces; decode_numeric agrees, and its fields are those the header bits mean
 *     (read bit by bit in reference.hpp), with the digits inside the body;
 *   - a canonical body (exactly what numeric stores, see ref::is_canonical_body) re-encodes
 *     with encode_finite / finite_body_size to the very same bytes;
 *   - any other decodable body with digits in 0..9999 is a value: stripped() and
 *     encode_finite turn it into the canonical body of the same value and dscale (checked
 *     against the reference encoder), which decodes and re-encodes to itself;
 *   - whenever compare_short_bodies judges a pair among the body, its canonical form, the
 *     body with a zero digit appended and a few fixed values, it agrees with the reference;
 *     so does the order of their short_heads (min/max's first test) wherever those differ.
 */
#include <memory>

#include "core/numeric_layout.hpp"
#include "core/numeric_order.hpp"
#include "reference.hpp"

using namespace fastnumeric;

namespace {

std::vector<unsigned char> encode(const FiniteValue& v) {
    std::vector<unsigned char> out(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(out.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return out;
}

/* The finite value of a decoded view, its digits copied into `storage`. */
FiniteValue value_of(const NumericView& v, std::vector<uint16_t>* storage) {
    storage->clear();
    for (int i = 0; i < v.ndigits; ++i)
        storage->push_back(static_cast<uint16_t>(v.digit(i)));
    return FiniteValue{v.negative, v.weight, v.dscale, storage->data(), v.ndigits};
}

/* The value of a decodable finite body, in the reference's terms. */
ref::Decimal reference_value(const std::vector<unsigned char>& body) {
    NumericView v;
    decode_numeric(body.data(), body.size(), &v);
    std::vector<int> digits;
    for (int i = 0; i < v.ndigits; ++i)
        digits.push_back(v.digit(i));
    return ref::from_groups(v.negative, v.weight, digits);
}

int reference_order(const ref::Decimal& a, const ref::Decimal& b) {
    const ref::Decimal difference = ref::add(a, ref::negate(b));
    return difference.mag == "0" ? 0 : difference.negative ? -1 : 1;
}

/* compare_short_bodies, where it answers, against the reference over every ordered pair. */
void check_short_order(const std::vector<std::vector<unsigned char>>& bodies, const std::string& input) {
    std::vector<ref::Decimal> values;   // each body's value, read once
    for (const auto& body : bodies)
        values.push_back(reference_value(body));
    for (size_t i = 0; i < bodies.size(); ++i)
        for (size_t j = 0; j < bodies.size(); ++j) {
            const auto &a = bodies[i], &b = bodies[j];
            auto where = [&] { return input + "\n a " + ref::hex(a) + "\n b " + ref::hex(b); };
            int r;
            if (compare_short_bodies(a.data(), a.size(), b.data(), b.size(), &r))
                ref::check(r == reference_order(values[i], values[j]), "compare_short_bodies", where);
            int32_t head_a, head_b;
            if (a.size() >= 4 && b.size() >= 4 && short_head(a.data(), &head_a) && short_head(b.data(), &head_b) &&
                head_a != head_b)
                ref::check((head_a < head_b ? -1 : 1) == reference_order(values[i], values[j]), "short_head order",
                           where);
        }
}

/* Short bodies (header word, digits) to order against: 5, -5, 0.5, 10000, 123456.78, -123456.78. */
std::vector<unsigned char> words(std::initializer_list<uint16_t> w) {
    std::vector<unsigned char> out(2 * w.size());
    size_t i = 0;
    for (uint16_t x : w)
        store_u16(out.data() + 2 * i++, x);
    return out;
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // an exactly sized copy, so AddressSanitizer sees any read past the body
    std::unique_ptr<unsigned char[]> owned(new unsigned char[size > 0 ? size : 1]);
    std::memcpy(owned.get(), data, size);
    const unsigned char* body = owned.get();
    const std::string input = ref::hex(body, size);

    const bool long_enough = size >= 2 && size >= ref::read_header(body).header_bytes;
    ref::check(body_is_valid(body, size) == long_enough, "body_is_valid", input);
    NumericView v;
    ref::check(decode_numeric(body, size, &v) == long_enough, "decode_numeric agrees with body_is_valid", input);
    if (!long_enough)
        return 0;

    const ref::Header h = ref::read_header(body);
    const bool canonical = ref::is_canonical_body(body, size);
    if (h.form == ref::Header::Special) {
        const unsigned top4 = load_u16(body) >> 12;
        const Kind want = top4 == 0xD ? Kind::PosInf : top4 == 0xF ? Kind::NegInf : Kind::NaN;
        ref::check(v.kind == want && v.negative == (want == Kind::NegInf) && v.ndigits == 0, "special decoded", input);
        if (canonical)
            ref::check(ref::special_body(v.kind) == std::vector<unsigned char>(body, body + size),
                       "special re-encodes to its bytes", input);
        return 0;
    }

    ref::check(v.kind == Kind::Finite && v.negative == h.negative && v.weight == h.weight && v.dscale == h.dscale &&
                   v.digits == body + h.header_bytes && v.ndigits == static_cast<int>((size - h.header_bytes) / 2),
               "finite header decoded", input);
    std::vector<uint16_t> storage;
    const FiniteValue value = value_of(v, &storage);
    for (int i = 0; i < v.ndigits; ++i)
        if (storage[i] > 9999)
            return 0;   // not a numeric value: numeric_recv refuses it, nothing stores it

    if (canonical) {
        ref::check(finite_body_size(v.ndigits, v.dscale, v.weight) == size, "finite_body_size", input);
        ref::check(encode(value) == std::vector<unsigned char>(body, body + size),
                   "canonical body re-encodes to its bytes", input);
        return 0;
    }

    const FiniteValue s = stripped(value);
    const ref::Groups want =
        ref::to_groups(ref::from_groups(h.negative, h.weight, std::vector<int>(storage.begin(), storage.end())));
    const bool fits = want.digits.empty() || (want.weight >= -32768 && want.weight <= 32767);
    ref::check(fits_numeric_format(s) == fits, "fits_numeric_format", input);
    if (!fits)
        return 0;   // stripping moved the weight out of the int16 field
    const std::vector<unsigned char> canonical_bytes = encode(s);
    const std::vector<unsigned char> want_bytes = ref::encode_body(want, h.dscale);
    ref::check(canonical_bytes == want_bytes, "stripped value encodes to numeric's bytes",
               input + "\n got  " + ref::hex(canonical_bytes) + "\n want " + ref::hex(want_bytes));
    ref::check(ref::is_canonical_body(canonical_bytes.data(), canonical_bytes.size()), "encoded body is canonical",
               ref::hex(canonical_bytes));
    NumericView again;
    ref::check(decode_numeric(canonical_bytes.data(), canonical_bytes.size(), &again), "re-decode", input);
    ref::check(encode(value_of(again, &storage)) == canonical_bytes, "decode -> encode is the identity", input);

    std::vector<unsigned char> padded(body, body + size);
    padded.push_back(0);
    padded.push_back(0);
    check_short_order(
        {std::vector<unsigned char>(body, body + size), canonical_bytes, padded, words({0x8000, 5}),
         words({0x8000 | 0x2000, 5}), words({0x8000 | 0x7F, 5000}), words({0x8000 | 1, 1}),
         words({0x8000 | (2 << 7) | 1, 12, 3456, 7800}), words({0x8000 | 0x2000 | (2 << 7) | 1, 12, 3456, 7800})},
        input);
    return 0;
}
