/*
 * row_sums.cpp (planner) — a row's sums: in an Agg node, our sums and averages of programs and
 * of columns whose transitions can share one state become fastnumeric_row_sum_K and
 * fastnumeric_row_avg_K over all their operands, one transition a table row
 * (aggregate/row_sums.cpp runs them); a count(*) among them counts the shared state's rows.
 * A sum or avg of a program that shares with none is a row of one, with a FILTER too.
 */
#include "core/expr_program.hpp"   // (src/core before any PostgreSQL header)
#include "pg/planner/row_sums.hpp"

#include "pg/catalog/catalog.hpp"
#include "pg/catalog/programs.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg/planner/fusion.hpp"
#include "pg/planner/programs.hpp"
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

/* What is known of one transition of an Agg node. */
struct TransitionInfo {
    bool seen;          // an Aggref of the node has it
    bool sum;           // our sum or avg of a program (or of one operand): one of a row's sums
    bool harmless;      // count: evaluating it between the row's sums can raise nothing
    bool count_star;    // count(*): the row it sits in can count its rows
    bool filtered;      // (sum) its aggregates have a FILTER: a row of its own
    bool product;       // (sum) fastnumeric_sum_product's one case (fusion.cpp), when alone
    ProgramBuilder b;   // (sum) its program, operands numbered in its own order
    int shared;         // (sum, count(*)) the shared state it joined, -1 for none
    int index;          // (sum) its program's place in that state
};

/* One shared transition being formed (a "row" of sums): its members' programs over the union of
   their operands. */
