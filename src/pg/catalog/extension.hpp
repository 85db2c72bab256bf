/*
 * extension.hpp — where this database keeps the extension's objects, and the tree walkers
 * the planner hooks share.
 */
#pragma once

#include "pg_compat.hpp"

extern "C" {
#include "nodes/nodeFuncs.h"
}

namespace fastnumeric {

/* The fastnumeric type of this database's extension, the schema it lives in and the
   extension's own OID, or InvalidOid when the extension is not created; looked up once and
   again after any change to pg_type. */
Oid fastnumeric_type();
Oid fastnumeric_schema();
Oid fastnumeric_extension();

/* expression_tree_walker and query_tree_walker, whose callback type before 16 is an
   unprototyped C function. */
using TreeWalker = bool (*)(Node*, void*);

inline bool walk_expression(Node* node, TreeWalker walker, void* context) {
#if PG_VERSION_NUM >= 160000
    return expression_tree_walker(node, walker, context);
#else
    return expression_tree_walker(node, reinterpret_cast<bool (*)()>(reinterpret_cast<void (*)()>(walker)), context);
#endif
}

inline bool walk_query(Query* query, TreeWalker walker, void* context) {
#if PG_VERSION_NUM >= 160000
    return query_tree_walker(query, walker, context, 0);
#else
    return query_tree_walker(query, reinterpret_cast<bool (*)()>(reinterpret_cast<void (*)()>(walker)), context, 0);
#endif
}

}   // namespace fastnumeric
