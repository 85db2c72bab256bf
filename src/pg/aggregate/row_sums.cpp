/*
 * row_sums.cpp — a row's sums in one transition: fastnumeric_row_sum_K and
 * fastnumeric_row_avg_K(programs, operands...).
 *
 * Where an Agg node has several sums and averages of our type over columns, constants and
 * programs of them (TPC-H Q1: sum(l_quantity), sum(l_extendedprice * (1 - l_discount)), ...,
 * avg(l_discount)), the planner hook (planner/row_sums.cpp) gives them one transition state: the
 * sums of all their programs, `$1; $2 * (1 - $3); ...`, over the union of their operands.  Each
 * row is then one call that reads each operand once and adds each program's one-pass value to
 * its own sum; aggregate K of the group finishes sum K as sum or avg does.  The state is the
 * programs' SumAccums, each sum's and avg's own (sum_state.hpp), so results are theirs.
 *
 * The programs are evaluated in the order their separate transitions ran, and a program the
 * one pass declines (a NULL or long operand, a result beyond int128) runs as its separate
 * operators would, with their errors, before the next program: the first error of a row is
 * the one the separate aggregates raise.  A count(*) beside the sums, which the executor would
 * step separately, becomes fastnumeric_row_count: the rows the state has taken.
 */
#include "core/expr_program.hpp"   // (src/core before any PostgreSQL header)
#include "pg/datum.hpp"
#include "pg/aggregate/expr_program.hpp"
#include "pg/aggregate/sum_state.hpp"

extern "C" {
#include "libpq/pqformat.h"
}

using namespace fastnumeric;

namespace {

/*
 * What the scaled rows have added to one program's sum and not yet moved into it: their total
 * at the call site's scale for that program (fixed: RowScales), a Scaled128 as palloc'd memory
 * holds one (an int128 at 8-byte alignment, which a template argument would not keep).  An
 * int128 of int64 values cannot overflow before 2^63 rows.
 */
struct Pending {
    int128_a8 value;
    int32_t low;
    int32_t dscale;
};

/* One program's sum, and what the scaled rows added to it since they were last folded in. */
struct RowSum {
    Pending pending;
    SumAccum sum;
};

/*
 * The transition's state, in the aggregate's memory context: one sum per program (pending_rows
 * values pending in each; fold_pending: before a sum is read, sent or combined).  The rows
 * taken are rows + pending_rows.
 */
struct RowSums {
    int32_t nsums;
    uint32_t scales;   // the call site's scales pending's low and dscale are at (its scales_learned), 0: none
    int64_t pending_rows;
    int64_t rows;               // the rows not pending
    RowSum sums[kMaxRowSums];   // nsums of them
};
static_assert(alignof(RowSums) <= MAXIMUM_ALIGNOF, "palloc's alignment holds the state (int128_a8)");

/*
 * What a call site keeps in fn_extra: the programs; the operands that are columns (the others
 * are constants of the graph, read once: those the one pass cannot read are `unreadable`, as a
 * NULL is); the graph's scales, learned from the first row whose operands can all be read
 * (scaled: rows whose operands have those dscales take row_graph_eval_scaled), and learned
 * again when kRelearnAfter such rows could not take them (a column's dscale changed); and the row's
 * values, the constants' already in place.  (The transition never runs inside itself, so the
 * site can hold them.)
 */
struct RowSite {
    RowPrograms programs;
    IntegerOperands integers;
    int ncolumns;
    uint8_t columns[kMaxExprOperands];
    uint16_t column_offsets[kMaxExprOperands];    // where fcinfo holds each (expr_argument_offset)
    uint32_t column_head[kMaxExprOperands];       // (scaled) each one's expected header bits
    int32_t column_unshifted[kMaxExprOperands];   // (scaled) its fixed scale less 1 (read_scaled_operand)
    uint32_t unreadable_constants;
    uint32_t scales_learned;   // how many times the scales were learned (0: not yet)
    uint32_t declined;         // rows since then whose operands were read but not at the scales
    bool scaled;
    RowScales scales;
    Scaled64 values[kMaxExprOperands + kMaxRowNodes];   // the operands, then the graph's nodes
    int64_t scaled_values[kMaxExprOperands + kMaxRowNodes];
};

constexpr int kFirstOperand = 2;   // (state, programs, operands...)
constexpr uint32_t kRelearnAfter = 1024;

__attribute__((noinline)) RowSite* new_row_site(FunctionCallInfo fcinfo) {
    char* source = program_text(fcinfo, kFirstOperand);
    RowSite* site = static_cast<RowSite*>(MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(RowSite)));
    if (!parse_row_programs(source, &site->programs))
        invalid_program(
            "a row's programs must be 1 to 8 programs of + - * and unary - over $1 .. $16, "
            "separated by ;");
    if (site->programs.noperands != PG_NARGS() - kFirstOperand)
        invalid_program("the programs must name each operand that follows them");
    pfree(source);
    bool constant[kMaxExprOperands];
    ExprOperand values[kMaxExprOperands];
    program_operands(fcinfo, kFirstOperand, site->programs.noperands, constant, values, &site->integers);
    for (int k = 0; k < site->programs.noperands; ++k) {
        if (!constant[k]) {
            site->column_offsets[site->ncolumns] = static_cast<uint16_t>(expr_argument_offset(kFirstOperand + k));
            site->columns[site->ncolumns++] = static_cast<uint8_t>(k);
        } else if (!read_operand_once(values[k], &site->values[k]))
            site->unreadable_constants |= uint32_t{1} << k;
    }
    fcinfo->flinfo->fn_extra = site;
    return site;
}

