/*
 * expr_program.cpp — fastnumeric_expr(program, operands...): a tree of fastnumeric's + - * and
 * unary minus in one call, with one palloc for the result (src/core/expr_program.hpp).
 *
 * The planner hook (planner/programs.cpp) puts it in place of such a tree; the program is a text
 * constant, `$1 * ($2 - $3)`, over the operands that follow it (columns, constants,
 * parameters, numeric or fastnumeric).  Small operands are evaluated in one pass; anything
 * else runs the separate operators in program order, so results and the first error of a row
 * are theirs.  min and max of a program (fastnumeric_min_expr, max_expr: agg.cpp) and a row's
 * sums (row_sums.cpp) use the same site.
 */
#include "pg/aggregate/expr_program.hpp"

#include "core/casts.hpp"
#include "core/short_arith.hpp"
#include "pg/type/arith.hpp"
#include "pg/catalog/catalog.hpp"

extern "C" {
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "nodes/primnodes.h"
#include "utils/builtins.h"
}

using namespace fastnumeric;

namespace {

/* Argument i of the call in the plan (an aggregate's transition function: of its Aggref), or null. */
const Node* call_argument(const FmgrInfo* flinfo, const Aggref* aggref, int i) {
    if (aggref != nullptr)
        return reinterpret_cast<const Node*>(list_nth_node(TargetEntry, aggref->args, i - 1)->expr);
    if (IsA(flinfo->fn_expr, FuncExpr))
        return static_cast<const Node*>(list_nth(castNode(FuncExpr, flinfo->fn_expr)->args, i));
    return nullptr;
}

__attribute__((noinline)) ExprSite* new_expr_site(FunctionCallInfo fcinfo, int first) {
    char* source = program_text(fcinfo, first);
    ExprSite* site = static_cast<ExprSite*>(MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(ExprSite)));
    if (!parse_expr_program(source, &site->program))
        invalid_program("the program must be + - * and unary - over $1 .. $16");
    if (site->program.noperands != PG_NARGS() - first)
        invalid_program("the program must name each operand that follows it");
    pfree(source);
    bool constant[kMaxExprOperands] = {};
    ExprOperand values[kMaxExprOperands] = {};
    program_operands(fcinfo, first, site->program.noperands, constant, values, &site->integers);
    site->sum = site->program.sum;
    expr_sum_fold(&site->sum, constant, values);
    for (int t = 0; t < site->sum.nterms; ++t)   // (read by the argument's offset: row_operands)
        site->sum.terms[t].operand = static_cast<uint16_t>(expr_argument_offset(site->sum.terms[t].operand + first));
    if (site->integers.mask != 0)   // no sum of terms: min's and max's per-row path reads none unconverted
        site->sum = ExprSum{};
    site->first = first;
    fcinfo->flinfo->fn_extra = site;
    return site;
}

}   // namespace

namespace fastnumeric {

__attribute__((noinline, cold)) void invalid_program(const char* why) {
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid fastnumeric expression program"),
                    errdetail("%s", why)));
    pg_unreachable();
}

char* program_text(FunctionCallInfo fcinfo, int first) {
    FmgrInfo* flinfo = fcinfo->flinfo;
    if (flinfo == nullptr || flinfo->fn_expr == nullptr)
        invalid_program("called without an expression");
    // the same program for every row: a constant (an aggregate's transition function sees its
    // arguments as the executor's, so the Aggref tells)
    const Aggref* aggref = first == 2 ? AggGetAggref(fcinfo) : nullptr;
    const bool constant_program = aggref != nullptr ? IsA(linitial_node(TargetEntry, aggref->args)->expr, Const)
                                                    : first == 1 && get_fn_expr_arg_stable(flinfo, 0);
    if (PG_ARGISNULL(first - 1) || !constant_program || get_fn_expr_argtype(flinfo, first - 1) != TEXTOID)
        invalid_program("the program must be a text constant");
    return TextDatumGetCString(PG_GETARG_DATUM(first - 1));
}

