/*
 * numeric_hash_test.cpp — src/core/numeric_hash: numeric's hash values.
 *
 * The byte hash is checked against a slow lookup3 written from its description (bytes added
 * one at a time, little-endian, in blocks of twelve), the numeric hash against values
 * PostgreSQL 15's hash_numeric and hash_numeric_extended returned, and against its rules
 * (what is and is not hashed).  test/differential/test_hash.py checks every generated value
 * against the server itself.
 */
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/numeric_hash.hpp"
#include "bodies.hpp"

using namespace unit;

namespace {

uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

/* lookup3 the slow way: every byte added where its block and position put it. */
uint64_t reference_lookup3(const std::vector<unsigned char>& key, uint64_t seed, bool seeded) {
    uint32_t s[3];
    s[0] = s[1] = s[2] = 0x9e3779b9u + static_cast<uint32_t>(key.size()) + 3923095u;
    auto mix = [&s] {
        uint32_t &a = s[0], &b = s[1], &c = s[2];
        a -= c;
        a ^= rotl(c, 4);
        c += b;
        b -= a;
        b ^= rotl(a, 6);
        a += c;
        c -= b;
        c ^= rotl(b, 8);
        b += a;
        a -= c;
        a ^= rotl(c, 16);
        c += b;
        b -= a;
        b ^= rotl(a, 19);
        a += c;
        c -= b;
        c ^= rotl(b, 4);
        b += a;
    };
    if (seeded && seed != 0) {
        s[0] += static_cast<uint32_t>(seed >> 32);
        s[1] += static_cast<uint32_t>(seed);
        mix();
    }
    size_t i = 0;
    for (; key.size() - i >= 12; i += 12) {
        for (int k = 0; k < 12; ++k)
            s[k / 4] += static_cast<uint32_t>(key[i + k]) << (8 * (k % 4));
        mix();
    }
    for (size_t k = 0; i + k < key.size(); ++k)   // the tail: c's low byte is left to the length
        s[k / 4] += static_cast<uint32_t>(key[i + k]) << (8 * (k % 4) + (k >= 8 ? 8 : 0));
    uint32_t &a = s[0], &b = s[1], &c = s[2];
    c ^= b;
    c -= rotl(b, 14);
    a ^= c;
    a -= rotl(c, 11);
    b ^= a;
    b -= rotl(a, 25);
    c ^= b;
    c -= rotl(b, 16);
    a ^= c;
    a -= rotl(c, 4);
    b ^= a;
    b -= rotl(a, 14);
    c ^= b;
    c -= rotl(b, 24);
    return seeded ? (static_cast<uint64_t>(b) << 32) | c : c;
}

int32_t low32(uint64_t datum) { return static_cast<int32_t>(static_cast<uint32_t>(datum)); }

}   // namespace

TEST(Hash, BytesMatchTheSlowLookup3AtEveryLengthAndAlignment) {
    std::mt19937_64 rng(26);
    for (size_t len = 0; len <= 40; ++len)
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<unsigned char> key(len);
            for (auto& c : key)
                c = static_cast<unsigned char>(rng());
            const uint64_t seed = trial == 0 ? 0 : rng();
            // the same key at each offset of a buffer: aligned and unaligned reads agree
            for (size_t offset = 0; offset < 4; ++offset) {
                std::vector<unsigned char> buf(offset + len);
                std::copy(key.begin(), key.end(), buf.begin() + static_cast<std::ptrdiff_t>(offset));
                const unsigned char* k = buf.data() + offset;
                ASSERT_EQ(hash_bytes32(k, static_cast<int>(len)), reference_lookup3(key, 0, false)) << len;
                ASSERT_EQ(hash_bytes64(k, static_cast<int>(len), seed), reference_lookup3(key, seed, true))
                    << len << " seed " << seed;
            }
        }
}