inline RowSite* row_site(FunctionCallInfo fcinfo) {
    void* extra = fcinfo->flinfo->fn_extra;
    return likely(extra != nullptr) ? static_cast<RowSite*>(extra) : new_row_site(fcinfo);
}

RowSums* new_row_sums(MemoryContext context, int nsums) {
    RowSums* s = static_cast<RowSums*>(MemoryContextAlloc(context, offsetof(RowSums, sums) + nsums * sizeof(RowSum)));
    s->nsums = nsums;
    s->scales = 0;
    s->pending_rows = 0;
    s->rows = 0;
    for (int i = 0; i < nsums; ++i) {
        s->sums[i].pending = Pending{0, 0, 0};
        sum_state_init(&s->sums[i].sum, context);
    }
    return s;
}

/* The scaled rows' totals moved into the sums (which changes no value the state stands for). */
void fold_pending(RowSums* s) {
    if (s->pending_rows == 0)
        return;
    for (int i = 0; i < s->nsums; ++i) {
        Pending& p = s->sums[i].pending;
        sum_add_values(&s->sums[i].sum, p.value, p.low, p.dscale, s->pending_rows);
        p.value = 0;
    }
    s->rows += s->pending_rows;
    s->pending_rows = 0;
}

/*
 * Program i beyond the per-row path: a value the state does not expect (sum_add_scaled), or the
 * separate operators, whose NULL sum skips.
 */
__attribute__((noinline)) void row_sum_rest(FunctionCallInfo fcinfo, const RowSite* site, SumAccum* s, int i,
                                            const Scaled64* operands, uint32_t unread) {
    const ExprProgram& p = site->programs.sums[i];
    Scaled128 v;
    if ((site->programs.reads[i] & unread) == 0 && expr_eval_read(p, operands, &v)) {
        sum_add_scaled(s, v);
        return;
    }
    bool isnull = false;
    const Datum d = expr_eval_separately(fcinfo, p, kFirstOperand, &isnull);
    if (!isnull)
        sum_add_made_readable(s, d);
}

