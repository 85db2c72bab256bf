/*
 * scaled_value.hpp — an integer at a scale: value × 10000^low, a finite numeric value of
 * numeric's display scale `dscale` (value 0: zero).  The one form of a value in machine integers
 * the paths past the datum share: a program's operands and results, a sum's terms, a product
 * of short factors, a row's pending total.  `low` is the position (power of 10000) of the last
 * digit group the value holds.
 *
 * Plain data: it lives on frames that may ereport and in palloc'd states.
 */
#pragma once

#include <cstdint>

#include "core/int128.hpp"

namespace fastnumeric {

template <typename Int>
struct ScaledValue {
    Int value;
    int32_t low;
    int32_t dscale;
};

using Scaled64 = ScaledValue<int64_t>;
using Scaled128 = ScaledValue<int128_t>;

}   // namespace fastnumeric
