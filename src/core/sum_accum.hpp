/*
 * sum_accum.hpp — the exact accumulator behind sum(fastnumeric) and avg(fastnumeric).
 *
 * It follows numeric's NumericAggState rules (numeric.c: do_numeric_accum,
 * do_numeric_discard, numeric_avg_combine, numeric_sum) so that results are numeric's to the
 * byte, but keeps the sum in two parts:
 *
 *   small  an int128 in units of 10000^-small_frac (small_frac = the most digit groups after
 *          the point any value needed).  Values of up to 9 digit groups at that scale are
 *          converted straight from their base-10000 digits and added with an overflow check:
 *          the per-row path, no allocation.
 *   big    an exact sum of everything else, as signed base-10000 digit slots in int64 (the
 *          "carry-free" idea of numeric's NumericSumAccum, with one signed array instead of
 *          a positive and a negative one).  It receives values too long or too far from the
 *          point for the int128, and the int128 itself whenever adding to it would overflow
 *          (then the int128 restarts from zero).  A slot grows by at most 9999 per add, so
 *          carries are propagated only every kCarryEvery adds (and at the end, on a copy).
 *
 * NaN, +Infinity and -Infinity are counted apart (not in count), like numeric.  The result's
 * dscale is max_scale, the largest dscale among the finite values (numeric's maxScale; the
 * inverse transition gives up, like numeric's, when the last value of that dscale leaves).
 *
 * Plain data, no destructor, alignment 8: it lives in palloc'd memory (src/pg/plain_data.hpp
 * checks it).
 * Memory for big comes from the caller's SlotAllocator (the aggregate's memory context);
 * growth doubles, old buffers are left to that context, so memory is bounded by twice the
 * widest sum, independent of the number of rows.
 */
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/int128.hpp"
#include "core/numeric_layout.hpp"
#include "core/scaled_value.hpp"

