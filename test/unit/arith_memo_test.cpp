/*
 * arith_memo_test.cpp — unit tests of the arithmetic memo (src/core/arith_memo.hpp): its keys, its
 * table and the rule that turns it off.
 */
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <vector>

#include "core/arith_memo.hpp"

using namespace fastnumeric;

namespace {

ArithMemo fresh_memo() {
    ArithMemo m;
    std::memset(static_cast<void*>(&m), 0, sizeof m);
    return m;
}

/* An image standing for a result: the memo keeps whatever the caller stores. */
std::vector<unsigned char> result_image(uint16_t group) {
    std::vector<unsigned char> b(kMemoImageBytes, 0);
    store_u16(b.data(), 0x8000);
    store_u16(b.data() + 2, group);
    b[kMemoImageBytes - 1] = 0x5A;
    return b;
}

TEST(ArithMemo, WordsAreTheBytesZeroPadded) {
    const unsigned char bytes[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
    uint64_t expected = 0;
    for (size_t n = 1; n <= 8; ++n) {
        expected |= static_cast<uint64_t>(bytes[n - 1]) << (8 * (n - 1));
        EXPECT_EQ(memo_word(bytes, n), expected) << n;
    }
}

TEST(ArithMemo, WordsNameOneDatum) {
    // all short datums of a few shapes: equal words only for equal bytes
    std::mt19937_64 rng(7);
    std::set<std::vector<unsigned char>> seen;
    std::vector<std::pair<uint64_t, std::vector<unsigned char>>> words;
    for (int i = 0; i < 20000; ++i) {
        const size_t n = 1 + rng() % 8;
        std::vector<unsigned char> d(n);
        for (auto& c : d)
            c = static_cast<unsigned char>(rng() % 4);     // few byte values: many near-collisions
        d[0] = static_cast<unsigned char>((n << 1) | 1);   // a 1-byte varlena header: the size
        if (seen.insert(d).second)
            words.emplace_back(memo_word(d.data(), d.size()), d);
    }
    std::sort(words.begin(), words.end());
    for (size_t i = 1; i < words.size(); ++i) {
        EXPECT_FALSE(words[i].first == words[i - 1].first && words[i].second != words[i - 1].second);
    }
    for (const auto& w : words) {
        EXPECT_NE(w.first, kMemoConstantKey);
    }
}

TEST(ArithMemo, RemembersPairsTwoToASet) {
    ArithMemo m = fresh_memo();
    EXPECT_EQ(memo_lookup(&m, kMemoConstantKey, 0x0507), nullptr);
    for (uint16_t g = 1; g <= 40; ++g) {   // more pairs than entries: the oldest are forgotten
        const std::vector<unsigned char> r = result_image(g);
        memo_store(&m, kMemoConstantKey, 0x0500 | g, r.data());
    }
    int found = 0;
    for (uint16_t g = 1; g <= 40; ++g) {
        if (const ArithMemoEntry* e = memo_lookup(&m, kMemoConstantKey, 0x0500 | g)) {
            EXPECT_EQ(std::vector<unsigned char>(e->image, e->image + kMemoImageBytes), result_image(g));
            ++found;
        }
    }
    EXPECT_GE(found, 20);   // at least the last one of each set, usually two
    EXPECT_EQ(memo_lookup(&m, 0x0500 | 1, kMemoConstantKey), nullptr);   // the pair is ordered
    // the last stored pair is always found
    EXPECT_NE(memo_lookup(&m, kMemoConstantKey, 0x0500 | 40), nullptr);
}

TEST(ArithMemo, TurnsOffWhenMissesOutweighHits) {
    ArithMemo m = fresh_memo();
    const std::vector<unsigned char> r = result_image(1);
    // one hit in four lookups pays for the three misses: stays on
    for (int i = 0; i < 100000; ++i) {
        if (i % 4 == 0) {
            memo_store(&m, kMemoConstantKey, 0x0501, r.data());
            ASSERT_NE(memo_lookup(&m, kMemoConstantKey, 0x0501), nullptr);
        } else {
            memo_unkeyed(&m);
        }
        if (i % 4 == 3) {
            ASSERT_NE(memo_lookup(&m, kMemoConstantKey, 0x0501), nullptr);
        }
    }
    EXPECT_FALSE(m.off);
    // then nothing but misses: off once they outweigh the earlier hits by kMemoMaxDebt
    const int64_t credit = -m.debt;
    int64_t misses = 0;
    while (!m.off && misses < 10000000) {
        memo_unkeyed(&m);
        ++misses;
    }
    EXPECT_TRUE(m.off);
    EXPECT_EQ(misses, credit + kMemoMaxDebt + 1);
    // a fresh memo with no hit: off after kMemoMaxDebt + 1 misses
    ArithMemo cold = fresh_memo();
    for (int64_t i = 0; i < kMemoMaxDebt; ++i)
        memo_unkeyed(&cold);
    EXPECT_FALSE(cold.off);
    memo_unkeyed(&cold);
    EXPECT_TRUE(cold.off);
}

}   // namespace
