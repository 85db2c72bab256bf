/*
 * core_test.cpp — GoogleTest unit tests of src/core, no server needed.
 *
 * Byte-level expectations are numeric's encoding rules written out by hand; the server-side
 * differential test (test/differential) checks the same against the real numeric_in.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/decimal_format.hpp"
#include "core/decimal_parse.hpp"
#include "core/numeric_order.hpp"

using namespace fastnumeric;

namespace {

constexpr int32_t kNoTypmod = -1;

int32_t typmod_of(int precision, int scale) { return ((precision << 16) | (scale & 0x7FF)) + 4; }

/* Parse and encode into a byte vector (the numeric body); empty when the parser declines. */
std::vector<unsigned char> encode_text(const std::string& text, int32_t typmod = kNoTypmod) {
    DecimalDigits d;
    if (!parse_plain_decimal(text.c_str(), decode_typmod(typmod), &d))
        return {};
    const FiniteValue v = d.value();
    std::vector<unsigned char> body(finite_body_size(v.ndigits, v.dscale, v.weight));
    encode_finite(body.data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return body;
}

NumericView view(const std::vector<unsigned char>& body) {
    NumericView v;
    EXPECT_TRUE(decode_numeric(body.data(), body.size(), &v));
    return v;
}

std::string format_body(const std::vector<unsigned char>& body) {
    const NumericView v = view(body);
    std::vector<char> buf(format_buffer_size(v), '?');
    const char* end = format_numeric(v, buf.data());
    EXPECT_LT(static_cast<size_t>(end - buf.data()), buf.size());   // room for the NUL
    return std::string(static_cast<const char*>(buf.data()), end);
}

/* Parse then print, as fastnumeric_in followed by fastnumeric_out would. */
std::string round_trip(const std::string& text, int32_t typmod = kNoTypmod) {
    const auto body = encode_text(text, typmod);
    return body.empty() ? std::string("<declined>") : format_body(body);
}

std::vector<unsigned char> bytes(std::initializer_list<uint16_t> words) {
    std::vector<unsigned char> out(words.size() * 2);
    size_t i = 0;
    for (uint16_t w : words) {
        store_u16(&out[i], w);
        i += 2;
    }
    return out;
}

}  // namespace

TEST(Parse, ShortFormBytes) {
    // 1234.5678: weight 0, dscale 4, digits 1234 5678
    EXPECT_EQ(encode_text("1234.5678"), bytes({0x8000 | (4 << 7), 1234, 5678}));
    // -0.0012: weight -1 (7-bit two's complement 0x7F), dscale 4, digit 12
    EXPECT_EQ(encode_text("-0.0012"), bytes({0x8000 | 0x2000 | (4 << 7) | 0x7F, 12}));
    // 10000: weight 1, trailing zero digit stripped
    EXPECT_EQ(encode_text("10000"), bytes({0x8000 | 1, 1}));
}

TEST(Parse, ZeroIsPositiveWithWeightZeroAndKeepsScale) {
    EXPECT_EQ(encode_text("0"), bytes({0x8000}));
    EXPECT_EQ(encode_text("-0.000"), bytes({0x8000 | (3 << 7)}));
    EXPECT_EQ(encode_text("000.0"), bytes({0x8000 | (1 << 7)}));
}

TEST(Parse, LongFormWhenScaleOrWeightDoNotFit) {
    const std::string many_decimals = "0." + std::string(63, '0') + "1";   // dscale 64
    const auto body = encode_text(many_decimals);
    ASSERT_EQ(body.size(), 6u);
    EXPECT_EQ(load_u16(body.data()), 64);                          // positive, dscale 64
    EXPECT_EQ(static_cast<int16_t>(load_u16(body.data() + 2)), -16);
    EXPECT_EQ(load_u16(body.data() + 4), 1);   // the 64th decimal ends group 16
    const auto big = encode_text("1" + std::string(256, '0'));     // weight 64
    ASSERT_EQ(big.size(), 6u);
    EXPECT_EQ(static_cast<int16_t>(load_u16(big.data() + 2)), 64);
    const auto neg_big = encode_text("-1" + std::string(256, '0'));
    EXPECT_EQ(load_u16(neg_big.data()), kNegative);
}

TEST(Parse, SpacesSignsAndPoints) {
    EXPECT_EQ(round_trip("  +12.50  "), "12.50");
    EXPECT_EQ(round_trip(".5"), "0.5");
    EXPECT_EQ(round_trip("5."), "5");
    EXPECT_EQ(round_trip("-.5"), "-0.5");
    EXPECT_EQ(round_trip("0000123.4500"), "123.4500");
    EXPECT_EQ(round_trip("-0"), "0");
}

