/*
 * numeric_hash.hpp — numeric's hash values, computed from a body where it lies.
 *
 * A fastnumeric datum must hash exactly as numeric's hash_numeric and hash_numeric_extended
 * hash the same bytes: hash joins between a numeric and a fastnumeric side, hash partitions
 * and the accelerator's hashed plans over numeric columns depend on it.  Their rule:
 *   - NaN and ±Infinity: 0 (extended: the seed);
 *   - a value without a nonzero digit: 0xFFFFFFFF (extended: seed - 1), whatever its sign,
 *     weight or dscale;
 *   - otherwise Jenkins' lookup3 hash of the digit bytes from the first nonzero digit to the
 *     last nonzero digit, as they lie in memory, XOR the weight of the first nonzero digit
 *     (sign-extended to the width of the result; dscale and sign are not hashed, so 1.0 and
 *     1.00 hash alike).
 * The byte hash is PostgreSQL's hash_bytes / hash_bytes_extended (common/hashfn.c): lookup3
 * with its own initial value, reading the key as little-endian 32-bit words (the same for
 * aligned and unaligned keys).  This implementation assumes a little-endian machine; on a
 * big-endian one the pg layer calls numeric's own functions instead.
 *
 * The results are the 64-bit datums hash_numeric returns on a 64-bit server: the 32-bit hash
 * zero-extended, then XOR the sign-extended weight (callers read the low 32 bits).
 */
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/numeric_layout.hpp"

