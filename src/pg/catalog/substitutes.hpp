/*
 * substitutes.hpp — fastnumeric's functions that a plan may call where it calls numeric's, as
 * this database offers them (substitutes.cpp).
 */
#pragma once

#include "core/arith_op.hpp"
#include "pg_compat.hpp"

namespace fastnumeric {

/* Looks fastnumeric's functions up (once per backend, again after any change to pg_proc);
   false when this database has none to substitute. */
bool substitutes_ready();

/* Ours for numeric's function (aggregate false) or aggregate (true) fn, or InvalidOid.
   *relabel_window_args, for an aggregate: its window form wants the arguments relabelled to
   fastnumeric (its state is an input value). */
Oid substitute_for(Oid fn, bool aggregate, bool* relabel_window_args = nullptr);

/* Whether fn is one of the forms of our op (each of + - * serves every mix of fastnumeric and
   numeric operands), our unary minus or plus, and our sum. */
bool is_our_arith(Oid fn, ArithOp op);
bool is_our_sign(Oid fn);
Oid our_sum();

/* fastnumeric_sum_product(a, b), or InvalidOid (needs our sum and our *). */
Oid sum_product_function();

/* Ours for numeric's = < or > (what sort, grouping, hash and merge support is found through),
   or InvalidOid; *code: the function ours calls. */
Oid substitute_operator(Oid opno, Oid* code);

/* Our btree family for a merge clause of numeric's = ordered in opfamily (numeric's, or ours,
   which lists numeric's operators too), or InvalidOid. */
Oid substitute_merge_family(Oid opfamily);

/* Ours for numeric's hash support function (a hashed = ANY keeps it), or InvalidOid. */
Oid substitute_hash_function(Oid fn);

}   // namespace fastnumeric