TEST(Parse, DeclinesWhatIsNotPlainDecimal) {
    for (const char* s : {"", " ", "-", "+", ".", "-.", "1.2.3", "1-", "++1", "1 2", "abc",
                          "NaN", "Infinity", "-inf", "1e5", "1E-3", "0x1F", "1_000", "\t1",
                          "1\n", "１"}) {
        DecimalDigits d;
        EXPECT_FALSE(parse_plain_decimal(s, decode_typmod(kNoTypmod), &d)) << '"' << s << '"';
    }
}

TEST(Parse, DeclinesOverlongInputButNotTheLimit) {
    DecimalDigits d;
    const Typmod none = decode_typmod(kNoTypmod);
    EXPECT_TRUE(parse_plain_decimal(std::string(kMaxFastDecimalDigits, '7').c_str(), none, &d));
    EXPECT_FALSE(parse_plain_decimal(std::string(kMaxFastDecimalDigits + 1, '7').c_str(), none, &d));
    const std::string frac = "0." + std::string(kMaxFastDecimalDigits, '3');
    EXPECT_TRUE(parse_plain_decimal(frac.c_str(), none, &d));
    EXPECT_FALSE(parse_plain_decimal((frac + "3").c_str(), none, &d));
    // leading zeros do not count against the limit
    EXPECT_TRUE(parse_plain_decimal((std::string(2000, '0') + "1").c_str(), none, &d));
}

TEST(Typmod, Decoding) {
    const Typmod t = decode_typmod(typmod_of(12, 4));
    EXPECT_TRUE(t.present);
    EXPECT_EQ(t.precision, 12);
    EXPECT_EQ(t.scale, 4);
    EXPECT_EQ(decode_typmod(typmod_of(5, -2)).scale, -2);
    EXPECT_EQ(decode_typmod(typmod_of(1000, -1000)).scale, -1000);
    EXPECT_FALSE(decode_typmod(-1).present);
    EXPECT_FALSE(decode_typmod(3).present);
}

TEST(Typmod, RoundsHalfAwayFromZero) {
    EXPECT_EQ(round_trip("1.25", typmod_of(5, 1)), "1.3");
    EXPECT_EQ(round_trip("-1.25", typmod_of(5, 1)), "-1.3");
    EXPECT_EQ(round_trip("1.249999", typmod_of(5, 1)), "1.2");
    EXPECT_EQ(round_trip("1.5", typmod_of(10, 4)), "1.5000");
    EXPECT_EQ(round_trip("0.04", typmod_of(3, 1)), "0.0");
    EXPECT_EQ(round_trip("-0.04", typmod_of(3, 1)), "0.0");
    EXPECT_EQ(round_trip("0.6", typmod_of(3, 0)), "1");
}

TEST(Typmod, CarriesAcrossDigitGroups) {
    EXPECT_EQ(round_trip("9999.99995", typmod_of(10, 4)), "10000.0000");
    EXPECT_EQ(round_trip("99999999.5", typmod_of(10, 0)), "100000000");
    EXPECT_EQ(round_trip("0.99995", typmod_of(5, 4)), "1.0000");
    EXPECT_EQ(encode_text("9999.99995", typmod_of(10, 4)), bytes({0x8000 | (4 << 7) | 1, 1}));
}

TEST(Typmod, NegativeScaleRoundsLeftOfThePoint) {
    EXPECT_EQ(round_trip("12345.67", typmod_of(5, -2)), "12300");
    EXPECT_EQ(round_trip("12350", typmod_of(5, -2)), "12400");
    EXPECT_EQ(round_trip("49", typmod_of(5, -2)), "0");
    EXPECT_EQ(round_trip("50", typmod_of(5, -2)), "100");
}

TEST(Typmod, ScaleAbovePrecision) {
    EXPECT_EQ(round_trip("0.012", typmod_of(2, 3)), "0.012");
    EXPECT_EQ(round_trip("0.0012", typmod_of(2, 4)), "0.0012");
    EXPECT_EQ(round_trip("0.0123", typmod_of(2, 4)), "<declined>");
}

TEST(Typmod, OverflowDeclinesSoNumericRaisesTheError) {
    EXPECT_EQ(round_trip("123.4", typmod_of(3, 1)), "<declined>");
    EXPECT_EQ(round_trip("99.95", typmod_of(3, 1)), "<declined>");   // rounds to 100.0
    EXPECT_EQ(round_trip("99.94", typmod_of(3, 1)), "99.9");
    EXPECT_EQ(round_trip("0.123", typmod_of(2, 3)), "<declined>");
    EXPECT_EQ(round_trip("1.5", typmod_of(2, 3)), "<declined>");
    EXPECT_EQ(round_trip("0.0000", typmod_of(1, 0)), "0");
}

