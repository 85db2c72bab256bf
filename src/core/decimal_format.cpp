/*
 * decimal_format.cpp — see the header.
 */
#include "core/decimal_format.hpp"

#include <cstring>

namespace fastnumeric {

namespace {

/* "00" "01" ... "99": two characters per lookup. */
struct TwoDigitTable {
    char pairs[200];
    constexpr TwoDigitTable() : pairs() {
        for (int i = 0; i < 100; ++i) {
            pairs[2 * i] = static_cast<char>('0' + i / 10);
            pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
        }
    }
};
constexpr TwoDigitTable kTwoDigits;

inline void put2(char* out, unsigned dig) { std::memcpy(out, kTwoDigits.pairs + 2 * dig, 2); }

/* A digit above 9999 (only a damaged datum has one) prints as garbage, like numeric_out's,
   but the table is never read out of bounds: hence the "% 100" on the upper pair. */
inline void put4(char* out, unsigned dig) {
    put2(out, dig / 100 % 100);
    put2(out + 2, dig % 100);
}

/* The digit as 0..65535: a damaged negative digit cannot index before the table. */
inline unsigned digit_or_zero(const NumericView& v, int i) {
    return i >= 0 && i < v.ndigits ? static_cast<uint16_t>(v.digit(i)) : 0;
}

const char* special_text(Kind k) { return k == Kind::NaN ? "NaN" : k == Kind::PosInf ? "Infinity" : "-Infinity"; }

}   // namespace

char* format_numeric(const NumericView& v, char* out) {
    if (v.kind != Kind::Finite) {
        const char* s = special_text(v.kind);
        const size_t n = std::strlen(s);
        std::memcpy(out, s, n);
        return out + n;
    }
    char* p = out;
    if (v.negative)
        *p++ = '-';
    int d;   // index of the next base-10000 digit to print
    if (v.weight < 0) {
        *p++ = '0';
        d = v.weight + 1;
    } else {
        // the leading digit without its leading zeros (a zero still prints "0")
        const unsigned lead = digit_or_zero(v, 0);
        if (lead >= 1000) {
            put4(p, lead);
            p += 4;
        } else if (lead >= 100) {
            *p++ = static_cast<char>('0' + lead / 100);
            put2(p, lead % 100);
            p += 2;
        } else if (lead >= 10) {
            put2(p, lead);
            p += 2;
        } else {
            *p++ = static_cast<char>('0' + lead);
        }
        for (d = 1; d <= v.weight; ++d, p += kDecDigits)
            put4(p, digit_or_zero(v, d));
    }
    if (v.dscale > 0) {
        *p++ = '.';
        char* const end = p + v.dscale;
        for (; p < end; ++d, p += kDecDigits)   // the last group may write past end: slack
            put4(p, digit_or_zero(v, d));
        p = end;
    }
    return p;
}

}   // namespace fastnumeric
