/*
 * fuzz_format.cpp — libFuzzer harness for the formatter (src/core/decimal_format).
 *
 * The input is a numeric body (the bytes after the varlena header), as a datum would hold.
 * Properties:
 *   - body_is_valid rejects exactly the bodies shorter than the header their first word
 *     announces, and decode_numeric agrees with it;
 *   - a body whose digits are all in 0..9999 (what numeric_recv and every numeric operation
 *     guarantee; leading/trailing zero groups and a shorter-than-usual header are allowed,
 *     numeric_out prints those too) formats into exactly format_buffer_size bytes (the
 *     buffer is that size, so AddressSanitizer sees any write beyond it) and gives the
 *     reference text: sign, integer part without leading zeros, exactly dscale decimals;
 *   - specials print NaN, Infinity, -Infinity as numeric_out does for their header words.
 * Bodies with a digit outside 0..9999 (nothing in PostgreSQL stores them) are formatted for
 * the bounds checks only: their text is garbage, as numeric_out's is.  Damaged infinities
 * (0xD000 or 0xF000 with low bits set) are skipped, see below.
 */
#include <memory>

#include "core/decimal_format.hpp"
#include "reference.hpp"

using namespace fastnumeric;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // an exactly sized copy, so AddressSanitizer sees any read past the body
    std::unique_ptr<unsigned char[]> body(new unsigned char[size > 0 ? size : 1]);
    std::memcpy(body.get(), data, size);

    const bool long_enough = size >= 2 && size >= ref::read_header(body.get()).header_bytes;
    ref::check(body_is_valid(body.get(), size) == long_enough, "body_is_valid", ref::hex(body.get(), size));
    NumericView v;
    ref::check(decode_numeric(body.get(), size, &v) == long_enough, "decode_numeric agrees with body_is_valid",
               ref::hex(body.get(), size));
    if (!long_enough)
        return 0;

    const ref::Header h = ref::read_header(body.get());
    std::string want;
    bool damaged = false;
    if (h.form == ref::Header::Special) {
        const unsigned word = load_u16(body.get());
        want = word == 0xD000 ? "Infinity" : word == 0xF000 ? "-Infinity" : "NaN";
        // numeric_out compares whole words; decode_numeric looks at the top four bits only,
        // so a damaged infinity (0xD001) would print Infinity, not numeric's NaN
        if ((word & 0x0FFF) != 0 && (word & 0xF000) != 0xC000 && (word & 0xF000) != 0xE000)
            return 0;
    } else {
        std::vector<int> digits;
        for (size_t at = h.header_bytes; at + 2 <= size; at += 2)
            digits.push_back(load_u16(body.get() + at));
        for (int d : digits)
            damaged = damaged || d > 9999;   // nothing stores it, numeric_recv refuses it
        if (!damaged)
            want = ref::format_finite(h.negative, h.weight, h.dscale, digits);
    }

    const size_t capacity = format_buffer_size(v);
    std::unique_ptr<char[]> out(new char[capacity]);
    char* const end = format_numeric(v, out.get());
    ref::check(end >= out.get() && end < out.get() + capacity, "text and its NUL fit format_buffer_size",
               ref::hex(body.get(), size));
    if (damaged)
        return 0;   // garbage text, like numeric_out's; only the bounds above are checked
    const std::string got(out.get(), end);
    ref::check(got == want, "formatted text differs from the reference",
               ref::hex(body.get(), size) + "\n got  " + got.substr(0, 200) + "\n want " + want.substr(0, 200));
    return 0;
}