TEST(Format, Specials) {
    EXPECT_EQ(format_body(bytes({kNaN})), "NaN");
    EXPECT_EQ(format_body(bytes({kPosInf})), "Infinity");
    EXPECT_EQ(format_body(bytes({kNegInf})), "-Infinity");
}

TEST(Format, DscaleBelowStoredDigitsCutsAndAboveCountsZeros) {
    // numeric_out prints exactly dscale fraction digits, whatever the digits say
    EXPECT_EQ(format_body(bytes({0x8000 | (2 << 7) | 0x7F, 1234})), "0.12");
    EXPECT_EQ(format_body(bytes({0x8000 | (6 << 7), 7, 5000})), "7.500000");
    EXPECT_EQ(format_body(bytes({0x8000 | 2, 1, 0})), "100000000");
    EXPECT_EQ(format_body(bytes({0x8000 | (3 << 7) | 0x7E, 5})), "0.000");
}

TEST(Format, RoundTripsGeneratedValues) {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 20000; ++i) {
        std::string s;
        if (rng() % 2)
            s += '-';
        const int nint = static_cast<int>(rng() % 30), nfrac = static_cast<int>(rng() % 30);
        for (int k = 0; k < nint; ++k)
            s += static_cast<char>('0' + (k == 0 ? 1 + rng() % 9 : rng() % 10));
        if (nint == 0)
            s += '0';
        if (nfrac > 0) {
            s += '.';
            for (int k = 0; k < nfrac; ++k)
                s += static_cast<char>('0' + rng() % 10);
        }
        const bool all_zero = s.find_first_of("123456789") == std::string::npos;
        const std::string expect = all_zero && s[0] == '-' ? s.substr(1) : s;
        ASSERT_EQ(round_trip(s), expect);
    }
}

