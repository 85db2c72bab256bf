/*
 * digit_arith.hpp — exact +, -, * of numeric values, as numeric computes them.
 *
 * Operands are NumericViews read where they lie; results are FiniteValues whose digits sit
 * in caller-provided memory, ready for one encode.  Nothing here allocates or throws: the
 * caller gives a small stack buffer (for the machine-integer paths) and a scratch buffer
 * (for the digit-array path) and gets a status back when the scratch buffer is too small.
 *
 * numeric's rules, reproduced:
 *   +, -  exact; result dscale = the larger operand dscale;
 *   *     exact product, result dscale = the sum of the operand dscales, rounded (half away
 *         from zero) to kDscaleMax decimals when the sum is larger;
 *   results are stripped (no leading/trailing zero digit groups; zero positive, weight 0).
 * Weight overflow is not checked here: fits_numeric_format() says whether the result can be
 * stored (numeric raises "value overflows numeric format" when it cannot).
 */
#pragma once

#include <cstdint>

#include "core/arith_op.hpp"
#include "core/numeric_layout.hpp"

namespace fastnumeric {

enum class ArithStatus : uint8_t {
    Ok,            // *out holds the stripped result
    NeedScratch,   // the digit path needs a scratch buffer of *needed digits; call again
};

/* Digits of a machine-integer result: any 128-bit magnitude. */
constexpr int kSmallResultDigits = kUint128MaxGroups;
struct SmallDigits {
    uint16_t digits[kSmallResultDigits];
};

/* Scratch memory for the digit-array path; the caller owns (and may reuse) it. */
struct DigitBuffer {
    uint16_t* digits;
    int capacity;
};

/*
 * The result of a op b for finite a and b.  Operands with few digit groups go through
 * machine integers (sums: int64; products: up to 128 bits) into `small`; the rest through
 * digit arrays in `scratch`.  On
 * NeedScratch, *needed is the capacity to provide; nothing else was written.
 */
ArithStatus arith_finite(ArithOp op, const NumericView& a, const NumericView& b, SmallDigits* small,
                         DigitBuffer scratch, int* needed, FiniteValue* out);

/* The result kind of a op b when a or b is NaN or ±Infinity (numeric's rules). */
Kind arith_special(ArithOp op, const NumericView& a, const NumericView& b);

/* The three paths on their own, for tests; arith_finite picks among them. */
bool add_small(const NumericView& a, const NumericView& b, bool subtract, SmallDigits* small, FiniteValue* out);
bool multiply_small(const NumericView& a, const NumericView& b, SmallDigits* small, FiniteValue* out);
int add_digits_needed(const NumericView& a, const NumericView& b);
void add_digits(const NumericView& a, const NumericView& b, bool subtract, uint16_t* scratch, FiniteValue* out);
int multiply_digits_needed(const NumericView& a, const NumericView& b);
void multiply_digits(const NumericView& a, const NumericView& b, uint16_t* scratch, FiniteValue* out);

/* Unary operators: the header word of the result body (the digits are unchanged). */
enum class SignOp : uint8_t { Negate, Plus, Absolute };
uint16_t header_after(SignOp op, uint16_t header, int ndigits);

}   // namespace fastnumeric
