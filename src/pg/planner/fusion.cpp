/*
 * fusion.cpp — the fusion of aggregate arguments and expressions, in one walk over the finished
 * plan that decides each node's aggregates once, in this order:
 *
 * 1. a row's sums (row_sums.cpp): our sums and averages of programs and columns in one Agg
 *    node become rows sharing one transition, fastnumeric_row_sum_K and _avg_K; a lone sum or
 *    avg of a program is a row of one;
 * 2. the one case a row does not take: a lone sum(a * b) of two operands stays
 *    fastnumeric_sum_product(a, b), whose transition multiplies two short factors into sum's
 *    state in fewer instructions than a row's program
 *    (bench/results/fusion-callgrind-20261207-133055.md).  Its state is sum's, and a partial
 *    fastnumeric_sum_product is finished by sum;
 * 3. expression programs (programs.cpp): what is left of trees of our operators, in every node
 *    the executor evaluates expressions of, and min and max of such trees.
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

/* In place: each Aggref of the node that is a sum of a product of two operands (and the only
   Aggref of its state) becomes fastnumeric_sum_product. */
void fuse_products(Plan* agg, PlanChanges* changes) {
    List* aggrefs = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(agg->targetlist), &aggrefs);
    collect_aggrefs(reinterpret_cast<Node*>(agg->qual), &aggrefs);
    ListCell* lc;
    foreach (lc, aggrefs) {
        Aggref* aggref = static_cast<Aggref*>(lfirst(lc));
        List* factors;
        if (!sum_of_product(aggref, &factors) || shares_state(aggref, aggrefs))
            continue;
        List* args = NIL;
        List* types = NIL;
        ListCell* f;
        foreach (f, factors) {
            Expr* e = static_cast<Expr*>(lfirst(f));
            args = lappend(args, makeTargetEntry(e, static_cast<AttrNumber>(list_length(args) + 1), nullptr, false));
            types = lappend_oid(types, exprType(reinterpret_cast<Node*>(e)));
        }
        aggref->aggfnoid = sum_product_function();
        aggref->args = args;
        aggref->aggargtypes = types;
        record_function(changes, aggref->aggfnoid);
        ++changes->sums_of_products;
    }
    list_free(aggrefs);
}

}   // namespace

namespace fastnumeric {

bool sum_of_product(const Aggref* aggref, List** factors) {
    const Oid sum = our_sum();
    if (!OidIsValid(sum) || !OidIsValid(sum_product_function()) || aggref->aggfnoid != sum ||
        DO_AGGSPLIT_COMBINE(aggref->aggsplit) || aggref->aggkind != AGGKIND_NORMAL || aggref->aggdistinct != NIL ||
        aggref->aggorder != NIL || list_length(aggref->args) != 1)
        return false;
    Oid fn;
    return call_of(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr), &fn, factors) &&
           list_length(*factors) == 2 && is_our_arith(fn, ArithOp::Multiply) &&
           is_program_operand(static_cast<Node*>(linitial(*factors))) &&
           is_program_operand(static_cast<Node*>(lsecond(*factors)));
}

void fuse_plan(PlannedStmt* stmt, bool aggregates, bool programs, PlanChanges* changes) {
    const bool row_sums = aggregates && OidIsValid(program_functions().row_sum[0]);
    programs = programs && OidIsValid(program_functions().expr);
    for_each_node(stmt, [=](Plan* plan) {
        if (aggregates && IsA(plan, Agg)) {   // Aggrefs live in an Agg node's target list and qual only
            Agg* agg = reinterpret_cast<Agg*>(plan);
            if (row_sums && agg->aggsplit == AGGSPLIT_SIMPLE)
                share_row_sums(agg, true, changes);
            else if (row_sums && agg->aggsplit == AGGSPLIT_FINAL_DESERIAL)
                share_partial_row_sums(agg, changes);   // (a partial node only with its finalizing one, above it)
            fuse_products(plan, changes);
        }
        if (programs)
            fuse_node_programs(plan, changes);
    });
}

}   // namespace fastnumeric