TEST(Hash, MatchesTheServersValues) {
    // hash_numeric(v), hash_numeric_extended(v, 0) and (v, -6148914691236517206), PostgreSQL 15.20
    struct Case {
        const char* text;
        int32_t hash;
        int64_t ext0, ext_seed;
    };
    const Case cases[] = {
        {"1", 1324868424, -7507508252608306360, 3395045582601468080},
        {"-1", 1324868424, -7507508252608306360, 3395045582601468080},
        {"0.0001", -1324868425, 7507508252608306359, -3395045582601468081},
        {"123456789012345678901234567890", 1568555724, 8487920599073440460, -7657570834780951254},
        {"99999999.99", -1350331391, 6791266660054701057, 4381737499690981593},
        {"12345678.87654321", 117654711, 767695790478148791, -8853995766679317801},
        {"-0.000000001", 1951971039, 4472182450358367967, 7142399214144833217},
        {"10000000007919", 1473201787, -2223514553464961413, -1490057340850153427},
        {"3.14159265358979323846264338327950288", -2004966489, 269589103685575591, -5761307715642825849},
    };
    const uint64_t seed = static_cast<uint64_t>(-6148914691236517206LL);
    for (const Case& c : cases) {
        const auto b = encode_text(c.text);
        ASSERT_FALSE(b.empty()) << c.text;
        EXPECT_EQ(low32(numeric_hash(b.data(), b.size())), c.hash) << c.text;
        EXPECT_EQ(static_cast<int64_t>(numeric_hash_extended(b.data(), b.size(), 0)), c.ext0) << c.text;
        EXPECT_EQ(static_cast<int64_t>(numeric_hash_extended(b.data(), b.size(), seed)), c.ext_seed) << c.text;
    }
    // 1e100 and 1e-100: weights 25 and -25 (the long header: dscale 100 does not fit the short one)
    const auto tiny = body({100, static_cast<uint16_t>(-25), 1}), huge = body({0, 25, 1});
    EXPECT_EQ(low32(numeric_hash(huge.data(), huge.size())), 1324868433);
    EXPECT_EQ(low32(numeric_hash(tiny.data(), tiny.size())), -1324868433);
    EXPECT_EQ(static_cast<int64_t>(numeric_hash_extended(tiny.data(), tiny.size(), seed)), -3395045582601468073);
}

TEST(Hash, SpecialsAndZerosHashToFixedValues) {
    const uint64_t seeds[] = {0, 1, 42, ~0ull, 0x8000000000000000ull};
    const std::vector<std::vector<unsigned char>> specials = {body({kNaN}), body({kPosInf}), body({kNegInf})};
    // zero as numeric writes it, with a dscale, with the sign bit, long, and with zero digits
    const std::vector<std::vector<unsigned char>> zeros = {encode_text("0"),        encode_text("0.000"),
                                                           body({0x8000 | 0x2000}), body({0x0000, 0}),
                                                           body({0x4000 | 5, 3}),   body({0x8000 | 2, 0, 0, 0})};
    for (const auto& s : specials) {
        EXPECT_EQ(numeric_hash(s.data(), s.size()), 0u);
        for (uint64_t seed : seeds)
            EXPECT_EQ(numeric_hash_extended(s.data(), s.size(), seed), seed);
    }
    for (const auto& z : zeros) {
        EXPECT_EQ(numeric_hash(z.data(), z.size()), 0xFFFFFFFFu);
        for (uint64_t seed : seeds)
            EXPECT_EQ(numeric_hash_extended(z.data(), z.size(), seed), seed - 1);
    }
}

TEST(Hash, EqualValuesHashAlikeWhateverTheirBytes) {
    const uint64_t seed = 0x123456789abcdefull;
    // dscale, the header form and zero digits around the value are not hashed; the sign is not either
    const std::vector<std::vector<std::vector<unsigned char>>> classes = {
        {encode_text("1.0"), encode_text("1.00"), encode_text("1"), body({0x0000 | 7, 0, 1}),
         body({0x8000 | 1, 0, 1, 0}), encode_text("-1")},
        {encode_text("12345.6789"), body({0x0000 | 4, 1, 1, 2345, 6789}), body({0x8000 | 2, 0, 1, 2345, 6789, 0})},
        {encode_text("0.0001"), body({0x8000 | (4 << 7) | 0x7F, 1}), body({0x0000 | 8, 0, 0, 1, 0})},
    };
    for (const auto& cls : classes) {
        const uint64_t h = numeric_hash(cls[0].data(), cls[0].size());
        const uint64_t e = numeric_hash_extended(cls[0].data(), cls[0].size(), seed);
        for (const auto& b : cls) {
            EXPECT_EQ(numeric_hash(b.data(), b.size()), h) << format_body(b);
            EXPECT_EQ(numeric_hash_extended(b.data(), b.size(), seed), e) << format_body(b);
        }
    }
    // a negative weight reaches the datum's upper half sign-extended, as in hash_numeric's Datum
    const auto small = encode_text("0.0001");
    EXPECT_EQ(numeric_hash(small.data(), small.size()) >> 32, 0xFFFFFFFFu);
}

TEST(Hash, PartsStripZeroDigitsAndTrackTheWeight) {
    const unsigned char* digits;
    int nbytes = -1, weight = 99;
    const auto b = body({0x8000 | 3, 0, 0, 12, 34, 0});   // 0000 0000 0012 0034 0000 at weight 3
    ASSERT_EQ(numeric_hash_parts(b.data(), b.size(), &digits, &nbytes, &weight), HashParts::Digits);
    EXPECT_EQ(digits, b.data() + 6);
    EXPECT_EQ(nbytes, 4);
    EXPECT_EQ(weight, 1);
    const auto nan = body({kNaN});
    EXPECT_EQ(numeric_hash_parts(nan.data(), nan.size(), &digits, &nbytes, &weight), HashParts::Special);
    const auto zero = body({0x8000});
    EXPECT_EQ(numeric_hash_parts(zero.data(), zero.size(), &digits, &nbytes, &weight), HashParts::Zero);
}
