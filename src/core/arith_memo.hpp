/*
 * arith_memo.hpp — results of + - * remembered per call site, for operands that repeat.
 *
 * `1 - l_discount`, `1 + l_tax`, `qty * 1.19`: one operand is a constant and the other often
 * takes few distinct values (rates, flags, small quantities).  A call site with a constant
 * operand keeps a small table from the pair of operands to the result, so that a pair seen
 * before costs a lookup (and the result's palloc) instead of the arithmetic.
 *
 * Keys are words, each naming one operand exactly:
 *   - a datum of at most 8 bytes (varlena header included) is its bytes, zero-padded
 *     (memo_word): equal words, equal datums, since the header holds the size;
 *   - the site's constant, recognised by its address, is kMemoConstantKey, which no such
 *     word equals (its first byte, 0xFF, would be a 1-byte varlena header of 127 bytes).
 * So a hit is numeric's result for any argument; other operands have no key (no lookup).
 *
 * A site whose pairs do not repeat turns its memo off for good: each miss adds one to a debt
 * and each hit pays kMemoHitCredit back, so the debt grows while fewer than one lookup in
 * kMemoHitCredit + 1 hits (a miss costs about a fifth of what a hit saves); past kMemoMaxDebt
 * the memo is off.  (A hit rate over windows of lookups cost five instructions per hit; this
 * costs one.)
 *
 * Plain data (it lives in fn_extra memory): no constructor, no destructor, zeroed = empty.
 */
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/short_arith.hpp"

namespace fastnumeric {

constexpr int kMemoSets = 32;         // two entries each
constexpr int kMemoImageBytes = 16;   // what is remembered of a result, in the caller's format
constexpr int64_t kMemoHitCredit = 3;
constexpr int64_t kMemoMaxDebt = 4096;

constexpr uint64_t kMemoConstantKey = ~uint64_t{0};

struct ArithMemoEntry {
    uint64_t a, b;                          // operand keys; a == 0: empty (no key is 0: a varlena header is never 0)
    unsigned char image[kMemoImageBytes];   // the result as the caller stored it (the pg layer:
                                            // the first 16 bytes of the result datum)
};

struct ArithMemo {
    int64_t debt;   // misses, less kMemoHitCredit per hit (int64: no hit count overflows it)
    bool off;
    // The address of a plan constant operand (0: none), whose key is kMemoConstantKey.
    uintptr_t known_address[2];
    ArithMemoEntry sets[kMemoSets][2];   // [0] the most recently stored
};

/* The first n bytes at p (1 <= n <= 8), zero-padded to a word: byte i in bits 8i..8i+7. */
inline uint64_t memo_word(const unsigned char* p, size_t n) {
    if (kLittleEndian && n >= 4) {   // two overlapping loads
        uint32_t first, last;
        std::memcpy(&first, p, 4);
        std::memcpy(&last, p + n - 4, 4);
        return first | static_cast<uint64_t>(last) << (8 * (n - 4));
    }
    if (kLittleEndian && n >= 2) {   // 2 or 3 bytes: a 2-byte load and the last byte
        uint16_t first;
        std::memcpy(&first, p, 2);
        return first | static_cast<uint64_t>(p[n - 1]) << (8 * (n - 1));
    }
    uint64_t w = 0;
    for (size_t i = 0; i < n; ++i)
        w |= static_cast<uint64_t>(p[i]) << (8 * i);
    return w;
}

inline ArithMemoEntry* memo_set(ArithMemo* m, uint64_t a, uint64_t b) {
    static_assert((kMemoSets & (kMemoSets - 1)) == 0, "a power of two");
    const uint64_t h = (a ^ b) * 0x9E3779B97F4A7C15ull;   // with one operand constant, a ^ b tells pairs apart
    return m->sets[h >> (64 - __builtin_ctz(kMemoSets))];
}

/* One more miss: the memo goes off when the misses have outweighed the hits. */
inline void memo_missed(ArithMemo* m) {
    if (++m->debt > kMemoMaxDebt)
        m->off = true;
}

/* The entry remembering (a, b); nullptr on a miss (counted by memo_store or memo_unkeyed). */
inline const ArithMemoEntry* memo_lookup(ArithMemo* m, uint64_t a, uint64_t b) {
    const ArithMemoEntry* set = memo_set(m, a, b);
    const ArithMemoEntry* e = set[0].a == a && set[0].b == b   ? &set[0]
                              : set[1].a == a && set[1].b == b ? &set[1]
                                                               : nullptr;
    if (e != nullptr)
        m->debt -= kMemoHitCredit;
    return e;
}

/* A call whose operands have no key: a lookup that missed. */
inline void memo_unkeyed(ArithMemo* m) { memo_missed(m); }

/* Remember `image` (kMemoImageBytes) as the result of (a, b). */
inline void memo_store(ArithMemo* m, uint64_t a, uint64_t b, const unsigned char* image) {
    memo_missed(m);
    ArithMemoEntry* set = memo_set(m, a, b);
    set[1] = set[0];
    set[0].a = a;
    set[0].b = b;
    std::memcpy(set[0].image, image, kMemoImageBytes);
}

}   // namespace fastnumeric