void program_operands(FunctionCallInfo fcinfo, int first, int n, bool* constant, ExprOperand* values,
                      IntegerOperands* integers) {
    FmgrInfo* flinfo = fcinfo->flinfo;
    const Aggref* aggref = first == 2 ? AggGetAggref(fcinfo) : nullptr;
    const Oid type = fastnumeric_type();
    *integers = IntegerOperands{};
    for (int i = first; i < first + n; ++i) {
        const Oid t = get_fn_expr_argtype(flinfo, i);
        const Node* e = call_argument(flinfo, aggref, i);
        const Const* c = e != nullptr && IsA(e, Const) ? reinterpret_cast<const Const*>(e) : nullptr;
        if (t == INT2OID || t == INT4OID || t == INT8OID) {
            if (e == nullptr || c != nullptr)   // (a constant's argument is set once, not each row)
                invalid_program("integer operands must be columns or parameters");
            integers->mask |= uint32_t{1} << (i - first);
            integers->bytes[i - first] = t == INT2OID ? 2 : t == INT4OID ? 4 : 8;
        } else if (t != NUMERICOID && (t != type || !OidIsValid(type))) {
            invalid_program("operands must be numeric, fastnumeric or integer columns");
        }
        constant[i - first] = c != nullptr && !c->constisnull;
        values[i - first] = ExprOperand{nullptr, 0};
        if (constant[i - first])
            values[i - first].len = small_path_body(c->constvalue, &values[i - first].body);
    }
    if (integers->mask != 0)
        integers->datums = static_cast<unsigned char*>(MemoryContextAlloc(flinfo->fn_mcxt, n * kIntegerDatumBytes));
}

void integers_as_numeric(FunctionCallInfo fcinfo, int first, const IntegerOperands& integers) {
    for (uint32_t m = integers.mask; m != 0; m &= m - 1) {
        const int k = __builtin_ctz(m);
        NullableDatum& a = fcinfo->args[first + k];
        if (a.isnull)
            continue;
        const int64_t x = integers.bytes[k] == 2   ? DatumGetInt16(a.value)
                          : integers.bytes[k] == 4 ? DatumGetInt32(a.value)
                                                   : DatumGetInt64(a.value);
        struct varlena* d = reinterpret_cast<struct varlena*>(integers.datums + k * kIntegerDatumBytes);
        SET_VARSIZE(d, VARHDRSZ + integer_body(x, reinterpret_cast<unsigned char*>(VARDATA(d))));
        a.value = PointerGetDatum(d);
    }
}

ExprSite* expr_site(FunctionCallInfo fcinfo, int first) {
    FmgrInfo* flinfo = fcinfo->flinfo;
    ExprSite* site = likely(flinfo != nullptr && flinfo->fn_extra != nullptr) ? static_cast<ExprSite*>(flinfo->fn_extra)
                                                                              : new_expr_site(fcinfo, first);
    if (unlikely(site->integers.mask != 0))
        integers_as_numeric(fcinfo, first, site->integers);
    return site;
}

bool expr_eval_operands(FunctionCallInfo fcinfo, const ExprSite* site, Scaled128* v) {
    ExprOperand operands[kMaxExprOperands];
    return expr_operands(fcinfo, site, operands) && expr_eval_small(site->program, operands, v);
}

Datum wide_result_datum(const Scaled128& v) {
    uint16_t digits[kUint128MaxGroups];
    return finite_datum(scaled_finite_value(v, digits));
}

Datum expr_eval_separately(FunctionCallInfo fcinfo, const ExprProgram& p, int first, bool* isnull) {
    Datum values[kMaxExprDepth];
    bool nulls[kMaxExprDepth];
    int depth = 0;
    for (int i = 0; i < p.nsteps; ++i) {
        const ExprStep s = p.steps[i];
        if (s.op == ExprOp::Operand) {
            const NullableDatum& a = fcinfo->args[first + s.operand];
            values[depth] = a.value;
            nulls[depth] = a.isnull;
            ++depth;
            continue;
        }
        if (s.op == ExprOp::Negate) {   // strict, like the operators
            if (!nulls[depth - 1])
                values[depth - 1] = DirectFunctionCall1(fastnumeric_uminus, values[depth - 1]);
            continue;
        }
        --depth;
        if (nulls[depth - 1] || nulls[depth]) {
            nulls[depth - 1] = true;
            continue;
        }
        PGFunction f = s.op == ExprOp::Add        ? fastnumeric_add
                       : s.op == ExprOp::Subtract ? fastnumeric_sub
                                                  : fastnumeric_mul;
        values[depth - 1] = DirectFunctionCall2(f, values[depth - 1], values[depth]);
    }
    *isnull = nulls[0];
    return values[0];
}

}   // namespace fastnumeric

namespace {

__attribute__((noinline)) Datum expr_separately(FunctionCallInfo fcinfo, const ExprSite* site) {
    bool isnull;
    const Datum d = expr_eval_separately(fcinfo, site, &isnull);
    if (isnull)
        PG_RETURN_NULL();
    return d;
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_expr);

/* The program's result: one palloc. */
Datum fastnumeric_expr(PG_FUNCTION_ARGS) {
    const ExprSite* site = expr_site(fcinfo, 1);
    Scaled128 v;
    if (unlikely(!expr_eval_row(fcinfo, site, &v)))
        return expr_separately(fcinfo, site);
    return scaled_value_datum(v);
}

}   // extern "C"
