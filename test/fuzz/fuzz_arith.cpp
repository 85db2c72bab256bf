/*
 * fuzz_arith.cpp — libFuzzer harness for exact + - * (src/core/digit_arith, short_arith).
 *
 * Two operands are drawn from the input (operands.hpp: canonical numeric bodies).  For each
 * operator, against decimal-string arithmetic in reference.hpp:
 *   - NaN/Infinity operands give numeric's special result (numeric.c's case tables,
 *     written out below);
 *   - finite operands: arith_finite (asking for scratch first, then given exactly the
 *     scratch it asked for, so AddressSanitizer sees any overrun), and each path on its own
 *     (add_small / multiply_small when they take the operands, add_digits / multiply_digits
 *     always), give the exact result, stripped, with numeric's dscale (+, -: the larger;
 *     *: the sum, rounded half away from zero to 16383 decimals beyond that), and
 *     fits_numeric_format agrees with the int16 weight range;
 *   - add_short_bodies / multiply_short_bodies, when they answer, write numeric's bytes of
 *     that result; add_short_narrow / multiply_short_narrow answer a subset of those cases
 *     (no zero operand or result, nothing wide), alike;
 *   - the memo: a word names one datum; a memo per operator, kept across inputs, answers
 *     only numeric's result;
 *   - header_after: unary -, + and @ turn an operand's header into that of the result.
 */
#include "core/arith_memo.hpp"
#include "core/digit_arith.hpp"
#include "core/short_arith.hpp"
#include "operands.hpp"

using namespace fastnumeric;