/* The per-row path of a graph's value: zero, or a value at the state's expected scale; else false. */
__attribute__((always_inline)) inline bool add_expected(SumAccum* s, const Scaled64& v) {
    if (v.value == 0) {
        sum_add_zero(s, v.dscale);
        return true;
    }
    return sum_add_product_expected(s, Scaled128{v.value, v.low, v.dscale});
}

/*
 * The graph's scales from this row's operands (all read): rows whose operands have the same
 * dscales take the scaled evaluation.  Constants are rescaled once, here.
 */
__attribute__((noinline)) void learn_scales(RowSite* site) {
    ++site->scales_learned;
    site->declined = 0;
    const RowGraph& graph = site->programs.graph;
    int32_t dscales[kMaxExprOperands];
    bool ok = true;
    for (int k = 0; k < graph.first; ++k) {
        dscales[k] = site->values[k].dscale;
        bool column = false;
        for (int c = 0; c < site->ncolumns; ++c)
            column = column || site->columns[c] == k;
        if (!column) {
            ok = ok && rescale_operand(&site->values[k]);
            site->scaled_values[k] = site->values[k].value;
        }
    }
    // (a site with integer operands converts them in row_accum_rest, which the scaled per-row
    // path does not reach)
    site->scaled = ok && site->integers.mask == 0 && row_scales_of(graph, dscales, &site->scales);
    for (int c = 0; c < site->ncolumns; ++c) {
        const int32_t dscale = dscales[site->columns[c]];
        site->column_head[c] = scaled_operand_head(dscale);
        site->column_unshifted[c] = fixed_low(dscale) - 1;
        site->scaled = site->scaled && site->column_head[c] != kNoScaledHead;
    }
}

/*
 * Each program's pending values at the scale the call site's scales give its value (what the
 * state holds at earlier scales moved into its sums first).
 */
__attribute__((noinline)) void set_pending_scales(RowSums* s, const RowSite* site) {
    fold_pending(s);
    for (int i = 0; i < s->nsums; ++i) {
        const int r = site->programs.graph.result[i];
        s->sums[i].pending.low = site->scales.low[r];
        s->sums[i].pending.dscale = site->scales.node_dscale[r];
    }
    s->scales = site->scales_learned;
}

/* The programs one by one: a row with a NULL or long operand, or a value beyond int64. */
__attribute__((noinline)) void row_sums_one_by_one(FunctionCallInfo fcinfo, const RowSite* site, RowSums* s,
                                                   const Scaled64* operands, uint32_t unread) {
    const RowPrograms& programs = site->programs;
    for (int i = 0; i < programs.nsums; ++i)
        row_sum_rest(fcinfo, site, &s->sums[i].sum, i, operands, unread);
}

RowSums* row_state_arg(FunctionCallInfo fcinfo, int n) {
    return PG_ARGISNULL(n) ? nullptr : reinterpret_cast<RowSums*>(PG_GETARG_POINTER(n));
}

/* Sum k of the state (no rows: none). */
const SumAccum* sum_of(RowSums* s, int k) {
    if (s == nullptr)
        return nullptr;
    if (k >= s->nsums)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid fastnumeric expression program"),
                        errdetail("fastnumeric_row_sum_%d and fastnumeric_row_avg_%d need %d programs or more", k + 1,
                                  k + 1, k + 1)));
    fold_pending(s);
    return &s->sums[k].sum;
}

/*
 * The per-row path at the call site's scales: each column of its expected dscale read as an
 * integer at its fixed scale, the graph's nodes, each program's value added to its pending
 * total.  False, with nothing added, for any other row.
 */
