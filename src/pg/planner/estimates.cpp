/*
 * estimates.cpp — numeric's selectivity estimates for comparisons on fastnumeric.
 *
 * scalarltsel and its siblings interpolate within a histogram bin only for built-in types:
 * convert_to_scalar reads the compared value and the bin bounds as numbers when the value's
 * type and the column expression's exposed type are NUMERICOID (or another built-in), and
 * otherwise takes the middle of the bin.  A fastnumeric datum is a numeric datum, so its
 * statistics are numeric statistics; two hooks let the estimators read them as such:
 *
 *  - get_relation_stats_hook and get_index_stats_hook: a fastnumeric column's exposed type
 *    reads as numeric (the estimators use it for nothing else but boolean columns' distinct
 *    counts; a domain keeps its own type, as a domain over numeric does);
 *  - before planning, a fastnumeric value (a constant, a parameter, an expression of them)
 *    compared by one of our < <= > >= operators is relabelled numeric, and the operator
 *    becomes the one of ours (or numeric's) for the new argument types: the same comparison,
 *    whose value now reads as numeric.  EXPLAIN shows such a constant as '…'::numeric.
 *
 * The operators keep scalarltsel & co as their estimators, so the planner still pairs the
 * two halves of a BETWEEN into one range (it recognises them by that function).  Both hooks
 * act once the library is loaded in the session: from its first fastnumeric call, or from the
 * start with session_preload_libraries.
 */
#include "pg/planner/estimates.hpp"
#include "pg/catalog/catalog.hpp"
#include "pg/planner/plan_tree.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "access/htup_details.h"
#include "access/transam.h"
#include "catalog/namespace.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/relcache.h"
#include "utils/selfuncs.h"
#include "utils/syscache.h"
}

using namespace fastnumeric;

