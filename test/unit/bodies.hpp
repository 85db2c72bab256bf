/*
 * bodies.hpp — numeric bodies for the unit tests: from text through the parser and encoder,
 * from hand-written 16-bit words, and back to text through the formatter.
 */
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/decimal_format.hpp"
#include "core/decimal_parse.hpp"
#include "core/numeric_layout.hpp"

namespace unit {

using namespace fastnumeric;

constexpr int32_t kNoTypmod = -1;

inline int32_t typmod_of(int precision, int scale) { return ((precision << 16) | (scale & 0x7FF)) + 4; }

/* A numeric body written out word by word (native order). */
inline std::vector<unsigned char> body(std::initializer_list<uint16_t> words) {
    std::vector<unsigned char> out(2 * words.size());
    size_t i = 0;
    for (uint16_t w : words)
        store_u16(&out[2 * i++], w);
    return out;
}

/* Parse and encode into a body; empty when the parser declines. */
inline std::vector<unsigned char> encode_text(const std::string& text, int32_t typmod = kNoTypmod) {
    DecimalDigits d;
    if (!parse_plain_decimal(text.c_str(), decode_typmod(typmod), &d))
        return {};
    const FiniteValue v = d.value();
    std::vector<unsigned char> out(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(out.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return out;
}

inline NumericView view(const std::vector<unsigned char>& b) {
    NumericView v;
    EXPECT_TRUE(decode_numeric(b.data(), b.size(), &v));
    return v;
}

inline std::string format_body(const std::vector<unsigned char>& b) {
    const NumericView v = view(b);
    std::vector<char> buf(format_buffer_size(v), '?');
    const char* end = format_numeric(v, buf.data());
    EXPECT_LT(static_cast<size_t>(end - buf.data()), buf.size());   // room for the NUL
    return std::string(static_cast<const char*>(buf.data()), end);
}

/* Parse then print, as fastnumeric_in followed by fastnumeric_out would. */
inline std::string round_trip(const std::string& text, int32_t typmod = kNoTypmod) {
    const auto b = encode_text(text, typmod);
    return b.empty() ? std::string("<declined>") : format_body(b);
}

}   // namespace unit
