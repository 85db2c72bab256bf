/*
 * sum_products.cpp — fastnumeric.sum_products: sum(a * b [* c]) without the products' datums.
 *
 * In an Agg node, an Aggref that is fastnumeric's sum of fastnumeric's * (any of its forms, put
 * there by the query or by the accelerator) becomes fastnumeric_sum_product(a, b [, c]): one
 * transition per row instead of one or two multiplications making datums that sum then reads
 * (agg.cpp).  Its state is sum's, and a partial fastnumeric_sum_product is finished by sum.
 * The multiplications must be ours (so that the fused transition's fallback, the same
 * multiplications, raises what they would), and only a factor that can raise nothing but
 * numeric's overflow error is evaluated before the multiplication that preceded it, so the
 * first error of a row is the one the separate operators raise.  An Aggref whose transition
 * state another aggregate shares (sum and avg of the same product) keeps sum.
 */
#include "pg/sum_products.hpp"

#include "pg/extension.hpp"
#include "pg/substitutes.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "catalog/pg_aggregate.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
}

using namespace fastnumeric;

namespace {

/* The function and arguments of an OpExpr or FuncExpr; false for any other node. */
bool call_of(Node* node, Oid* fn, List** args) {
    if (IsA(node, OpExpr)) {
        *fn = reinterpret_cast<OpExpr*>(node)->opfuncid;
        *args = reinterpret_cast<OpExpr*>(node)->args;
        return true;
    }
    if (IsA(node, FuncExpr)) {
        *fn = reinterpret_cast<FuncExpr*>(node)->funcid;
        *args = reinterpret_cast<FuncExpr*>(node)->args;
        return true;
    }
    return false;
}

/* A multiplication by fastnumeric_mul; its two operands go to *args. */
bool is_our_multiply(Node* node, List** args) {
    Oid fn;
    return call_of(node, &fn, args) && list_length(*args) == 2 && is_our_arith(fn, ArithOp::Mul);
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
    bool ours = is_our_arith(fn, ArithOp::Add) || is_our_arith(fn, ArithOp::Sub) ||
                is_our_arith(fn, ArithOp::Mul) || is_our_sign(fn);
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

bool collect_aggrefs(Node* node, void* context) {
    if (node == nullptr)
        return false;
    if (IsA(node, Aggref)) {   // an Agg node's own: aggregates do not nest
        List** aggrefs = static_cast<List**>(context);
        *aggrefs = lappend(*aggrefs, node);
        return false;
    }
    return walk_expression(node, collect_aggrefs, context);
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

/* In place, like the rest: each Aggref of the node of a sum of a product becomes fastnumeric_sum_product. */
void fuse_node(Plan* agg, PlanChanges* changes) {
    List* aggrefs = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(agg->targetlist), &aggrefs);
    collect_aggrefs(reinterpret_cast<Node*>(agg->qual), &aggrefs);
    ListCell* lc;
    foreach (lc, aggrefs) {
        Aggref* aggref = static_cast<Aggref*>(lfirst(lc));
        Node* factors[kMaxFusedFactors];
        const int n = product_factors(aggref, factors);
        if (n == 0 || shares_state(aggref, aggrefs))
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

}  // namespace

namespace fastnumeric {

void fuse_sums_of_products(PlannedStmt* stmt, PlanChanges* changes) {
    for_each_node(stmt, [changes](Plan* plan) {
        if (IsA(plan, Agg))   // Aggrefs live in an Agg node's target list and qual only
            fuse_node(plan, changes);
    });
}

}  // namespace fastnumeric
