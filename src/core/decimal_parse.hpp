/*
 * decimal_parse.hpp — the fast text input path.
 *
 * Recognises plain decimal text, [spaces][sign]digits[.digits][spaces], converts it straight
 * into base-10000 digits aligned on the decimal point, applies a numeric typmod the way
 * numeric does (typmod.hpp), and strips the result so it encodes to exactly numeric's bytes.
 *
 * It declines everything else: NaN/Infinity, exponents, other whitespace, overlong input,
 * typmod overflow and every malformed text.  The caller then runs numeric's own input
 * function, which produces the value or the error; so the fast path never has to reproduce
 * an error, only to be right when it accepts.
 */
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/compact_decimal.hpp"
#include "core/typmod.hpp"

namespace fastnumeric {

/*
 * Parse `text` (NUL-terminated) under `typmod`.  False means: decline, use numeric_in.
 * Compact decimals go through scan_compact_decimal first.
 */
bool parse_plain_decimal(const char* text, Typmod typmod, DecimalDigits* out);

/* parse_plain_decimal a character at a time, for a text scan_compact_decimal declined. */
bool parse_plain_decimal_bytewise(const char* text, Typmod typmod, DecimalDigits* out);

/* A CompactDecimal as its four digits (weight 1), not stripped. */
void compact_decimal_digits(const CompactDecimal& s, DecimalDigits* out);

}   // namespace fastnumeric
