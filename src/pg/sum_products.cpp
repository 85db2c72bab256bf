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
#include "pg/sum_products.hpp"

#include "pg/extension.hpp"
#include "pg/settings.hpp"
#include "pg/substitutes.hpp"
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
    bool ours = is_our_arith(fn, ArithOp::Add) || is_our_arith(fn, ArithOp::Sub) || is_our_arith(fn, ArithOp::Mul) ||
                is_our_sign(fn);
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

/*
 * fastnumeric_expr and its aggregates as this database has them: C functions of the extension
 * with their own symbols, executable by anyone (a default ACL), the aggregates finishing as our
 * sum and avg do.  Per backend, looked up again after any change to pg_proc.
 */
struct ProgramFunctions {
    bool known;
    bool callback_registered;
    Oid expr, sum_expr, avg_expr, min_expr, max_expr;
};
ProgramFunctions program_functions;

void forget_program_functions(Datum, int, uint32) { program_functions.known = false; }

/* The extension's C function name(args) with symbol `symbol`, or InvalidOid. */
Oid extension_function(const char* name, const Oid* args, int nargs, const char* symbol, Oid extension) {
    const Oid fn =
        GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(name),
                        PointerGetDatum(buildoidvector(args, nargs)), ObjectIdGetDatum(fastnumeric_schema()));
    if (!OidIsValid(fn) || getExtensionOfObject(ProcedureRelationId, fn) != extension)
        return InvalidOid;
    HeapTuple tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
    if (!HeapTupleIsValid(tuple))
        return InvalidOid;
    const Form_pg_proc f = reinterpret_cast<Form_pg_proc>(GETSTRUCT(tuple));
    bool no_acl, no_src;
    SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_proacl, &no_acl);
    const Datum src = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_prosrc, &no_src);
    bool ok = no_acl && !f->proretset && f->proparallel == PROPARALLEL_SAFE;
    if (symbol == nullptr)
        ok = ok && f->prokind == PROKIND_AGGREGATE;
    else
        ok = ok && f->prokind == PROKIND_FUNCTION && f->prolang == ClanguageId && !no_src &&
             strcmp(TextDatumGetCString(src), symbol) == 0;
    ReleaseSysCache(tuple);
    return ok ? fn : InvalidOid;
}

/* Aggregate `ours` steps with `transfn` and otherwise is `like` (our sum, avg, min or max). */
bool aggregate_like(Oid ours, Oid transfn, Oid like) {
    if (!OidIsValid(ours) || !OidIsValid(transfn) || !OidIsValid(like))
        return false;
    HeapTuple a = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(ours));
    HeapTuple b = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(like));
    bool ok = HeapTupleIsValid(a) && HeapTupleIsValid(b);
    if (ok) {
        const Form_pg_aggregate f = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(a));
        const Form_pg_aggregate g = reinterpret_cast<Form_pg_aggregate>(GETSTRUCT(b));
        bool no_init;
        SysCacheGetAttr(AGGFNOID, a, Anum_pg_aggregate_agginitval, &no_init);
        ok = f->aggkind == AGGKIND_NORMAL && f->aggnumdirectargs == 0 && no_init && f->aggtransfn == transfn &&
             f->aggtranstype == g->aggtranstype && f->aggcombinefn == g->aggcombinefn &&
             f->aggserialfn == g->aggserialfn && f->aggdeserialfn == g->aggdeserialfn &&
             f->aggfinalfn == g->aggfinalfn && !f->aggfinalextra && f->aggfinalmodify == AGGMODIFY_READ_ONLY;
    }
    if (HeapTupleIsValid(a))
        ReleaseSysCache(a);
    if (HeapTupleIsValid(b))
        ReleaseSysCache(b);
    return ok;
}

