/*
 * decimal_parse.cpp — plain decimal text to stripped base-10000 digits (see the header).
 */
#include "core/decimal_parse.hpp"

namespace fastnumeric {

namespace {

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Value of the four characters at p if all are digits (reads stop at the first non-digit), else -1. */
inline int four_digits(const char* p) {
    if (!is_digit(p[0]) || !is_digit(p[1]) || !is_digit(p[2]) || !is_digit(p[3]))
        return -1;
    return ((p[0] - '0') * 10 + (p[1] - '0')) * 100 + (p[2] - '0') * 10 + (p[3] - '0');
}

/* Value of n (0..4) ASCII digits. */
inline uint16_t group_value(const char* p, int n) {
    unsigned v = 0;
    for (int i = 0; i < n; ++i)
        v = v * 10 + static_cast<unsigned>(p[i] - '0');
    return static_cast<uint16_t>(v);
}

}   // namespace

void compact_decimal_digits(const CompactDecimal& s, DecimalDigits* out) {
    out->negative = s.negative;
    out->weight = kCompactDecimalWeight;
    out->dscale = s.dscale;
    out->first = 1;
    out->ndigits = 4;
    for (int i = 0; i < 4; ++i)
        out->storage[out->first + i] = static_cast<uint16_t>(s.groups >> (16 * i));
}

bool parse_plain_decimal(const char* text, Typmod typmod, DecimalDigits* out) {
    CompactDecimal s;
    if (!scan_compact_decimal(text, &s))
        return parse_plain_decimal_bytewise(text, typmod, out);
    compact_decimal_digits(s, out);
    if (typmod.present)
        return apply_typmod(out, typmod);
    strip(out);
    return true;
}

bool parse_plain_decimal_bytewise(const char* text, Typmod typmod, DecimalDigits* out) {
    const char* p = text;
    while (*p == ' ')
        ++p;
    bool negative = false;
    if (*p == '-' || *p == '+')
        negative = *p++ == '-';

    // Integer part: skip leading zeros, then accumulate (exact while it fits 19 digits).
    const char* int_start = p;
    while (*p == '0')
        ++p;
    const char* int_begin = p;
    uint64_t int_value = 0;   // wraps for long input, then unused
    for (int q; (q = four_digits(p)) >= 0; p += kDecDigits)
        int_value = int_value * kBase + static_cast<unsigned>(q);
    while (is_digit(*p))
        int_value = int_value * 10 + static_cast<unsigned>(*p++ - '0');
    const int nint = static_cast<int>(p - int_begin);
    if (nint > kMaxFastDecimalDigits)
        return false;
    bool any_digit = p > int_start;

    // Integer digits: the first group takes what the 4-digit alignment on the point leaves.
    const int int_groups = (nint + kDecDigits - 1) / kDecDigits;
    out->first = 1;
    uint16_t* d = out->storage + out->first;
    if (nint <= kDecDigits) {
        d[0] = static_cast<uint16_t>(int_value);   // at most one group: no division
    } else if (nint <= 19) {
        for (int g = int_groups - 1; g >= 0; --g) {
            d[g] = static_cast<uint16_t>(int_value % kBase);
            int_value /= kBase;
        }
    } else {
        int head = nint - (int_groups - 1) * kDecDigits;
        uint16_t* g = d;
        for (const char* s = int_begin; s < p; s += head, head = kDecDigits)
            *g++ = group_value(s, head);
    }
    d += int_groups;

    // Fraction: groups of four digits after the point, the last one padded with zeros.
    int nfrac = 0;
    if (*p == '.') {
        ++p;
        const uint16_t* frac_limit = d + (kMaxFastDecimalDigits + kDecDigits - 1) / kDecDigits;
        for (int q; (q = four_digits(p)) >= 0; p += kDecDigits, nfrac += kDecDigits) {
            if (d == frac_limit)
                return false;   // too long for the fast path
            *d++ = static_cast<uint16_t>(q);
        }
        unsigned group = 0;
        int in_group = 0;
        while (is_digit(*p)) {
            group = group * 10 + static_cast<unsigned>(*p++ - '0');
            ++in_group;
        }
        if (in_group > 0) {
            if (d == frac_limit)
                return false;
            *d++ = static_cast<uint16_t>(group * power_of_ten(kDecDigits - in_group));
            nfrac += in_group;
        }
        any_digit = any_digit || nfrac > 0;
    }
    if (!any_digit)
        return false;   // no digit at all
    while (*p == ' ')
        ++p;
    if (*p != '\0')
        return false;   // exponent, junk, other whitespace: numeric decides

    out->negative = negative;
    out->weight = int_groups - 1;
    out->dscale = nfrac;
    out->ndigits = static_cast<int>(d - (out->storage + out->first));

    if (typmod.present)
        return apply_typmod(out, typmod);   // false: numeric raises "numeric field overflow"
    // Leading zero groups only come with no integer digit, trailing ones from zeros written
    // after the point; other values are stripped as they stand.
    if (nint == 0 || out->storage[out->first + out->ndigits - 1] == 0)
        strip(out);
    return true;
}

}   // namespace fastnumeric
