/*
 * sum_state.hpp — sum's and avg's state, a SumAccum in the aggregate's memory (sum_state.cpp): made,
 * fed what the per-row paths decline, sent and received for partial aggregation, and finished
 * with numeric_sum's and numeric_avg's rules.  sum, avg, the sums of programs and a row's
 * shared sums (row_sums.cpp) keep the same state.
 */
#pragma once

#include "core/expr_program.hpp"
#include "core/sum_accum.hpp"
#include "pg_compat.hpp"

namespace fastnumeric {

/* The aggregate's memory context; an error when fcinfo is not an aggregate's call. */
MemoryContext aggregate_context(FunctionCallInfo fcinfo, const char* caller);

/* s, empty, taking its digit slots from context. */
void sum_state_init(SumAccum* s, MemoryContext context);

/* A new empty state in context. */
SumAccum* new_sum_state(MemoryContext context);

/* sum_add of any datum (detoasted if it must be). */
void sum_add_made_readable(SumAccum* s, Datum d);

/* buf reading a serialized state where it lies. */
void read_serialized(bytea* serialized, StringInfo buf);

/* s in the serialized form (pq_send*), and back into a state made by sum_state_init; an error
   for a form that does not fit what is left of buf. */
void send_sum_state(StringInfo buf, const SumAccum& s);
void receive_sum_state(StringInfo buf, SumAccum* s);

/* numeric_sum's and numeric_avg's results from a state (NULL state: no rows). */
Datum sum_state_sum(FunctionCallInfo fcinfo, const SumAccum* s);
Datum sum_state_avg(FunctionCallInfo fcinfo, const SumAccum* s);

}   // namespace fastnumeric
