/*
 * planner.cpp — the extension's one planner hook.
 *
 * Before planning, fastnumeric's compared constants are prepared for numeric's estimates
 * (estimates.cpp); then the previous hook or the standard planner plans; then the finished plan
 * is rewritten in place: first by the accelerator (fastnumeric.accelerate_numeric,
 * accelerator.cpp), then by the fusion (fastnumeric.fuse_aggregates and
 * fastnumeric.expression_programs, fusion.cpp), which fuses what the accelerator has made ours.
 * A plan records each function it received, so dropping or altering one replans cached plans.
 */
#include "pg/planner/hook.hpp"

#include "pg/planner/accelerator.hpp"
#include "pg/planner/estimates.hpp"
#include "pg/planner/fusion.hpp"
#include "pg/settings.hpp"
#include "pg/catalog/substitutes.hpp"
#include "pg_compat.hpp"

extern "C" {
#include "nodes/makefuncs.h"
#include "optimizer/planner.h"
#include "utils/inval.h"
#include "utils/syscache.h"
}

using namespace fastnumeric;

namespace {

planner_hook_type previous_planner = nullptr;

bool is_agg(Plan* plan) { return IsA(plan, Agg); }

/*
 * Whether the finished plan calls a function that is not built in: the planner records each as
 * a pg_proc invalidation item, and fastnumeric's operators are such.  Without one (and without
 * the accelerator, which makes numeric's ours) no expression program can be there, and the
 * pass's walk is not paid (bench/hook_callgrind measures the hook on pgbench's select-only
 * statement in a database with the extension: the test costs less than the walk).
 */
bool calls_added_functions(const PlannedStmt* stmt) {
    ListCell* lc;
    foreach (lc, stmt->invalItems)
        if (static_cast<const PlanInvalItem*>(lfirst(lc))->cacheId == PROCOID)
            return true;
    return false;
}

void add_invalidations(PlannedStmt* stmt, const PlanChanges& changes) {
    ListCell* lc;
    foreach (lc, changes.functions) {
        PlanInvalItem* item = makeNode(PlanInvalItem);
        item->cacheId = PROCOID;
        item->hashValue = GetSysCacheHashValue1(PROCOID, ObjectIdGetDatum(lfirst_oid(lc)));
        stmt->invalItems = lappend(stmt->invalItems, item);
    }
}

/* The finished plan rewritten in place by the accelerator and the fusion, as the settings say. */
PlannedStmt* rewrite_plan(PlannedStmt* stmt) {
    if (stmt->commandType == CMD_UTILITY)
        return stmt;
    // without the accelerator, only an aggregate can change, and the substitutes (a few dozen
    // catalog lookups, once per backend) are not looked up for plans without one
    const bool fuse = aggregates_fused() && statement_has(stmt, is_agg);
    const bool programs = expression_programs && (accelerate_numeric || calls_added_functions(stmt));
    if (!(accelerate_numeric || fuse || programs) || !substitutes_ready())
        return stmt;
    PlanChanges changes{};
    if (accelerate_numeric)
        accelerate_plan(stmt, &changes);
    if (fuse || programs)
        fuse_plan(stmt, fuse, programs, &changes);
    if (changes.functions == NIL)
        return stmt;
    add_invalidations(stmt, changes);
    ereport(DEBUG1, (errmsg_internal("fastnumeric: in this plan %d numeric operator or function calls and "
                                     "%d numeric aggregates run on fastnumeric's functions, %d sums and averages "
                                     "share a row's transition, %d sums of products on fastnumeric_sum_product, "
                                     "%d expression programs, %d sort, grouping, hash or merge operators are "
                                     "fastnumeric's",
                                     changes.calls, changes.aggregates, changes.row_sums, changes.sums_of_products,
                                     changes.programs, changes.operators)));
    list_free(changes.functions);
    return stmt;
}

/*
 * The hook: the previous one's (or the standard planner's) plan, rewritten.  Its parameters are
 * the hook type's, whatever the server's (19 passes an ExplainState more).
 */
template <typename Hook>
struct Planner;

template <typename... Extra>
struct Planner<PlannedStmt* (*)(Query*, const char*, int, ParamListInfo, Extra...)> {
    static PlannedStmt* plan(Query* parse, const char* query_string, int cursor_options, ParamListInfo bound_params,
                             Extra... extra) {
        prepare_estimates(parse);
        return rewrite_plan(previous_planner != nullptr
                                ? previous_planner(parse, query_string, cursor_options, bound_params, extra...)
                                : standard_planner(parse, query_string, cursor_options, bound_params, extra...));
    }
};

}   // namespace

namespace fastnumeric {

void install_planner_hook() {
    previous_planner = planner_hook;
    planner_hook = Planner<planner_hook_type>::plan;
}

}   // namespace fastnumeric