/* fastnumeric_min_expr or max_expr (`which`), stepping with its own C function and otherwise our min or max. */
Oid extreme_aggregate(const char* which, Oid like, Oid extension) {
    char name[NAMEDATALEN], accum_name[NAMEDATALEN];
    snprintf(name, sizeof name, "fastnumeric_%s_expr", which);
    snprintf(accum_name, sizeof accum_name, "fastnumeric_%s_expr_accum", which);
    const Oid args[3] = {fastnumeric_type(), TEXTOID, ANYOID};
    const Oid accum = extension_function(accum_name, args, 3, accum_name, extension);
    const Oid aggregate = extension_function(name, args + 1, 2, nullptr, extension);
    return aggregate_like(aggregate, accum, like) ? aggregate : InvalidOid;
}

const ProgramFunctions& programs() {
    if (!program_functions.known) {
        if (!program_functions.callback_registered) {
            CacheRegisterSyscacheCallback(PROCOID, forget_program_functions, Datum(0));
            program_functions.callback_registered = true;
        }
        program_functions.known = true;   // (a change to pg_proc meanwhile clears it again)
        const Oid extension = fastnumeric_extension();
        const Oid args[3] = {INTERNALOID, TEXTOID, ANYOID};
        const Oid expr = extension_function("fastnumeric_expr", args + 1, 2, "fastnumeric_expr", extension);
        const Oid accum = extension_function("fastnumeric_expr_accum", args, 3, "fastnumeric_expr_accum", extension);
        const Oid sum_expr = extension_function("fastnumeric_sum_expr", args + 1, 2, nullptr, extension);
        const Oid avg_expr = extension_function("fastnumeric_avg_expr", args + 1, 2, nullptr, extension);
        program_functions.expr = expr;
        program_functions.sum_expr = aggregate_like(sum_expr, accum, our_sum()) ? sum_expr : InvalidOid;
        program_functions.avg_expr =
            aggregate_like(avg_expr, accum, substitute_for(F_AVG_NUMERIC, true)) ? avg_expr : InvalidOid;
        program_functions.min_expr = extreme_aggregate("min", substitute_for(F_MIN_NUMERIC, true), extension);
        program_functions.max_expr = extreme_aggregate("max", substitute_for(F_MAX_NUMERIC, true), extension);
    }
    return program_functions;
}

enum class OperatorKind { None, Program, Plus };

/* Our + - * or unary - (Program, *op set) or unary + (Plus), with its arguments. */
OperatorKind our_operator(Node* node, ExprOp* op, List** args) {
    Oid fn;
    if (!call_of(node, &fn, args))
        return OperatorKind::None;
    if (list_length(*args) == 2) {
        if (is_our_arith(fn, ArithOp::Add))
            *op = ExprOp::Add;
        else if (is_our_arith(fn, ArithOp::Sub))
            *op = ExprOp::Subtract;
        else if (is_our_arith(fn, ArithOp::Mul))
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
    char text[8 * kMaxExprSteps];
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
    const Oid target = fn == our_sum()                             ? programs().sum_expr
                       : fn == substitute_for(F_AVG_NUMERIC, true) ? programs().avg_expr
                       : fn == substitute_for(F_MIN_NUMERIC, true) ? programs().min_expr
                       : fn == substitute_for(F_MAX_NUMERIC, true) ? programs().max_expr
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
        FuncExpr* call = makeFuncExpr(programs().expr, exprType(node), program_arguments(b), InvalidOid, InvalidOid,
                                      COERCE_EXPLICIT_CALL);
        call->location = exprLocation(node);
        record_function(pass->changes, programs().expr);
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

}   // namespace

namespace fastnumeric {

void fuse_sums_of_products(PlannedStmt* stmt, PlanChanges* changes) {
    for_each_node(stmt, [changes](Plan* plan) {
        if (IsA(plan, Agg))   // Aggrefs live in an Agg node's target list and qual only
            fuse_node(plan, changes);
    });
}

void fuse_expression_programs(PlannedStmt* stmt, PlanChanges* changes) {
    if (!OidIsValid(programs().expr))
        return;
    for_each_node(stmt, [changes](Plan* plan) { program_node(plan, changes); });
}

}   // namespace fastnumeric