namespace fastnumeric {

/* What a body's hash depends on. */
enum class HashParts : uint8_t { Special, Zero, Digits };

/*
 * The bytes hash_numeric hashes and the weight it mixes in, for a body decode_numeric accepts
 * (body_is_valid); *digits and *nbytes only for Digits.
 */
inline HashParts numeric_hash_parts(const unsigned char* body, size_t len, const unsigned char** digits, int* nbytes,
                                    int* weight) {
    const uint16_t h = load_u16(body);
    const unsigned char* d;
    int w, n;
    if ((h & kSignMask) == kShort) {
        w = short_weight(h);
        d = body + 2;
        n = static_cast<int>((len - 2) / 2);
    } else if ((h & kSignMask) == kSpecial) {
        return HashParts::Special;
    } else {
        w = static_cast<int16_t>(load_u16(body + 2));
        d = body + 4;
        n = static_cast<int>((len - 4) / 2);
    }
    // Stored values are stripped; anything else is hashed as numeric hashes it.
    while (n > 0 && load_u16(d) == 0) {
        d += 2;
        --n;
        --w;
    }
    if (n == 0)
        return HashParts::Zero;
    while (load_u16(d + 2 * (n - 1)) == 0)
        --n;
    *digits = d;
    *nbytes = 2 * n;
    *weight = w;
    return HashParts::Digits;
}

namespace lookup3 {

/* lookup3's three words of state; by value, so that the hash stays in registers. */
struct State {
    uint32_t a, b, c;
};

#define FASTNUMERIC_INLINE __attribute__((always_inline)) inline

FASTNUMERIC_INLINE uint32_t rot(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

FASTNUMERIC_INLINE State mix(State s) {
    s.a -= s.c;
    s.a ^= rot(s.c, 4);
    s.c += s.b;
    s.b -= s.a;
    s.b ^= rot(s.a, 6);
    s.a += s.c;
    s.c -= s.b;
    s.c ^= rot(s.b, 8);
    s.b += s.a;
    s.a -= s.c;
    s.a ^= rot(s.c, 16);
    s.c += s.b;
    s.b -= s.a;
    s.b ^= rot(s.a, 19);
    s.a += s.c;
    s.c -= s.b;
    s.c ^= rot(s.b, 4);
    s.b += s.a;
    return s;
}

FASTNUMERIC_INLINE State final_mix(State s) {
    s.c ^= s.b;
    s.c -= rot(s.b, 14);
    s.a ^= s.c;
    s.a -= rot(s.c, 11);
    s.b ^= s.a;
    s.b -= rot(s.a, 25);
    s.c ^= s.b;
    s.c -= rot(s.b, 16);
    s.a ^= s.c;
    s.a -= rot(s.c, 4);
    s.b ^= s.a;
    s.b -= rot(s.a, 14);
    s.c ^= s.b;
    s.c -= rot(s.b, 24);
    return s;
}

/* The little-endian word of the n (0..3) bytes at p, zero-padded above.  Digit keys have an
   even length: their tails are 0 or 2 bytes. */
FASTNUMERIC_INLINE uint32_t partial_word(const unsigned char* p, int n) {
    switch (n) {
    case 1: return p[0];
    case 2: return load_u16(p);
    case 3: return load_u16(p) | static_cast<uint32_t>(p[2]) << 16;
    default: return 0;
    }
}

FASTNUMERIC_INLINE uint32_t word(const unsigned char* p) {
    uint32_t w;
    std::memcpy(&w, p, sizeof w);
    return w;   // little-endian machines only (see the head of the file)
}

/*
 * The key's bytes added to the state twelve at a time with mix() between blocks; the last
 * 0..11 bytes go to a, b and the upper three bytes of c (its low byte stays for the length,
 * which the initial value already holds), then final().  Keys here are a few digits: the
 * common ones (up to 5 digit groups) never loop.
 */
FASTNUMERIC_INLINE State hash_key(const unsigned char* k, int len, State s) {
    while (len >= 12) {
        s.a += word(k);
        s.b += word(k + 4);
        s.c += word(k + 8);
        s = mix(s);
        k += 12;
        len -= 12;
    }
    if (len >= 8) {
        s.a += word(k);
        s.b += word(k + 4);
        s.c += partial_word(k + 8, len - 8) << 8;
    } else if (len >= 4) {
        s.a += word(k);
        s.b += partial_word(k + 4, len - 4);
    } else {
        s.a += partial_word(k, len);
    }
    return final_mix(s);
}

FASTNUMERIC_INLINE State initial(int len) {
    const uint32_t v = 0x9e3779b9u + static_cast<uint32_t>(len) + 3923095u;
    return State{v, v, v};
}

#undef FASTNUMERIC_INLINE

}   // namespace lookup3

/* PostgreSQL's hash_bytes of len bytes at k. */
inline uint32_t hash_bytes32(const unsigned char* k, int len) {
    return lookup3::hash_key(k, len, lookup3::initial(len)).c;
}

/* PostgreSQL's hash_bytes_extended of len bytes at k with seed (0: none). */
inline uint64_t hash_bytes64(const unsigned char* k, int len, uint64_t seed) {
    lookup3::State s = lookup3::initial(len);
    if (seed != 0) {
        s.a += static_cast<uint32_t>(seed >> 32);
        s.b += static_cast<uint32_t>(seed);
        s = lookup3::mix(s);
    }
    s = lookup3::hash_key(k, len, s);
    return (static_cast<uint64_t>(s.b) << 32) | s.c;
}

/* hash_numeric's datum for a valid body. */
inline uint64_t numeric_hash(const unsigned char* body, size_t len) {
    const unsigned char* digits;
    int nbytes, weight;
    switch (numeric_hash_parts(body, len, &digits, &nbytes, &weight)) {
    case HashParts::Special: return 0;
    case HashParts::Zero: return 0xFFFFFFFFu;
    case HashParts::Digits: break;
    }
    return static_cast<uint64_t>(hash_bytes32(digits, nbytes)) ^ static_cast<uint64_t>(static_cast<int64_t>(weight));
}

/* hash_numeric_extended's result for a valid body. */
inline uint64_t numeric_hash_extended(const unsigned char* body, size_t len, uint64_t seed) {
    const unsigned char* digits;
    int nbytes, weight;
    switch (numeric_hash_parts(body, len, &digits, &nbytes, &weight)) {
    case HashParts::Special: return seed;
    case HashParts::Zero: return seed - 1;
    case HashParts::Digits: break;
    }
    return hash_bytes64(digits, nbytes, seed) ^ static_cast<uint64_t>(static_cast<int64_t>(weight));
}

}   // namespace fastnumeric
