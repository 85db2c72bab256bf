/*
 * byte_order.hpp — the machine's byte order, for the code that handles several bytes or
 * digits as one word.
 */
#pragma once

#ifdef POSTGRES_H
#error "src/core must not see PostgreSQL headers"
#endif

#include <cstdint>
#include <cstring>

namespace fastnumeric {

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool kLittleEndian = true;
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
constexpr bool kLittleEndian = false;
#else
#error "src/core needs to know the byte order"
#endif

/*
 * The 8 bytes at p as a word with the first byte in the low bits, whatever the byte order.
 * Exempt from AddressSanitizer: the text scanners (compact_decimal.hpp, input_cache.hpp) read
 * words past a text's end on purpose, never beyond the block it lies in.
 */
__attribute__((no_sanitize("address"))) inline uint64_t load_le64(const void* p) {
    uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return kLittleEndian ? w : __builtin_bswap64(w);
}

/* The big-endian 16-bit word at p, and p's two bytes set to v big-endian (numeric's wire). */
inline uint16_t load_be16(const void* p) {
    uint16_t w;
    std::memcpy(&w, p, sizeof w);
    return kLittleEndian ? __builtin_bswap16(w) : w;
}

inline void store_be16(void* p, uint16_t v) {
    const uint16_t w = kLittleEndian ? __builtin_bswap16(v) : v;
    std::memcpy(p, &w, sizeof w);
}

}   // namespace fastnumeric
