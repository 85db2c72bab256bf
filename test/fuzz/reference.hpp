/*
 * reference.hpp — slow, obviously correct models that the fuzz harnesses hold src/core to.
 *
 * Everything here works one decimal digit at a time on std::string, or straight from the
 * definition of numeric's layout; none of it shares code with src/core (only the byte order
 * helpers load_u16/store_u16).  Speed does not matter, clarity does.
 */
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "core/numeric_layout.hpp"

namespace ref {

using fastnumeric::load_u16;
using fastnumeric::store_u16;

/* A failed property: libFuzzer treats the abort as a crash and saves the input. */
[[noreturn]] inline void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "PROPERTY FAILED: %s\n%s\n", what, detail.c_str());
    std::abort();
}

inline void check(bool ok, const char* what, const std::string& detail = "") {
    if (!ok)
        fail(what, detail);
}

/* check() with a detail that is only worked out if the check fails (`detail()` gives it). */
template <typename Detail, typename = decltype(std::declval<const Detail&>()())>
inline void check(bool ok, const char* what, const Detail& detail) {
    if (!ok)
        fail(what, detail());
}

/* ------------------------------------------------------------ decimal strings */

/* "0" for an empty or all-zero string; otherwise the digits without leading zeros. */
inline std::string strip_zeros(std::string s) {
    const size_t first = s.find_first_not_of('0');
    if (first == std::string::npos)
        return "0";
    s.erase(0, first);
    return s;
}

/* Leading zeros of a decimal string. */
inline size_t leading_zeros(const std::string& s) {
    const size_t first = s.find_first_not_of('0');
    return first == std::string::npos ? s.size() : first;
}

inline bool is_zero(const std::string& mag) { return leading_zeros(mag) == mag.size(); }

/* Trailing zeros of a decimal string (all of it when it is all zeros). */
inline size_t trailing_zeros(const std::string& s) {
    const size_t last = s.find_last_not_of('0');
    return last == std::string::npos ? s.size() : s.size() - 1 - last;
}

