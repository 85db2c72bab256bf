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
#include "core/expr_program.hpp"   // (src/core before any PostgreSQL header)
#include "pg/planner/sum_products.hpp"

#include "pg/catalog/catalog.hpp"
#include "pg/catalog/programs.hpp"
#include "pg/settings.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "access/htup_details.h"
#include "catalog/dependency.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/syscache.h"
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

bool is_program_operand(Node* node);
bool is_program(Node* node);

bool is_single_operation(Node* node);

/*
 * With expression programs, a product whose factors are operands or single operations on
 * operands (TPC-H Q1's l_extendedprice * (1 - l_discount) * (1 + l_tax)) stays
 * fastnumeric_sum_product, whose factors' operators keep their memo of repeated operands
 * (arith_memo.hpp): Q1 at sf 0.01 took 272.8M instructions so and 284.9M as one program
 * (callgrind, bench/q1_callgrind); any other product is the programs' when they take it whole.
 */
bool factors_wanted(const Aggref* aggref, Node* const factors[], int n) {
    if (!expression_programs)
        return true;
    for (int i = 0; i < n; ++i)
        if (!is_program_operand(factors[i]) && !is_single_operation(factors[i]))
            return !is_program(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr));
    return true;
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

/* ---- expression programs (fastnumeric.expression_programs) ---- */

enum class OperatorKind { None, Program, Plus };

/* Our + - * or unary - (Program, *op set) or unary + (Plus), with its arguments. */
OperatorKind our_operator(Node* node, ExprOp* op, List** args) {
    Oid fn;
    if (!call_of(node, &fn, args))
        return OperatorKind::None;
    if (list_length(*args) == 2) {
        if (is_our_arith(fn, ArithOp::Add))
            *op = ExprOp::Add;
        else if (is_our_arith(fn, ArithOp::Subtract))
            *op = ExprOp::Subtract;
        else if (is_our_arith(fn, ArithOp::Multiply))
            *op = ExprOp::Multiply;
        else
            return OperatorKind::None;
        return OperatorKind::Program;
    }
    if (list_length(*args) != 1 || !is_our_sign(fn))
        return OperatorKind::None;
    if (fn == substitute_for(F_NUMERIC_UMINUS, false)) {
        *op = ExprOp::Negate;
        return OperatorKind::Program;
    }
    return OperatorKind::Plus;   // the value itself: numeric's unary + copies it
}

/*
 * What a program may take as an operand: a column, a constant or a parameter of the query
 * (evaluated before the program, they raise nothing), numeric or fastnumeric.  Not a
 * subquery's parameter, whose evaluation runs the subquery.
 */
bool is_program_operand(Node* node) {
    Node* inner = node;
    while (IsA(inner, RelabelType))
        inner = reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(inner)->arg);
    if (!(IsA(inner, Var) || IsA(inner, Const) ||
          (IsA(inner, Param) && reinterpret_cast<Param*>(inner)->paramkind == PARAM_EXTERN)))
        return false;
    const Oid type = exprType(node);
    return type == NUMERICOID || type == fastnumeric_type();
}

struct ProgramBuilder {
    ExprProgram program;
    List* operands;
    int depth;
    int operators;
};

bool emit(ProgramBuilder* b, ExprOp op, int operand) {
    if (b->program.nsteps == kMaxExprSteps)
        return false;
    b->program.steps[b->program.nsteps++] = ExprStep{op, static_cast<uint8_t>(operand)};
    b->depth += op == ExprOp::Operand ? 1 : op == ExprOp::Negate ? 0 : -1;
    return b->depth <= kMaxExprDepth;
}

/* node's tree in postfix order (the executor's), each operand a new $n; false when it is not a program. */
bool build_program(Node* node, ProgramBuilder* b) {
    check_stack_depth();
    ExprOp op;
    List* args;
    switch (our_operator(node, &op, &args)) {
    case OperatorKind::Plus: return build_program(static_cast<Node*>(linitial(args)), b);
    case OperatorKind::Program: {
        ListCell* lc;
        foreach (lc, args)
            if (!build_program(static_cast<Node*>(lfirst(lc)), b))
                return false;
        ++b->operators;
        return emit(b, op, 0);
    }
    case OperatorKind::None: break;
    }
    if (!is_program_operand(node) || b->program.noperands == kMaxExprOperands)
        return false;
    b->operands = lappend(b->operands, node);
    return emit(b, ExprOp::Operand, b->program.noperands++);
}

