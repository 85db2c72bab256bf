/*
 * digit_arith.cpp — see digit_arith.hpp.
 *
 * Machine-integer paths: an operand is its digits read as one integer at a scale of F
 * fractional digit groups (value * 10000^F).  Sums of up to kInt64Groups groups go through
 * 64 bits (wider ones are cheaper as digits than as 128-bit integers and their divisions);
 * products of operands holding up to kUint128MaxGroups groups together go through 128 bits
 * with __builtin_mul_overflow deciding, larger ones straight to the digit arrays.
 * The digit-array paths give numeric's exact results (add_abs, sub_abs, mul_var with the
 * product's full scale): sums copy one operand and add the other in place; products work on
 * limbs of two groups (see "Multiplication" below).
 */
#include "core/digit_arith.hpp"

#include "core/magnitude.hpp"
#include "core/numeric_order.hpp"
#include "core/rounding.hpp"

namespace fastnumeric {

namespace {

/* Digit groups of v as an integer at `scale` fractional groups (scale >= fraction_groups). */
inline int groups_at_scale(const NumericView& v, int scale) { return v.weight + 1 + scale; }

/* |v| * 10000^scale, exact; the caller has checked groups_at_scale() fits UInt. */
template <typename UInt>
inline UInt magnitude_at_scale(const NumericView& v, int scale) {
    return read_magnitude<UInt>(v, groups_at_scale(v, scale) - v.ndigits);
}

/* The stripped value ±m / 10000^scale with the given dscale, digits in `small`. */
FiniteValue value_of_magnitude(uint128_t m, bool negative, int scale, int dscale, SmallDigits* small) {
    uint16_t* const end = small->digits + kSmallResultDigits;
    const int n = write_magnitude_digits(m, end);
    FiniteValue v;
    v.negative = negative;
    v.digits = end - n;
    v.ndigits = n;
    v.weight = n - 1 - scale;
    v.dscale = dscale;
    return stripped(v);
}

inline int max_int(int a, int b) { return a > b ? a : b; }
inline int min_int(int a, int b) { return a < b ? a : b; }

/* Positions (powers of 10000) of the digit groups a sum of a and b can have. */
struct Span {
    int high;
    int low;
    int size() const { return high - low + 1; }
};

Span sum_span(const NumericView& a, const NumericView& b) {
    const int low_a = a.ndigits ? a.weight - a.ndigits + 1 : 0;
    const int low_b = b.ndigits ? b.weight - b.ndigits + 1 : 0;
    return Span{max_int(a.weight, b.weight) + 1, min_int(low_a, low_b)};
}

}   // namespace

bool add_small(const NumericView& a, const NumericView& b, bool subtract, SmallDigits* small, FiniteValue* out) {
    if (a.ndigits > kInt64Groups || b.ndigits > kInt64Groups)
        return false;   // more groups than below (groups_at_scale >= ndigits): no need to align
    const int scale = max_int(fraction_groups(a), fraction_groups(b));
    const int groups = max_int(groups_at_scale(a, scale), groups_at_scale(b, scale));
    const bool neg_b = b.negative != subtract;
    const int dscale = max_int(a.dscale, b.dscale);
    if (groups <= kInt64Groups) {
        const int64_t ma = static_cast<int64_t>(magnitude_at_scale<uint64_t>(a, scale));
        const int64_t mb = static_cast<int64_t>(magnitude_at_scale<uint64_t>(b, scale));
        const int64_t sum = (a.negative ? -ma : ma) + (neg_b ? -mb : mb);   // |sum| < 2*10^16
        *out = value_of_magnitude(static_cast<uint64_t>(sum < 0 ? -sum : sum), sum < 0, scale, dscale, small);
        return true;
    }
    return false;
}

bool multiply_small(const NumericView& a, const NumericView& b, SmallDigits* small, FiniteValue* out) {
    if (a.ndigits + b.ndigits > kUint128MaxGroups)
        return false;   // more groups than below (groups_at_scale >= ndigits): no need to align
    const int scale_a = fraction_groups(a), scale_b = fraction_groups(b);
    const int groups_a = groups_at_scale(a, scale_a), groups_b = groups_at_scale(b, scale_b);
    if ((scale_a + scale_b) * kDecDigits > kDscaleMax)
        return false;   // numeric rounds such products to kDscaleMax decimals: the digit path does
    uint128_t product;
    if (groups_a <= kInt64Groups && groups_b <= kInt64Groups) {
        product = static_cast<uint128_t>(magnitude_at_scale<uint64_t>(a, scale_a)) *
                  magnitude_at_scale<uint64_t>(b, scale_b);   // < 10^32: one multiply
    } else if (groups_a + groups_b <= kUint128MaxGroups) {    // beyond, it would nearly always overflow
        if (__builtin_mul_overflow(magnitude_at_scale<uint128_t>(a, scale_a), magnitude_at_scale<uint128_t>(b, scale_b),
                                   &product))
            return false;
    } else {
        return false;
    }
    // The product has no more than kDscaleMax decimals: numeric's rounding to kDscaleMax
    // leaves it as it is and only caps the dscale.
    const int dscale = min_int(a.dscale + b.dscale, kDscaleMax);
    *out = value_of_magnitude(product, a.negative != b.negative, scale_a + scale_b, dscale, small);
    return true;
}

int add_digits_needed(const NumericView& a, const NumericView& b) { return sum_span(a, b).size(); }

namespace {

/* n zero groups at r: mostly one (the carry's group) or none (the tail of aligned operands). */
inline void zero_groups(uint16_t* r, int n) {
    if (n == 1)
        *r = 0;
    else if (n > 1)
        std::memset(r, 0, 2 * static_cast<size_t>(n));
}

/* r[0..n) = v's digits placed with its first at r[offset], zeros around them. */
inline void place_digits(uint16_t* r, int n, const NumericView& v, int offset) {
    zero_groups(r, offset);
    std::memcpy(r + offset, v.digits, 2 * static_cast<size_t>(v.ndigits));
    const int tail = offset + v.ndigits;
    zero_groups(r + tail, n - tail);
}

/*
 * r += v (magnitudes), v's first digit at r[offset]; r[0..offset) holds room for the carry
 * (offset >= 1, and the sum fits: the top group of a span is the carry's).
 */
inline void add_into(uint16_t* r, const NumericView& v, int offset) {
    uint16_t* d = r + offset + v.ndigits;
    unsigned carry = 0;
    for (int j = v.ndigits - 1; j >= 0; --j) {
        const unsigned s = *--d + load_u16(v.digits + 2 * j) + carry;
        carry = s >= kBase;
        *d = static_cast<uint16_t>(carry ? s - kBase : s);
    }
    while (carry) {   // through the groups above v's: 9999s turn to 0, the first other takes it
        const unsigned s = *--d + 1u;
        carry = s == kBase;
        *d = static_cast<uint16_t>(carry ? 0 : s);
    }
}

/* r -= v (magnitudes, r the larger), v's first digit at r[offset]. */
inline void subtract_from(uint16_t* r, const NumericView& v, int offset) {
    uint16_t* d = r + offset + v.ndigits;
    int borrow = 0;
    for (int j = v.ndigits - 1; j >= 0; --j) {
        const int s = *--d - load_u16(v.digits + 2 * j) - borrow;
        borrow = s < 0;   // (0 or 1: the sign bit)
        *d = static_cast<uint16_t>(s + (kBase & -borrow));
    }
    while (borrow) {   // zeros turn to 9999 until a nonzero group pays
        const unsigned x = *--d;
        borrow = x == 0;
        *d = static_cast<uint16_t>(borrow ? kBase - 1 : x - 1);
    }
}

}   // namespace

/*
 * numeric's add_abs / sub_abs over the span of both operands: one operand's digits are
 * copied into place (memcpy), the other's added or subtracted group by group, the carry or
 * borrow carried on only as far as it goes.
 */
namespace {

void add_in_span(const NumericView& a, const NumericView& b, bool subtract, Span span, uint16_t* scratch,
                 FiniteValue* out) {
    const int n = span.size();
    const bool neg_b = b.negative != subtract;
    FiniteValue v;
    v.dscale = max_int(a.dscale, b.dscale);
    v.weight = span.high;
    v.digits = scratch;
    v.ndigits = n;
    if (a.negative == neg_b) {
        // |a| + |b|, sign of a: the longer copied, the shorter added
        v.negative = a.negative;
        const NumericView& copied = a.ndigits >= b.ndigits ? a : b;
        const NumericView& added = a.ndigits >= b.ndigits ? b : a;
        place_digits(scratch, n, copied, span.high - copied.weight);
        add_into(scratch, added, span.high - added.weight);
    } else {
        // the larger magnitude minus the smaller, sign of the larger
        const int cmp = compare_magnitudes(a, b);
        const NumericView& big = cmp >= 0 ? a : b;
        const NumericView& little = cmp >= 0 ? b : a;
        v.negative = cmp >= 0 ? a.negative : neg_b;
        place_digits(scratch, n, big, span.high - big.weight);
        subtract_from(scratch, little, span.high - little.weight);
    }
    *out = stripped(v);
}

}   // namespace

void add_digits(const NumericView& a, const NumericView& b, bool subtract, uint16_t* scratch, FiniteValue* out) {
    add_in_span(a, b, subtract, sum_span(a, b), scratch, out);
}

namespace {

/*
 * Multiplication works on limbs of two digit groups (base 10^8, below 2^32): a quarter of
 * the multiplications of group by group.  A product of two limbs is below 10^16, so a
 * 64-bit column of the product takes kColumnTerms of them, and a carry from the column
 * below, before carries must be propagated.
 */
constexpr uint64_t kLimbBase = power_of_base(2);
constexpr int kColumnTerms = 1800;
// With a carry in of at most kColumnTerms * (10^8 - 1), a column is at most
// kColumnTerms * (10^8 - 1) * 10^8 and its carry out again at most kColumnTerms * (10^8 - 1).
static_assert(static_cast<uint128_t>(kColumnTerms) * (kLimbBase - 1) * kLimbBase < (static_cast<uint128_t>(1) << 64),
              "a column of kColumnTerms products and its carry fit 64 bits");

/* Limbs and columns are carved out of the caller's uint16 scratch: views that may alias it. */
typedef uint32_t limb_t __attribute__((may_alias));
typedef uint64_t column_t __attribute__((may_alias));

inline int limb_count(int ndigits) { return (ndigits + 1) / 2; }

/*
 * v's digits as limbs paired from its last group, least significant first (an odd count
 * leaves the first group alone in the last limb).  Returns the limb count.
 */
int limbs_of(const NumericView& v, limb_t* out) {
    limb_t* o = out;
    const unsigned char* const first = v.digits;      // (a local: stores through limb_t may alias v)
    const unsigned char* p = first + 2 * v.ndigits;   // just past the last group
    for (; p - first >= 4; p -= 4)
        *o++ = load_u16(p - 4) * static_cast<uint32_t>(kBase) + load_u16(p - 2);
    if (p != first)
        *o++ = load_u16(first);
    return static_cast<int>(o - out);
}

/* A limb below 10^8 as its two groups, stored just before p (one store of both). */
inline uint16_t* store_limb(uint16_t* p, uint32_t limb) {
    const uint32_t high = limb / kBase;
    uint32_t pair;       // the two groups in memory order
    if (kLittleEndian)   // high | (limb - high * 10000) << 16, with one multiplication
        pair = (limb << 16) - high * (kBase * 65536u - 1);
    else
        pair = high << 16 | (limb - high * kBase);
    std::memcpy(p - 2, &pair, sizeof pair);
    return p - 2;
}

/* Columns c[0..n) (least significant first) with their carries propagated, in place. */
void propagate_carries(column_t* c, int n) {
    uint64_t carry = 0;
    for (int k = 0; k < n; ++k) {
        const uint64_t v = c[k] + carry;
        carry = v / kLimbBase;
        c[k] = v - carry * kLimbBase;
    }
}

/*
 * The product of x (nx limbs) and y (ny limbs), both least significant first, as
 * 2 * (nx + ny) groups ending just before `end`; c: room for nx + ny columns.  Row by row
 * (operand scanning): each limb of x times all of y is added into the columns with no carry
 * at all (the inner loop is a multiply-add), and the carries run once through the columns at
 * the end: the columns take up to kColumnTerms rows, so only a factor of more limbs than that
 * needs a pass in between.
 */
void product_groups(const limb_t* x, int nx, const limb_t* y, int ny, column_t* c, uint16_t* end) {
    const uint64_t x0 = x[0];
    for (int j = 0; j < ny; ++j)
        c[j] = x0 * y[j];
    c[ny] = 0;
    for (int i = 1, rows_left = kColumnTerms - 1; i < nx; ++i, --rows_left) {
        if (rows_left == 0) {
            propagate_carries(c, i + ny);   // every column then holds less than one more row
            rows_left = kColumnTerms - 1;
        }
        const uint64_t xi = x[i];
        column_t* row = c + i;
#pragma GCC unroll 4
        for (int j = 0; j < ny; ++j)
            row[j] += xi * y[j];
        row[ny] = 0;
    }
    uint16_t* p = end;
    uint64_t carry = 0;
    for (int k = 0; k < nx + ny; ++k) {
        const uint64_t v = c[k] + carry;
        carry = v / kLimbBase;
        p = store_limb(p, static_cast<uint32_t>(v - carry * kLimbBase));
    }
}

/*
 * The product by a factor of NX limbs (NX <= kShortFactorLimbs), column by column with the
 * factor's limbs and a window of the NX limbs of y that meet them in registers: each column
 * is NX multiply-adds and one split, no column is stored before its carry is known.
 * y holds ny limbs, least significant first, then NX - 1 zero limbs (the last columns).
 */
constexpr int kShortFactorLimbs = 6;

template <int NX>
void product_by_short(const limb_t* x, const limb_t* y, int ny, uint16_t* end) {
    // (the loops over NX unrolled: the arrays then live in registers)
    uint64_t f[NX], w[NX];   // w[i]: y's limb k - i in column k
#pragma GCC unroll 8
    for (int i = 0; i < NX; ++i) {
        f[i] = x[i];
        w[i] = 0;
    }
    uint16_t* p = end;
    uint64_t carry = 0;
    for (int k = 0; k < ny + NX - 1; ++k) {
#pragma GCC unroll 8
        for (int i = NX - 1; i > 0; --i)
            w[i] = w[i - 1];
        w[0] = y[k];
        uint64_t v = carry;
#pragma GCC unroll 8
        for (int i = 0; i < NX; ++i)
            v += f[i] * w[i];
        carry = v / kLimbBase;
        p = store_limb(p, static_cast<uint32_t>(v - carry * kLimbBase));
    }
    store_limb(p, static_cast<uint32_t>(carry));   // the product fits: the top limb is below 10^8
}

/* product_by_short for nx = 1 .. kShortFactorLimbs; false for more. */
bool product_short_factor(const limb_t* x, int nx, const limb_t* y, int ny, uint16_t* end) {
    switch (nx) {
    case 1: product_by_short<1>(x, y, ny, end); return true;
    case 2: product_by_short<2>(x, y, ny, end); return true;
    case 3: product_by_short<3>(x, y, ny, end); return true;
    case 4: product_by_short<4>(x, y, ny, end); return true;
    case 5: product_by_short<5>(x, y, ny, end); return true;
    case 6: product_by_short<6>(x, y, ny, end); return true;
    default: return false;
    }
}
static_assert(kShortFactorLimbs == 6, "one case per factor length");

/* The product's groups, as limbs make them: two per limb of each operand. */
inline int product_groups_count(const NumericView& a, const NumericView& b) {
    return 2 * (limb_count(a.ndigits) + limb_count(b.ndigits));
}

/* p rounded up to a multiple of `align` bytes. */
template <typename T>
inline T* aligned_at(void* p) {
    const uintptr_t at = reinterpret_cast<uintptr_t>(p);
    return reinterpret_cast<T*>((at + alignof(T) - 1) & ~static_cast<uintptr_t>(alignof(T) - 1));
}

}   // namespace

int multiply_digits_needed(const NumericView& a, const NumericView& b) {
    // a spare group, the product's groups, three groups to align to 8 bytes, the columns
    // (four groups each, one per product limb), then both operands' limbs (two each) and the
    // short factor's zero limbs after the other (product_by_short)
    const int limbs = limb_count(a.ndigits) + limb_count(b.ndigits);
    return 1 + 2 * limbs + 3 + 4 * limbs + 2 * limbs + 2 * (kShortFactorLimbs - 1);
}

void multiply_digits(const NumericView& a, const NumericView& b, uint16_t* scratch, FiniteValue* out) {
    FiniteValue v;
    v.negative = a.negative != b.negative;
    uint16_t* product = scratch + 1;   // scratch[0]: room for round_digits' carry
    scratch[0] = 0;
    if (a.ndigits == 0 || b.ndigits == 0) {
        v.ndigits = 0;
        v.weight = 0;
    } else {
        // x: the operand with fewer limbs (the rows), y: the other
        const NumericView& short_op = a.ndigits <= b.ndigits ? a : b;
        const NumericView& long_op = a.ndigits <= b.ndigits ? b : a;
        const int groups = product_groups_count(a, b);
        uint16_t* end = product + groups;
        column_t* c = aligned_at<column_t>(end);
        limb_t* x = reinterpret_cast<limb_t*>(c + groups / 2);
        const int nx = limbs_of(short_op, x);
        limb_t* y = x + nx;
        const int ny = limbs_of(long_op, y);
        for (int i = 0; i < kShortFactorLimbs - 1; ++i)
            y[ny + i] = 0;
        if (!product_short_factor(x, nx, y, ny, end))
            product_groups(x, nx, y, ny, c, end);
        // the last product group is worth 10000^(low_a + low_b)
        const int low = (a.weight - a.ndigits + 1) + (b.weight - b.ndigits + 1);
        v.ndigits = groups;
        v.weight = low + groups - 1;
    }
    uint16_t* digits = product;
    int dscale = a.dscale + b.dscale;
    if (dscale > kDscaleMax) {
        round_digits(&digits, &v.ndigits, &v.weight, kDscaleMax, RoundMode::HalfAwayFromZero);
        dscale = kDscaleMax;
    }
    v.digits = digits;
    v.dscale = dscale;
    *out = stripped(v);
}

ArithStatus arith_finite(ArithOp op, const NumericView& a, const NumericView& b, SmallDigits* small,
                         DigitBuffer scratch, int* needed, FiniteValue* out) {
    if (op == ArithOp::Multiply) {
        // (multiply_small's first test, here: long operands skip the call)
        if (a.ndigits + b.ndigits <= kUint128MaxGroups && multiply_small(a, b, small, out))
            return ArithStatus::Ok;
        *needed = multiply_digits_needed(a, b);
        if (*needed > scratch.capacity)
            return ArithStatus::NeedScratch;
        multiply_digits(a, b, scratch.digits, out);
        return ArithStatus::Ok;
    }
    const bool subtract = op == ArithOp::Subtract;
    if (add_small(a, b, subtract, small, out))
        return ArithStatus::Ok;
    const Span span = sum_span(a, b);
    *needed = span.size();
    if (*needed > scratch.capacity)
        return ArithStatus::NeedScratch;
    add_in_span(a, b, subtract, span, scratch.digits, out);
    return ArithStatus::Ok;
}

namespace {

/* -1, 0 or 1; NaN is not asked for. */
inline int sign_of(const NumericView& v) {
    if (v.kind == Kind::PosInf)
        return 1;
    if (v.kind == Kind::NegInf)
        return -1;
    return v.ndigits == 0 ? 0 : v.negative ? -1 : 1;
}

inline Kind infinity_with_sign(int sign) { return sign > 0 ? Kind::PosInf : Kind::NegInf; }

}   // namespace

Kind arith_special(ArithOp op, const NumericView& a, const NumericView& b) {
    if (a.kind == Kind::NaN || b.kind == Kind::NaN)
        return Kind::NaN;
    const bool inf_a = a.kind != Kind::Finite, inf_b = b.kind != Kind::Finite;
    if (op == ArithOp::Multiply) {
        const int s = sign_of(a) * sign_of(b);   // Infinity times zero is NaN
        return s == 0 ? Kind::NaN : infinity_with_sign(s);
    }
    const int sign_b = op == ArithOp::Subtract ? -sign_of(b) : sign_of(b);
    if (inf_a && inf_b)   // Infinity - Infinity is NaN; same-signed infinities add up
        return sign_of(a) == sign_b ? a.kind : Kind::NaN;
    return inf_a ? a.kind : infinity_with_sign(sign_b);
}

uint16_t header_after(SignOp op, uint16_t header, int ndigits) {
    const uint16_t form = header & kSignMask;
    if (op == SignOp::Plus)
        return header;
    if (form == kSpecial) {
        const uint16_t ext = header & kExtSignMask;
        if (ext == kNaN)
            return header;
        if (op == SignOp::Absolute)
            return kPosInf;
        return ext == kPosInf ? kNegInf : kPosInf;
    }
    if (form == kShort) {
        if (op == SignOp::Absolute)
            return header & ~kShortSignBit;
        return ndigits == 0 ? header : header ^ kShortSignBit;   // zero stays positive
    }
    const uint16_t positive = header & kLongDscaleMask;   // long form: sign bits, then dscale
    if (op == SignOp::Absolute || ndigits == 0)
        return positive;
    return form == kPositive ? static_cast<uint16_t>(positive | kNegative) : positive;
}

}   // namespace fastnumeric
