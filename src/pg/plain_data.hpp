/*
 * plain_data.hpp — the core types this layer keeps on frames that can ereport(ERROR), or in
 * palloc'd memory (aggregate states, fn_extra, the input cache).  ereport longjmps past C++
 * destructors and a memory-context reset frees memory without running them, so each type
 * must be plain data, aligned no wider than palloc aligns.  Included once, by module.cpp.
 */
#pragma once

#include <type_traits>

#include "core/arith_memo.hpp"
#include "core/compact_decimal.hpp"
#include "core/decimal_parse.hpp"
#include "core/digit_arith.hpp"
#include "core/input_cache.hpp"
#include "core/numeric_layout.hpp"
#include "core/scaled_value.hpp"
#include "core/short_arith.hpp"
#include "core/sum_accum.hpp"
#include "core/typmod.hpp"
#include "core/wire_format.hpp"
#include "pg_compat.hpp"

namespace fastnumeric {

template <typename T>
constexpr bool kPlainData = std::is_trivially_destructible<T>::value && alignof(T) <= MAXIMUM_ALIGNOF;

static_assert(kPlainData<DecimalDigits>, "parsed text, on fastnumeric_in's frame");
static_assert(kPlainData<Typmod>, "a decoded typmod");
static_assert(kPlainData<WireValue>, "a received value, on fastnumeric_recv's frame");
static_assert(kPlainData<NumericView>, "a decoded operand");
static_assert(kPlainData<FiniteValue>, "a result before its palloc");
static_assert(kPlainData<SmallShortValue>, "a small operand");
static_assert(kPlainData<Scaled64>, "a value in machine integers, kept in fn_extra (a row's operands)");
static_assert(std::is_trivially_destructible<Scaled128>::value,
              "a value in machine integers, on frames only: palloc'd memory would not align its int128");
static_assert(kPlainData<CompactDecimal>, "a parsed compact text, on fastnumeric_in's frame");
static_assert(kPlainData<ArithMemo>, "an arithmetic memo, kept in fn_extra");
static_assert(kPlainData<SmallDigits>, "a machine-integer result's digits");
static_assert(kPlainData<DigitBuffer>, "scratch digits, kept in fn_extra");
static_assert(kPlainData<InputCache>, "the per-backend input cache");
static_assert(kPlainData<InputCacheKey>, "an input cache key");
static_assert(kPlainData<InputCacheSlot>, "an input cache slot");
static_assert(kPlainData<SumAccum>, "the sum/avg aggregate state");
static_assert(kPlainData<DigitSum>, "part of the aggregate state");
static_assert(kPlainData<SlotAllocator>, "part of the aggregate state");

}   // namespace fastnumeric