namespace fastnumeric {

/* Memory for the digit slots; the pg layer allocates in the aggregate's context. */
struct SlotAllocator {
    void* (*allocate)(void* context, size_t bytes);
    void* context;
};

/* Exact signed sum: slots[i] is worth 10000^(i - frac); the top slot only takes carries. */
struct DigitSum {
    int64_t* slots;
    int32_t capacity;
    int32_t used;   // 0 until the first value arrives
    int32_t frac;
    int32_t reserved;
    int64_t adds_since_carry;
};

struct SumAccum {
    int128_a8 small;
    int32_t small_frac;
    int32_t max_scale;
    int64_t max_scale_count;
    int64_t count;   // finite values
    int64_t nan_count;
    int64_t pinf_count;
    int64_t ninf_count;
    DigitSum big;
    SlotAllocator allocator;
    // Derived from small_frac and max_scale by sum_refresh, not serialized: for a value of
    // n = 1..4 digit groups, the 2-byte header (sign bit clear) of the values of dscale
    // max_scale that the per-row path adds as they are ([0]: at small's scale) or times
    // 10000 ([1]: one group coarser, such as 12345.00 among cents; n <= 3, so that the
    // product stays in 64 bits); kNoPerRowHeader where none exists.
    uint16_t per_row_header[2][kSmallShortGroups];
    // the 2-byte body of zero of dscale max_scale, which the per-row path counts; kNoZeroHeader
    // when max_scale needs the long header
    uint32_t zero_header;
};

/* zero_header's "none": above any 16-bit word. */
constexpr uint32_t kNoZeroHeader = 0x10000;

/* per_row_header's "none": the sign bit, which the headers it is compared with have cleared. */
constexpr uint16_t kNoPerRowHeader = kShortSignBit;

/* Bounds an int64 slot: kCarryEvery adds of |digit| <= 9999 stay far below 2^63. */
constexpr int64_t kCarryEvery = int64_t{1} << 40;

void sum_init(SumAccum* s, SlotAllocator allocator);

/* Recompute per_row_header: after any change to small_frac or max_scale (the functions here
 * do it; a caller that sets them, as deserialization does, calls it). */
void sum_refresh(SumAccum* s);

/* numeric's do_numeric_accum. */
void sum_add(SumAccum* s, const NumericView& v);

namespace sum_accum_detail {

/* One more finite value of this dscale: numeric's maxScale bookkeeping. */
inline void count_finite(SumAccum* s, int dscale) {
    if (__builtin_expect(dscale == s->max_scale, 1)) {   // a column's values mostly share it
        ++s->max_scale_count;
    } else if (dscale > s->max_scale) {
        s->max_scale = dscale;
        s->max_scale_count = 1;
    }
    ++s->count;
}

/* small += x would overflow: small moves into big, and x starts it afresh. */
void small_overflowed(SumAccum* s, int128_t x);

/* small += x (same scale). */
inline void small_add(SumAccum* s, int128_t x) {
    int128_t sum;
    if (__builtin_expect(__builtin_add_overflow(static_cast<int128_t>(s->small), x, &sum), 0))
        small_overflowed(s, x);
    else
        s->small = sum;
}

/*
 * small += m, or small -= m when `negative`, for m < 2^63, unless that overflows: then false,
 * small unchanged (the caller takes a path that moves small into big).  Nothing is called,
 * so that the transition function saves no registers.  On x86-64, an add (or subtract) and
 * an add-with-carry of 0 (subtract-with-borrow) on the int128 in memory, whose overflow flag
 * is the signed overflow of the whole result (undone, when it overflows, by the opposite
 * operation modulo 2^128): a third of the instructions the C form below takes with the
 * negation (a carry into a 64-bit add that must detect overflow is more than C can say),
 * measured per row and transition.  Elsewhere, or with
 * FASTNUMERIC_PORTABLE_SUM defined (`make unitcheck UNIT_CXXFLAGS=-DFASTNUMERIC_PORTABLE_SUM`
 * tests that form here), as two 64-bit halves: the int128 form made the compiler shuffle
 * register pairs (4 more instructions).
 */
inline bool small_add_int64(SumAccum* s, uint64_t m, bool negative) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(FASTNUMERIC_PORTABLE_SUM)
    static_assert(sizeof s->small == 16 && kLittleEndian, "the low half first");
    if (!negative) {
        asm goto(
            "addq %[m], (%[p])\n\t"
            "adcq $0, 8(%[p])\n\t"
            "jo %l[overflow]"
            : /* no outputs (asm goto) */
            : [p] "r"(&s->small), [m] "r"(m)
            : "cc", "memory"
            : overflow);
    } else {
        asm goto(
            "subq %[m], (%[p])\n\t"
            "sbbq $0, 8(%[p])\n\t"
            "jo %l[overflow]"
            : /* no outputs (asm goto) */
            : [p] "r"(&s->small), [m] "r"(m)
            : "cc", "memory"
            : overflow);
    }
    return true;
overflow : {
    const uint128_t now = static_cast<uint128_t>(static_cast<int128_t>(s->small));
    s->small = static_cast<int128_t>(negative ? now + m : now - m);
}
    return false;
#else
    static_assert(sizeof s->small == 16, "two halves");
    const int64_t x = negative ? static_cast<int64_t>(0 - m) : static_cast<int64_t>(m);
    uint64_t half[2];   // low, high in memory order
    std::memcpy(half, &s->small, sizeof half);
    const int little = kLittleEndian ? 0 : 1;   // the low half comes first on little-endian machines
    const uint64_t low = half[little] + static_cast<uint64_t>(x);
    const int64_t carry = (x >> 63) + (low < half[little]);   // -1, 0 or 1
    int64_t high;
    if (__builtin_expect(__builtin_add_overflow(static_cast<int64_t>(half[1 - little]), carry, &high), 0))
        return false;
    half[little] = low;
    half[1 - little] = static_cast<uint64_t>(high);
    std::memcpy(&s->small, half, sizeof half);
    return true;
#endif
}

/* sum_add_short_body's checks one by one, for what the expected headers do not cover. */
bool sum_add_short_body_checked(SumAccum* s, const unsigned char* body, size_t len);

}   // namespace sum_accum_detail

