/*
 * numeric_order_test.cpp — src/core/numeric_order: comparisons and abbreviated keys against a slow reference.
 *
 * Byte-level expectations are numeric's encoding rules written out by hand; the server-side
 * differential suites (test/differential) check the same against the real numeric.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/numeric_order.hpp"
#include "bodies.hpp"

using namespace unit;

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

}   // namespace

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
    const auto padded = body({0x8000 | 1, 1, 0}), plain = encode_text("10000");
    const auto above = encode_text("10000.0001"), negative_padded = body({0x8000 | 0x2000 | 1, 1, 0});
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
    const auto unstripped = body({0x8000 | 1, 0, 5});
    EXPECT_FALSE(compare_short_bodies(unstripped.data(), unstripped.size(), one.data(), one.size(), &r));
    const auto nan = body({kNaN});
    EXPECT_FALSE(compare_short_bodies(nan.data(), nan.size(), one.data(), one.size(), &r));
    const auto long_form = encode_text("1" + std::string(300, '0'));
    EXPECT_FALSE(compare_short_bodies(long_form.data(), long_form.size(), one.data(), one.size(), &r));
    EXPECT_EQ(r, 7);
}

TEST(Order, SpecialsSortAroundFiniteValues) {
    const auto nan = body({kNaN}), pinf = body({kPosInf}), ninf = body({kNegInf});
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
    const auto unstripped = body({0x8000 | 1, 0, 5});
    const auto five = encode_text("5");
    EXPECT_EQ(compare_numeric(view(unstripped), view(five)), 0);
    EXPECT_EQ(abbreviated_key(view(unstripped)), abbreviated_key(view(five)));
    const auto trailing = body({0x8000, 5, 0});
    EXPECT_EQ(compare_numeric(view(trailing), view(five)), 0);
}

namespace {

/* same(a, b, n) against memcmp for n in [lo, hi]: equal buffers, and each byte changed in turn. */
template <typename Same>
void expect_same_as_memcmp(Same same, size_t lo, size_t hi, int trials, uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (size_t n = lo; n <= hi; ++n)
        for (int trial = 0; trial < trials; ++trial) {
            // exact-size buffers: the sanitizer build sees any read past n
            std::vector<unsigned char> a(n), b;
            for (auto& c : a)
                c = static_cast<unsigned char>(rng() % 3);
            b = a;
            ASSERT_TRUE(same(a.data(), b.data(), n)) << n;
            for (size_t at = 0; at < n; ++at) {
                std::vector<unsigned char> c = a;
                c[at] ^= static_cast<unsigned char>(1 + rng() % 255);
                ASSERT_FALSE(same(a.data(), c.data(), n)) << n << " differing at " << at;
                ASSERT_FALSE(same(c.data(), a.data(), n)) << n << " differing at " << at;
            }
        }
}

}   // namespace

TEST(Order, SameBytesAgreesWithMemcmpAtEveryLength) { expect_same_as_memcmp(same_bytes, 0, 70, 40, 11); }

TEST(Order, IdenticalBodiesAreEqualAndEqualValuesNeedNotBeIdentical) {
    std::mt19937_64 rng(12);
    for (int i = 0; i < 20000; ++i) {
        const std::string a = random_decimal(rng), b = random_decimal(rng);
        const auto ba = encode_text(a), bb = encode_text(b);
        if (ba.size() == bb.size() && same_bytes(ba.data(), bb.data(), ba.size())) {
            ASSERT_EQ(compare_numeric(view(ba), view(bb)), 0) << a << " vs " << b;
        }
    }
    // equal values, different bytes: the dscale (typmod-scaled 1.0 and 1.00), the sign bit of
    // a zero, the long header: each equal to the others, none identical
    const std::vector<std::vector<unsigned char>> ones = {encode_text("1.0"), encode_text("1.00"),
                                                          body({0x0000 | 1, 0, 1})};
    const std::vector<std::vector<unsigned char>> zeros = {encode_text("0"), encode_text("0.00"),
                                                           body({0x8000 | 0x2000})};
    for (const auto* cls : {&ones, &zeros})
        for (size_t i = 0; i < cls->size(); ++i)
            for (size_t j = 0; j < cls->size(); ++j) {
                const auto &x = (*cls)[i], &y = (*cls)[j];
                EXPECT_EQ(compare_numeric(view(x), view(y)), 0) << i << ' ' << j;
                if (i != j) {
                    EXPECT_FALSE(x.size() == y.size() && same_bytes(x.data(), y.data(), x.size())) << i << ' ' << j;
                }
            }
    // NaN equals NaN (the same bytes), and the infinities are not equal to each other
    const auto nan = body({kNaN}), pinf = body({kPosInf}), ninf = body({kNegInf});
    EXPECT_TRUE(same_bytes(nan.data(), body({kNaN}).data(), 2));
    EXPECT_EQ(compare_numeric(view(nan), view(body({kNaN}))), 0);
    EXPECT_FALSE(same_bytes(pinf.data(), ninf.data(), 2));
    EXPECT_EQ(compare_numeric(view(pinf), view(ninf)), 1);
}