/* The program of node with at least `operators` operators, or false. */
bool program_of(Node* node, int operators, ProgramBuilder* b) {
    *b = ProgramBuilder{};
    return build_program(node, b) && b->operators >= operators && expr_program_valid(b->program);
}

bool is_program(Node* node) {
    ProgramBuilder b;
    return program_of(node, 1, &b);
}

/* One of our operators over operands. */
bool is_single_operation(Node* node) {
    ProgramBuilder b;
    return program_of(node, 1, &b) && b.operators == 1;
}

/* The program's text and operands as arguments. */
List* program_arguments(const ProgramBuilder& b) {
    char text[kMaxProgramText];
    if (format_expr_program(b.program, text, sizeof text) < 0)
        elog(ERROR, "fastnumeric: an expression program did not fit its text");
    Const* c = makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1, CStringGetTextDatum(text), false, false);
    return lcons(c, b.operands);
}

struct ProgramPass {
    List* fused_aggrefs;   // of the current Agg node: those that become program aggregates
    PlanChanges* changes;
};

/*
 * Our sum, avg, min or max of a program: fastnumeric_sum_expr, avg_expr, min_expr or max_expr
 * when it can take it.  (A min or max that an index could answer has no Aggref left by now.)
 */
Oid program_aggregate(const Aggref* aggref) {
    if (!sum_products || DO_AGGSPLIT_COMBINE(aggref->aggsplit) || aggref->aggkind != AGGKIND_NORMAL ||
        aggref->aggdistinct != NIL || aggref->aggorder != NIL || list_length(aggref->args) != 1)
        return InvalidOid;
    const Oid fn = aggref->aggfnoid;
    const Oid target = fn == our_sum()                             ? program_functions().sum_expr
                       : fn == substitute_for(F_AVG_NUMERIC, true) ? program_functions().avg_expr
                       : fn == substitute_for(F_MIN_NUMERIC, true) ? program_functions().min_expr
                       : fn == substitute_for(F_MAX_NUMERIC, true) ? program_functions().max_expr
                                                                   : InvalidOid;
    ProgramBuilder b;
    if (!OidIsValid(target) ||
        !program_of(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr), 1, &b))
        return InvalidOid;
    return target;
}

/* Whether a tree has anything the pass changes: two of our operators, one in the other. */
bool has_program(Node* node, void* context) {
    if (node == nullptr)
        return false;
    if (IsA(node, Aggref) && OidIsValid(program_aggregate(reinterpret_cast<Aggref*>(node))))
        return true;
    ExprOp op;
    List* args;
    if (our_operator(node, &op, &args) != OperatorKind::None) {
        ListCell* lc;
        foreach (lc, args) {
            List* inner;
            if (our_operator(static_cast<Node*>(lfirst(lc)), &op, &inner) != OperatorKind::None)
                return true;
        }
    }
    return walk_expression(node, has_program, context);
}

Node* mutate_programs(Node* node, void* context);

Node* mutate(Node* node, ProgramPass* pass) {
#if PG_VERSION_NUM >= 160000
    return expression_tree_mutator(node, mutate_programs, pass);
#else
    return expression_tree_mutator(node, reinterpret_cast<Node* (*)()>(reinterpret_cast<void (*)()>(mutate_programs)),
                                   pass);
#endif
}

Node* mutate_programs(Node* node, void* context) {
    if (node == nullptr)
        return nullptr;
    ProgramPass* pass = static_cast<ProgramPass*>(context);
    if (IsA(node, Aggref) && list_member_ptr(pass->fused_aggrefs, node)) {
        Aggref* aggref = static_cast<Aggref*>(copyObjectImpl(node));
        const Oid target = program_aggregate(aggref);
        ProgramBuilder b;
        program_of(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr), 1, &b);
        List* args = NIL;
        List* types = NIL;
        ListCell* lc;
        foreach (lc, program_arguments(b)) {
            Expr* arg = static_cast<Expr*>(lfirst(lc));
            args = lappend(args, makeTargetEntry(arg, static_cast<AttrNumber>(list_length(args) + 1), nullptr, false));
            types = lappend_oid(types, exprType(reinterpret_cast<Node*>(arg)));
        }
        aggref->aggfnoid = target;
        aggref->args = args;
        aggref->aggargtypes = types;
        aggref->aggfilter = reinterpret_cast<Expr*>(mutate(reinterpret_cast<Node*>(aggref->aggfilter), pass));
        record_function(pass->changes, target);
        ++pass->changes->programs;
        return reinterpret_cast<Node*>(aggref);
    }
    ProgramBuilder b;
    if (program_of(node, 2, &b)) {
        FuncExpr* call = makeFuncExpr(program_functions().expr, exprType(node), program_arguments(b), InvalidOid,
                                      InvalidOid, COERCE_EXPLICIT_CALL);
        call->location = exprLocation(node);
        record_function(pass->changes, program_functions().expr);
        ++pass->changes->programs;
        return reinterpret_cast<Node*>(call);
    }
    return mutate(node, pass);
}

