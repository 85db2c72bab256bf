/*
 * sum_state.cpp — sum's and avg's state in the aggregate's memory (sum_state.hpp): made, fed
 * what the per-row paths decline, sent and received for partial aggregation, and finished
 * with numeric_sum's and numeric_avg's rules.
 */
#include "core/sum_accum.hpp"
#include "pg/aggregate/sum_state.hpp"
#include "pg/datum.hpp"

extern "C" {
#include "libpq/pqformat.h"
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

/* Big sums up to this many digit groups are finished on the stack. */
constexpr int kStackSlots = 64;

void* allocate_in_context(void* context, size_t bytes) {
    return MemoryContextAlloc(static_cast<MemoryContext>(context), bytes);
}

}   // namespace

namespace fastnumeric {

void sum_state_init(SumAccum* s, MemoryContext context) { sum_init(s, SlotAllocator{allocate_in_context, context}); }

__attribute__((noinline)) SumAccum* new_sum_state(MemoryContext context) {
    SumAccum* s = static_cast<SumAccum*>(MemoryContextAlloc(context, sizeof(SumAccum)));
    sum_state_init(s, context);
    return s;
}

MemoryContext aggregate_context(FunctionCallInfo fcinfo, const char* caller) {
    MemoryContext context;
    if (!AggCheckCallContext(fcinfo, &context))
        elog(ERROR, "%s called in non-aggregate context", caller);
    return context;
}

/* Out of line, so that the per-row paths that decline to it stay lean. */
__attribute__((noinline)) void sum_add_made_readable(SumAccum* s, Datum d) {
    struct varlena* p = packed_datum(d);
    sum_add(s, view_of(p));
    release_packed(p, d);
}

}   // namespace fastnumeric

namespace {

/* The finite sum as a datum: digits built on the stack (or in scratch palloc), one palloc. */
Datum finite_sum_datum(const SumAccum& s) {
    const int n = sum_final_slots(s);
    int64_t stack_scratch[kStackSlots];
    uint16_t stack_digits[kStackSlots];
    const bool on_stack = n <= kStackSlots;
    int64_t* scratch = on_stack ? stack_scratch : static_cast<int64_t*>(palloc(sizeof(int64_t) * n));
    uint16_t* digits = on_stack ? stack_digits : static_cast<uint16_t*>(palloc(sizeof(uint16_t) * n));
    const Datum result = finite_datum(sum_final_value(s, scratch, digits));
    if (!on_stack) {
        pfree(scratch);
        pfree(digits);
    }
    return result;
}

/* NULL for no input, a special for NaN/±Infinity, else the finite sum. */
bool final_special_or_null(FunctionCallInfo fcinfo, const SumAccum* s, Datum* result) {
    if (s == nullptr || sum_total_count(*s) == 0) {
        fcinfo->isnull = true;
        *result = Datum(0);
        return true;
    }
    const Kind kind = sum_result_kind(*s);
    if (kind != Kind::Finite) {
        *result = special_datum(kind);
        return true;
    }
    return false;
}

/*
 * Serialized state, all integers in network byte order (pq_sendint*): count, nan_count,
 * pinf_count, ninf_count, max_scale_count (int64), max_scale, small_frac (int32), small
 * (high int64, low int64), big: frac, used (int32), adds_since_carry (int64), used slots.
 */
void send_i128(StringInfo buf, int128_a8 x) {
    const uint128_t u = static_cast<uint128_t>(x);
    pq_sendint64(buf, static_cast<int64>(static_cast<uint64>(u >> 64)));
    pq_sendint64(buf, static_cast<int64>(static_cast<uint64>(u)));
}

int128_a8 get_i128(StringInfo buf) {
    const uint64 high = static_cast<uint64>(pq_getmsgint64(buf));
    const uint64 low = static_cast<uint64>(pq_getmsgint64(buf));
    return static_cast<int128_t>((static_cast<uint128_t>(high) << 64) | low);
}

}   // namespace

namespace fastnumeric {

void read_serialized(bytea* serialized, StringInfo buf) {
    buf->data = VARDATA_ANY(serialized);   // (PostgreSQL 15 has no initReadOnlyStringInfo)
    buf->len = static_cast<int>(VARSIZE_ANY_EXHDR(serialized));
    buf->maxlen = buf->len;
    buf->cursor = 0;
}

void send_sum_state(StringInfo buf, const SumAccum& s) {
    pq_sendint64(buf, s.count);
    pq_sendint64(buf, s.nan_count);
    pq_sendint64(buf, s.pinf_count);
    pq_sendint64(buf, s.ninf_count);
    pq_sendint64(buf, s.max_scale_count);
    pq_sendint32(buf, s.max_scale);
    pq_sendint32(buf, s.small_frac);
    send_i128(buf, s.small);
    pq_sendint32(buf, s.big.frac);
    pq_sendint32(buf, s.big.used);
    pq_sendint64(buf, s.big.adds_since_carry);
    for (int i = 0; i < s.big.used; ++i)
        pq_sendint64(buf, s.big.slots[i]);
}

void receive_sum_state(StringInfo buf, SumAccum* s) {
    s->count = pq_getmsgint64(buf);
    s->nan_count = pq_getmsgint64(buf);
    s->pinf_count = pq_getmsgint64(buf);
    s->ninf_count = pq_getmsgint64(buf);
    s->max_scale_count = pq_getmsgint64(buf);
    s->max_scale = pq_getmsgint(buf, 4);
    s->small_frac = pq_getmsgint(buf, 4);
    s->small = get_i128(buf);
    const int32 frac = pq_getmsgint(buf, 4);
    const int32 used = pq_getmsgint(buf, 4);
    const int64 adds = pq_getmsgint64(buf);
    if (frac < 0 || used < 0 || s->small_frac < 0 || s->max_scale < 0 ||
        static_cast<size_t>(used) * sizeof(int64) > static_cast<size_t>(buf->len - buf->cursor))
        elog(ERROR, "invalid fastnumeric aggregate state");
    int64_t* slots = digit_sum_prepare(s, frac, used);
    for (int i = 0; i < used; ++i)
        slots[i] = pq_getmsgint64(buf);
    s->big.adds_since_carry = adds;
    sum_refresh(s);   // small_frac and max_scale were set directly
}

Datum sum_state_sum(FunctionCallInfo fcinfo, const SumAccum* s) {
    Datum result;
    if (final_special_or_null(fcinfo, s, &result))
        return result;
    return finite_sum_datum(*s);
}

Datum sum_state_avg(FunctionCallInfo fcinfo, const SumAccum* s) {
    Datum result;
    if (final_special_or_null(fcinfo, s, &result))
        return result;
    const Datum count = NumericGetDatum(int64_to_numeric(s->count));
    return DirectFunctionCall2(numeric_div, finite_sum_datum(*s), count);
}

}   // namespace fastnumeric
