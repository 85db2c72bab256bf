/*
 * expr_program.cpp — see expr_program.hpp.
 */
#include "core/expr_program.hpp"

#include "core/magnitude.hpp"

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

/* The operand's value, or false for anything but a small short value. */
inline bool operand_value(const ExprOperand& o, ExactValue* v) {
    SmallShortValue s;
    if (!read_small_short(o.body, o.len, &s))
        return false;
    const int128_t m = static_cast<int128_t>(s.digits);
    *v = ExactValue{s.negative ? -m : m, s.low, s.dscale};
    return true;
}

/* -2^127, which has no negation. */
inline bool is_int128_min(int128_t x) { return static_cast<uint128_t>(x) == uint128_t{1} << 127; }

/*
 * Whether x is an int64: then a product with another int64 fits int128 as one 64 x 64 -> 128
 * multiplication, where __builtin_mul_overflow on int128 calls a library routine (Q1's two
 * programs spent about 350 instructions a row there).
 */
inline bool is_int64(int128_t x) { return x == static_cast<int64_t>(x); }

/* x * y, false when it overflows. */
inline bool multiplied(int128_t x, int128_t y, int128_t* out) {
    if (__builtin_expect(is_int64(x) && is_int64(y), 1)) {
        *out = static_cast<int128_t>(static_cast<int64_t>(x)) * static_cast<int64_t>(y);
        return true;
    }
    return !__builtin_mul_overflow(x, y, out);
}

/* x * 10000^k without overflow, k >= 0. */
inline bool scaled(int128_t x, int k, int128_t* out) {
    if (k == 0) {
        *out = x;
        return true;
    }
    return k < kUint128MaxGroups && multiplied(x, static_cast<int128_t>(power_of_base_128(k)), out);
}

/* x + y, or x - y: exact at the lower of their scales, the larger dscale. */
inline bool add_values(const ExactValue& x, const ExactValue& y, bool subtract, ExactValue* out) {
    const int dscale = x.dscale > y.dscale ? x.dscale : y.dscale;
    if (y.value == 0) {   // zero takes no part in the alignment
        *out = ExactValue{x.value, x.low, dscale};
        return true;
    }
    if (x.value == 0) {
        if (subtract && is_int128_min(y.value))
            return false;
        *out = ExactValue{subtract ? -y.value : y.value, y.low, dscale};
        return true;
    }
    const int low = x.low < y.low ? x.low : y.low;
    int128_t a, b, r;
    if (!scaled(x.value, x.low - low, &a) || !scaled(y.value, y.low - low, &b) ||
        (subtract ? __builtin_sub_overflow(a, b, &r) : __builtin_add_overflow(a, b, &r)))
        return false;
    *out = ExactValue{r, low, dscale};
    return true;
}

}  // namespace

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
    Parser parser{text, out, 0, false};
    parser.expr();
    parser.skip_spaces();
    return !parser.failed && *parser.at == '\0' && expr_program_valid(*out);
}

bool expr_eval_small(const ExprProgram& p, const ExprOperand* operands, ExactValue* out) {
    ExactValue stack[kMaxExprDepth];
    int depth = 0;
    for (int i = 0; i < p.nsteps; ++i) {
        const ExprStep s = p.steps[i];
        switch (s.op) {
        case ExprOp::Operand:
            if (!operand_value(operands[s.operand], &stack[depth]))
                return false;
            ++depth;
            break;
        case ExprOp::Negate: {
            ExactValue& x = stack[depth - 1];
            if (is_int128_min(x.value))
                return false;
            x.value = -x.value;
            break;
        }
        case ExprOp::Multiply: {
            const ExactValue& x = stack[depth - 2];
            const ExactValue& y = stack[depth - 1];
            int128_t r;
            if (!multiplied(x.value, y.value, &r))
                return false;
            const int dscale = x.dscale + y.dscale;
            if (dscale > kDscaleMax)
                return false;   // numeric rounds there
            stack[depth - 2] = ExactValue{r, x.low + y.low, dscale};
            --depth;
            break;
        }
        case ExprOp::Add:
        case ExprOp::Subtract:
            if (!add_values(stack[depth - 2], stack[depth - 1], s.op == ExprOp::Subtract, &stack[depth - 2]))
                return false;
            --depth;
            break;
        }
    }
    *out = stack[0];
    return true;
}

FiniteValue exact_finite_value(const ExactValue& v, uint16_t digits[kUint128MaxGroups]) {
    const bool negative = v.value < 0;
    const uint128_t m = negative ? -static_cast<uint128_t>(v.value) : static_cast<uint128_t>(v.value);
    const int n = write_magnitude_digits(m, digits + kUint128MaxGroups);
    return stripped(FiniteValue{negative, v.low + n - 1, v.dscale, digits + kUint128MaxGroups - n, n});
}

}  // namespace fastnumeric