/* Compare two magnitudes (decimal strings, any leading zeros). */
inline int compare_mag(const std::string& a, const std::string& b) {
    const size_t za = leading_zeros(a), zb = leading_zeros(b);
    const size_t na = a.size() - za, nb = b.size() - zb;
    if (na != nb)
        return na < nb ? -1 : 1;
    const int c = a.compare(za, na, b, zb, nb);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/*
 * The shorter magnitude added into a copy of the longer, column by column from the least
 * significant digit (its trailing zeros change nothing); a carry left over turns the nines
 * above it into zeros and the digit above them one up (the leading 0 put in front takes it
 * at the latest).
 */
inline std::string add_mag(const std::string& a, const std::string& b) {
    const std::string& shorter = a.size() < b.size() ? a : b;
    std::string r = "0" + (a.size() < b.size() ? b : a);
    const size_t n = r.size(), m = shorter.size();
    int carry = 0;
    for (size_t i = trailing_zeros(shorter); i < m; ++i) {
        const int s = (r[n - 1 - i] - '0') + (shorter[m - 1 - i] - '0') + carry;
        r[n - 1 - i] = static_cast<char>('0' + s % 10);
        carry = s / 10;
    }
    if (carry != 0) {
        const size_t at = r.find_last_not_of('9', n - 1 - m);
        std::fill(r.begin() + static_cast<long>(at) + 1, r.begin() + static_cast<long>(n - m), '0');
        ++r[at];
    }
    return strip_zeros(std::move(r));
}

/*
 * a - b for magnitudes with a >= b: b taken from a copy of a, column by column from the least
 * significant digit (b's trailing zeros change nothing); a borrow left over turns the zeros above it into nines and the digit
 * above them one down (a >= b: there is one).
 */
inline std::string sub_mag(const std::string& a, const std::string& b) {
    std::string r = a;
    const size_t n = r.size(), m = b.size() < n ? b.size() : n;   // b's extra digits are leading zeros
    int borrow = 0;
    for (size_t i = trailing_zeros(b); i < m; ++i) {
        const int s = (r[n - 1 - i] - '0') - (b[b.size() - 1 - i] - '0') - borrow;
        borrow = s < 0;
        r[n - 1 - i] = static_cast<char>('0' + (s + 10) % 10);
    }
    if (borrow != 0) {
        const size_t at = r.find_last_not_of('0', n - 1 - m);
        std::fill(r.begin() + static_cast<long>(at) + 1, r.begin() + static_cast<long>(n - m), '9');
        --r[at];
    }
    return strip_zeros(std::move(r));
}

inline std::string mul_mag(const std::string& a, const std::string& b) {
    std::vector<int> acc(a.size() + b.size(), 0);
    for (size_t i = 0; i < a.size(); ++i)
        for (size_t j = 0; j < b.size(); ++j)
            acc[i + j + 1] += (a[i] - '0') * (b[j] - '0');
    for (size_t k = acc.size() - 1; k > 0; --k) {
        acc[k - 1] += acc[k] / 10;
        acc[k] %= 10;
    }
    std::string r;
    for (int d : acc)
        r += static_cast<char>('0' + d);
    return strip_zeros(r);
}

/* A decimal value: (negative ? -1 : 1) * mag * 10^exp10.  Zero is never negative. */
struct Decimal {
    bool negative = false;
    std::string mag = "0";
    int exp10 = 0;
};

inline Decimal make_decimal(bool negative, std::string mag, int exp10) {
    Decimal d{negative, strip_zeros(std::move(mag)), exp10};
    if (d.mag == "0")
        d.negative = false;
    return d;
}

/* The magnitude of d scaled to exponent e <= d.exp10 (appends zeros). */
inline std::string mag_at(const Decimal& d, int e) { return d.mag + std::string(d.exp10 - e, '0'); }

inline Decimal add(const Decimal& a, const Decimal& b) {
    const int e = a.exp10 < b.exp10 ? a.exp10 : b.exp10;
    const std::string x = mag_at(a, e), y = mag_at(b, e);
    if (a.negative == b.negative)
        return make_decimal(a.negative, add_mag(x, y), e);
    return compare_mag(x, y) >= 0 ? make_decimal(a.negative, sub_mag(x, y), e)
                                  : make_decimal(b.negative, sub_mag(y, x), e);
}

inline Decimal negate(Decimal d) {
    d.negative = !d.negative && d.mag != "0";
    return d;
}

inline Decimal multiply(const Decimal& a, const Decimal& b) {
    return make_decimal(a.negative != b.negative, mul_mag(a.mag, b.mag), a.exp10 + b.exp10);
}

/* Round to a multiple of 10^-scale, half away from zero (scale may be negative). */
inline Decimal round_to_scale(const Decimal& d, int scale) {
    const int drop = -scale - d.exp10;   // digits of mag below the rounding position
    if (drop <= 0)
        return d;
    const long kept = static_cast<long>(d.mag.size()) - drop;
    if (kept < 0)
        return make_decimal(false, "0", -scale);   // the first dropped digit is a leading zero
    std::string head = d.mag.substr(0, static_cast<size_t>(kept));
    if (d.mag[static_cast<size_t>(kept)] >= '5')
        head = add_mag(head.empty() ? "0" : head, "1");
    return make_decimal(d.negative, head.empty() ? "0" : head, -scale);
}

/* Truncate toward zero to a multiple of 10^-scale (scale may be negative). */
inline Decimal truncate_to_scale(const Decimal& d, int scale) {
    const int drop = -scale - d.exp10;   // digits of mag below the cut
    if (drop <= 0)
        return d;
    const long kept = static_cast<long>(d.mag.size()) - drop;
    if (kept <= 0)
        return make_decimal(false, "0", -scale);
    return make_decimal(d.negative, d.mag.substr(0, static_cast<size_t>(kept)), -scale);
}

/* ------------------------------------------------------- base-10000 digit groups */

/* numeric's stripped form: digits[0] is worth 10000^weight, no leading/trailing zero group. */
struct Groups {
    bool negative = false;
    int weight = 0;
    std::vector<int> digits;
};

inline int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

inline Groups to_groups(const Decimal& d) {
    Groups g;
    if (is_zero(d.mag))
        return g;
    g.negative = d.negative;
    // zeros in front and behind, so that the lowest digit sits at a multiple of 4 and the
    // highest ends a group (mag's last character is worth 10^exp10)
    const int length = static_cast<int>(d.mag.size());
    const int low_group = floor_div(d.exp10, 4);
    const int high_group = floor_div(d.exp10 + length - 1, 4);
    const int behind = d.exp10 - 4 * low_group, in_front = 4 * (high_group + 1) - (d.exp10 + length);
    const std::string padded =
        std::string(static_cast<size_t>(in_front), '0') + d.mag + std::string(static_cast<size_t>(behind), '0');
    g.weight = high_group;
    g.digits.reserve(padded.size() / 4);
    for (size_t i = 0; i < padded.size(); i += 4)
        g.digits.push_back(((padded[i] - '0') * 10 + (padded[i + 1] - '0')) * 100 + (padded[i + 2] - '0') * 10 +
                           (padded[i + 3] - '0'));
    size_t leading = 0;
    while (g.digits[leading] == 0)   // mag is not zero: some group is not
        ++leading;
    g.digits.erase(g.digits.begin(), g.digits.begin() + static_cast<long>(leading));
    g.weight -= static_cast<int>(leading);
    while (g.digits.back() == 0)
        g.digits.pop_back();
    return g;
}

/* The value of digits[0..n) (each 0..9999), digits[0] worth 10000^weight. */
inline Decimal from_groups(bool negative, int weight, const std::vector<int>& digits) {
    std::string mag(4 * digits.size(), '0');
    for (size_t i = 0; i < digits.size(); ++i)
        for (int j = 3, d = digits[i]; j >= 0; --j, d /= 10)
            mag[4 * i + static_cast<size_t>(j)] = static_cast<char>('0' + d % 10);
    return make_decimal(negative, mag.empty() ? "0" : mag, 4 * (weight - static_cast<int>(digits.size()) + 1));
}

/* Whether digits[0..n) are `want`, digit by digit (no copy). */
inline bool same_digits(const uint16_t* digits, int n, const std::vector<int>& want) {
    if (static_cast<size_t>(n) != want.size())
        return false;
    for (int i = 0; i < n; ++i)
        if (digits[i] != want[static_cast<size_t>(i)])
            return false;
    return true;
}

/*
 * Whether a stripped value (zero: no digits, weight 0, positive) is d: to_groups(d), read
 * group by group from d's string instead of built (checked after every step of a script).
 */
inline bool same_value(bool negative, int weight, const uint16_t* digits, int n, const Decimal& d) {
    if (is_zero(d.mag))
        return n == 0 && !negative && weight == 0;
    const int length = static_cast<int>(d.mag.size());
    auto group = [&](int p) {   // the group worth 10000^p: decimals 10^(4p+3) down to 10^(4p)
        int value = 0;
        for (int q = 4 * p + 3; q >= 4 * p; --q) {
            const int i = length - 1 - (q - d.exp10);   // mag's last character is worth 10^exp10
            value = value * 10 + (i >= 0 && i < length ? d.mag[static_cast<size_t>(i)] - '0' : 0);
        }
        return value;
    };
    // the groups of mag's first digit (not 0) and of its last nonzero one
    const int high = floor_div(d.exp10 + length - 1, 4);
    const int low = floor_div(d.exp10 + static_cast<int>(trailing_zeros(d.mag)), 4);
    if (negative != d.negative || weight != high || n != high - low + 1)
        return false;
    for (int k = 0; k < n; ++k)
        if (digits[k] != group(high - k))
            return false;
    return true;
}

inline std::string describe(const Groups& g, int dscale) {
    std::string s = g.negative ? "-" : "+";
    s += " weight " + std::to_string(g.weight) + " dscale " + std::to_string(dscale) + " digits";
    for (int d : g.digits)
        s += " " + std::to_string(d);
    return s;
}

/* ------------------------------------------------------------ numeric's bytes */

constexpr int kShortDscaleMax = 63, kShortWeightMin = -64, kShortWeightMax = 63;
constexpr int kDscaleMax = 16383;
constexpr int kWeightMax = 32767;   // numeric stores the weight in an int16

/* The body numeric stores for a stripped finite value (numeric.c's make_result). */
inline std::vector<unsigned char> encode_body(const Groups& g, int dscale) {
    const bool negative = g.negative && !g.digits.empty();
    const int weight = g.digits.empty() ? 0 : g.weight;
    const bool short_form = dscale <= kShortDscaleMax && weight >= kShortWeightMin && weight <= kShortWeightMax;
    const size_t header_words = short_form ? 1 : 2;
    std::vector<unsigned char> out(2 * (header_words + g.digits.size()));
    if (short_form) {
        const int weight7 = weight < 0 ? weight + 128 : weight;   // 7-bit two's complement
        store_u16(&out[0], static_cast<uint16_t>(0x8000 + (negative ? 0x2000 : 0) + dscale * 128 + weight7));
    } else {
        store_u16(&out[0], static_cast<uint16_t>((negative ? 0x4000 : 0) + dscale));
        store_u16(&out[2], static_cast<uint16_t>(weight < 0 ? weight + 65536 : weight));
    }
    for (size_t i = 0; i < g.digits.size(); ++i)
        store_u16(&out[2 * (header_words + i)], static_cast<uint16_t>(g.digits[i]));
    return out;
}

inline std::vector<unsigned char> special_body(fastnumeric::Kind k) {
    std::vector<unsigned char> out(2);
    store_u16(out.data(), k == fastnumeric::Kind::NaN ? 0xC000 : k == fastnumeric::Kind::PosInf ? 0xD000 : 0xF000);
    return out;
}

/* The fields a body's header words announce, read bit by bit from numeric.h's definitions. */
struct Header {
    enum Form { Short, Long, Special } form;
    bool negative;
    int weight;
    int dscale;
    size_t header_bytes;
};

inline Header read_header(const unsigned char* body) {
    const unsigned h = load_u16(body);
    const unsigned top2 = h >> 14;
    if (top2 == 3)
        return Header{Header::Special, h == 0xF000, 0, 0, 2};
    if (top2 == 2) {
        int weight = static_cast<int>(h & 0x7F);
        if (weight >= 64)
            weight -= 128;
        return Header{Header::Short, (h >> 13 & 1) != 0, weight, static_cast<int>(h >> 7 & 0x3F), 2};
    }
    const int weight = static_cast<int>(load_u16(body + 2));
    return Header{Header::Long, top2 == 1, weight >= 32768 ? weight - 65536 : weight, static_cast<int>(h & 0x3FFF), 4};
}

/*
 * Whether a body is exactly what numeric stores: a special is one of the three header words
 * alone; a finite value has whole digits in 0..9999, none leading or trailing zero, zero is
 * positive with weight 0, and the header form is the one make_result picks.
 */
inline bool is_canonical_body(const unsigned char* body, size_t len) {
    if (len < 2 || len % 2 != 0)
        return false;
    const unsigned h = load_u16(body);
    const Header hd = read_header(body);
    if (hd.form == Header::Special)
        return len == 2 && (h == 0xC000 || h == 0xD000 || h == 0xF000);
    if (len < hd.header_bytes)
        return false;
    const size_t n = (len - hd.header_bytes) / 2;
    std::vector<int> digits;
    for (size_t i = 0; i < n; ++i)
        digits.push_back(load_u16(body + hd.header_bytes + 2 * i));
    for (int d : digits)
        if (d > 9999)
            return false;
    if (!digits.empty() && (digits.front() == 0 || digits.back() == 0))
        return false;
    if (digits.empty() && (hd.negative || hd.weight != 0))
        return false;
    const bool fits_short =
        hd.dscale <= kShortDscaleMax && hd.weight >= kShortWeightMin && hd.weight <= kShortWeightMax;
    return fits_short == (hd.form == Header::Short);
}

/* ------------------------------------------------------------------- text */

/*
 * numeric_out's text of a finite value: exactly dscale fraction digits, zeros beyond the
 * digits.  Like numeric_out, only the leading group loses its leading zeros, so a body with
 * a leading zero group (not stripped: nothing stores one) prints "00000" for weight 1.
 */
inline std::string format_finite(bool negative, int weight, int dscale, const std::vector<int>& digits) {
    auto group = [&](long power) {   // the digit worth 10000^power
        const long i = static_cast<long>(weight) - power;
        return i >= 0 && i < static_cast<long>(digits.size()) ? digits[static_cast<size_t>(i)] : 0;
    };
    std::string text = negative ? "-" : "";
    auto append_four = [&](int d) {   // a group's 4 decimals, leading zeros included
        const char decimals[4] = {char('0' + d / 1000), char('0' + d / 100 % 10), char('0' + d / 10 % 10),
                                  char('0' + d % 10)};
        text.append(decimals, 4);
    };
    // the groups worth 10000^from down to 10000^to, the zeros below the last digit in one go
    const long lowest = static_cast<long>(weight) - static_cast<long>(digits.size()) + 1;
    auto append_groups = [&](long from, long to) {
        for (long p = from; p >= to; --p) {
            if (p < lowest) {
                text.append(static_cast<size_t>(4 * (p - to + 1)), '0');
                return;
            }
            append_four(group(p));
        }
    };
    if (weight < 0)
        text += "0";
    else
        text += std::to_string(group(weight));   // the leading group without its leading zeros
    append_groups(static_cast<long>(weight) - 1, 0);
    if (dscale > 0) {
        const size_t point = text.size();
        text += ".";
        append_groups(-1, -((static_cast<long>(dscale) + 3) / 4));
        text.resize(point + 1 + static_cast<size_t>(dscale));
    }
    return text;
}

inline std::string hex(const unsigned char* p, size_t n) {
    std::string s;
    for (size_t i = 0; i < n && i < 64; ++i) {
        s += "0123456789abcdef"[p[i] >> 4];
        s += "0123456789abcdef"[p[i] & 15];
    }
    return n > 64 ? s + "..." : s;
}

inline std::string hex(const std::vector<unsigned char>& v) { return hex(v.data(), v.size()); }

}   // namespace ref
