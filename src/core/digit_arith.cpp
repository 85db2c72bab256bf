/*
 * digit_arith.cpp — see digit_arith.hpp.
 *
 * Machine-integer paths: an operand is its digits read as one integer at a scale of F
 * fractional digit groups (value * 10000^F).  Up to kInt64Groups groups go through 64 bits,
 * up to kInt128Groups through 128 bits, so sums never overflow; products of operands holding
 * up to kUint128MaxGroups groups together go through 128 bits with __builtin_mul_overflow
 * deciding, larger ones straight to the digit arrays.
 * The digit-array paths follow numeric.c's add_abs/sub_abs/mul_var, exactly.
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

/* The digit of v worth 10000^position (zero outside its digits). */
inline int digit_at(const NumericView& v, int position) {
    const int i = v.weight - position;
    return i >= 0 && i < v.ndigits ? v.digit(i) : 0;
}

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

}  // namespace

bool add_small(const NumericView& a, const NumericView& b, bool subtract, SmallDigits* small,
               FiniteValue* out) {
    const int scale = max_int(fraction_groups(a), fraction_groups(b));
    const int groups = max_int(groups_at_scale(a, scale), groups_at_scale(b, scale));
    const bool neg_b = b.negative != subtract;
    const int dscale = max_int(a.dscale, b.dscale);
    if (groups <= kInt64Groups) {
        const int64_t ma = static_cast<int64_t>(magnitude_at_scale<uint64_t>(a, scale));
        const int64_t mb = static_cast<int64_t>(magnitude_at_scale<uint64_t>(b, scale));
        const int64_t sum = (a.negative ? -ma : ma) + (neg_b ? -mb : mb);   // |sum| < 2*10^16
        *out = value_of_magnitude(static_cast<uint64_t>(sum < 0 ? -sum : sum), sum < 0, scale,
                                  dscale, small);
        return true;
    }
    if (groups <= kInt128Groups) {
        const int128_t ma = static_cast<int128_t>(magnitude_at_scale<uint128_t>(a, scale));
        const int128_t mb = static_cast<int128_t>(magnitude_at_scale<uint128_t>(b, scale));
        const int128_t sum = (a.negative ? -ma : ma) + (neg_b ? -mb : mb);   // |sum| < 2*10^36
        *out = value_of_magnitude(static_cast<uint128_t>(sum < 0 ? -sum : sum), sum < 0, scale,
                                  dscale, small);
        return true;
    }
    return false;
}

bool multiply_small(const NumericView& a, const NumericView& b, SmallDigits* small,
                    FiniteValue* out) {
    const int scale_a = fraction_groups(a), scale_b = fraction_groups(b);
    const int groups_a = groups_at_scale(a, scale_a), groups_b = groups_at_scale(b, scale_b);
    if ((scale_a + scale_b) * kDecDigits > kDscaleMax)
        return false;   // numeric rounds such products to kDscaleMax decimals: the digit path does
    uint128_t product;
    if (groups_a <= kInt64Groups && groups_b <= kInt64Groups) {
        product = static_cast<uint128_t>(magnitude_at_scale<uint64_t>(a, scale_a)) *
                  magnitude_at_scale<uint64_t>(b, scale_b);   // < 10^32: one multiply
    } else if (groups_a + groups_b <= kUint128MaxGroups) {   // beyond, it would nearly always overflow
        if (__builtin_mul_overflow(magnitude_at_scale<uint128_t>(a, scale_a),
                                   magnitude_at_scale<uint128_t>(b, scale_b), &product))
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

void add_digits(const NumericView& a, const NumericView& b, bool subtract, uint16_t* scratch,
                FiniteValue* out) {
    const Span span = sum_span(a, b);
    const bool neg_b = b.negative != subtract;
    FiniteValue v;
    v.dscale = max_int(a.dscale, b.dscale);
    v.weight = span.high;
    v.digits = scratch;
    v.ndigits = span.size();
    uint16_t* d = scratch + span.size();   // filled from the least significant group up
    if (a.negative == neg_b) {
        // |a| + |b|, sign of a
        v.negative = a.negative;
        int carry = 0;
        for (int p = span.low; p <= span.high; ++p) {
            int s = digit_at(a, p) + digit_at(b, p) + carry;
            carry = s >= kBase;
            *--d = static_cast<uint16_t>(carry ? s - kBase : s);
        }
    } else {
        // the larger magnitude minus the smaller, sign of the larger
        const int cmp = compare_magnitudes(a, b);
        const NumericView& big = cmp >= 0 ? a : b;
        const NumericView& little = cmp >= 0 ? b : a;
        v.negative = cmp >= 0 ? a.negative : neg_b;
        int borrow = 0;
        for (int p = span.low; p <= span.high; ++p) {
            int s = digit_at(big, p) - digit_at(little, p) - borrow;
            borrow = s < 0;
            *--d = static_cast<uint16_t>(borrow ? s + kBase : s);
        }
    }
    *out = stripped(v);
}

int multiply_digits_needed(const NumericView& a, const NumericView& b) {
    // the product's digits, one for a rounding carry, then aligned copies of both operands
    return 2 * (a.ndigits + b.ndigits) + 1;
}

void multiply_digits(const NumericView& a, const NumericView& b, uint16_t* scratch,
                     FiniteValue* out) {
    const int na = a.ndigits, nb = b.ndigits;
    FiniteValue v;
    v.negative = a.negative != b.negative;
    v.weight = a.weight + b.weight + 1;
    v.ndigits = na + nb;
    uint16_t* product = scratch + 1;   // scratch[0]: room for round_digits' carry
    scratch[0] = 0;
    if (na == 0 || nb == 0) {
        v.ndigits = 0;
    } else {
        // Operand digits copied once into aligned arrays: the inner loop then reads plain
        // uint16s.  Column by column from the least significant: product[k + 1] collects
        // a[i] * b[k - i]; each term is below 10^8, so a 64-bit column sum cannot overflow.
        uint16_t* da = product + na + nb;
        uint16_t* db = da + na;
        std::memcpy(da, a.digits, 2 * static_cast<size_t>(na));
        std::memcpy(db, b.digits, 2 * static_cast<size_t>(nb));
        uint64_t carry = 0;
        for (int k = na + nb - 2; k >= 0; --k) {
            uint64_t column = carry;
            const int i_end = min_int(na - 1, k);
            for (int i = max_int(0, k - nb + 1); i <= i_end; ++i)
                column += static_cast<uint64_t>(da[i]) * db[k - i];
            product[k + 1] = static_cast<uint16_t>(column % kBase);
            carry = column / kBase;
        }
        product[0] = static_cast<uint16_t>(carry);   // the product fits in na + nb groups
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

ArithStatus arith_finite(ArithOp op, const NumericView& a, const NumericView& b,
                         SmallDigits* small, DigitBuffer scratch, int* needed, FiniteValue* out) {
    if (op == ArithOp::Multiply) {
        if (multiply_small(a, b, small, out))
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
    *needed = add_digits_needed(a, b);
    if (*needed > scratch.capacity)
        return ArithStatus::NeedScratch;
    add_digits(a, b, subtract, scratch.digits, out);
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

}  // namespace

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

}  // namespace fastnumeric