/* ---- ordering: checked against a slow reference on decimal strings ---- */
namespace {

/* Reference compare of two canonical decimal strings ([-]int[.frac]). */
int reference_compare(const std::string& a, const std::string& b) {
    auto split = [](const std::string& s, bool* neg, std::string* ip, std::string* fp) {
        size_t p = 0;
        *neg = s[0] == '-';
        if (*neg)
            p = 1;
        const size_t dot = s.find('.');
        *ip = s.substr(p, dot == std::string::npos ? std::string::npos : dot - p);
        *fp = dot == std::string::npos ? "" : s.substr(dot + 1);
        ip->erase(0, std::min(ip->find_first_not_of('0'), ip->size()));
        fp->erase(fp->find_last_not_of('0') + 1);
    };
    bool na, nb;
    std::string ia, fa, ib, fb;
    split(a, &na, &ia, &fa);
    split(b, &nb, &ib, &fb);
    const bool za = ia.empty() && fa.empty(), zb = ib.empty() && fb.empty();
    if (za)
        na = false;
    if (zb)
        nb = false;
    auto sgn = [](bool z, bool n) { return z ? 0 : n ? -1 : 1; };
    if (sgn(za, na) != sgn(zb, nb))
        return sgn(za, na) < sgn(zb, nb) ? -1 : 1;
    int mag;
    if (ia.size() != ib.size())
        mag = ia.size() < ib.size() ? -1 : 1;
    else {
        const size_t n = std::max(fa.size(), fb.size());
        fa.resize(n, '0');
        fb.resize(n, '0');
        const int c = (ia + fa).compare(ib + fb);
        mag = c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    return na ? -mag : mag;
}

std::string random_decimal(std::mt19937_64& rng) {
    static const char* shapes[] = {"0", "1", "9999", "10000", "0.0001", "0.9999", "99999999.99995"};
    if (rng() % 8 == 0)
        return std::string(rng() % 2 ? "-" : "") + shapes[rng() % 7];
    std::string s = rng() % 2 ? "-" : "";
    const int nint = static_cast<int>(rng() % 14), nfrac = static_cast<int>(rng() % 14);
    for (int k = 0; k < nint; ++k)
        s += static_cast<char>('0' + rng() % (k == 0 ? 3 : 10));   // many ties and zeros
    if (nint == 0)
        s += '0';
    if (nfrac > 0) {
        s += '.';
        for (int k = 0; k < nfrac; ++k)
            s += static_cast<char>('0' + rng() % 3);
    }
    return s;
}

}  // namespace

TEST(Order, MatchesReferenceAndAbbreviatedKeysNeverDisagree) {
    std::mt19937_64 rng(7);
    int short_path = 0;
    for (int i = 0; i < 200000; ++i) {
        const std::string a = random_decimal(rng), b = random_decimal(rng);
        const auto ba = encode_text(a), bb = encode_text(b);
        ASSERT_FALSE(ba.empty());
        ASSERT_FALSE(bb.empty());
        const NumericView va = view(ba), vb = view(bb);
        const int expect = reference_compare(a, b);
        ASSERT_EQ(compare_numeric(va, vb), expect) << a << " vs " << b;
        const int64_t ka = abbreviated_key(va), kb = abbreviated_key(vb);
        if (ka != kb) {
            ASSERT_EQ(ka < kb ? -1 : 1, expect) << a << " vs " << b;
        }
        int64_t short_key;
        if (short_abbreviated_key(ba.data(), ba.size(), &short_key)) {
            ASSERT_EQ(short_key, ka) << a;
        }
        int r = 2;
        if (compare_short_bodies(ba.data(), ba.size(), bb.data(), bb.size(), &r)) {
            ++short_path;
            ASSERT_EQ(r, expect) << a << " vs " << b;
        }
    }
    EXPECT_GT(short_path, 100000);   // the undecoded path is the common one
}

TEST(Order, ShortBodyPathReadsMissingDigitsAsZero) {
    // 10000 written as [1 0] (weight 1, a trailing zero digit) against [1] and neighbours
    const auto padded = bytes({0x8000 | 1, 1, 0}), plain = encode_text("10000");
    const auto above = encode_text("10000.0001"), negative_padded = bytes({0x8000 | 0x2000 | 1, 1, 0});
    int r = 7;
    ASSERT_TRUE(compare_short_bodies(padded.data(), padded.size(), plain.data(), plain.size(), &r));
    EXPECT_EQ(r, 0);
    ASSERT_TRUE(compare_short_bodies(plain.data(), plain.size(), padded.data(), padded.size(), &r));
    EXPECT_EQ(r, 0);
    ASSERT_TRUE(compare_short_bodies(padded.data(), padded.size(), above.data(), above.size(), &r));
    EXPECT_EQ(r, -1);
    ASSERT_TRUE(compare_short_bodies(above.data(), above.size(), padded.data(), padded.size(), &r));
    EXPECT_EQ(r, 1);
    ASSERT_TRUE(compare_short_bodies(negative_padded.data(), negative_padded.size(), plain.data(), plain.size(), &r));
    EXPECT_EQ(r, -1);
}

TEST(Order, ShortBodyPathDeclinesWhatItCannotJudge) {
    int r = 7;
    const auto zero = encode_text("0"), one = encode_text("1");
    EXPECT_FALSE(compare_short_bodies(zero.data(), zero.size(), one.data(), one.size(), &r));
    const auto unstripped = bytes({0x8000 | 1, 0, 5});
    EXPECT_FALSE(compare_short_bodies(unstripped.data(), unstripped.size(), one.data(), one.size(), &r));
    const auto nan = bytes({kNaN});
    EXPECT_FALSE(compare_short_bodies(nan.data(), nan.size(), one.data(), one.size(), &r));
    const auto long_form = encode_text("1" + std::string(300, '0'));
    EXPECT_FALSE(compare_short_bodies(long_form.data(), long_form.size(), one.data(), one.size(), &r));
    EXPECT_EQ(r, 7);
}

TEST(Order, SpecialsSortAroundFiniteValues) {
    const auto nan = bytes({kNaN}), pinf = bytes({kPosInf}), ninf = bytes({kNegInf});
    const auto big = encode_text("9" + std::string(900, '9')), neg = encode_text("-" + std::string(900, '9'));
    const std::vector<std::vector<unsigned char>> ascending = {ninf, neg, encode_text("0"), big, pinf, nan};
    for (size_t i = 0; i < ascending.size(); ++i)
        for (size_t j = 0; j < ascending.size(); ++j) {
            const int expect = i < j ? -1 : i > j ? 1 : 0;
            EXPECT_EQ(compare_numeric(view(ascending[i]), view(ascending[j])), expect) << i << ' ' << j;
            const int64_t ki = abbreviated_key(view(ascending[i])), kj = abbreviated_key(view(ascending[j]));
            EXPECT_EQ(ki < kj ? -1 : ki > kj ? 1 : 0, expect) << i << ' ' << j;
        }
}

TEST(Order, UnstrippedDigitsCompareByValue) {
    // weight 1, digits 0000 0005 == weight -0 digit 5 (a datum numeric itself never writes)
    const auto unstripped = bytes({0x8000 | 1, 0, 5});
    const auto five = encode_text("5");
    EXPECT_EQ(compare_numeric(view(unstripped), view(five)), 0);
    EXPECT_EQ(abbreviated_key(view(unstripped)), abbreviated_key(view(five)));
    const auto trailing = bytes({0x8000, 5, 0});
    EXPECT_EQ(compare_numeric(view(trailing), view(five)), 0);
}
