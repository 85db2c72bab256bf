/*
 * programs.cpp — trees of fastnumeric's + - * and unary - as expression programs: a tree of
 * two or more operators over columns, constants and query parameters becomes
 * fastnumeric_expr(program, operands...) (aggregate/expr_program.cpp runs it), and our min or
 * max of a tree of one or more fastnumeric_min_expr or max_expr (sums and averages of programs
 * are a row's sums: row_sums.cpp).
 * The program's text lists the operators in the executor's order, so the first error of a row
 * is the one the separate operators raise.
 */
#include "pg/planner/programs.hpp"

#include "pg/catalog/catalog.hpp"
#include "pg/catalog/programs.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg/settings.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "catalog/pg_aggregate.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
}

using namespace fastnumeric;

namespace {

enum class OperatorKind { None, Program, Plus };

/*
 * The integer column or parameter under a cast of it to fastnumeric or numeric (int2, int4 or
 * int8: ours, or numeric's, which gives the same value), which a program reads itself
 * (IntegerOperands); else null.  Not a constant: the executor sets a constant argument once,
 * and the planner folds such casts.
 */
Node* integer_cast_operand(Node* node) {
    Oid fn;
    List* args;
    if (!call_of(node, &fn, &args) || list_length(args) != 1)
        return nullptr;
    static constexpr Oid kIntegerCasts[] = {F_NUMERIC_INT2, F_NUMERIC_INT4, F_NUMERIC_INT8};
    bool cast = false;
    for (const Oid numeric_cast : kIntegerCasts)
        cast = cast || fn == numeric_cast || fn == substitute_for(numeric_cast, false);
    if (!cast)
        return nullptr;
    Node* arg = static_cast<Node*>(linitial(args));
    const Oid type = exprType(arg);
    if (!(IsA(arg, Var) || (IsA(arg, Param) && reinterpret_cast<Param*>(arg)->paramkind == PARAM_EXTERN)) ||
        (type != INT2OID && type != INT4OID && type != INT8OID))
        return nullptr;
    return arg;
}

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
    Node* integer = integer_cast_operand(node);
    if ((integer == nullptr && !is_program_operand(node)) || b->program.noperands == kMaxExprOperands)
        return false;
    b->operands = lappend(b->operands, integer != nullptr ? integer : node);
    return emit(b, ExprOp::Operand, b->program.noperands++);
}

struct ProgramPass {
    List* fused_aggrefs;   // of the current Agg node: those that become program aggregates
    PlanChanges* changes;
};

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

}   // namespace

namespace fastnumeric {

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

/* The program of node with at least `operators` operators, or false. */
bool program_of(Node* node, int operators, ProgramBuilder* b) {
    *b = ProgramBuilder{};
    return build_program(node, b) && b->operators >= operators && expr_program_valid(b->program);
}

/* The program's text and operands as arguments. */
List* program_arguments(const ProgramBuilder& b) {
    char text[kMaxProgramText];
    if (format_expr_program(b.program, text, sizeof text) < 0)
        elog(ERROR, "fastnumeric: an expression program did not fit its text");
    Const* c = makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1, CStringGetTextDatum(text), false, false);
    return lcons(c, b.operands);
}

/*
 * Our min or max of a program: fastnumeric_min_expr or max_expr when it can take it.  (A min
 * or max that an index could answer has no Aggref left by now.)
 */
Oid program_aggregate(const Aggref* aggref) {
    if (!aggregates_fused() || DO_AGGSPLIT_COMBINE(aggref->aggsplit) || aggref->aggkind != AGGKIND_NORMAL ||
        aggref->aggdistinct != NIL || aggref->aggorder != NIL || list_length(aggref->args) != 1)
        return InvalidOid;
    const Oid fn = aggref->aggfnoid;
    const Oid target = fn == substitute_for(F_MIN_NUMERIC, true)   ? program_functions().min_expr
                       : fn == substitute_for(F_MAX_NUMERIC, true) ? program_functions().max_expr
                                                                   : InvalidOid;
    ProgramBuilder b;
    if (!OidIsValid(target) ||
        !program_of(reinterpret_cast<Node*>(linitial_node(TargetEntry, aggref->args)->expr), 1, &b))
        return InvalidOid;
    return target;
}

/* A plan node's expressions that the executor evaluates itself (not a foreign or custom scan's). */
void fuse_node_programs(Plan* plan, PlanChanges* changes) {
    if (IsA(plan, ForeignScan) || IsA(plan, CustomScan))
        return;
    ProgramPass pass{IsA(plan, Agg) ? program_aggrefs(plan) : NIL, changes};
    mutate_field(&plan->targetlist, &pass);
    mutate_field(&plan->qual, &pass);
    if (IsA(plan, NestLoop) || IsA(plan, MergeJoin) || IsA(plan, HashJoin))
        mutate_field(&reinterpret_cast<Join*>(plan)->joinqual, &pass);
    list_free(pass.fused_aggrefs);
}

}   // namespace fastnumeric
