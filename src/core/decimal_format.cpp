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

inline void put4(char* out, int dig) {
    std::memcpy(out, kTwoDigits.pairs + 2 * (dig / 100), 2);
    std::memcpy(out + 2, kTwoDigits.pairs + 2 * (dig % 100), 2);
}

/* Decimal digits printed for the leading base-10000 digit (a 0 still prints one). */
inline int leading_length(int dig) { return dig >= 1000 ? 4 : dig >= 100 ? 3 : dig >= 10 ? 2 : 1; }

inline int digit_or_zero(const NumericView& v, int i) {
    return i >= 0 && i < v.ndigits ? v.digit(i) : 0;
}

const char* special_text(Kind k) {
    return k == Kind::NaN ? "NaN" : k == Kind::PosInf ? "Infinity" : "-Infinity";
}

}  // namespace

size_t formatted_length(const NumericView& v) {
    if (v.kind != Kind::Finite)
        return std::strlen(special_text(v.kind));
    size_t n = v.negative ? 1 : 0;
    if (v.weight < 0)
        n += 1;
    else
        n += leading_length(digit_or_zero(v, 0)) + static_cast<size_t>(v.weight) * kDecDigits;
    if (v.dscale > 0)
        n += 1 + static_cast<size_t>(v.dscale);
    return n;
}

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
        char head[4];
        const int dig = digit_or_zero(v, 0);
        const int len = leading_length(dig);
        put4(head, dig);
        std::memcpy(p, head + kDecDigits - len, len);
        p += len;
        for (d = 1; d <= v.weight; ++d, p += kDecDigits)
            put4(p, digit_or_zero(v, d));
    }
    if (v.dscale > 0) {
        *p++ = '.';
        char* end = p + v.dscale;
        for (; end - p >= kDecDigits; ++d, p += kDecDigits)
            put4(p, digit_or_zero(v, d));
        if (p < end) {
            char tail[4];
            put4(tail, digit_or_zero(v, d));
            std::memcpy(p, tail, end - p);
            p = end;
        }
    }
    return p;
}

}  // namespace fastnumeric
