/*
 * programs.hpp — expression trees of fastnumeric's + - * and unary - as expression programs
 * (core/expr_program.hpp), for the fusion of a plan (fusion.cpp, row_sums.cpp; programs.cpp).
 */
#pragma once

#include "core/expr_program.hpp"   // (src/core before any PostgreSQL header)
#include "pg/planner/plan_tree.hpp"

namespace fastnumeric {

/* A program being built from an expression tree: its steps and its operands' expressions. */
struct ProgramBuilder {
    ExprProgram program;
    List* operands;   // the operand expressions, $1 first
    int depth;
    int operators;
};

/* The function and arguments of an OpExpr or FuncExpr; false for any other node. */
bool call_of(Node* node, Oid* fn, List** args);

/* Appends the Aggrefs of an expression to *(List**) context (a walker: call with a List**). */
bool collect_aggrefs(Node* node, void* context);

/* A column, constant or query parameter of numeric or fastnumeric type: what a program reads. */
bool is_program_operand(Node* node);

/* The program of node with at least `operators` operators, or false. */
bool program_of(Node* node, int operators, ProgramBuilder* b);

/* The program's text (a text Const) followed by its operands, as call arguments. */
List* program_arguments(const ProgramBuilder& b);

/* Our min or max of a program: the program aggregate that can take it, or InvalidOid. */
Oid program_aggregate(const Aggref* aggref);

/* A plan node's expressions that the executor evaluates (not a foreign or custom scan's): each
   tree of two or more of our operators becomes fastnumeric_expr, and in an Agg node each
   aggregate of a program that program_aggregate takes (with all that share its state) the
   program aggregate. */
void fuse_node_programs(Plan* plan, PlanChanges* changes);

}   // namespace fastnumeric
