/*
 * agg.cpp — sum, avg, min and max over fastnumeric: the fmgr layer.
 *
 * sum/avg keep a SumAccum (src/core/sum_accum.hpp) as their internal state, allocated in the
 * aggregate's memory context (sum_state.cpp); the support functions mirror numeric's (numeric_avg_accum,
 * numeric_accum_inv, numeric_avg_combine/serialize/deserialize, numeric_sum, numeric_avg)
 * with the same strictness, so results, NULL handling and window restarts are numeric's.
 * min/max return the winning input datum itself (read in place, never copied here), and so do
 * fastnumeric_min_expr/max_expr, the planner hook's min and max of an expression program, which
 * make the expression's datum only for a row that becomes the extreme so far.
 * fastnumeric_sum_product, which the planner hook puts where a plan sums alone a product of two
 * operands (planner/fusion.cpp), adds the product without making the product's datum.
 */
#include "core/expr_program.hpp"
#include "core/numeric_order.hpp"
#include "core/sum_accum.hpp"
#include "pg/type/arith.hpp"
#include "pg/datum.hpp"
#include "pg/aggregate/expr_program.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg/aggregate/sum_state.hpp"

extern "C" {
#include "libpq/pqformat.h"
#include "utils/numeric.h"
}

using namespace fastnumeric;