TEST(Order, SameBytes8To16AgreesWithMemcmp) { expect_same_as_memcmp(same_bytes_8_to_16, 8, 16, 200, 13); }

namespace {

/* A 2-byte-header body with the header word h and the given digit groups (any, unstripped too). */
std::vector<unsigned char> short_body(uint16_t h, const std::vector<uint16_t>& digits) {
    std::vector<unsigned char> b(2 + 2 * digits.size());
    store_u16(b.data(), h);
    for (size_t i = 0; i < digits.size(); ++i)
        store_u16(b.data() + 2 + 2 * i, digits[i]);
    return b;
}

}   // namespace

TEST(Order, DifferingBodiesUnequalOnlyForUnequalValues) {
    // Canonical values (numeric's own encoding) of one length, and unstripped bodies (leading
    // and trailing zero groups) under random headers: whenever the test says unequal, the
    // values are; equal values with different bytes are never called unequal.
    std::mt19937_64 rng(14);
    int judged = 0;
    for (int i = 0; i < 200000; ++i) {
        std::vector<unsigned char> a, b;
        if (i % 2 == 0) {
            a = encode_text(random_decimal(rng));
            b = encode_text(random_decimal(rng));
        } else {
            const size_t n = rng() % 5;
            const uint16_t h = static_cast<uint16_t>(rng() % 4 == 0 ? rng() : (0x8000 | (rng() & 0x3FFF)));
            std::vector<uint16_t> da(n), db(n);
            for (size_t k = 0; k < n; ++k) {
                da[k] = static_cast<uint16_t>(rng() % 3 == 0 ? 0 : rng() % 10000);
                db[k] = rng() % 2 ? da[k] : static_cast<uint16_t>(rng() % 3 == 0 ? 0 : rng() % 10000);
            }
            a = short_body(h, da);
            b = short_body(rng() % 4 == 0 ? static_cast<uint16_t>(h ^ (1u << (rng() % 16))) : h, db);
            if ((h & kSignMask) == kSpecial && a.size() > 2)
                continue;   // not a body numeric could hold
        }
        if (a.size() != b.size() || a == b || !body_is_valid(a.data(), a.size()) || !body_is_valid(b.data(), b.size()))
            continue;
        if (differing_bodies_unequal(a.data(), b.data())) {
            ++judged;
            ASSERT_NE(compare_numeric(view(a), view(b)), 0) << format_body(a) << " vs " << format_body(b);
        }
    }
    EXPECT_GT(judged, 10000);
    // equal values, different bytes, one length: the dscale, the sign of a zero, the long form
    const auto one_0 = encode_text("1.0"), one_00 = short_body(0x8000 | (2 << kShortDscaleShift), {1});
    ASSERT_EQ(one_0.size(), one_00.size());
    EXPECT_FALSE(differing_bodies_unequal(one_0.data(), one_00.data()));
    const auto zero = body({0x8000}), negative_zero = body({0x8000 | 0x2000});
    EXPECT_FALSE(differing_bodies_unequal(zero.data(), negative_zero.data()));
    const auto long_one = body({0x0000, 0, 1}), long_one_scaled = body({0x0000 | 1, 0, 1});
    EXPECT_FALSE(differing_bodies_unequal(long_one.data(), long_one_scaled.data()));
}

TEST(Order, ShortAbbreviatedKey3IsShortAbbreviatedKey) {
    std::mt19937_64 rng(15);
    int taken = 0;
    for (int i = 0; i < 200000; ++i) {
        std::vector<unsigned char> b;
        if (i % 2 == 0) {
            b = encode_text(random_decimal(rng));
        } else {
            std::vector<uint16_t> d(3 + rng() % 4);
            for (auto& x : d)
                x = static_cast<uint16_t>(rng() % 4 == 0 ? 0 : rng() % 10000);
            b = short_body(static_cast<uint16_t>(rng()), d);
        }
        if (b.size() < 8)
            continue;
        int64_t k3 = 7, k = 7;
        const bool took = short_abbreviated_key_3(b.data(), &k3);
        ASSERT_EQ(took, short_abbreviated_key(b.data(), b.size(), &k)) << format_body(b);
        if (took) {
            ++taken;
            ASSERT_EQ(k3, k) << format_body(b);
            if (body_is_valid(b.data(), b.size())) {
                ASSERT_EQ(k3, abbreviated_key(view(b))) << format_body(b);
            }
        } else {
            ASSERT_EQ(k3, 7);
        }
    }
    EXPECT_GT(taken, 50000);
}