/* The Aggrefs of an Agg node that become program aggregates: all or none of those sharing a state. */
List* program_aggrefs(Plan* agg) {
    List* aggrefs = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(agg->targetlist), &aggrefs);
    collect_aggrefs(reinterpret_cast<Node*>(agg->qual), &aggrefs);
    List* fused = NIL;
    ListCell* lc;
    foreach (lc, aggrefs) {
        const Aggref* aggref = static_cast<const Aggref*>(lfirst(lc));
        bool all = OidIsValid(program_aggregate(aggref));
        ListCell* other;
        foreach (other, aggrefs) {
            const Aggref* o = static_cast<const Aggref*>(lfirst(other));
            if (all && o->aggtransno == aggref->aggtransno && o != aggref && !OidIsValid(program_aggregate(o)))
                all = false;
        }
        if (all)
            fused = lappend(fused, lfirst(lc));
    }
    list_free(aggrefs);
    return fused;
}

template <typename T>
void mutate_field(T** field, ProgramPass* pass) {
    if (has_program(reinterpret_cast<Node*>(*field), nullptr))
        *field = reinterpret_cast<T*>(mutate_programs(reinterpret_cast<Node*>(*field), pass));
}

/* A plan node's expressions that the executor evaluates itself (not a foreign or custom scan's). */
void program_node(Plan* plan, PlanChanges* changes) {
    if (IsA(plan, ForeignScan) || IsA(plan, CustomScan))
        return;
    ProgramPass pass{IsA(plan, Agg) ? program_aggrefs(plan) : NIL, changes};
    mutate_field(&plan->targetlist, &pass);
    mutate_field(&plan->qual, &pass);
    if (IsA(plan, NestLoop) || IsA(plan, MergeJoin) || IsA(plan, HashJoin))
        mutate_field(&reinterpret_cast<Join*>(plan)->joinqual, &pass);
    list_free(pass.fused_aggrefs);
}

/* ---- a row's sums (fastnumeric.sum_products) ---- */

/* What the row pass knows of one transition of an Agg node. */
struct RowTransition {
    bool seen;          // an Aggref of the node has it
    bool sum;           // our sum or avg of a program (or of one operand): one of a row's sums
    bool harmless;      // count: evaluating it between the row's sums can raise nothing
    bool count_star;    // count(*): the row it sits in can count its rows
    ProgramBuilder b;   // (sum) its program, operands numbered in its own order
    int group;          // (sum, count(*)) the row it joined, -1 for none
    int index;          // (sum) its program's place in that row
};

/* A row being formed: its transitions' programs over the union of their operands. */
struct RowGroup {
    int first;   // the lowest transition number of its members (the shared state's)
    int nsums;
    List* operands;   // the union, each once (equal())
};

/* count(*), or count of columns and constants, without FILTER, DISTINCT or ORDER BY. */
bool is_harmless_count(const Aggref* a) {
    if ((a->aggfnoid != F_COUNT_ && a->aggfnoid != F_COUNT_ANY) || a->aggfilter != nullptr || a->aggdistinct != NIL ||
        a->aggorder != NIL)
        return false;
    ListCell* lc;
    foreach (lc, a->args) {
        const Node* e = reinterpret_cast<const Node*>(lfirst_node(TargetEntry, lc)->expr);
        if (!IsA(e, Var) && !IsA(e, Const))
            return false;
    }
    return true;
}

/* A harmless count(*) as a plain aggregation steps it (not combining partial counts). */
bool is_count_star(const Aggref* a) {
    return a->aggfnoid == F_COUNT_ && a->args == NIL && a->aggkind == AGGKIND_NORMAL &&
           !DO_AGGSPLIT_COMBINE(a->aggsplit) && is_harmless_count(a);
}

