/*
 * row_programs.cpp — the programs of a shared transition's sums as one graph of operations over
 * their operands, and its scales (see expr_program.hpp).
 */
#include "core/expr_program.hpp"

namespace fastnumeric {
namespace {

/* The node of (op, a, b) in the graph, added when new; -1 when the graph is full. */
int row_node(RowGraph* graph, ExprOp op, int a, int b) {
    for (int i = 0; i < graph->nnodes; ++i) {
        const RowNode& n = graph->nodes[i];
        if (n.op == op && n.a == a && n.b == b)
            return graph->first + i;
    }
    if (graph->nnodes == kMaxRowNodes)
        return -1;
    graph->nodes[graph->nnodes++] = RowNode{op, static_cast<uint8_t>(a), static_cast<uint8_t>(b)};
    return graph->first + graph->nnodes - 1;
}

/* The programs' steps as nodes, each subexpression once; false when they do not fit. */
bool build_row_graph(RowPrograms* r) {
    RowGraph& graph = r->graph;
    graph = RowGraph{};
    graph.first = r->noperands;
    for (int i = 0; i < r->nsums; ++i) {
        const ExprProgram& p = r->sums[i];
        int stack[kMaxExprDepth];
        int depth = 0;
        for (int k = 0; k < p.nsteps; ++k) {
            const ExprStep& s = p.steps[k];
            int node;
            if (s.op == ExprOp::Operand)
                node = s.operand;   // operands are values 0 .. noperands - 1
            else if (s.op == ExprOp::Negate)
                node = row_node(&graph, s.op, stack[depth - 1], 0), --depth;
            else
                node = row_node(&graph, s.op, stack[depth - 2], stack[depth - 1]), depth -= 2;
            if (node < 0)
                return false;
            stack[depth++] = node;
        }
        graph.result[i] = static_cast<uint8_t>(stack[0]);
    }
    return true;
}

}   // namespace

bool row_scales_of(const RowGraph& graph, const int32_t* dscales, RowScales* out) {
    for (int k = 0; k < graph.first; ++k) {
        out->dscale[k] = out->node_dscale[k] = dscales[k];
        out->low[k] = fixed_low(dscales[k]);
    }
    for (int i = 0; i < graph.nnodes; ++i) {
        const RowNode& n = graph.nodes[i];
        const int v = graph.first + i;
        const int32_t la = out->low[n.a], lb = out->low[n.b];
        const int32_t da = out->node_dscale[n.a], db = out->node_dscale[n.b];
        out->align_a[i] = out->align_b[i] = 1;
        switch (n.op) {
        case ExprOp::Negate:
            out->low[v] = la;
            out->node_dscale[v] = da;
            break;
        case ExprOp::Multiply:
            out->low[v] = la + lb;
            out->node_dscale[v] = da + db;
            break;
        default: {   // + and -: at the finer scale, of the larger dscale
            const int32_t low = la < lb ? la : lb;
            if (la - low >= kInt64Groups || lb - low >= kInt64Groups)
                return false;
            out->align_a[i] = static_cast<int64_t>(power_of_base(la - low));
            out->align_b[i] = static_cast<int64_t>(power_of_base(lb - low));
            out->low[v] = low;
            out->node_dscale[v] = da > db ? da : db;
            break;
        }
        }
    }
    return true;
}

bool parse_row_programs(const char* text, RowPrograms* out) {
    *out = RowPrograms{};
    char piece[kMaxProgramText];
    for (const char* at = text;;) {
        const char* end = at;
        while (*end != '\0' && *end != ';')
            ++end;
        const size_t n = static_cast<size_t>(end - at);
        if (out->nsums == kMaxRowSums || n >= sizeof piece)
            return false;
        for (size_t i = 0; i < n; ++i)
            piece[i] = at[i];
        piece[n] = '\0';
        ExprProgram& p = out->sums[out->nsums];
        if (!parse_expr_program(piece, &p))
            return false;
        uint32_t reads = 0;
        for (int i = 0; i < p.nsteps; ++i)
            if (p.steps[i].op == ExprOp::Operand)
                reads |= uint32_t{1} << p.steps[i].operand;
        out->reads[out->nsums++] = reads;
        if (p.noperands > out->noperands)
            out->noperands = p.noperands;
        if (*end == '\0')
            return build_row_graph(out);
        at = end + 1;
    }
}

}   // namespace fastnumeric