/*
 * sum_add_short_body's common case, inline so that the transition function is one call (out
 * of line it cost more instructions per row) and makes no other call, so that it saves
 * no registers: a value of a header the state expects (per_row_header: at small's scale or
 * one group coarser, of dscale max_scale), which says all the checks at once; its digits,
 * scaled, are signed in 64 bits (|digits| * 10000 < 2^63 for n <= 3, and |digits| < 2^57
 * for n = 4, even for digits numeric never writes).  Checked field by field, this cost more
 * instructions per row and transition (measured).  Also zero of dscale max_scale (a
 * 2-byte body equal to zero_header), which is only counted.  False, with nothing changed, for
 * anything else.
 */
__attribute__((always_inline)) inline bool sum_add_expected(SumAccum* s, const unsigned char* body, size_t len) {
    using namespace sum_accum_detail;
    if (__builtin_expect(len - 4 > 2 * (kSmallShortGroups - 1), 0)) {
        if (len != 2 || load_u16(body) != s->zero_header)
            return false;
        ++s->count;   // zero of dscale max_scale: counted, nothing to add
        ++s->max_scale_count;
        return true;
    }
    const uint32_t h = load_u16(body);
    const uint32_t unsigned_h = h & ~uint32_t{kShortSignBit};
    const size_t groups_less_one = (len - 4) / 2;
    const bool coarser = unsigned_h != s->per_row_header[0][groups_less_one];
    if (__builtin_expect(coarser, 0) && unsigned_h != s->per_row_header[1][groups_less_one])
        return false;
    uint64_t d = small_short_digits(body + 2, static_cast<int>(groups_less_one) + 1);
    if (coarser)
        d *= kBase;
    ++s->count;   // (apart from ++max_scale_count: together, the compiler made them a vector add)
    if (__builtin_expect(!small_add_int64(s, d, (h & kShortSignBit) != 0), 0)) {
        --s->count;
        return false;   // small is full: sum_add_short_body_checked moves it into big
    }
    ++s->max_scale_count;
    return true;
}

/*
 * sum_add's per-row path on a body as stored (at least 2 bytes): a 2-byte-header value of
 * up to 4 digit groups that fits the int128 at its current scale.  False, with nothing
 * changed, for anything else: then call sum_add.
 */
inline bool sum_add_short_body(SumAccum* s, const unsigned char* body, size_t len) {
    return sum_add_expected(s, body, len) || sum_accum_detail::sum_add_short_body_checked(s, body, len);
}

namespace sum_accum_detail {

/* m * d, false when it overflows 128 bits. */
inline bool multiply_u128_u64(uint128_t m, uint64_t d, uint128_t* out) {
    const uint128_t low = static_cast<uint128_t>(static_cast<uint64_t>(m)) * d;
    const uint128_t high = (m >> 64) * d;
    if ((high >> 64) != 0)
        return false;
    return !__builtin_add_overflow(low, high << 64, out);
}

}   // namespace sum_accum_detail

/*
 * The product of two short factors, as numeric's a * b makes it: exact, of dscale the sum of
 * the factors' (numeric rounds only past 16383), at the scale of their lowest groups added
 * (not stripped).  Factors are nonzero 2-byte-header bodies of up to four groups
 * (read_small_short's); false for any other.  Their digits multiply below 10^32 < 2^127.
 */