/* Our sum or avg of a program or an operand, that a row's shared transition can take. */
bool row_sum_program(const Aggref* a, ProgramBuilder* b) {
    const Oid fn = a->aggfnoid;
    return (fn == our_sum() || fn == substitute_for(F_AVG_NUMERIC, true)) && a->aggkind == AGGKIND_NORMAL &&
           !DO_AGGSPLIT_COMBINE(a->aggsplit) && a->aggfilter == nullptr && a->aggdistinct == NIL &&
           a->aggorder == NIL && list_length(a->args) == 1 &&
           program_of(reinterpret_cast<Node*>(linitial_node(TargetEntry, a->args)->expr), 0, b) &&
           (expression_programs || b->operators == 0);   // (a program of operators needs the setting)
}

/* The position of e in the row's operands, appending it when new; -1 when there is no room. */
int row_operand(RowGroup* g, Node* e) {
    int i = 0;
    ListCell* lc;
    foreach (lc, g->operands) {
        if (equal(lfirst(lc), e))
            return i;
        ++i;
    }
    if (i == kMaxExprOperands)
        return -1;
    g->operands = lappend(g->operands, e);
    return i;
}

/* Whether t's operands fit g (with the room of the operands g already has). */
bool operands_fit(const RowGroup& g, const ProgramBuilder& b) {
    int added = 0;
    ListCell* lc;
    foreach (lc, b.operands) {
        bool known = false;
        ListCell* o;
        foreach (o, g.operands)
            known = known || equal(lfirst(o), lfirst(lc));
        added += !known;
    }
    return list_length(g.operands) + added <= kMaxExprOperands;
}

/*
 * In a plain Agg node, the transitions of our sum and avg of programs whose evaluation
 * between them only counts can raise nothing become rows of up to kMaxRowSums sums, two or
 * more each, sharing one state: transition numbers in order, so that programs run in the
 * separate transitions' order (the first error of a row stays theirs).
 */
