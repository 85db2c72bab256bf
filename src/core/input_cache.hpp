/*
 * input_cache.hpp — a small direct-mapped cache of recently parsed input texts (up to 16 bytes).
 *
 * Money columns repeat a handful of values (0.00, VAT rates, round prices).  The cache maps a
 * text of up to kInputCacheKeyBytes bytes, with the typmod it was parsed under, to the numeric
 * body the parser produced, so a repeat costs a compare and a copy instead of a parse.
 *
 * A slot caches a text only on its second sighting in a row: the first sighting leaves just
 * the key.  A column of all-distinct values therefore never pays for storing bodies, and after
 * a long run of first sightings (texts too long for a key count as such) the cache rests (see
 * InputCache) so it hardly pays for keys.  Only bodies of plain decimals the fast parser
 * accepted are stored (never NaN, Infinity or anything that errors), so a hit is
 * byte-identical to a parse.
 *
 * Plain data, no allocation: a PostgreSQL backend is single threaded and keeps one cache.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/byte_order.hpp"

namespace fastnumeric {

constexpr int kInputCacheKeyBytes = 16;
constexpr int kInputCacheBodyBytes = 16;   // 2-byte header + 7 digits: any 16-byte money text
constexpr int kInputCacheSlotBits = 11;
constexpr int kInputCacheSlots = 1 << kInputCacheSlotBits;

/* A text (zero padded to two words), its length and the typmod: what a slot is keyed by. */
struct InputCacheKey {
    uint64_t word[2];
    int32_t typmod;
    uint32_t length;

    bool operator==(const InputCacheKey& o) const {
        return word[0] == o.word[0] && word[1] == o.word[1] && typmod == o.typmod && length == o.length;
    }
};

namespace input_cache_detail {

constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHighs = 0x8080808080808080ull;

/* Bit 7 of each byte of w that is zero (and only of those: exact, not the quick test). */
inline uint64_t zero_bytes(uint64_t w) { return ~(((w & ~kHighs) + ~kHighs) | w | ~kHighs); }

}   // namespace input_cache_detail

/*
 * The key of `text`, or false when it is longer than kInputCacheKeyBytes.
 *
 * The text is read a machine word at a time from 8-byte-aligned addresses, stopping at the
 * word that holds its terminating NUL.  An aligned word never straddles a page, so the few
 * bytes read around the text (before it in the first word, after the NUL in the last) are
 * on pages the text itself occupies; they are masked out of the key.
 */
__attribute__((no_sanitize("address"))) inline bool make_input_cache_key(const char* text, int32_t typmod,
                                                                         InputCacheKey* key) {
    using namespace input_cache_detail;
    static_assert(kInputCacheKeyBytes == 16, "the key is two words");
    const unsigned offset = static_cast<unsigned>(reinterpret_cast<uintptr_t>(text) & 7);
    const char* base = text - offset;
    // bytes of the text in aligned order: words[i] covers base + 8i .. base + 8i + 7
    uint64_t words[4] = {0, 0, 0, 0};
    // the bytes before the text must not look like a NUL: set them to 0xFF for the search
    const uint64_t before = offset == 0 ? 0 : ~0ull >> (64 - 8 * offset);
    unsigned length = 0;
    bool found = false;
    for (unsigned i = 0; i < 4 && !found; ++i) {
        words[i] = load_le64(base + 8 * i);   // first byte lowest: the shifts below count from there
        const uint64_t zeros = zero_bytes(i == 0 ? words[i] | before : words[i]);
        if (zeros != 0) {
            length = 8 * i + static_cast<unsigned>(__builtin_ctzll(zeros)) / 8 - offset;
            found = true;
        }
    }
    if (!found || length > kInputCacheKeyBytes)
        return false;
    // shift the text to the start of the key, then clear everything from the NUL on
    const unsigned shift = 8 * offset;
    uint64_t k0 = words[0] >> shift, k1 = words[1] >> shift;
    if (shift != 0) {
        k0 |= words[1] << (64 - shift);
        k1 |= words[2] << (64 - shift);
    }
    if (length < 8) {
        k0 &= length == 0 ? 0 : ~0ull >> (64 - 8 * length);
        k1 = 0;
    } else if (length < 16) {
        k1 &= length == 8 ? 0 : ~0ull >> (64 - 8 * (length - 8));
    }
    *key = InputCacheKey{{k0, k1}, typmod, length};
    return true;
}

struct InputCacheSlot {
    InputCacheKey key;   // length 0: empty (an empty text is never cached)
    bool has_body;       // false: seen once, key only
    uint8_t body_size;
    unsigned char body[kInputCacheBodyBytes];
};

/*
 * After kInputCacheMissesBeforeRest first sightings in a row (a column of distinct values),
 * the cache rests for kInputCacheRestLength inputs: no key is even computed, so such columns
 * pay almost nothing for it.  Then it looks again.
 */
constexpr uint32_t kInputCacheMissesBeforeRest = 1024;
constexpr uint32_t kInputCacheRestLength = 65536;

class InputCache {
  public:
    /* Whether to skip the cache for this input (and count the input towards the rest). */
    bool resting() {
        if (rest_left_ == 0)
            return false;
        --rest_left_;
        return true;
    }

    /* The slot for this key: it either holds the key already or is taken over by it. */
    InputCacheSlot* slot_for(const InputCacheKey& key, bool* seen_before) {
        InputCacheSlot* s = &slots_[index_of(key)];
        *seen_before = s->key == key;
        if (*seen_before) {
            misses_in_a_row_ = 0;
        } else {
            s->key = key;
            s->has_body = false;
            first_sighting();
        }
        return s;
    }

    /* A text too long for a key: never cached, so it counts as a first sighting (a column
     * of long texts lets the cache rest too, instead of paying for a key attempt each). */
    void uncacheable() { first_sighting(); }

    /* Remember the body parsed for the slot's key, when it fits. */
    static void store(InputCacheSlot* s, const unsigned char* body, size_t size) {
        if (size > kInputCacheBodyBytes)
            return;
        std::memcpy(s->body, body, size);
        s->body_size = static_cast<uint8_t>(size);
        s->has_body = true;
    }

  private:
    void first_sighting() {
        if (++misses_in_a_row_ == kInputCacheMissesBeforeRest) {
            misses_in_a_row_ = 0;
            rest_left_ = kInputCacheRestLength;
        }
    }

    static uint32_t index_of(const InputCacheKey& k) {
        const uint64_t h = (k.word[0] * 0x9E3779B97F4A7C15ull) ^ (k.word[1] * 0xC2B2AE3D27D4EB4Full) ^
                           (static_cast<uint64_t>(static_cast<uint32_t>(k.typmod)) * 0x165667B19E3779F9ull);
        return static_cast<uint32_t>(h >> (64 - kInputCacheSlotBits));
    }

    InputCacheSlot slots_[kInputCacheSlots];
    uint32_t misses_in_a_row_;
    uint32_t rest_left_;
};

}   // namespace fastnumeric