struct SharedState {
    int first;   // the lowest transition number of its members (the shared state's)
    int nsums;
    List* operands;   // the union, each once (equal())
    bool fused;       // two or more sums, or one of a program (not fastnumeric_sum_product's)
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

/* Our sum or avg of a program or an operand, that a row's transition can take. */
bool row_sum_program(const Aggref* a, ProgramBuilder* b) {
    const Oid fn = a->aggfnoid;
    return (fn == our_sum() || fn == substitute_for(F_AVG_NUMERIC, true)) && a->aggkind == AGGKIND_NORMAL &&
           !DO_AGGSPLIT_COMBINE(a->aggsplit) && a->aggdistinct == NIL && a->aggorder == NIL &&
           list_length(a->args) == 1 &&
           program_of(reinterpret_cast<Node*>(linitial_node(TargetEntry, a->args)->expr), 0, b) &&
           (expression_programs || b->operators == 0);   // (a program of operators needs the setting)
}

/* The position of e in the row's operands, appending it when new; -1 when there is no room. */
int row_operand(SharedState* g, Node* e) {
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
bool operands_fit(const SharedState& g, const ProgramBuilder& b) {
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

}   // namespace

namespace fastnumeric {

/*
 * In an Agg node that steps its aggregates, the transitions of our sum and avg of programs
 * whose evaluation between them only counts can raise nothing become rows of up to
 * kMaxRowSums sums sharing one state (with `share`): transition numbers in order, so that
 * programs run in the separate transitions' order (the first error of a row stays theirs).
 * Without `share`, and for a sum with a FILTER, each is a row of its own.
 */
void share_row_sums(Agg* agg, bool share, PlanChanges* changes) {
    if (DO_AGGSPLIT_COMBINE(agg->aggsplit))
        return;
    share = share && agg->groupingSets == NIL;
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
    if (ntrans == 0) {
        list_free(aggrefs);
        return;
    }
    TransitionInfo* trans = static_cast<TransitionInfo*>(palloc0(sizeof(TransitionInfo) * ntrans));
    for (int t = 0; t < ntrans; ++t)
        trans[t].sum = trans[t].harmless = trans[t].count_star = trans[t].product = true;
    foreach (lc, aggrefs) {   // every Aggref of a transition must qualify
        const Aggref* a = static_cast<Aggref*>(lfirst(lc));
        TransitionInfo& t = trans[a->aggtransno];
        List* factors;
        t.product = !t.seen && sum_of_product(a, &factors);   // (and the transition's only Aggref)
        t.seen = true;
        ProgramBuilder b;
        t.sum = t.sum && row_sum_program(a, &b);
        if (t.sum)
            t.b = b;
        t.filtered = a->aggfilter != nullptr;
        t.harmless = t.harmless && is_harmless_count(a);
        t.count_star = t.count_star && is_count_star(a);
    }
    // rows: consecutive sums, counts between them, up to kMaxRowSums sums and kMaxExprOperands
    // operands; a count(*) after a row's first sum counts that row's rows
    SharedState* states = static_cast<SharedState*>(palloc0(sizeof(SharedState) * ntrans));
    int nstates = 0;
    SharedState* open = nullptr;
    for (int t = 0; t < ntrans; ++t) {
        trans[t].shared = -1;
        if (!trans[t].seen || !trans[t].sum) {
            if (trans[t].seen && trans[t].count_star && open != nullptr)
                trans[t].shared = static_cast<int>(open - states);
            else if (!trans[t].harmless)
                open = nullptr;
            continue;
        }
        const bool alone = !share || trans[t].filtered;
        if (alone || open == nullptr || open->nsums == kMaxRowSums || !operands_fit(*open, trans[t].b)) {
            open = &states[nstates++];
            open->first = t;
        }
        trans[t].shared = static_cast<int>(open - states);
        trans[t].index = open->nsums++;
        ListCell* o;
        foreach (o, trans[t].b.operands)
            row_operand(open, static_cast<Node*>(lfirst(o)));
        if (alone)
            open = nullptr;
    }
    for (int t = 0; t < ntrans; ++t) {
        SharedState* g = trans[t].shared >= 0 && trans[t].sum ? &states[trans[t].shared] : nullptr;
        if (g != nullptr)
            g->fused = g->nsums >= 2 || (trans[t].b.operators > 0 && !trans[t].product);
    }
    // each row's programs, renumbered to its operands, as one text
    StringInfoData* texts = static_cast<StringInfoData*>(palloc0(sizeof(StringInfoData) * Max(nstates, 1)));
    for (int t = 0; t < ntrans; ++t) {
        const int g = trans[t].shared;
        if (g < 0 || !states[g].fused || !trans[t].sum)
            continue;
        ExprProgram p = trans[t].b.program;
        for (int i = 0; i < p.nsteps; ++i)
            if (p.steps[i].op == ExprOp::Operand)
                p.steps[i].operand = static_cast<uint8_t>(
                    row_operand(&states[g], static_cast<Node*>(list_nth(trans[t].b.operands, p.steps[i].operand))));
        p.noperands = list_length(states[g].operands);
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
        const int g = trans[t].shared;
        const bool joins = g >= 0 && states[g].fused && states[g].first != t;
        renumbered[t] = joins ? renumbered[states[g].first] : next++;
    }
    foreach (lc, aggrefs) {
        Aggref* a = static_cast<Aggref*>(lfirst(lc));
        const int t = a->aggtransno;
        a->aggtransno = renumbered[t];
        const int g = trans[t].shared;
        if (g < 0 || !states[g].fused)
            continue;
        List* args = list_make1(
            makeTargetEntry(reinterpret_cast<Expr*>(makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
                                                              CStringGetTextDatum(texts[g].data), false, false)),
                            1, nullptr, false));
        List* types = list_make1_oid(TEXTOID);
        ListCell* o;
        foreach (o, states[g].operands) {
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

/*
 * A partial aggregation's rows: the partial Agg node below a finalizing one (through Gather,
 * Gather Merge and sorts) shares its rows' transitions as a plain node does; each of its row
 * aggregates then sends the whole row's state, so the finalizing node's aggregates that read
 * them become the same row aggregates, each combining whole states and finishing its own
 * sum.  A row of two or more costs every group's state once more per aggregate, which pays
 * only when a group gathers many rows: partial nodes whose estimated groups are at most
 * kRowsPerPartialGroup-th of their input rows share; any other has rows of one.
 */
constexpr double kRowsPerPartialGroup = 256;

void share_partial_row_sums(Agg* finalize, PlanChanges* changes) {
    Plan* below = finalize->plan.lefttree;
    while (below != nullptr && passes_through(below))
        below = below->lefttree;
    if (below == nullptr || !IsA(below, Agg) || below->lefttree == nullptr)
        return;
    Agg* partial = reinterpret_cast<Agg*>(below);
    if (partial->aggsplit != AGGSPLIT_INITIAL_SERIAL)
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
    share_row_sums(partial, partial->plan.plan_rows * kRowsPerPartialGroup <= partial->plan.lefttree->plan_rows,
                   changes);
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

}   // namespace fastnumeric