namespace {

const char* op_name(ArithOp op) { return op == ArithOp::Add ? "+" : op == ArithOp::Subtract ? "-" : "*"; }

/* numeric_add / numeric_sub / numeric_mul when an operand is NaN or an infinity. */
Kind expected_special(ArithOp op, const ref::Operand& a, const ref::Operand& b) {
    auto sign = [](const ref::Operand& x) {
        return x.kind == Kind::PosInf   ? 1
               : x.kind == Kind::NegInf ? -1
               : x.value.mag == "0"     ? 0
               : x.value.negative       ? -1
                                        : 1;
    };
    if (a.kind == Kind::NaN || b.kind == Kind::NaN)
        return Kind::NaN;
    switch (op) {
    case ArithOp::Add:
        if (a.kind == Kind::PosInf)
            return b.kind == Kind::NegInf ? Kind::NaN : Kind::PosInf;
        if (a.kind == Kind::NegInf)
            return b.kind == Kind::PosInf ? Kind::NaN : Kind::NegInf;
        return b.kind;   // finite + infinity
    case ArithOp::Subtract:
        if (a.kind == Kind::PosInf)
            return b.kind == Kind::PosInf ? Kind::NaN : Kind::PosInf;
        if (a.kind == Kind::NegInf)
            return b.kind == Kind::NegInf ? Kind::NaN : Kind::NegInf;
        return b.kind == Kind::PosInf ? Kind::NegInf : Kind::PosInf;
    case ArithOp::Multiply: {
        const int s = sign(a) * sign(b);   // infinity times zero is NaN
        return s == 0 ? Kind::NaN : s > 0 ? Kind::PosInf : Kind::NegInf;
    }
    }
    return Kind::NaN;
}

struct Expected {
    ref::Groups groups;
    int dscale;
};

Expected expected_finite(ArithOp op, const ref::Operand& a, const ref::Operand& b) {
    if (op == ArithOp::Multiply) {
        const int dscale = a.dscale + b.dscale;
        const ref::Decimal product = ref::multiply(a.value, b.value);
        if (dscale > ref::kDscaleMax)
            return {ref::to_groups(ref::round_to_scale(product, ref::kDscaleMax)), ref::kDscaleMax};
        return {ref::to_groups(product), dscale};
    }
    const ref::Decimal rhs = op == ArithOp::Subtract ? ref::negate(b.value) : b.value;
    return {ref::to_groups(ref::add(a.value, rhs)), a.dscale > b.dscale ? a.dscale : b.dscale};
}

void check_result(const char* path, ArithOp op, const ref::Operand& a, const ref::Operand& b, const FiniteValue& got,
                  const Expected& want) {
    const int weight = got.ndigits == 0 ? 0 : got.weight;   // zero by value: weight and sign are checked below
    auto where = [&] {
        const ref::Groups g{got.negative, weight, std::vector<int>(got.digits, got.digits + got.ndigits)};
        return std::string(path) + ": " + ref::describe(a) + " " + op_name(op) + " " + ref::describe(b) + "\n got  " +
               ref::describe(g, got.dscale) + "\n want " + ref::describe(want.groups, want.dscale);
    };
    if (got.negative != want.groups.negative || weight != want.groups.weight ||
        !ref::same_digits(got.digits, got.ndigits, want.groups.digits) || got.dscale != want.dscale)
        ref::fail("arithmetic result differs from the reference", where());
    if (got.ndigits == 0 && (got.negative || got.weight != 0))
        ref::fail("zero is positive with weight 0", where());
    const bool fits = want.groups.weight >= -32768 && want.groups.weight <= 32767;
    if (fits_numeric_format(got) != fits)
        ref::fail("fits_numeric_format", where());
}

/* The body as a datum with a 1-byte varlena header (how stored values come), little-endian. */
std::vector<unsigned char> short_header_datum(const std::vector<unsigned char>& body) {
    std::vector<unsigned char> d{static_cast<unsigned char>(((body.size() + 1) << 1) | 1)};
    d.insert(d.end(), body.begin(), body.end());
    return d;
}

/* A datum's memo key as small_datum_word takes it: datums of at most 8 bytes. */
bool datum_key(const std::vector<unsigned char>& datum, uint64_t* key) {
    if (datum.size() > 8)
        return false;
    *key = memo_word(datum.data(), datum.size());
    // equal words must be equal datums: the word is the datum's bytes, byte i in bits 8i..8i+7,
    // zeros after them, and the first byte (the varlena header) holds the size; no word is 0
    // or the constant's key
    uint64_t bytes = 0;
    for (size_t i = 0; i < datum.size(); ++i)
        bytes |= static_cast<uint64_t>(datum[i]) << (8 * i);
    if (*key != bytes || *key == 0 || *key == kMemoConstantKey)
        ref::fail("a memo word names one datum", ref::hex(datum));
    return true;
}

/* a op b against `want`, the reference's result when both are finite. */
void check_operator(ArithOp op, const ref::Operand& a, const ref::Operand& b, const Expected& want) {
    const NumericView va = a.view(), vb = b.view();
    if (a.kind != Kind::Finite || b.kind != Kind::Finite) {
        ref::check(arith_special(op, va, vb) == expected_special(op, a, b), "special result",
                   ref::describe(a) + " " + op_name(op) + " " + ref::describe(b));
        return;
    }
    SmallDigits small;
    FiniteValue got;
    int needed = -1;
    const bool machine_integers =
        arith_finite(op, va, vb, &small, DigitBuffer{nullptr, 0}, &needed, &got) == ArithStatus::Ok;
    if (machine_integers) {
        check_result("arith_finite (machine integers)", op, a, b, got, want);
    } else {
        ref::check(needed > 0, "NeedScratch names a size");
        std::unique_ptr<uint16_t[]> scratch(new uint16_t[needed]);
        int again = -1;
        ref::check(
            arith_finite(op, va, vb, &small, DigitBuffer{scratch.get(), needed}, &again, &got) == ArithStatus::Ok,
            "arith_finite with the scratch it asked for");
        check_result("arith_finite (digits)", op, a, b, got, want);
    }

    // the body-to-body paths for small short-header operands: numeric's bytes when they answer
    auto want_bytes = [&] { return ref::encode_body(want.groups, want.dscale); };
    auto where = [&] { return ref::describe(a) + " " + op_name(op) + " " + ref::describe(b); };
    unsigned char complete[kShortBodyBytes];
    const int complete_size =
        op == ArithOp::Multiply
            ? multiply_short_bodies(a.body.data(), a.body.size(), b.body.data(), b.body.size(), complete)
            : add_short_bodies(a.body.data(), a.body.size(), b.body.data(), b.body.size(), op == ArithOp::Subtract,
                               complete);
    if (complete_size != 0 && std::vector<unsigned char>(complete, complete + complete_size) != want_bytes())
        ref::fail("short_arith bytes differ from numeric's",
                  where() + "\n got  " + ref::hex(std::vector<unsigned char>(complete, complete + complete_size)) +
                      "\n want " + ref::hex(want_bytes()));
    // the narrow path: a subset of the complete one (nonzero operands, results of at most
    // four groups before stripping), the same bytes
    unsigned char narrow[kNarrowBodyBytes];
    const int narrow_size = op == ArithOp::Multiply ? multiply_short_narrow(a.body.data(), a.body.size(), b.body.data(),
                                                                            b.body.size(), narrow)
                                                    : add_short_narrow(a.body.data(), a.body.size(), b.body.data(),
                                                                       b.body.size(), op == ArithOp::Subtract, narrow);
    if (narrow_size != 0) {
        ref::check(complete_size == narrow_size && std::memcmp(narrow, complete, narrow_size) == 0,
                   "the narrow path answers like the complete one", where());
        ref::check(narrow_size > 2 && a.body.size() > 2 && b.body.size() > 2, "the narrow path takes no zero", where());
    } else if (complete_size > 2 && a.body.size() > 2 && b.body.size() > 2) {
        // declined a nonzero small result: only one of more than four groups before stripping,
        // counted from the result's weight down to the operands' lowest (sum) or summed
        // lowest (product) group
        const int low_a = va.weight - va.ndigits + 1, low_b = vb.weight - vb.ndigits + 1;
        const int low = op == ArithOp::Multiply ? low_a + low_b : low_a < low_b ? low_a : low_b;
        ref::check(want.groups.weight - low + 1 > 4, "the narrow path declines only wide results", where());
    }

    // the memo (arith_memo.hpp): words name datums, and a memo kept across inputs (one per
    // operator, as one per call site) answers only numeric's result
    uint64_t ka, kb;
    if (datum_key(short_header_datum(a.body), &ka) && datum_key(short_header_datum(b.body), &kb)) {
        static ArithMemo memos[3];   // zeroed = empty
        ArithMemo* memo = &memos[static_cast<int>(op)];
        // the image, as this harness stores it: the body's size, then the body
        if (const ArithMemoEntry* e = memo_lookup(memo, ka, kb)) {
            ref::check(std::vector<unsigned char>(e->image + 1, e->image + 1 + e->image[0]) == want_bytes(),
                       "a memo hit is numeric's result", where());
        }
        if (narrow_size != 0) {
            unsigned char image[kMemoImageBytes] = {static_cast<unsigned char>(narrow_size)};
            std::memcpy(image + 1, narrow, kNarrowBodyBytes);
            memo_store(memo, ka, kb, image);
            ref::check(memo_lookup(memo, ka, kb) != nullptr, "a stored pair is found", where());
        }
    }

    // each path on its own (the digit path again only if arith_finite did not take it: the
    // same call on the same operands with the same scratch size)
    if (op == ArithOp::Multiply) {
        if (multiply_small(va, vb, &small, &got))
            check_result("multiply_small", op, a, b, got, want);
        if (!machine_integers)
            return;
        const int n = multiply_digits_needed(va, vb);
        std::unique_ptr<uint16_t[]> scratch(new uint16_t[n]);
        multiply_digits(va, vb, scratch.get(), &got);
        check_result("multiply_digits", op, a, b, got, want);
    } else {
        const bool subtract = op == ArithOp::Subtract;
        if (add_small(va, vb, subtract, &small, &got))
            check_result("add_small", op, a, b, got, want);
        if (!machine_integers)
            return;
        const int n = add_digits_needed(va, vb);
        std::unique_ptr<uint16_t[]> scratch(new uint16_t[n > 0 ? n : 1]);
        add_digits(va, vb, subtract, scratch.get(), &got);
        check_result("add_digits", op, a, b, got, want);
    }
}

/* The header word of the body of -x, +x and @x, as the reference encodes them. */
void check_unary(const ref::Operand& x) {
    const NumericView v = x.view();
    const uint16_t header = load_u16(x.body.data());
    auto first_word = [](const std::vector<unsigned char>& body) { return load_u16(body.data()); };
    uint16_t neg, abs;
    if (x.kind != Kind::Finite) {
        const Kind negated = x.kind == Kind::NaN ? Kind::NaN : x.kind == Kind::PosInf ? Kind::NegInf : Kind::PosInf;
        neg = first_word(ref::special_body(negated));
        abs = first_word(ref::special_body(x.kind == Kind::NaN ? Kind::NaN : Kind::PosInf));
    } else {
        const ref::Groups g = ref::to_groups(x.value);
        ref::Groups n = g, a = g;
        n.negative = !g.negative && !g.digits.empty();
        a.negative = false;
        neg = first_word(ref::encode_body(n, x.dscale));
        abs = first_word(ref::encode_body(a, x.dscale));
    }
    if (header_after(SignOp::Negate, header, v.ndigits) != neg)
        ref::fail("unary minus header", ref::describe(x));
    if (header_after(SignOp::Absolute, header, v.ndigits) != abs)
        ref::fail("abs header", ref::describe(x));
    if (header_after(SignOp::Plus, header, v.ndigits) != header)
        ref::fail("unary plus header", ref::describe(x));
}

/*
 * Where the two operands lie.  add_digits' time grows with the span from the operands'
 * highest group to their lowest; every path is crossed at spans of a few dozen groups.
 *   - 60 in 64 near the point (operands.hpp's kNear): the machine-integer boundaries (4, 9
 *     and 10 groups), carries and borrows across groups, operands apart, the long header;
 *   - 3 in 64 both nonzero within 40 decimals of one exponent (operands.hpp's around):
 *     anywhere numeric stores a digit, or at a limit: the lowest decimal (dscale 16383);
 *     half of it (products round to 16383 decimals); tops near 10^65535 (products pass
 *     weight 32767: overflow); the highest group (a carry takes a sum past it);
 *   - 1 in 64 each operand far with odds 1 in 2 (kWide's range): thousands of groups apart.
 */
ref::Placement consume_placement(FuzzedDataProvider& in) {
    const int choice = in.ConsumeIntegralInRange(0, 63);
    if (choice < 60)
        return ref::kNear;
    if (choice == 63)
        return ref::Placement{2, ref::kWide.far_low, ref::kWide.far_high};
    constexpr int kTop = 4 * ref::kWeightMax + 3;   // the highest decimal a value can have
    int e;
    switch (in.ConsumeIntegralInRange(0, 4)) {
    case 0: e = -ref::kDscaleMax; break;
    case 1: e = -ref::kDscaleMax / 2; break;
    case 2: e = kTop / 2 - 20; break;   // minus a typical operand's length
    case 3: e = kTop; break;
    default: e = in.ConsumeIntegralInRange(-ref::kDscaleMax, kTop); break;
    }
    return ref::around(e);
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    const ref::Placement where = consume_placement(in);
    const ref::Operand a = ref::consume_operand(in, true, where);
    const ref::Operand b = ref::consume_operand(in, true, where);
    for (ArithOp op : {ArithOp::Add, ArithOp::Subtract, ArithOp::Multiply}) {
        // b op a is the same exact value, negated for -: the reference computes it once
        const bool finite = a.kind == Kind::Finite && b.kind == Kind::Finite;
        const Expected ab = finite ? expected_finite(op, a, b) : Expected{};
        Expected ba = ab;
        if (op == ArithOp::Subtract)
            ba.groups.negative = !ab.groups.negative && !ab.groups.digits.empty();
        check_operator(op, a, b, ab);
        check_operator(op, b, a, ba);
    }
    check_unary(a);
    return 0;
}