namespace {

get_relation_stats_hook_type previous_relation_stats_hook = nullptr;
get_index_stats_hook_type previous_index_stats_hook = nullptr;

bool is_fastnumeric(Oid type) { return type >= FirstNormalObjectId && type == fastnumeric_type(); }

void read_as_numeric(VariableStatData* vardata) {
    if (is_fastnumeric(vardata->vartype))
        vardata->vartype = NUMERICOID;
}

bool relation_stats(PlannerInfo* root, RangeTblEntry* rte, AttrNumber attnum, VariableStatData* vardata) {
    read_as_numeric(vardata);
    return previous_relation_stats_hook != nullptr && previous_relation_stats_hook(root, rte, attnum, vardata);
}

bool index_stats(PlannerInfo* root, Oid index, AttrNumber column, VariableStatData* vardata) {
    read_as_numeric(vardata);
    return previous_index_stats_hook != nullptr && previous_index_stats_hook(root, index, column, vardata);
}

bool is_inequality(const char* name) {
    return std::strcmp(name, "<") == 0 || std::strcmp(name, "<=") == 0 || std::strcmp(name, ">") == 0 ||
           std::strcmp(name, ">=") == 0;
}

/*
 * A value the estimators fold into a constant: no column, nothing volatile (a literal, a
 * parameter of the statement, a cast or an expression of them).
 */
bool is_value(Node* node) { return !contain_var_clause(node) && !contain_volatile_functions(node); }

/*
 * For one of our inequality operators, the one named like it for the argument types `left`
 * and `right`: ours, or numeric's when both are numeric; InvalidOid for any other operator.
 */
Oid twin_operator(Oid opno, Oid left, Oid right) {
    HeapTuple tuple = SearchSysCache1(OPEROID, ObjectIdGetDatum(opno));
    if (!HeapTupleIsValid(tuple))
        return InvalidOid;
    const auto* op = reinterpret_cast<Form_pg_operator>(GETSTRUCT(tuple));
    Oid twin = InvalidOid;
    if (op->oprnamespace == fastnumeric_schema() && is_inequality(NameStr(op->oprname))) {
        const Oid schema = left == NUMERICOID && right == NUMERICOID ? PG_CATALOG_NAMESPACE : op->oprnamespace;
        char* schema_name = get_namespace_name(schema);
        if (schema_name != nullptr)
            twin = OpernameGetOprid(list_make2(makeString(schema_name), makeString(pstrdup(NameStr(op->oprname)))),
                                    left, right);
    }
    ReleaseSysCache(tuple);
    return twin;
}

/* Rewrites one comparison in place when one side is a fastnumeric constant or parameter. */
void relabel_compared_value(OpExpr* op) {
    if (list_length(op->args) != 2 || op->opresulttype != BOOLOID)
        return;
    ListCell* cells[2] = {list_nth_cell(op->args, 0), list_nth_cell(op->args, 1)};
    Oid types[2];
    bool relabel[2];
    for (int i = 0; i < 2; ++i) {
        Node* arg = static_cast<Node*>(lfirst(cells[i]));
        relabel[i] = is_fastnumeric(exprType(arg)) && is_value(arg);
        types[i] = relabel[i] ? NUMERICOID : exprType(arg);
    }
    if (!relabel[0] && !relabel[1])
        return;
    const Oid twin = twin_operator(op->opno, types[0], types[1]);
    if (!OidIsValid(twin))
        return;
    for (int i = 0; i < 2; ++i)
        if (relabel[i]) {
            Expr* arg = static_cast<Expr*>(lfirst(cells[i]));
            lfirst(cells[i]) = makeRelabelType(arg, NUMERICOID, exprTypmod(reinterpret_cast<Node*>(arg)), InvalidOid,
                                               COERCE_IMPLICIT_CAST);
        }
    op->opno = twin;
    op->opfuncid = get_opcode(twin);
}

bool relabel_walker(Node* node, void* context) {
    if (node == nullptr)
        return false;
    if (IsA(node, Query))
        return walk_query(reinterpret_cast<Query*>(node), relabel_walker, context);
    if (IsA(node, OpExpr))
        relabel_compared_value(reinterpret_cast<OpExpr*>(node));
    return walk_expression(node, relabel_walker, context);
}

/*
 * Whether a relation's columns may be numeric or fastnumeric: a column of numeric or of any
 * type not built in (fastnumeric itself, a domain over either).  Remembered per relation (a
 * relcache lookup costs more than the answer saves), until the relation changes.
 */
struct DecimalColumns {
    Oid relid;   // InvalidOid: empty
    bool found;
};
constexpr int kDecimalColumnsSlots = 64;
DecimalColumns decimal_columns[kDecimalColumnsSlots];
bool decimal_columns_callback = false;

void forget_decimal_columns(Datum, Oid relid) {
    for (DecimalColumns& slot : decimal_columns)
        if (!OidIsValid(relid) || slot.relid == relid)
            slot.relid = InvalidOid;
}

bool may_hold_decimals(Oid relid) {
    DecimalColumns& slot = decimal_columns[relid % kDecimalColumnsSlots];
    if (slot.relid == relid)
        return slot.found;
    if (!decimal_columns_callback) {
        CacheRegisterRelcacheCallback(forget_decimal_columns, Datum(0));
        decimal_columns_callback = true;
    }
    Relation rel = RelationIdGetRelation(relid);
    if (rel == nullptr)
        return true;
    const TupleDesc desc = RelationGetDescr(rel);
    bool found = false;
    for (int i = 0; i < desc->natts && !found; ++i) {
        const Oid type = TupleDescAttr(desc, i)->atttypid;
        found = type == NUMERICOID || type >= FirstNormalObjectId;
    }
    RelationClose(rel);
    slot = DecimalColumns{relid, found};
    return found;
}

/*
 * Whether the statistics of a numeric or fastnumeric column can meet a fastnumeric value in
 * this query.  Not when its only relations are tables without such columns, with no subquery,
 * sublink or CTE (whose own relations might have them): then no comparison reads a decimal
 * column's histogram, and the walk, most of what a preloaded library costs a simple query,
 * is skipped.
 */
bool may_compare_decimal_columns(Query* parse) {
    if (parse->hasSubLinks || parse->cteList != NIL || parse->setOperations != nullptr)
        return true;
    ListCell* lc;
    foreach (lc, parse->rtable) {
        const RangeTblEntry* rte = lfirst_node(RangeTblEntry, lc);
        if (rte->rtekind == RTE_SUBQUERY || (rte->rtekind == RTE_RELATION && may_hold_decimals(rte->relid)))
            return true;
    }
    return false;
}

}   // namespace

namespace fastnumeric {

void prepare_estimates(Query* parse) {
    if (OidIsValid(fastnumeric_type()) && may_compare_decimal_columns(parse))
        relabel_walker(reinterpret_cast<Node*>(parse), nullptr);
}

void install_estimate_hooks() {
    previous_relation_stats_hook = get_relation_stats_hook;
    get_relation_stats_hook = relation_stats;
    previous_index_stats_hook = get_index_stats_hook;
    get_index_stats_hook = index_stats;
}

}   // namespace fastnumeric