void share_node_row_sums(Agg* agg, PlanChanges* changes) {
    if (DO_AGGSPLIT_COMBINE(agg->aggsplit) || agg->groupingSets != NIL)
        return;
    List* found = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(agg->plan.targetlist), &found);
    collect_aggrefs(reinterpret_cast<Node*>(agg->plan.qual), &found);
    List* aggrefs = NIL;   // each node once
    ListCell* lc;
    foreach (lc, found)
        aggrefs = list_append_unique_ptr(aggrefs, lfirst(lc));
    list_free(found);
    int ntrans = 0;
    foreach (lc, aggrefs)
        ntrans = Max(ntrans, static_cast<Aggref*>(lfirst(lc))->aggtransno + 1);
    if (ntrans < 2) {
        list_free(aggrefs);
        return;
    }
    RowTransition* trans = static_cast<RowTransition*>(palloc0(sizeof(RowTransition) * ntrans));
    for (int t = 0; t < ntrans; ++t)
        trans[t].sum = trans[t].harmless = trans[t].count_star = true;
    foreach (lc, aggrefs) {   // every Aggref of a transition must qualify
        const Aggref* a = static_cast<Aggref*>(lfirst(lc));
        RowTransition& t = trans[a->aggtransno];
        t.seen = true;
        ProgramBuilder b;
        t.sum = t.sum && row_sum_program(a, &b);
        if (t.sum)
            t.b = b;
        t.harmless = t.harmless && is_harmless_count(a);
        t.count_star = t.count_star && is_count_star(a);
    }
    // rows: consecutive sums, counts between them, up to kMaxRowSums sums and kMaxExprOperands
    // operands; a count(*) after a row's first sum counts that row's rows
    RowGroup* groups = static_cast<RowGroup*>(palloc0(sizeof(RowGroup) * ntrans));
    int ngroups = 0;
    RowGroup* open = nullptr;
    for (int t = 0; t < ntrans; ++t) {
        trans[t].group = -1;
        if (!trans[t].seen || !trans[t].sum) {
            if (trans[t].seen && trans[t].count_star && open != nullptr)
                trans[t].group = static_cast<int>(open - groups);
            else if (!trans[t].harmless)
                open = nullptr;
            continue;
        }
        if (open == nullptr || open->nsums == kMaxRowSums || !operands_fit(*open, trans[t].b)) {
            open = &groups[ngroups++];
            open->first = t;
        }
        trans[t].group = static_cast<int>(open - groups);
        trans[t].index = open->nsums++;
        ListCell* o;
        foreach (o, trans[t].b.operands)
            row_operand(open, static_cast<Node*>(lfirst(o)));
    }
    // each row's programs, renumbered to its operands, as one text
    StringInfoData* texts = static_cast<StringInfoData*>(palloc0(sizeof(StringInfoData) * Max(ngroups, 1)));
    for (int t = 0; t < ntrans; ++t) {
        const int g = trans[t].group;
        if (g < 0 || groups[g].nsums < 2 || !trans[t].sum)
            continue;
        ExprProgram p = trans[t].b.program;
        for (int i = 0; i < p.nsteps; ++i)
            if (p.steps[i].op == ExprOp::Operand)
                p.steps[i].operand = static_cast<uint8_t>(
                    row_operand(&groups[g], static_cast<Node*>(list_nth(trans[t].b.operands, p.steps[i].operand))));
        p.noperands = list_length(groups[g].operands);
        char text[kMaxProgramText];
        if (format_expr_program(p, text, sizeof text) < 0)
            elog(ERROR, "fastnumeric: a row's program did not fit its text");
        if (texts[g].data == nullptr)
            initStringInfo(&texts[g]);
        else
            appendStringInfoString(&texts[g], "; ");
        appendStringInfoString(&texts[g], text);
    }
    // transition numbers: a row's members take its first's, the rest close up
    int* renumbered = static_cast<int*>(palloc(sizeof(int) * ntrans));
    int next = 0;
    for (int t = 0; t < ntrans; ++t) {
        const int g = trans[t].group;
        const bool joins = g >= 0 && groups[g].nsums >= 2 && groups[g].first != t;
        renumbered[t] = joins ? renumbered[groups[g].first] : next++;
    }
    foreach (lc, aggrefs) {
        Aggref* a = static_cast<Aggref*>(lfirst(lc));
        const int t = a->aggtransno;
        a->aggtransno = renumbered[t];
        const int g = trans[t].group;
        if (g < 0 || groups[g].nsums < 2)
            continue;
        List* args = list_make1(
            makeTargetEntry(reinterpret_cast<Expr*>(makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
                                                              CStringGetTextDatum(texts[g].data), false, false)),
                            1, nullptr, false));
        List* types = list_make1_oid(TEXTOID);
        ListCell* o;
        foreach (o, groups[g].operands) {
            Expr* e = static_cast<Expr*>(copyObjectImpl(lfirst(o)));
            args = lappend(args, makeTargetEntry(e, static_cast<AttrNumber>(list_length(args) + 1), nullptr, false));
            types = lappend_oid(types, exprType(reinterpret_cast<Node*>(e)));
        }
        if (!trans[t].sum) {   // count(*): now of the row's state, which a partial node sends as bytea
            a->aggfnoid = program_functions().row_count;
            a->aggstar = false;   // (it reads the row's arguments as its members do)
            a->aggtranstype = INTERNALOID;
            if (DO_AGGSPLIT_SKIPFINAL(a->aggsplit))
                a->aggtype = DO_AGGSPLIT_SERIALIZE(a->aggsplit) ? BYTEAOID : INTERNALOID;
        } else {
            const bool avg = a->aggfnoid != our_sum();
            a->aggfnoid =
                avg ? program_functions().row_avg[trans[t].index] : program_functions().row_sum[trans[t].index];
        }
        a->args = args;
        a->aggargtypes = types;
        record_function(changes, a->aggfnoid);
        ++changes->row_sums;
    }
    list_free(aggrefs);
}

bool is_row_aggregate(Oid fn) {
    if (fn == program_functions().row_count)
        return true;
    for (int k = 0; k < kMaxRowSums; ++k)
        if (fn == program_functions().row_sum[k] || fn == program_functions().row_avg[k])
            return true;
    return false;
}

/* A node that passes its child's rows on as they are: its columns are the child's, in order. */
bool passes_through(const Plan* plan) {
    if (!(IsA(plan, Gather) || IsA(plan, GatherMerge) || IsA(plan, Sort) || IsA(plan, IncrementalSort)) ||
        plan->qual != NIL || plan->lefttree == nullptr)
        return false;
    int resno = 0;
    ListCell* lc;
    foreach (lc, plan->targetlist) {
        const Var* v = reinterpret_cast<const Var*>(lfirst_node(TargetEntry, lc)->expr);
        if (!IsA(v, Var) || v->varno != OUTER_VAR || v->varattno != ++resno)
            return false;
    }
    return true;
}

/*
 * A partial aggregation's rows: the partial Agg node below a finalizing one (through Gather,
 * Gather Merge and sorts) shares its rows' transitions as a plain node does; each of its row
 * aggregates then sends the whole row's state, so the finalizing node's aggregates that read
 * them become the same row aggregates, each combining whole states and finishing its own
 * sum.  That costs every group's state once more per aggregate, which pays only when a
 * group gathers many rows: partial nodes whose estimated groups are at most
 * kRowsPerPartialGroup-th of their input rows.
 */
