/*
 * sum_accum.cpp — see sum_accum.hpp for the design.
 */
#include "core/sum_accum.hpp"

#include "core/magnitude.hpp"

#include <algorithm>
#include <cstring>

namespace fastnumeric {
namespace {

using namespace sum_accum_detail;

constexpr int kFinalHeadroom = 5;   // carries above the top slot: slots stay below 10000^5

/* Normalise slots[0..n) to [0, 9999] (floor division); return the carry out of the top. */
int64_t carry_pass(int64_t* slots, int n) {
    int64_t carry = 0;
    for (int i = 0; i < n; ++i) {
        const int64_t v = slots[i] + carry;
        int64_t q = v / kBase;
        int64_t r = v - q * kBase;
        if (r < 0) {
            r += kBase;
            --q;
        }
        slots[i] = r;
        carry = q;
    }
    return carry;
}

/* |x| in base-10000 groups, least significant first; returns how many. */
inline uint128_t magnitude_of(int128_t x) { return x < 0 ? -static_cast<uint128_t>(x) : static_cast<uint128_t>(x); }

int split_magnitude(int128_t x, int64_t groups[kUint128MaxGroups]) {
    if (x == 0)
        return 0;
    uint16_t digits[kUint128MaxGroups];
    const int n = write_magnitude_digits(magnitude_of(x), digits + kUint128MaxGroups);
    for (int i = 0; i < n; ++i)
        groups[i] = digits[kUint128MaxGroups - 1 - i];
    return n;
}

/* Make exponents lo..hi addable in big, with a carry slot above hi. */
void digit_reserve(DigitSum* d, const SlotAllocator& allocator, int lo, int hi) {
    const int frac = std::max(d->frac, -lo);
    const int integer_slots = std::max(d->used - d->frac, hi + 2);
    const int used = frac + integer_slots;
    if (d->used > 0 && frac == d->frac && used == d->used)
        return;
    const int shift = frac - d->frac;
    if (used > d->capacity) {
        const int capacity = std::max({used, 2 * d->capacity, 16});
        int64_t* fresh = static_cast<int64_t*>(
            allocator.allocate(allocator.context, sizeof(int64_t) * static_cast<size_t>(capacity)));
        std::memset(fresh, 0, sizeof(int64_t) * static_cast<size_t>(capacity));
        if (d->used > 0)
            std::memcpy(fresh + shift, d->slots, sizeof(int64_t) * static_cast<size_t>(d->used));
        d->slots = fresh;   // the old buffer stays with the memory context
        d->capacity = capacity;
    } else {
        if (shift > 0 && d->used > 0) {
            std::memmove(d->slots + shift, d->slots, sizeof(int64_t) * static_cast<size_t>(d->used));
        }
        std::memset(d->slots, 0, sizeof(int64_t) * static_cast<size_t>(shift));
        std::memset(d->slots + shift + d->used, 0, sizeof(int64_t) * static_cast<size_t>(used - shift - d->used));
    }
    d->used = used;
    d->frac = frac;
}

inline void carry_if_due(DigitSum* d, int64_t adds) {
    if (d->adds_since_carry + adds >= kCarryEvery)
        digit_sum_carry(d);
    d->adds_since_carry += adds;
}

/* big += (negate ? -v : v) */
void digit_add_view(SumAccum* s, const NumericView& v, bool negate) {
    DigitSum* d = &s->big;
    carry_if_due(d, 1);
    digit_reserve(d, s->allocator, v.weight - v.ndigits + 1, v.weight);
    int64_t* first = d->slots + d->frac + v.weight;   // slot of the most significant digit
    if (v.negative != negate) {
        for (int i = 0; i < v.ndigits; ++i)
            first[-i] -= v.digit(i);
    } else {
        for (int i = 0; i < v.ndigits; ++i)
            first[-i] += v.digit(i);
    }
}

/* big += x × 10000^-frac */
void digit_add_int128(SumAccum* s, int128_t x, int frac) {
    if (x == 0)
        return;
    int64_t groups[kUint128MaxGroups];
    const int n = split_magnitude(x, groups);
    DigitSum* d = &s->big;
    carry_if_due(d, 1);
    digit_reserve(d, s->allocator, -frac, n - 1 - frac);
    int64_t* lowest = d->slots + d->frac - frac;
    for (int i = 0; i < n; ++i)
        lowest[i] += x < 0 ? -groups[i] : groups[i];
}

/* x × 10000^up without overflow, or false. */
inline bool scale_up(int128_t x, int up, int128_t* out) {
    if (x == 0) {
        *out = 0;
        return true;
    }
    return up < kUint128MaxGroups && !__builtin_mul_overflow(x, static_cast<int128_t>(power_of_base_128(up)), out);
}

/* small to a scale with more groups after the point (moving it into big if it overflows). */
void small_rescale(SumAccum* s, int frac) {
    int128_t x;
    if (!scale_up(s->small, frac - s->small_frac, &x)) {
        digit_add_int128(s, s->small, s->small_frac);
        x = 0;
    }
    s->small = x;
    s->small_frac = frac;
}

/* sum += (negate ? -v : v) for a finite v: the int128 when v fits there, else big. */
void add_finite(SumAccum* s, const NumericView& v, bool negate) {
    if (v.ndigits == 0)
        return;
    const int frac = std::max(s->small_frac, fraction_groups(v));
    const int shift = frac + v.weight - v.ndigits + 1;   // zero groups appended at that scale
    if (shift < 0 || v.ndigits + shift > kInt128Groups) {
        digit_add_view(s, v, negate);
        return;
    }
    if (frac > s->small_frac)
        small_rescale(s, frac);
    const int128_t m = static_cast<int128_t>(read_magnitude<uint128_t>(v, shift));
    small_add(s, v.negative != negate ? -m : m);
}

void reset_sums(SumAccum* s) {
    s->small = 0;
    if (s->big.used > 0)
        std::memset(s->big.slots, 0, sizeof(int64_t) * static_cast<size_t>(s->big.used));
    s->big.adds_since_carry = 0;
}

struct FinalLayout {
    int frac;   // slots after the point
    int n;      // slots in all
};

FinalLayout final_layout(const SumAccum& s) {
    int frac = s.small_frac;
    int integer_slots = kUint128MaxGroups;
    if (s.big.used > 0) {
        frac = std::max(frac, s.big.frac);
        integer_slots = std::max(integer_slots, s.big.used - s.big.frac);
    }
    return {frac, frac + integer_slots + kFinalHeadroom};
}

}   // namespace

void sum_init(SumAccum* s, SlotAllocator allocator) {
    std::memset(static_cast<void*>(s), 0, sizeof *s);
    s->allocator = allocator;
    sum_refresh(s);
}

void sum_refresh(SumAccum* s) {
    const uint32_t dscale = static_cast<uint32_t>(s->max_scale) << kShortDscaleShift;
    // none: a word with the sign bit set, which no header with it cleared equals (0 would:
    // a long header of a positive value of dscale 0)
    const auto expected = [](uint32_t header) { return static_cast<uint16_t>(header != 0 ? header : kNoPerRowHeader); };
    for (int n = 1; n <= kSmallShortGroups; ++n) {   // the highest group's weight, lowest at -small_frac (+1)
        s->per_row_header[0][n - 1] = expected(short_header_word(n - 1 - s->small_frac, 0, dscale));
        s->per_row_header[1][n - 1] =
            n < kSmallShortGroups ? expected(short_header_word(n - s->small_frac, 0, dscale)) : kNoPerRowHeader;
    }
    const uint32_t zero = short_header_word(0, 0, dscale);   // positive, weight 0
    s->zero_header = zero != 0 ? zero : kNoZeroHeader;
}

void sum_add(SumAccum* s, const NumericView& v) {
    switch (v.kind) {
    case Kind::NaN: ++s->nan_count; return;
    case Kind::PosInf: ++s->pinf_count; return;
    case Kind::NegInf: ++s->ninf_count; return;
    case Kind::Finite: break;
    }
    count_finite(s, v.dscale);
    add_finite(s, v, false);
    sum_refresh(s);
}

namespace sum_accum_detail {

void small_overflowed(SumAccum* s, int128_t x) {
    digit_add_int128(s, s->small, s->small_frac);
    s->small = x;
}

/* count_finite, keeping per_row_header in step when max_scale grows. */
inline void count_finite_refreshed(SumAccum* s, int dscale) {
    const int before = s->max_scale;
    count_finite(s, dscale);
    if (s->max_scale != before)
        sum_refresh(s);
}

bool sum_add_short_body_checked(SumAccum* s, const unsigned char* body, size_t len) {
    SmallShortValue v;
    if (len - 4 > 2 * (kSmallShortGroups - 1)) {   // zero, shorter or longer (or unsigned wrap-around)
        if (len != 2 || !read_small_short(body, len, &v))
            return false;
        count_finite_refreshed(s, v.dscale);   // zero: counted, nothing to add
        return true;
    }
    if (!read_small_short(body, len, &v))
        return false;                          // not a small 2-byte-header value
    const int shift = s->small_frac + v.low;   // zero groups to append
    if (shift < 0 || v.high + 1 + s->small_frac > kInt128Groups)
        return false;   // needs a finer scale than small's, or does not fit it: general path
    count_finite_refreshed(s, v.dscale);
    const int128_t m =
        static_cast<int128_t>(static_cast<int64_t>(v.digits)) * static_cast<int128_t>(power_of_base_128(shift));
    small_add(s, v.negative ? -m : m);
    return true;
}

}   // namespace sum_accum_detail

namespace {

/* The value part of sum_add_scaled: v added to small at a scale both take, else to big. */
void add_scaled(SumAccum* s, const Scaled128& v) {
    const int frac = std::max(s->small_frac, -v.low);
    const int128_t bound = static_cast<int128_t>(power_of_base_128(kInt128Groups));
    int128_t x;
    if (frac < kInt128Groups && scale_up(v.value, v.low + frac, &x) && x <= bound && x >= -bound) {
        if (frac > s->small_frac)
            small_rescale(s, frac);
        small_add(s, x);
    } else {
        digit_add_int128(s, v.value, -v.low);
    }
}

}   // namespace

void sum_add_scaled(SumAccum* s, const Scaled128& v) {
    if (v.value == 0) {
        count_finite_refreshed(s, v.dscale);
        return;
    }
    count_finite(s, v.dscale);
    add_scaled(s, v);
    sum_refresh(s);
}

void sum_add_values(SumAccum* s, int128_t total, int low, int dscale, int64_t n) {
    if (n <= 0)
        return;
    if (dscale == s->max_scale) {   // count_finite, n times
        s->max_scale_count += n;
    } else if (dscale > s->max_scale) {
        s->max_scale = dscale;
        s->max_scale_count = n;
    }
    s->count += n;
    if (total != 0)
        add_scaled(s, Scaled128{total, low, dscale});
    sum_refresh(s);
}

void sum_add_zero(SumAccum* s, int dscale) { count_finite_refreshed(s, dscale); }

bool sum_remove(SumAccum* s, const NumericView& v) {
    switch (v.kind) {
    case Kind::NaN: --s->nan_count; return true;
    case Kind::PosInf: --s->pinf_count; return true;
    case Kind::NegInf: --s->ninf_count; return true;
    case Kind::Finite: break;
    }
    // The result dscale is the largest input dscale; once the last value with it leaves,
    // the largest of the rest is unknown, unless nothing is left.
    if (v.dscale == s->max_scale) {
        if (s->max_scale_count > 1 || s->max_scale == 0) {
            --s->max_scale_count;
        } else if (s->count == 1) {
            s->max_scale = 0;
            s->max_scale_count = 0;
        } else {
            return false;
        }
    }
    if (s->count-- > 1)
        add_finite(s, v, true);
    else
        reset_sums(s);
    sum_refresh(s);
    return true;
}

void sum_combine(SumAccum* into, const SumAccum& from) {
    into->count += from.count;
    into->nan_count += from.nan_count;
    into->pinf_count += from.pinf_count;
    into->ninf_count += from.ninf_count;
    if (from.max_scale > into->max_scale) {
        into->max_scale = from.max_scale;
        into->max_scale_count = from.max_scale_count;
    } else if (from.max_scale == into->max_scale) {
        into->max_scale_count += from.max_scale_count;
    }

    if (from.small != 0) {
        if (from.small_frac > into->small_frac)
            small_rescale(into, from.small_frac);
        int128_t x;
        if (scale_up(from.small, into->small_frac - from.small_frac, &x))
            small_add(into, x);
        else
            digit_add_int128(into, from.small, from.small_frac);
    }

    const DigitSum& f = from.big;
    if (f.used > 0) {
        DigitSum* d = &into->big;
        carry_if_due(d, f.adds_since_carry + 1);
        digit_reserve(d, into->allocator, -f.frac, f.used - 1 - f.frac);
        int64_t* lowest = d->slots + d->frac - f.frac;
        for (int i = 0; i < f.used; ++i)
            lowest[i] += f.slots[i];
    }
    sum_refresh(into);
}

void digit_sum_carry(DigitSum* d) {
    if (d->used > 0)
        d->slots[d->used - 1] += carry_pass(d->slots, d->used - 1);
    d->adds_since_carry = 0;
}

int sum_final_slots(const SumAccum& s) { return final_layout(s).n; }

FiniteValue sum_final_value(const SumAccum& s, int64_t* scratch, uint16_t* digits) {
    const FinalLayout layout = final_layout(s);
    if (s.big.used == 0) {
        // the whole sum is the int128 (the common case): its digits, without the carry passes
        uint16_t* const end = digits + layout.n;
        const int n = write_magnitude_digits(magnitude_of(s.small), end);
        return stripped(FiniteValue{s.small < 0, n - 1 - s.small_frac, s.max_scale, end - n, n});
    }
    const int n = layout.n;
    std::memset(scratch, 0, sizeof(int64_t) * static_cast<size_t>(n));
    if (s.big.used > 0) {
        int64_t* lowest = scratch + layout.frac - s.big.frac;
        for (int i = 0; i < s.big.used; ++i)
            lowest[i] = s.big.slots[i];
    }
    if (s.small != 0) {
        int64_t groups[kUint128MaxGroups];
        const int ng = split_magnitude(s.small, groups);
        int64_t* lowest = scratch + layout.frac - s.small_frac;
        for (int i = 0; i < ng; ++i)
            lowest[i] += s.small < 0 ? -groups[i] : groups[i];
    }
    // With headroom, the carry out of the top is 0 (sum >= 0) or -1 (10000's complement).
    bool negative = false;
    if (carry_pass(scratch, n) < 0) {
        negative = true;
        for (int i = 0; i < n; ++i)
            scratch[i] = -scratch[i];
        carry_pass(scratch, n);
    }
    for (int j = 0; j < n; ++j)
        digits[j] = static_cast<uint16_t>(scratch[n - 1 - j]);
    return stripped(FiniteValue{negative, n - 1 - layout.frac, s.max_scale, digits, n});
}

int64_t* digit_sum_prepare(SumAccum* s, int32_t frac, int32_t used) {
    DigitSum* d = &s->big;
    d->used = 0;
    d->frac = 0;
    d->adds_since_carry = 0;
    if (used <= 0)
        return nullptr;
    if (used > d->capacity) {
        d->slots = static_cast<int64_t*>(
            s->allocator.allocate(s->allocator.context, sizeof(int64_t) * static_cast<size_t>(used)));
        d->capacity = used;
    }
    std::memset(d->slots, 0, sizeof(int64_t) * static_cast<size_t>(used));
    d->used = used;
    d->frac = frac;
    return d->slots;
}

}   // namespace fastnumeric
