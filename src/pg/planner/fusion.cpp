/*
 * fusion.cpp — the fusion of aggregate arguments and expressions, in one walk over the finished
 * plan that decides each node's aggregates once, in this order:
 *
 * 1. a row's sums (row_sums.cpp): sums and averages of one Agg node sharing one transition;
 * 2. sums of products: fastnumeric's sum of fastnumeric's * (any of its forms, put there by the
 *    query or by the accelerator) becomes fastnumeric_sum_product(a, b [, c]): one transition
 *    a row instead of one or two multiplications making datums that sum then reads (agg.cpp).
 *    Its state is sum's, and a partial fastnumeric_sum_product is finished by sum.  The
 *    multiplications must be ours (so that the fused transition's fallback, the same
 *    multiplications, raises what they would), and only a factor that can raise nothing but
 *    numeric's overflow error is evaluated before the multiplication that preceded it, so the
 *    first error of a row is the one the separate operators raise.  An Aggref whose transition
 *    state another aggregate shares (sum and avg of the same product) keeps sum;
 * 3. expression programs (programs.cpp): what is left of trees of our operators, in every node
 *    the executor evaluates expressions of, and the aggregates of such trees.
 *
 * Each step leaves what an earlier one took: its aggregates are no longer our sum or avg.
 */
#include "core/expr_program.hpp"   // (src/core before any PostgreSQL header)
#include "pg/planner/fusion.hpp"

#include "pg/catalog/catalog.hpp"
#include "pg/catalog/programs.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg/planner/programs.hpp"
#include "pg/planner/row_sums.hpp"
#include "pg/settings.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "catalog/pg_aggregate.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
}

using namespace fastnumeric;

namespace {

/* A multiplication by fastnumeric_mul; its two operands go to *args. */
bool is_our_multiply(Node* node, List** args) {
    Oid fn;
    return call_of(node, &fn, args) && list_length(*args) == 2 && is_our_arith(fn, ArithOp::Multiply);
}

/*
 * Evaluating node can raise no error but numeric's "value overflows numeric format":
 * columns, constants and our + - * unary - + of them.
 */
bool raises_only_overflow(Node* node) {
    check_stack_depth();
    if (IsA(node, Var) || IsA(node, Const))
        return true;
    if (IsA(node, RelabelType))
        return raises_only_overflow(reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(node)->arg));
    Oid fn;
    List* args;
    if (!call_of(node, &fn, &args))
        return false;
    bool ours = is_our_arith(fn, ArithOp::Add) || is_our_arith(fn, ArithOp::Subtract) ||
                is_our_arith(fn, ArithOp::Multiply) || is_our_sign(fn);
    ListCell* lc;
    foreach (lc, args)
        ours = ours && raises_only_overflow(static_cast<Node*>(lfirst(lc)));
    return ours;
}

/* The factors of our sum(a * b) or sum((a * b) * c) that fastnumeric_sum_product can take: their count, or 0. */
int product_factors(const Aggref* aggref, Node* factors[kMaxFusedFactors]) {
    const Oid sum = our_sum();
    if (!OidIsValid(sum) || aggref->aggfnoid != sum || DO_AGGSPLIT_COMBINE(aggref->aggsplit) ||
        aggref->aggkind != AGGKIND_NORMAL || aggref->aggdistinct != NIL || aggref->aggorder != NIL ||
        list_length(aggref->args) != 1)
        return 0;
    List* operands;
    if (!is_our_multiply(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr), &operands))
        return 0;
    Node* left = static_cast<Node*>(linitial(operands));
    Node* right = static_cast<Node*>(lsecond(operands));
    List* inner;
    // c is evaluated before a * b is multiplied: only an error a * b's could not precede
    if (OidIsValid(sum_product_function(3)) && is_our_multiply(left, &inner) && raises_only_overflow(right)) {
        factors[0] = static_cast<Node*>(linitial(inner));
        factors[1] = static_cast<Node*>(lsecond(inner));
        factors[2] = right;
        return 3;
    }
    if (!OidIsValid(sum_product_function(2)))
        return 0;
    factors[0] = left;
    factors[1] = right;
    return 2;
}

/* Whether another aggregate of the node shares aggref's transition state. */
bool shares_state(const Aggref* aggref, List* aggrefs) {
    ListCell* lc;
    foreach (lc, aggrefs) {
        const Aggref* other = static_cast<const Aggref*>(lfirst(lc));
        if (other->aggtransno == aggref->aggtransno && other->aggno != aggref->aggno)
            return true;
    }
    return false;
}

/*
 * With expression programs, a product whose factors are operands or single operations on
 * operands (TPC-H Q1's l_extendedprice * (1 - l_discount) * (1 + l_tax)) stays
 * fastnumeric_sum_product, whose factors' operators keep their memo of repeated operands
 * (arith_memo.hpp), which measured fewer instructions than one program for TPC-H Q1
 * (bench/results/q1-callgrind-20261201-215828.md); any other product is the programs' when
 * they take it whole.
 */
bool factors_wanted(const Aggref* aggref, Node* const factors[], int n) {
    if (!expression_programs)
        return true;
    for (int i = 0; i < n; ++i)
        if (!is_program_operand(factors[i]) && !is_single_operation(factors[i]))
            return !is_program(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr));
    return true;
}

/* In place: each Aggref of the node of a sum of a product becomes fastnumeric_sum_product. */
void fuse_products(Plan* agg, PlanChanges* changes) {
    List* aggrefs = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(agg->targetlist), &aggrefs);
    collect_aggrefs(reinterpret_cast<Node*>(agg->qual), &aggrefs);
    ListCell* lc;
    foreach (lc, aggrefs) {
        Aggref* aggref = static_cast<Aggref*>(lfirst(lc));
        Node* factors[kMaxFusedFactors];
        const int n = product_factors(aggref, factors);
        if (n == 0 || shares_state(aggref, aggrefs) || !factors_wanted(aggref, factors, n))
            continue;
        List* args = NIL;
        List* types = NIL;
        for (int i = 0; i < n; ++i) {
            args = lappend(args, makeTargetEntry(reinterpret_cast<Expr*>(factors[i]), static_cast<AttrNumber>(i + 1),
                                                 nullptr, false));
            types = lappend_oid(types, exprType(factors[i]));
        }
        aggref->aggfnoid = sum_product_function(n);
        aggref->args = args;
        aggref->aggargtypes = types;
        record_function(changes, aggref->aggfnoid);
        ++changes->sums_of_products;
    }
    list_free(aggrefs);
}

}   // namespace

namespace fastnumeric {

void fuse_plan(PlannedStmt* stmt, bool aggregates, bool programs, PlanChanges* changes) {
    const bool row_sums = aggregates && OidIsValid(program_functions().row_sum[0]);
    programs = programs && OidIsValid(program_functions().expr);
    for_each_node(stmt, [=](Plan* plan) {
        if (aggregates && IsA(plan, Agg)) {   // Aggrefs live in an Agg node's target list and qual only
            Agg* agg = reinterpret_cast<Agg*>(plan);
            if (row_sums && agg->aggsplit == AGGSPLIT_SIMPLE)
                share_row_sums(agg, changes);
            else if (row_sums && agg->aggsplit == AGGSPLIT_FINAL_DESERIAL)
                share_partial_row_sums(agg, changes);   // (a partial node only with its finalizing one, above it)
            fuse_products(plan, changes);
        }
        if (programs)
            fuse_node_programs(plan, changes);
    });
}

}   // namespace fastnumeric