__attribute__((always_inline)) inline bool scaled_row(FunctionCallInfo fcinfo, RowSite* site, RowSums* s) {
    const auto operand = row_operands(fcinfo);
    for (int c = 0; c < site->ncolumns; ++c)
        if (unlikely(!read_scaled_operand(operand(site->column_offsets[c]), site->column_head[c],
                                          site->column_unshifted[c], &site->scaled_values[site->columns[c]])))
            return false;
    const RowGraph& graph = site->programs.graph;
    if (unlikely(!row_graph_eval_scaled(graph, site->scales, site->scaled_values)))
        return false;
    if (unlikely(s->scales != site->scales_learned))
        set_pending_scales(s, site);
    for (int i = 0; i < s->nsums; ++i)
        s->sums[i].pending.value += site->scaled_values[graph.result[i]];
    ++s->pending_rows;
    return true;
}

/*
 * Any other row: the operands read as they are, the graph's nodes in int64 when all can be
 * read, else (or beyond int64) the programs one by one.  The first such row with all its
 * operands read sets the call site's scales.
 */
__attribute__((noinline)) void any_row(FunctionCallInfo fcinfo, RowSite* site, RowSums* s) {
    ++s->rows;
    const RowPrograms& programs = site->programs;
    Scaled64* values = site->values;
    uint32_t unread = site->unreadable_constants;
    const auto operand = row_operands(fcinfo);
    for (int c = 0; c < site->ncolumns; ++c) {
        const int k = site->columns[c];
        if (!read_operand_once(operand(site->column_offsets[c]), &values[k]))
            unread |= uint32_t{1} << k;
    }
    if (unread == 0 && (site->scales_learned == 0 || ++site->declined >= kRelearnAfter))
        learn_scales(site);
    if (unread != 0 || !row_graph_eval(programs.graph, values)) {
        row_sums_one_by_one(fcinfo, site, s, values, unread);
        return;
    }
    for (int i = 0; i < programs.nsums; ++i)
        if (!add_expected(&s->sums[i].sum, values[programs.graph.result[i]]))
            row_sum_rest(fcinfo, site, &s->sums[i].sum, i, values, 0);
}

/* fastnumeric_row_accum beyond its per-row path: the first row of a site or a group, any other row. */
__attribute__((noinline)) Datum row_accum_rest(FunctionCallInfo fcinfo) {
    RowSite* site = row_site(fcinfo);
    if (unlikely(site->integers.mask != 0))
        integers_as_numeric(fcinfo, kFirstOperand, site->integers);
    RowSums* s = PG_ARGISNULL(0)
                     ? new_row_sums(aggregate_context(fcinfo, "fastnumeric_row_accum"), site->programs.nsums)
                     : reinterpret_cast<RowSums*>(PG_GETARG_POINTER(0));
    if (!site->scaled || !scaled_row(fcinfo, site, s))
        any_row(fcinfo, site, s);
    PG_RETURN_POINTER(s);
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_row_accum);
PG_FUNCTION_INFO_V1(fastnumeric_row_combine);
PG_FUNCTION_INFO_V1(fastnumeric_row_serialize);
PG_FUNCTION_INFO_V1(fastnumeric_row_deserialize);

/* Transition of the row aggregates: every program's value added to its sum; not strict. */
Datum fastnumeric_row_accum(PG_FUNCTION_ARGS) {
    // the per-row path calls nothing but the tail call below, so it saves fewer registers
    if (likely(!PG_ARGISNULL(0) && fcinfo->flinfo->fn_extra != nullptr)) {
        RowSite* site = static_cast<RowSite*>(fcinfo->flinfo->fn_extra);
        RowSums* s = reinterpret_cast<RowSums*>(PG_GETARG_POINTER(0));
        if (likely(site->scaled && scaled_row(fcinfo, site, s)))
            PG_RETURN_POINTER(s);
    }
    return row_accum_rest(fcinfo);
}

