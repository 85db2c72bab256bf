/*
 * input_cache_test.cpp — the input cache's keys and its second-sighting rule.
 */
#include <gtest/gtest.h>

#include <memory>
#include <cstring>
#include <string>

#include "core/input_cache.hpp"

using namespace fastnumeric;

namespace {

InputCacheKey key_of(const std::string& text, int32_t typmod = -1) {
    InputCacheKey k;
    EXPECT_TRUE(make_input_cache_key(text.c_str(), typmod, &k)) << text;
    return k;
}

}   // namespace

TEST(InputCacheKey, ShortTextsOnlyAndEveryByteCounts) {
    InputCacheKey k;
    EXPECT_TRUE(make_input_cache_key("1234567890.123456", -1, &k) == false);   // 17 bytes
    EXPECT_TRUE(make_input_cache_key("123456789.123456", -1, &k));             // 16 bytes
    EXPECT_EQ(k.length, 16u);
    EXPECT_FALSE(key_of("1.5") == key_of(" 1.5"));
    EXPECT_FALSE(key_of("1.5") == key_of("1.50"));
    EXPECT_FALSE(key_of("1.5", -1) == key_of("1.5", (5 << 16) + 4));
    EXPECT_TRUE(key_of("99.95") == key_of(std::string("99.95")));
    EXPECT_FALSE(key_of("12345678") == key_of("123456789"));   // the length is part of the key
}

TEST(InputCache, StoresOnTheSecondSightingInARow) {
    auto cache = std::make_unique<InputCache>();
    const unsigned char body[] = {0x80, 0x81, 0x0c, 0x00};
    bool seen = true;
    InputCacheSlot* s = cache->slot_for(key_of("12.50"), &seen);
    EXPECT_FALSE(seen);   // first sighting: key only
    EXPECT_FALSE(s->has_body);
    s = cache->slot_for(key_of("12.50"), &seen);
    EXPECT_TRUE(seen);
    EXPECT_FALSE(s->has_body);
    InputCache::store(s, body, sizeof body);
    s = cache->slot_for(key_of("12.50"), &seen);
    ASSERT_TRUE(seen && s->has_body);
    EXPECT_EQ(std::string(reinterpret_cast<char*>(s->body), s->body_size),
              std::string(reinterpret_cast<const char*>(body), sizeof body));
    // the same text under another typmod is another key
    s = cache->slot_for(key_of("12.50", (6 << 16 | 2) + 4), &seen);
    EXPECT_FALSE(seen && s->has_body);
}

TEST(InputCache, ACollidingKeyTakesTheSlotOver) {
    auto cache = std::make_unique<InputCache>();
    const unsigned char body[] = {0x80, 0x00, 0x07, 0x00};
    bool seen;
    InputCacheSlot* a = cache->slot_for(key_of("7"), &seen);
    InputCache::store(a, body, sizeof body);
    // find another text that lands in the same slot
    std::string other;
    for (int i = 0; i < 1000000 && other.empty(); ++i) {
        const std::string t = std::to_string(i) + ".5";
        if (cache->slot_for(key_of(t), &seen) == a)
            other = t;
    }
    ASSERT_FALSE(other.empty());
    cache->slot_for(key_of("7"), &seen);
    EXPECT_FALSE(seen);   // evicted: starts over as a first sighting
}

TEST(InputCache, BodiesTooLargeAreNotStored) {
    auto cache = std::make_unique<InputCache>();
    unsigned char big[kInputCacheBodyBytes + 2] = {};
    bool seen;
    InputCacheSlot* s = cache->slot_for(key_of("1"), &seen);
    InputCache::store(s, big, sizeof big);
    EXPECT_FALSE(s->has_body);
}

/* The word-at-a-time key against the obvious byte loop, at every alignment and length. */
TEST(InputCacheKey, WordAtATimeKeyMatchesBytes) {
    alignas(8) char buf[64];
    unsigned seed = 12345;
    for (int round = 0; round < 200; ++round) {
        for (int offset = 0; offset < 8; ++offset) {
            for (int length = 0; length <= 20; ++length) {
                for (char& c : buf) {
                    seed = seed * 1103515245u + 12345u;
                    c = static_cast<char>(1 + (seed >> 16) % 255);   // garbage, never NUL
                }
                char* text = buf + 8 + offset;
                for (int i = 0; i < length; ++i) {
                    seed = seed * 1103515245u + 12345u;
                    text[i] = static_cast<char>(1 + (seed >> 16) % 255);
                }
                text[length] = '\0';
                InputCacheKey k;
                const bool ok = make_input_cache_key(text, 77, &k);
                ASSERT_EQ(ok, length <= kInputCacheKeyBytes) << offset << ' ' << length;
                if (!ok)
                    continue;
                uint64_t expect[2] = {0, 0};
                std::memcpy(expect, text, static_cast<size_t>(length));
                ASSERT_EQ(k.word[0], expect[0]) << offset << ' ' << length;
                ASSERT_EQ(k.word[1], expect[1]) << offset << ' ' << length;
                ASSERT_EQ(k.length, static_cast<uint32_t>(length));
                ASSERT_EQ(k.typmod, 77);
            }
        }
    }
}

TEST(InputCache, RestsAfterALongRunOfFirstSightings) {
    auto cache = std::make_unique<InputCache>();
    bool seen;
    for (uint32_t i = 0; i < kInputCacheMissesBeforeRest; ++i) {
        ASSERT_FALSE(cache->resting());
        cache->slot_for(key_of(std::to_string(i) + ".01"), &seen);
    }
    for (uint32_t i = 0; i < kInputCacheRestLength; ++i)
        ASSERT_TRUE(cache->resting());
    EXPECT_FALSE(cache->resting());
}

TEST(InputCache, TextsTooLongForAKeyCountAsFirstSightings) {
    auto cache = std::make_unique<InputCache>();
    bool seen;
    cache->slot_for(key_of("1.5"), &seen);
    for (uint32_t i = 1; i < kInputCacheMissesBeforeRest; ++i) {
        ASSERT_FALSE(cache->resting());
        cache->uncacheable();
    }
    EXPECT_TRUE(cache->resting());
}
