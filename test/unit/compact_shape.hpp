/*
 * compact_shape.hpp — the texts the compact-decimal scanner (src/core/compact_decimal.hpp)
 * promises to take, written as plainly as possible: the oracle of its unit test and its fuzz
 * harness.
 */
#pragma once

#include <cstddef>
#include <string>

/* [-]digits[.digits] of at most 16 characters, at most 8 before the point (the sign counts),
 * at most 8 digits after it, at least one digit. */
inline bool compact_shape(const std::string& t) {
    size_t i = !t.empty() && t[0] == '-';
    const size_t sign = i;
    size_t before = 0, after = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9')
        ++i, ++before;
    if (i < t.size() && t[i] == '.')
        for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i)
            ++after;
    return i == t.size() && t.size() <= 16 && sign + before <= 8 && after <= 8 && before + after >= 1;
}