constexpr double kRowsPerPartialGroup = 256;

void share_partial_row_sums(Agg* finalize, PlanChanges* changes) {
    Plan* below = finalize->plan.lefttree;
    while (below != nullptr && passes_through(below))
        below = below->lefttree;
    if (below == nullptr || !IsA(below, Agg) || below->lefttree == nullptr)
        return;
    Agg* partial = reinterpret_cast<Agg*>(below);
    if (partial->aggsplit != AGGSPLIT_INITIAL_SERIAL ||
        partial->plan.plan_rows * kRowsPerPartialGroup > partial->plan.lefttree->plan_rows)
        return;
    // every finalizing aggregate of ours must read a column of the partial node's (a Var), so
    // that each one whose partial aggregate becomes a row's is found
    List* aggrefs = NIL;
    collect_aggrefs(reinterpret_cast<Node*>(finalize->plan.targetlist), &aggrefs);
    collect_aggrefs(reinterpret_cast<Node*>(finalize->plan.qual), &aggrefs);
    const int ncolumns = list_length(partial->plan.targetlist);
    ListCell* lc;
    foreach (lc, aggrefs) {
        const Aggref* a = static_cast<const Aggref*>(lfirst(lc));
        const Node* arg = list_length(a->args) == 1
                              ? reinterpret_cast<const Node*>(linitial_node(TargetEntry, a->args)->expr)
                              : nullptr;
        if (arg == nullptr || !IsA(arg, Var) || reinterpret_cast<const Var*>(arg)->varno != OUTER_VAR ||
            reinterpret_cast<const Var*>(arg)->varattno < 1 || reinterpret_cast<const Var*>(arg)->varattno > ncolumns) {
            list_free(aggrefs);
            return;
        }
    }
    share_node_row_sums(partial, changes);
    foreach (lc, aggrefs) {
        Aggref* a = static_cast<Aggref*>(lfirst(lc));
        Var* v = reinterpret_cast<Var*>(linitial_node(TargetEntry, a->args)->expr);
        const Expr* source = list_nth_node(TargetEntry, partial->plan.targetlist, v->varattno - 1)->expr;
        if (!IsA(source, Aggref) || !is_row_aggregate(reinterpret_cast<const Aggref*>(source)->aggfnoid))
            continue;
        const Aggref* p = reinterpret_cast<const Aggref*>(source);
        a->aggfnoid = p->aggfnoid;
        a->aggargtypes = list_copy(p->aggargtypes);
        a->aggtranstype = p->aggtranstype;
        if (v->vartype != p->aggtype) {   // a count(*) that became the row's: its column now carries the state
            v->vartype = p->aggtype;
            for (Plan* n = finalize->plan.lefttree; n != below; n = n->lefttree)   // (passes_through: Vars in order)
                reinterpret_cast<Var*>(list_nth_node(TargetEntry, n->targetlist, v->varattno - 1)->expr)->vartype =
                    p->aggtype;
        }
        record_function(changes, a->aggfnoid);
    }
    list_free(aggrefs);
}

}   // namespace

namespace fastnumeric {

void share_row_sums(PlannedStmt* stmt, PlanChanges* changes) {
    if (!OidIsValid(program_functions().row_sum[0]))
        return;
    for_each_node(stmt, [changes](Plan* plan) {
        if (!IsA(plan, Agg))
            return;
        Agg* agg = reinterpret_cast<Agg*>(plan);
        if (agg->aggsplit == AGGSPLIT_SIMPLE)
            share_node_row_sums(agg, changes);
        else if (agg->aggsplit == AGGSPLIT_FINAL_DESERIAL)
            share_partial_row_sums(agg, changes);   // (a partial node only with its finalizing one)
    });
}

void fuse_sums_of_products(PlannedStmt* stmt, PlanChanges* changes) {
    for_each_node(stmt, [changes](Plan* plan) {
        if (IsA(plan, Agg))   // Aggrefs live in an Agg node's target list and qual only
            fuse_node(plan, changes);
    });
}

void fuse_expression_programs(PlannedStmt* stmt, PlanChanges* changes) {
    if (!OidIsValid(program_functions().expr))
        return;
    for_each_node(stmt, [changes](Plan* plan) { program_node(plan, changes); });
}

}   // namespace fastnumeric