__attribute__((always_inline)) inline bool short_product(const unsigned char* a, size_t alen, const unsigned char* b,
                                                         size_t blen, Scaled128* out) {
    SmallShortValue x, y;
    if (alen < 4 || blen < 4 || !read_small_short(a, alen, &x) || !read_small_short(b, blen, &y))
        return false;   // (2 bytes: zero)
    const uint128_t m = static_cast<uint128_t>(x.digits) * y.digits;
    if (m == 0)
        return false;   // (only from digits numeric never writes)
    out->value = x.negative != y.negative ? -static_cast<int128_t>(m) : static_cast<int128_t>(m);
    out->low = x.low + y.low;
    out->dscale = x.dscale + y.dscale;
    return true;
}

/*
 * sum_add of a product's common case, inline and calling nothing (like sum_add_expected):
 * of dscale max_scale, at small's scale or up to four groups coarser, and small does not
 * overflow.  False, with nothing changed, for anything else: then sum_add_scaled.
 */
__attribute__((always_inline)) inline bool sum_add_product_expected(SumAccum* s, const Scaled128& p) {
    const int shift = p.low + s->small_frac;   // zero groups appended at small's scale
    if (p.dscale != s->max_scale || static_cast<unsigned>(shift) > kInt64Groups)
        return false;
    const bool negative = p.value < 0;
    uint128_t m = negative ? -static_cast<uint128_t>(p.value) : static_cast<uint128_t>(p.value);
    if (shift > 0 && !sum_accum_detail::multiply_u128_u64(m, power_of_base(shift), &m))
        return false;
    if (m > power_of_base_128(kInt128Groups))
        return false;
    int128_t sum;
    const int128_t x = negative ? -static_cast<int128_t>(m) : static_cast<int128_t>(m);
    if (__builtin_add_overflow(static_cast<int128_t>(s->small), x, &sum))
        return false;
    s->small = sum;
    ++s->count;
    ++s->max_scale_count;
    return true;
}

/* sum_add of any finite value in machine integers, -2^127 included (small widened to its
   scale, or big when it does not fit): a product of short factors, a program's value. */
void sum_add_scaled(SumAccum* s, const Scaled128& v);

/*
 * sum_add of n finite values of this dscale whose sum is total × 10000^low (|total| below
 * 2^127): the values of a row's sums gathered at one scale (row_sums.cpp).
 */
void sum_add_values(SumAccum* s, int128_t total, int low, int dscale, int64_t n);

/* sum_add of zero of this dscale: counted, nothing to add. */
void sum_add_zero(SumAccum* s, int dscale);

/* numeric's do_numeric_discard: false when the result dscale would be unknown (restart). */
bool sum_remove(SumAccum* s, const NumericView& v);

/* numeric_avg_combine: into += from. */
void sum_combine(SumAccum* into, const SumAccum& from);

inline int64_t sum_total_count(const SumAccum& s) { return s.count + s.nan_count + s.pinf_count + s.ninf_count; }

/* numeric_sum's and numeric_avg's rule for specials (NaN wins; +Inf with -Inf is NaN). */
inline Kind sum_result_kind(const SumAccum& s) {
    if (s.nan_count > 0 || (s.pinf_count > 0 && s.ninf_count > 0))
        return Kind::NaN;
    if (s.pinf_count > 0)
        return Kind::PosInf;
    if (s.ninf_count > 0)
        return Kind::NegInf;
    return Kind::Finite;
}

/* Size of the scratch (int64) and digit (uint16) buffers sum_final_value needs. */
int sum_final_slots(const SumAccum& s);

/*
 * The finite sum, stripped, with dscale max_scale; its digits are written to `digits`.
 * Both buffers hold sum_final_slots(s) elements.  The state is not changed.
 */
FiniteValue sum_final_value(const SumAccum& s, int64_t* scratch, uint16_t* digits);

/* Propagate carries in big (value unchanged); done automatically every kCarryEvery adds. */
void digit_sum_carry(DigitSum* d);

/*
 * For deserialization: give big exactly this layout, zeroed, and return its slots for the
 * caller to fill (nullptr when used == 0).
 */
int64_t* digit_sum_prepare(SumAccum* s, int32_t frac, int32_t used);

}   // namespace fastnumeric