/* Combine partial states, sum by sum; either may be NULL (no rows). */
Datum fastnumeric_row_combine(PG_FUNCTION_ARGS) {
    const MemoryContext context = aggregate_context(fcinfo, "fastnumeric_row_combine");
    RowSums* into = PG_ARGISNULL(0) ? nullptr : reinterpret_cast<RowSums*>(PG_GETARG_POINTER(0));
    RowSums* from = row_state_arg(fcinfo, 1);
    if (from == nullptr) {
        if (into == nullptr)
            PG_RETURN_NULL();
        PG_RETURN_POINTER(into);
    }
    if (into == nullptr)
        into = new_row_sums(context, from->nsums);   // the copy lives in the aggregate context
    if (into->nsums != from->nsums)
        elog(ERROR, "fastnumeric_row_combine: states of %d and %d sums", into->nsums, from->nsums);
    fold_pending(into);
    fold_pending(from);
    for (int i = 0; i < into->nsums; ++i)
        sum_combine(&into->sums[i].sum, from->sums[i].sum);
    into->rows += from->rows;
    PG_RETURN_POINTER(into);
}

/* The count of sums, each sum's state as sum's serial function writes it, then the rows taken. */
Datum fastnumeric_row_serialize(PG_FUNCTION_ARGS) {
    aggregate_context(fcinfo, "fastnumeric_row_serialize");
    RowSums* s = reinterpret_cast<RowSums*>(PG_GETARG_POINTER(0));
    fold_pending(s);
    StringInfoData buf;
    pq_begintypsend(&buf);
    pq_sendint32(&buf, s->nsums);
    for (int i = 0; i < s->nsums; ++i)
        send_sum_state(&buf, s->sums[i].sum);
    pq_sendint64(&buf, s->rows);
    PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Deserialized states live in the current (per-call) context; combine copies them. */
Datum fastnumeric_row_deserialize(PG_FUNCTION_ARGS) {
    aggregate_context(fcinfo, "fastnumeric_row_deserialize");
    StringInfoData buf;
    read_serialized(PG_GETARG_BYTEA_PP(0), &buf);
    const int32 nsums = pq_getmsgint(&buf, 4);
    if (nsums < 1 || nsums > kMaxRowSums)
        elog(ERROR, "invalid fastnumeric aggregate state");
    RowSums* s = new_row_sums(CurrentMemoryContext, nsums);
    for (int i = 0; i < nsums; ++i)
        receive_sum_state(&buf, &s->sums[i].sum);
    s->rows = pq_getmsgint64(&buf);
    if (buf.cursor != buf.len || s->rows < 0)
        elog(ERROR, "invalid fastnumeric aggregate state");
    PG_RETURN_POINTER(s);
}

/* Final functions: sum K and avg K of the state (numeric_sum's and numeric_avg's results). */
#define ROW_FINALS(K)                                                          \
    PG_FUNCTION_INFO_V1(fastnumeric_row_sum_##K);                              \
    PG_FUNCTION_INFO_V1(fastnumeric_row_avg_##K);                              \
    Datum fastnumeric_row_sum_##K(PG_FUNCTION_ARGS) {                          \
        return sum_state_sum(fcinfo, sum_of(row_state_arg(fcinfo, 0), K - 1)); \
    }                                                                          \
    Datum fastnumeric_row_avg_##K(PG_FUNCTION_ARGS) {                          \
        return sum_state_avg(fcinfo, sum_of(row_state_arg(fcinfo, 0), K - 1)); \
    }

ROW_FINALS(1)
ROW_FINALS(2)
ROW_FINALS(3)
ROW_FINALS(4)
ROW_FINALS(5)
ROW_FINALS(6)
ROW_FINALS(7)
ROW_FINALS(8)

PG_FUNCTION_INFO_V1(fastnumeric_row_count);

/* Final function of fastnumeric_row_count: count(*)'s result (no rows: 0). */
Datum fastnumeric_row_count(PG_FUNCTION_ARGS) {
    const RowSums* s = row_state_arg(fcinfo, 0);
    PG_RETURN_INT64(s == nullptr ? 0 : s->rows + s->pending_rows);
}

static_assert(kMaxRowSums == 8, "one pair of final functions per sum");

}   // extern "C"