namespace {

inline SumAccum* state_arg(FunctionCallInfo fcinfo, int n) {
    return PG_ARGISNULL(n) ? nullptr : reinterpret_cast<SumAccum*>(PG_GETARG_POINTER(n));
}

/* Whether the first of two values compared `cmp` wins: smaller (want < 0) or larger (want > 0). */
inline bool first_wins(int cmp, int want) { return (want < 0 && cmp < 0) || (want > 0 && cmp > 0); }

/* pick beyond the heads; kept out of line so the hot path stays lean. */
__attribute__((noinline)) Datum pick_beyond_heads(Datum a, Datum b, int want) {
    int cmp;
    if (likely(compare_inline(a, b, &cmp)))
        return first_wins(cmp, want) ? a : b;
    struct varlena* pa = packed_datum(a);
    struct varlena* pb = packed_datum(b);
    // the winner is returned as read (detoasted if it had to be); the loser is released
    if (first_wins(compare_packed(pa, pb), want)) {
        release_packed(pb, b);
        return PointerGetDatum(pa);
    }
    release_packed(pa, a);
    return PointerGetDatum(pb);
}

/* The smaller (want < 0) or larger (want > 0) datum; on a tie the second, like numeric's. */
inline Datum pick(Datum a, Datum b, int want) {
    int cmp;
    if (likely(compare_heads(a, b, &cmp)))
        return first_wins(cmp, want) ? a : b;
    return pick_beyond_heads(a, b, want);
}

/* fastnumeric_avg_accum beyond its per-row path: the first row, NULL input, any other value. */
__attribute__((noinline)) Datum avg_accum_rest(FunctionCallInfo fcinfo) {
    SumAccum* s = state_arg(fcinfo, 0);
    if (s == nullptr)
        s = new_sum_state(aggregate_context(fcinfo, "fastnumeric_avg_accum"));
    if (!PG_ARGISNULL(1)) {
        const Datum d = PG_GETARG_DATUM(1);
        const unsigned char* body;
        const size_t n = small_path_body(d, &body);
        if (!sum_add_short_body(s, body, n))
            sum_add_made_readable(s, d);
    }
    PG_RETURN_POINTER(s);
}

/* Arguments 1 and 2 as a short product; false for a NULL or any other factor. */
__attribute__((always_inline)) inline bool short_factors(FunctionCallInfo fcinfo, Scaled128* p) {
    if (PG_ARGISNULL(1) || PG_ARGISNULL(2))
        return false;
    const unsigned char *a, *b;
    const size_t na = small_path_body(PG_GETARG_DATUM(1), &a);
    const size_t nb = small_path_body(PG_GETARG_DATUM(2), &b);
    return short_product(a, na, b, nb, p);
}

/*
 * fastnumeric_sum_product_accum beyond its per-row path: the first row, a NULL factor (a NULL
 * product, which sum skips), any other product, made as the plan's a * b would make it, with
 * its errors.
 */
__attribute__((noinline)) Datum sum_product_accum_rest(FunctionCallInfo fcinfo) {
    SumAccum* s = state_arg(fcinfo, 0);
    // (three factors: 0.3's fastnumeric_sum_product(a, b, c), until the database is updated)
    const int factors = PG_NARGS() - 1;
    for (int i = 1; i <= factors; ++i)
        if (PG_ARGISNULL(i)) {
            // a NULL product, which sum skips, after the multiplications before the NULL
            // factor, as (a * b) * NULL runs them
            if (i == 3)
                DirectFunctionCall2(fastnumeric_mul, PG_GETARG_DATUM(1), PG_GETARG_DATUM(2));
            if (s == nullptr)
                PG_RETURN_NULL();
            PG_RETURN_POINTER(s);
        }
    if (s == nullptr)
        s = new_sum_state(aggregate_context(fcinfo, "fastnumeric_sum_product_accum"));
    Scaled128 p;
    if (factors == 2 && short_factors(fcinfo, &p)) {
        sum_add_scaled(s, p);
    } else {
        Datum product = PG_GETARG_DATUM(1);
        for (int i = 2; i <= factors; ++i)
            product = DirectFunctionCall2(fastnumeric_mul, product, PG_GETARG_DATUM(i));
        sum_add_made_readable(s, product);
    }
    PG_RETURN_POINTER(s);
}

/*
 * extreme_expr_accum beyond its one pass: the first row, a row that takes the state's place, a
 * program with *, a state the pass cannot read, and whatever the pass declines (the separate
 * operators, their errors, and min's and max's own pick).
 */
__attribute__((noinline)) Datum extreme_expr_accum_rest(FunctionCallInfo fcinfo, int want) {
    ExprSite* site = expr_site(fcinfo, 2);
    site->held = Datum(0);   // what this returns may become the state at a freed state's address
    Scaled128 v;
    if (expr_eval_operands(fcinfo, site, &v)) {
        if (PG_ARGISNULL(0))
            return scaled_value_datum(v);
        const Datum state = PG_GETARG_DATUM(0);
        ExprOperand held;
        held.len = small_path_body(state, &held.body);
        Scaled128 current;
        if (scaled_value_of(held, &current))
            return first_wins(compare_scaled(current, v), want) ? state : scaled_value_datum(v);
        return pick(state, scaled_value_datum(v), want);
    }
    bool isnull = false;
    const Datum d = expr_eval_separately(fcinfo, site, &isnull);
    if (isnull) {
        if (PG_ARGISNULL(0))
            PG_RETURN_NULL();
        return PG_GETARG_DATUM(0);
    }
    if (PG_ARGISNULL(0))
        return d;
    return pick(PG_GETARG_DATUM(0), d, want);
}

/*
 * The value of the state, read in place and remembered.  A state's datum is only ever a copy
 * the executor makes of a result of the transition, and every result but the state itself
 * comes from extreme_expr_accum_rest, which forgets the state it remembers: a state at the
 * same address as the remembered one is that one.
 */
bool read_held(ExprSite* site, Datum state, Scaled128* out) {
    ExprOperand held;
    held.len = small_path_body(state, &held.body);
    if (!scaled_value_of(held, out))
        return false;
    site->held = state;
    site->held_value = static_cast<int64_t>(out->value);
    site->held_low = out->low;
    return true;
}

/*
 * extreme_expr_accum's row when the state is not the one remembered or the row's sum is at
 * another scale: called last, so that the per-row path calls nothing (the comparison at two
 * scales, called there, made it save more registers a row).
 */
__attribute__((noinline)) Datum extreme_expr_accum_held(FunctionCallInfo fcinfo, int want, Scaled64 r) {
    ExprSite* site = static_cast<ExprSite*>(fcinfo->flinfo->fn_extra);
    const Datum state = PG_GETARG_DATUM(0);
    Scaled128 current;
    if (state == site->held)
        current = Scaled128{site->held_value, site->held_low, 0};
    else if (!read_held(site, state, &current))
        return extreme_expr_accum_rest(fcinfo, want);
    const Scaled128 v{r.value, r.low == kNoLow ? 0 : r.low, 0};
    if (first_wins(compare_scaled(current, v), want))
        return state;
    return extreme_expr_accum_rest(fcinfo, want);
}

/*
 * Transition of fastnumeric_min_expr and max(program, operands...): the state is the extreme
 * value so far, as min's and max's; a row makes a datum only when it takes the state's place.
 * The one pass here is a sum's without its dscale, which only such a row needs, compared in
 * int64 with the state remembered when both are at one scale (kNoLow, no nonzero term, is no
 * state's).
 */
__attribute__((always_inline)) inline Datum extreme_expr_accum(FunctionCallInfo fcinfo, int want) {
    if (likely(!PG_ARGISNULL(0) && fcinfo->flinfo->fn_extra != nullptr)) {
        const ExprSite* site = static_cast<const ExprSite*>(fcinfo->flinfo->fn_extra);
        Scaled64 r;
        // a sum with a term (no program with * has one; one of constants alone takes the rest)
        if (likely(site->sum.nterms > 0 && expr_sum_run<false>(site->sum, row_operands(fcinfo), &r))) {
            if (unlikely(PG_GETARG_DATUM(0) != site->held || r.low != site->held_low))
                return extreme_expr_accum_held(fcinfo, want, r);
            // on a tie the row's value, as numeric_smaller and numeric_larger give the second
            if (want < 0 ? site->held_value < r.value : site->held_value > r.value)
                return PG_GETARG_DATUM(0);
        }
    }
    return extreme_expr_accum_rest(fcinfo, want);
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_avg_accum);
PG_FUNCTION_INFO_V1(fastnumeric_sum_product_accum);
PG_FUNCTION_INFO_V1(fastnumeric_expr_accum);
PG_FUNCTION_INFO_V1(fastnumeric_accum_inv);
PG_FUNCTION_INFO_V1(fastnumeric_avg_combine);
PG_FUNCTION_INFO_V1(fastnumeric_avg_serialize);
PG_FUNCTION_INFO_V1(fastnumeric_avg_deserialize);
PG_FUNCTION_INFO_V1(fastnumeric_sum);
PG_FUNCTION_INFO_V1(fastnumeric_avg);
PG_FUNCTION_INFO_V1(fastnumeric_smaller);
PG_FUNCTION_INFO_V1(fastnumeric_larger);
PG_FUNCTION_INFO_V1(fastnumeric_min_expr_accum);
PG_FUNCTION_INFO_V1(fastnumeric_max_expr_accum);

/* Transition of sum and avg (also their moving-aggregate forward transition). */
Datum fastnumeric_avg_accum(PG_FUNCTION_ARGS) {
    // the per-row path makes no call but the tail call below, so it saves no registers
    if (likely(!PG_ARGISNULL(0) && !PG_ARGISNULL(1))) {
        SumAccum* s = reinterpret_cast<SumAccum*>(PG_GETARG_POINTER(0));
        const unsigned char* body;
        const size_t n = small_path_body(PG_GETARG_DATUM(1), &body);
        if (likely(sum_add_expected(s, body, n)))
            PG_RETURN_POINTER(s);
    }
    return avg_accum_rest(fcinfo);
}

/* Transition of fastnumeric_sum_product(a, b): sum(a * b); not strict. */
Datum fastnumeric_sum_product_accum(PG_FUNCTION_ARGS) {
    // like fastnumeric_avg_accum, the per-row path calls nothing but the tail call below
    if (likely(!PG_ARGISNULL(0) && PG_NARGS() == 3)) {
        SumAccum* s = reinterpret_cast<SumAccum*>(PG_GETARG_POINTER(0));
        Scaled128 p;
        if (likely(short_factors(fcinfo, &p) && sum_add_product_expected(s, p)))
            PG_RETURN_POINTER(s);
    }
    return sum_product_accum_rest(fcinfo);
}

/*
 * Transition of fastnumeric_sum_expr and fastnumeric_avg_expr(program, operands...), which a
 * database at 0.3 still has until it is updated (the planner hook no longer puts them in
 * plans): the program's value added to sum's state, by the program's general path; not strict.
 */
Datum fastnumeric_expr_accum(PG_FUNCTION_ARGS) {
    SumAccum* s = state_arg(fcinfo, 0);
    const ExprSite* site = expr_site(fcinfo, 2);
    Scaled128 v;
    const bool one_pass = expr_eval_operands(fcinfo, site, &v);
    bool isnull = false;
    Datum d = Datum(0);
    if (!one_pass)
        d = expr_eval_separately(fcinfo, site, &isnull);
    if (s == nullptr)
        s = new_sum_state(aggregate_context(fcinfo, "fastnumeric_expr_accum"));
    if (one_pass)
        sum_add_scaled(s, v);
    else if (!isnull)
        sum_add_made_readable(s, d);
    PG_RETURN_POINTER(s);
}

/* Inverse transition: NULL asks the window code to restart the frame's aggregate. */
Datum fastnumeric_accum_inv(PG_FUNCTION_ARGS) {
    SumAccum* s = state_arg(fcinfo, 0);
    if (s == nullptr)
        elog(ERROR, "fastnumeric_accum_inv called with NULL state");
    if (!PG_ARGISNULL(1)) {
        const Datum d = PG_GETARG_DATUM(1);
        struct varlena* p = packed_datum(d);
        const bool removed = sum_remove(s, view_of(p));
        release_packed(p, d);
        if (!removed)
            PG_RETURN_NULL();
    }
    PG_RETURN_POINTER(s);
}

/* Combine partial states; either may be NULL (no rows), both NULL gives NULL. */
Datum fastnumeric_avg_combine(PG_FUNCTION_ARGS) {
    const MemoryContext context = aggregate_context(fcinfo, "fastnumeric_avg_combine");
    SumAccum* into = state_arg(fcinfo, 0);
    const SumAccum* from = state_arg(fcinfo, 1);
    if (from == nullptr) {
        if (into == nullptr)
            PG_RETURN_NULL();
        PG_RETURN_POINTER(into);
    }
    if (into == nullptr)
        into = new_sum_state(context);   // the copy lives in the aggregate context
    sum_combine(into, *from);
    PG_RETURN_POINTER(into);
}

Datum fastnumeric_avg_serialize(PG_FUNCTION_ARGS) {
    aggregate_context(fcinfo, "fastnumeric_avg_serialize");
    StringInfoData buf;
    pq_begintypsend(&buf);
    send_sum_state(&buf, *reinterpret_cast<const SumAccum*>(PG_GETARG_POINTER(0)));
    PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Deserialized states live in the current (per-call) context; combine copies them. */
Datum fastnumeric_avg_deserialize(PG_FUNCTION_ARGS) {
    aggregate_context(fcinfo, "fastnumeric_avg_deserialize");
    StringInfoData buf;
    read_serialized(PG_GETARG_BYTEA_PP(0), &buf);
    SumAccum* s = new_sum_state(CurrentMemoryContext);
    receive_sum_state(&buf, s);
    if (buf.cursor != buf.len)
        elog(ERROR, "invalid fastnumeric aggregate state");
    PG_RETURN_POINTER(s);
}

/* Final function of sum: numeric_sum's rules. */
Datum fastnumeric_sum(PG_FUNCTION_ARGS) { return sum_state_sum(fcinfo, state_arg(fcinfo, 0)); }

/* Final function of avg: numeric_avg's, sum / count through numeric_div (same scale rule). */
Datum fastnumeric_avg(PG_FUNCTION_ARGS) { return sum_state_avg(fcinfo, state_arg(fcinfo, 0)); }

/* Transition and combine functions of min and max. */
Datum fastnumeric_smaller(PG_FUNCTION_ARGS) { return pick(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), -1); }
Datum fastnumeric_larger(PG_FUNCTION_ARGS) { return pick(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), 1); }

/* Transitions of fastnumeric_min_expr and fastnumeric_max_expr; not strict. */
Datum fastnumeric_min_expr_accum(PG_FUNCTION_ARGS) { return extreme_expr_accum(fcinfo, -1); }
Datum fastnumeric_max_expr_accum(PG_FUNCTION_ARGS) { return extreme_expr_accum(fcinfo, 1); }

}   // extern "C"
