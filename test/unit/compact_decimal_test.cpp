/*
 * compact_decimal_test.cpp — the word-at-a-time scanner of compact decimals and the body
 * it writes, against the character-at-a-time parser (itself fuzzed against the reference),
 * with hand-computed bytes, and read from every offset near both edges of a 4 kB block that
 * inaccessible pages surround.
 */
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/compact_decimal.hpp"
#include "core/decimal_parse.hpp"
#include "bodies.hpp"
#include "compact_shape.hpp"
#include "guarded_block.hpp"

using namespace fastnumeric;

namespace {

/* The body scan_compact_decimal + write_compact_decimal_body make of `text`, or "declined". */
std::string scanned_body(const char* text) {
    CompactDecimal s;
    if (!scan_compact_decimal(text, &s))
        return "declined";
    unsigned char body[kCompactDecimalBodyBytes];
    std::memset(body, 0xAA, sizeof body);
    const int size = write_compact_decimal_body(s, body);
    EXPECT_TRUE(size >= 2 && size <= kCompactDecimalBodyBytes) << text;
    for (int i = size; i < kCompactDecimalBodyBytes; ++i)
        EXPECT_EQ(body[i], 0) << text << ": byte " << i << " after the body";
    return std::string(reinterpret_cast<const char*>(body), static_cast<size_t>(size));
}

/* The body the character-at-a-time parser and the general encoder make, or "declined". */
std::string bytewise_body(const std::string& text) {
    DecimalDigits d;
    if (!parse_plain_decimal_bytewise(text.c_str(), decode_typmod(-1), &d))
        return "declined";
    const FiniteValue v = d.value();
    std::string body(finite_body_size(v.ndigits, v.dscale, v.weight), '\0');
    encode_finite(reinterpret_cast<unsigned char*>(&body[0]), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return body;
}

std::string words(std::initializer_list<uint16_t> ws) {
    std::string out;
    for (uint16_t w : ws) {
        unsigned char b[2];
        store_u16(b, w);
        out.append(reinterpret_cast<const char*>(b), 2);
    }
    return out;
}

std::string random_digits(std::mt19937_64& rng, size_t n) {
    std::string s;
    const int kind = static_cast<int>(rng() % 4);   // zeros, nines, mostly zeros, any
    for (size_t i = 0; i < n; ++i)
        s += kind == 0   ? '0'
             : kind == 1 ? '9'
             : kind == 2 ? (rng() % 4 ? '0' : '5')
                         : static_cast<char>('0' + rng() % 10);
    return s;
}

}   // namespace

TEST(CompactDecimal, HandComputedBytes) {
    EXPECT_EQ(scanned_body("1234.5678"), words({0x8000 | (4 << 7), 1234, 5678}));
    EXPECT_EQ(scanned_body("87.1"), words({0x8000 | (1 << 7), 87, 1000}));
    EXPECT_EQ(scanned_body("-0.0012"), words({0x8000 | 0x2000 | (4 << 7) | 0x7F, 12}));
    EXPECT_EQ(scanned_body(".00000001"), words({0x8000 | (8 << 7) | 0x7E, 1}));
    EXPECT_EQ(scanned_body("1234567.12345678"), words({0x8000 | (8 << 7) | 1, 123, 4567, 1234, 5678}));
    EXPECT_EQ(scanned_body("12345678.1234567"), words({0x8000 | (7 << 7) | 1, 1234, 5678, 1234, 5670}));
    EXPECT_EQ(scanned_body("-1234567"), words({0x8000 | 0x2000 | 1, 123, 4567}));
    EXPECT_EQ(scanned_body("10000"), words({0x8000 | 1, 1}));
    EXPECT_EQ(scanned_body("5."), words({0x8000, 5}));
    EXPECT_EQ(scanned_body("-0"), words({0x8000}));
    EXPECT_EQ(scanned_body("-000.000"), words({0x8000 | (3 << 7)}));
    EXPECT_EQ(scanned_body("0000000.0000000"), words({0x8000 | (7 << 7)}));
}

TEST(CompactDecimal, DeclinesWhatItDoesNotPromise) {
    for (const char* s : {"",
                          "-",
                          ".",
                          "-.",
                          "+1",
                          " 1",
                          "1 ",
                          "--1",
                          "1-",
                          "1.2.3",
                          "1..2",
                          "1e5",
                          "1E5",
                          "123456789",
                          "-12345678",
                          "1.123456789",
                          "12345678.123456789",
                          "0x10",
                          "1_0",
                          "NaN",
                          "\t1",
                          "1\n",
                          "\xC0"
                          "9",
                          "1\xC0"
                          "9",
                          "1.\xC0"
                          "9",
                          "1.2\xFF",
                          "\xB9"
                          "1",
                          "9\xB9",
                          "12345678.12345678",
                          "1234567.123456789",
                          "00000000000000000"}) {
        EXPECT_EQ(scanned_body(s), "declined") << '"' << s << '"';
        EXPECT_FALSE(compact_shape(s)) << s;
    }
}

TEST(CompactDecimal, AcceptsExactlyItsShapeWithTheParsersBytes) {
    std::mt19937_64 rng(11);
    int accepted = 0;
    for (int round = 0; round < 30; ++round)
        for (int negative = 0; negative < 2; ++negative)
            for (size_t before = 0; before <= 9; ++before)
                for (int point = 0; point < 2; ++point)
                    for (size_t after = 0; after <= (point ? 9u : 0u); ++after) {
                        std::string text = (negative ? "-" : "") + random_digits(rng, before);
                        if (point)
                            text += "." + random_digits(rng, after);
                        const std::string got = scanned_body(text.c_str());
                        if (!compact_shape(text)) {
                            EXPECT_EQ(got, "declined") << text;
                            continue;
                        }
                        ++accepted;
                        ASSERT_EQ(got, bytewise_body(text)) << text;
                    }
    EXPECT_GT(accepted, 4000);
}

TEST(CompactDecimal, ParsePlainDecimalGivesTheSameDigits) {
    // the compact route through parse_plain_decimal (DecimalDigits, strip, the general encoder)
    std::mt19937_64 rng(5);
    for (int i = 0; i < 20000; ++i) {
        std::string text = (rng() % 2 ? "-" : "") + random_digits(rng, rng() % 8);
        if (rng() % 2)
            text += "." + random_digits(rng, rng() % 9);
        DecimalDigits d;
        const bool ok = parse_plain_decimal(text.c_str(), decode_typmod(-1), &d);
        ASSERT_EQ(ok, bytewise_body(text) != "declined") << text;
        if (!ok)
            continue;
        const FiniteValue v = d.value();
        std::string body(finite_body_size(v.ndigits, v.dscale, v.weight), '\0');
        encode_finite(reinterpret_cast<unsigned char*>(&body[0]), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
        ASSERT_EQ(body, bytewise_body(text)) << text;
    }
}

/* Every length 0..17 at every offset near the edges of a guarded block, with digits, points,
 * NULs or junk after the text: the result is the one read from the middle of the block. */
TEST(CompactDecimal, EveryLengthAndOffsetNearTheEdgesOfABlock) {
    GuardedBlock block;
    std::mt19937_64 rng(3);
    const char alphabet[] = "0123456789.-+ e\x80\xC0\xFF";
    for (int round = 0; round < 40; ++round) {
        for (size_t length = 0; length <= 17; ++length) {
            std::string text;
            if (round % 2 == 0) {   // mostly well formed
                for (size_t i = 0; i < length; ++i)
                    text += static_cast<char>('0' + rng() % 10);
                if (length > 0 && rng() % 4 != 0)
                    text[rng() % length] = '.';
                if (length > 0 && rng() % 3 == 0)
                    text[0] = '-';
            } else {
                for (size_t i = 0; i < length; ++i)
                    text += alphabet[rng() % (sizeof alphabet - 1)];
            }
            const std::string want = scanned_body(block.place(text, 2048));
            EXPECT_EQ(want, compact_shape(text) ? bytewise_body(text) : "declined") << text;
            for (char fill : {'7', '\0', '.', '-'}) {
                for (size_t k = 0; k < 32; ++k) {
                    ASSERT_EQ(scanned_body(block.place(text, k, fill)), want) << text << " at " << k;
                    const size_t end = GuardedBlock::kBlock - text.size() - 1 - k;
                    ASSERT_EQ(scanned_body(block.place(text, end, fill)), want) << text << " at " << end;
                }
            }
        }
    }
}

namespace {

/* scan + compact_decimal_typmod + write_compact_decimal_body, or "declined". */
std::string shortcut_body(const std::string& text, int precision, int scale) {
    const Typmod t = decode_typmod(unit::typmod_of(precision, scale));
    CompactDecimal s;
    if (!scan_compact_decimal(text.c_str(), &s) || !compact_decimal_typmod(t, &s))
        return "declined";
    unsigned char body[kCompactDecimalBodyBytes];
    return std::string(reinterpret_cast<const char*>(body), static_cast<size_t>(write_compact_decimal_body(s, body)));
}

std::string typmod_body(const std::string& text, int precision, int scale) {
    DecimalDigits d;
    if (!parse_plain_decimal_bytewise(text.c_str(), decode_typmod(unit::typmod_of(precision, scale)), &d))
        return "declined";
    const FiniteValue v = d.value();
    std::string body(finite_body_size(v.ndigits, v.dscale, v.weight), '\0');
    encode_finite(reinterpret_cast<unsigned char*>(&body[0]), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return body;
}

}   // namespace

TEST(CompactDecimal, TypmodShortcutTakesWhatNeedsNoRounding) {
    EXPECT_EQ(shortcut_body("1234.5", 12, 2), words({0x8000 | (2 << 7), 1234, 5000}));
    EXPECT_EQ(shortcut_body("-0", 5, 2), words({0x8000 | (2 << 7)}));
    EXPECT_EQ(shortcut_body("0.012", 2, 3), typmod_body("0.012", 2, 3));   // scale above precision
    EXPECT_EQ(shortcut_body("12.5", 3, 1), words({0x8000 | (1 << 7), 12, 5000}));
    EXPECT_EQ(shortcut_body("7", 1000, 63), typmod_body("7", 1000, 63));
    // rounding, a negative scale or one past the 2-byte header: apply_typmod's
    EXPECT_EQ(shortcut_body("1.25", 5, 1), "declined");
    EXPECT_EQ(shortcut_body("1250", 5, -2), "declined");
    EXPECT_EQ(shortcut_body("1.5", 1000, 64), "declined");
    // overflow: numeric_in's error
    EXPECT_EQ(shortcut_body("123.4", 3, 1), "declined");
    EXPECT_EQ(shortcut_body("0.123", 2, 3), "declined");
    EXPECT_EQ(typmod_body("0.123", 2, 3), "declined");
}

TEST(CompactDecimal, TypmodShortcutAgainstTheParser) {
    std::mt19937_64 rng(17);
    int taken = 0;
    for (int i = 0; i < 50000; ++i) {
        std::string text = (rng() % 4 == 0 ? "-" : "") + random_digits(rng, rng() % 8);
        if (rng() % 2)
            text += "." + random_digits(rng, rng() % 9);
        const int precision = 1 + static_cast<int>(rng() % 20), scale = static_cast<int>(rng() % 24) - 2;
        const std::string got = shortcut_body(text, precision, scale);
        if (got == "declined")
            continue;
        ++taken;
        ASSERT_EQ(got, typmod_body(text, precision, scale)) << text << " (" << precision << "," << scale << ")";
    }
    EXPECT_GT(taken, 10000);
}
