/*
 * expr_program_text.cpp — an expression program's text: formatting and parsing (see
 * expr_program.hpp).
 */
#include "core/expr_program.hpp"

namespace fastnumeric {
namespace {

constexpr int kMaxOperandDigits = 2;   // "$16"

/* Binding strength in the text: + - 1, * 2, unary - 3, an operand 4. */
int precedence(ExprOp op) {
    switch (op) {
    case ExprOp::Add:
    case ExprOp::Subtract: return 1;
    case ExprOp::Multiply: return 2;
    case ExprOp::Negate: return 3;
    case ExprOp::Operand: break;
    }
    return 4;
}

int arity(ExprOp op) { return op == ExprOp::Operand ? 0 : op == ExprOp::Negate ? 1 : 2; }

/* A bounded writer: `failed` once anything did not fit. */
struct Writer {
    char* out;
    size_t capacity;
    size_t length;
    bool failed;
    void put(char c) {
        if (length + 1 >= capacity) {
            failed = true;
            return;
        }
        out[length++] = c;
    }
    void put(const char* s) {
        while (*s != '\0')
            put(*s++);
    }
};

/* The step where the subtree ending at step `end` starts. */
int subtree_start(const ExprProgram& p, int end) {
    int need = 1;
    int i = end;
    for (; i >= 0; --i) {
        need += arity(p.steps[i].op) - 1;
        if (need == 0)
            break;
    }
    return i;
}

void format_subtree(const ExprProgram& p, int end, Writer* w);

void format_operand(const ExprProgram& p, int end, bool parenthesised, Writer* w) {
    if (parenthesised)
        w->put('(');
    format_subtree(p, end, w);
    if (parenthesised)
        w->put(')');
}

void format_subtree(const ExprProgram& p, int end, Writer* w) {
    const ExprStep& s = p.steps[end];
    const int prec = precedence(s.op);
    switch (s.op) {
    case ExprOp::Operand: {
        char digits[kMaxOperandDigits + 2];
        int n = s.operand + 1, k = 0;
        char reversed[kMaxOperandDigits + 1];
        do {
            reversed[k++] = static_cast<char>('0' + n % 10);
            n /= 10;
        } while (n != 0);
        digits[0] = '$';
        for (int i = 0; i < k; ++i)
            digits[1 + i] = reversed[k - 1 - i];
        digits[1 + k] = '\0';
        w->put(digits);
        return;
    }
    case ExprOp::Negate: {
        w->put('-');
        const int child = end - 1;
        format_operand(p, child, precedence(p.steps[child].op) <= prec, w);   // -(-$1), not --$1
        return;
    }
    default: {
        const int right = end - 1;
        const int left = subtree_start(p, right) - 1;
        format_operand(p, left, precedence(p.steps[left].op) < prec, w);
        w->put(s.op == ExprOp::Add ? " + " : s.op == ExprOp::Subtract ? " - " : " * ");
        format_operand(p, right, precedence(p.steps[right].op) <= prec, w);   // left to right
        return;
    }
    }
}

/* Recursive descent over the text: expr := term {(+|-) term}; term := unary {* unary};
   unary := - unary | primary; primary := $n | ( expr ). */
struct Parser {
    const char* at;
    ExprProgram* out;
    int depth;
    bool failed;

    void skip_spaces() {
        while (*at == ' ')
            ++at;
    }
    void emit(ExprOp op, int operand) {
        if (out->nsteps == kMaxExprSteps) {
            failed = true;
            return;
        }
        out->steps[out->nsteps++] = ExprStep{op, static_cast<uint8_t>(operand)};
    }
    void primary() {
        skip_spaces();
        if (*at == '(') {
            ++at;
            expr();
            skip_spaces();
            if (*at != ')') {
                failed = true;
                return;
            }
            ++at;
            return;
        }
        if (*at != '$' || at[1] < '1' || at[1] > '9') {
            failed = true;
            return;
        }
        ++at;
        int n = 0, k = 0;
        while (*at >= '0' && *at <= '9' && k <= kMaxOperandDigits) {
            n = 10 * n + (*at++ - '0');
            ++k;
        }
        if (n < 1 || n > kMaxExprOperands) {
            failed = true;
            return;
        }
        if (n > out->noperands)
            out->noperands = n;
        emit(ExprOp::Operand, n - 1);
    }
    void unary() {
        skip_spaces();
        if (*at == '-') {
            ++at;
            unary();
            emit(ExprOp::Negate, 0);
            return;
        }
        primary();
    }
    void term() {
        unary();
        for (skip_spaces(); !failed && *at == '*'; skip_spaces()) {
            ++at;
            unary();
            emit(ExprOp::Multiply, 0);
        }
    }
    void expr() {
        if (++depth > kMaxExprSteps) {
            failed = true;
            return;
        }
        term();
        for (skip_spaces(); !failed && (*at == '+' || *at == '-'); skip_spaces()) {
            const ExprOp op = *at == '+' ? ExprOp::Add : ExprOp::Subtract;
            ++at;
            term();
            emit(op, 0);
        }
        --depth;
    }
};

}   // namespace

bool expr_program_valid(const ExprProgram& p) {
    if (p.nsteps < 1 || p.nsteps > kMaxExprSteps || p.noperands < 1 || p.noperands > kMaxExprOperands)
        return false;
    int depth = 0;
    for (int i = 0; i < p.nsteps; ++i) {
        const ExprStep& s = p.steps[i];
        if (s.op > ExprOp::Negate || (s.op == ExprOp::Operand && s.operand >= p.noperands))
            return false;
        depth += 1 - arity(s.op);
        if (depth < 1 || depth > kMaxExprDepth)
            return false;
    }
    return depth == 1;
}

int expr_operator_count(const ExprProgram& p) {
    int n = 0;
    for (int i = 0; i < p.nsteps; ++i)
        n += p.steps[i].op != ExprOp::Operand;
    return n;
}

int format_expr_program(const ExprProgram& p, char* out, size_t capacity) {
    if (capacity == 0 || !expr_program_valid(p))
        return -1;
    Writer w{out, capacity, 0, false};
    format_subtree(p, p.nsteps - 1, &w);
    if (w.failed)
        return -1;
    out[w.length] = '\0';
    return static_cast<int>(w.length);
}

bool parse_expr_program(const char* text, ExprProgram* out) {
    out->nsteps = 0;
    out->noperands = 0;
    out->sum = ExprSum{};
    Parser parser{text, out, 0, false};
    parser.expr();
    parser.skip_spaces();
    if (parser.failed || *parser.at != '\0' || !expr_program_valid(*out))
        return false;
    expr_program_prepare(out);
    return true;
}

}   // namespace fastnumeric
