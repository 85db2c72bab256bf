/*
 * fuzz_parse.cpp — libFuzzer harness for the fast text parser (src/core/decimal_parse).
 *
 * The input is the text (up to its first NUL), parsed with no typmod and under a few typmods.
 * Properties, each against the reference in this file and reference.hpp:
 *   - it accepts only plain decimal text ([spaces][sign]digits[.digits][spaces], or .digits),
 *     and declines exactly: anything else, more than kMaxFastDecimalDigits significant integer
 *     digits or fraction digits, and a value that overflows the typmod;
 *   - when it accepts, sign, weight, dscale and digits, and so the encoded bytes, are the
 *     reference's (decimal-string rounding half away from zero, regrouped to base 10000);
 *   - the formatter prints the reference's text, and parsing that text again (with the same
 *     typmod) gives the same bytes;
 *   - no read outside the text (the text is copied into a buffer of its exact size);
 *   - the word-at-a-time scanner of compact decimals (scan_compact_decimal,
 *     write_compact_decimal_body) accepts exactly its shape (see compact_shape) and then writes
 *     the reference's bytes, read from an exact-size buffer and from offsets at both edges of
 *     a 4 kB block between inaccessible pages (its reads past the text, which AddressSanitizer
 *     does not check, must stay in the block); its typmod shortcut (compact_decimal_typmod)
 *     takes exactly the typmods that need no rounding and do not overflow, and writes the
 *     reference's bytes.
 */
#include <cstring>
#include <memory>

#include "core/decimal_format.hpp"
#include "core/compact_decimal.hpp"
#include "core/decimal_parse.hpp"
#include "../unit/compact_shape.hpp"
#include "../unit/guarded_block.hpp"
#include "reference.hpp"
#include "typmods.hpp"

using namespace fastnumeric;

namespace {

using ref::encode_typmod;
using ref::kTypmods;
using ref::TypmodCase;

/* What numeric_in would do with the text, if it is plain decimal. */
struct Expected {
    enum Outcome { NotPlain, TooLong, Overflow, Value } outcome;
    ref::Decimal value;
    int dscale;
};

/* The text as numeric_in reads it before any typmod: read once, then under each typmod. */
Expected reference_read(const std::string& text) {
    size_t i = 0;
    while (i < text.size() && text[i] == ' ')
        ++i;
    bool negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+'))
        negative = text[i++] == '-';
    std::string integer, fraction;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9')
        integer += text[i++];
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            fraction += text[i++];
    }
    while (i < text.size() && text[i] == ' ')
        ++i;
    if (i != text.size() || (integer.empty() && fraction.empty()))
        return Expected{Expected::NotPlain, {}, 0};
    const std::string significant = ref::strip_zeros(integer);
    if ((significant != "0" && significant.size() > static_cast<size_t>(kMaxFastDecimalDigits)) ||
        fraction.size() > static_cast<size_t>(kMaxFastDecimalDigits))
        return Expected{Expected::TooLong, {}, 0};

    const int written_scale = static_cast<int>(fraction.size());
    return Expected{Expected::Value, ref::make_decimal(negative, integer + fraction, -written_scale), written_scale};
}

/* What numeric_in does with the text under typmod t, given reference_read's outcome. */
Expected reference_parse(const Expected& read, const TypmodCase& t) {
    if (read.outcome != Expected::Value || !t.present)
        return read;
    const ref::Decimal value = ref::round_to_scale(read.value, t.scale);
    // numeric(p,s) holds a value iff, rounded, value * 10^s is an integer of at most p digits
    const std::string at_scale = ref::mag_at(value, -t.scale);
    if (!ref::is_zero(at_scale) && ref::strip_zeros(at_scale).size() > static_cast<size_t>(t.precision))
        return Expected{Expected::Overflow, {}, 0};
    return Expected{Expected::Value, value, t.scale > 0 ? t.scale : 0};
}

/* A text in an exactly sized copy (its NUL included), so AddressSanitizer sees any read past it. */
std::unique_ptr<char[]> exact_copy(const std::string& text) {
    std::unique_ptr<char[]> exact(new char[text.size() + 1]);
    std::memcpy(exact.get(), text.c_str(), text.size() + 1);
    return exact;
}

/* Parse with the fast path (the text in an exact copy); false when it declines. */
bool fast_parse(const char* exact, int32_t typmod, std::vector<unsigned char>* body, ref::Groups* groups, int* dscale) {
    DecimalDigits d;
    if (!parse_plain_decimal(exact, decode_typmod(typmod), &d))
        return false;
    const FiniteValue v = d.value();
    groups->negative = v.negative;
    groups->weight = v.weight;
    groups->digits.assign(v.digits, v.digits + v.ndigits);
    *dscale = v.dscale;
    body->assign(finite_body_size(v.ndigits, v.dscale, v.weight), 0);
    encode_finite(body->data(), v.negative, v.weight, v.dscale, v.digits, v.ndigits);
    return true;
}

std::string format_body(const std::vector<unsigned char>& body) {
    NumericView v;
    ref::check(decode_numeric(body.data(), body.size(), &v), "decode of an encoded body", ref::hex(body));
    std::unique_ptr<char[]> out(new char[format_buffer_size(v)]);
    char* const end = format_numeric(v, out.get());
    ref::check(end < out.get() + format_buffer_size(v), "formatted text leaves room for the NUL");
    return std::string(out.get(), end);
}

void check_one(const std::string& text, const char* exact, const Expected& read, const TypmodCase& t) {
    const int32_t typmod = encode_typmod(t);
    auto where = [&] { return "text \"" + text + "\"" + ref::typmod_text(t); };
    std::vector<unsigned char> body;
    ref::Groups got;
    int got_dscale = 0;
    const bool accepted = fast_parse(exact, typmod, &body, &got, &got_dscale);
    const Expected want = reference_parse(read, t);
    ref::check(accepted == (want.outcome == Expected::Value),
               accepted ? "parser accepted what numeric would not take as plain decimal"
                        : "parser declined plain decimal within its documented limits",
               [&] { return where() + " reference outcome " + std::to_string(want.outcome); });
    if (!accepted)
        return;

    const ref::Groups expected = ref::to_groups(want.value);
    ref::check(got.negative == expected.negative && got.weight == expected.weight && got.digits == expected.digits &&
                   got_dscale == want.dscale,
               "parsed value differs from the reference", [&] {
                   return where() + "\n got  " + ref::describe(got, got_dscale) + "\n want " +
                          ref::describe(expected, want.dscale);
               });
    const std::vector<unsigned char> want_body = ref::encode_body(expected, want.dscale);
    ref::check(body == want_body, "encoded bytes differ from numeric's",
               [&] { return where() + "\n got  " + ref::hex(body) + "\n want " + ref::hex(want_body); });

    // format, then parse the text again: stable
    const std::string printed = format_body(body);
    const std::string want_text = ref::format_finite(expected.negative, expected.weight, want.dscale, expected.digits);
    ref::check(printed == want_text, "formatted text differs from the reference",
               [&] { return where() + "\n got  " + printed + "\n want " + want_text; });
    std::vector<unsigned char> again;
    ref::Groups unused;
    int unused_dscale;
    const std::unique_ptr<char[]> printed_exact = exact_copy(printed);
    for (int32_t tm : {typmod, int32_t{-1}}) {
        ref::check(fast_parse(printed_exact.get(), tm, &again, &unused, &unused_dscale) && again == body,
                   "parse -> format -> parse is not stable",
                   [&] { return where() + "\n printed " + printed + "\n typmod " + std::to_string(tm); });
    }
}

/* The scanner's body of the text at p, or empty when it declines. */
std::vector<unsigned char> compact_body(const char* p, const std::string& where) {
    CompactDecimal s;
    if (!scan_compact_decimal(p, &s))
        return {};
    unsigned char body[kCompactDecimalBodyBytes];
    const int size = write_compact_decimal_body(s, body);
    ref::check(size >= 2 && size <= kCompactDecimalBodyBytes, "compact body size", where);
    for (int i = size; i < kCompactDecimalBodyBytes; ++i)
        ref::check(body[i] == 0, "compact body: the bytes after it are zero", where);
    return std::vector<unsigned char>(body, body + size);
}

void check_compact(const std::string& text, const char* exact, const Expected& read) {
    const std::string where = "compact text \"" + text + "\"";
    const bool promised = compact_shape(text);
    std::vector<unsigned char> want;
    if (promised) {
        const Expected e = reference_parse(read, kTypmods[0]);
        ref::check(e.outcome == Expected::Value, "compact shape the reference does not take", where);
        want = ref::encode_body(ref::to_groups(e.value), e.dscale);
    }
    const std::vector<unsigned char> got = compact_body(exact, where);
    ref::check(got.empty() != promised, promised ? "scanner declined its shape" : "scanner accepted beyond its shape",
               where);
    ref::check(got == want, "scanner's bytes differ from numeric's",
               [&] { return where + "\n got  " + ref::hex(got) + "\n want " + ref::hex(want); });
    CompactDecimal scanned;
    if (promised && scan_compact_decimal(exact, &scanned)) {
        // the typmod shortcut: takes exactly the typmods that need no rounding and fit, with numeric's bytes
        for (const TypmodCase& t : kTypmods) {
            if (!t.present)
                continue;
            const std::string at = where + ref::typmod_text(t);
            CompactDecimal s = scanned;
            const bool took = compact_decimal_typmod(decode_typmod(encode_typmod(t)), &s);
            const Expected e = reference_parse(read, t);
            const bool no_rounding = t.scale >= scanned.dscale && t.scale <= 63;
            ref::check(took == (no_rounding && e.outcome == Expected::Value),
                       took ? "typmod shortcut took what it must leave" : "typmod shortcut left what it can take", at);
            if (!took)
                continue;
            unsigned char body[kCompactDecimalBodyBytes];
            const int size = write_compact_decimal_body(s, body);
            const std::vector<unsigned char> got_t(body, body + size);
            const std::vector<unsigned char> want_t = ref::encode_body(ref::to_groups(e.value), e.dscale);
            ref::check(got_t == want_t, "typmod shortcut's bytes differ from numeric's",
                       at + "\n got  " + ref::hex(got_t) + "\n want " + ref::hex(want_t));
        }
    }
    if (text.size() > 64)
        return;
    static GuardedBlock block;
    for (size_t k = 0; k < 26; ++k) {
        const char fill = "7.\0-"[k % 4];
        ref::check(compact_body(block.place(text, k, fill), where) == want, "scanner at a block's start", where);
        ref::check(compact_body(block.place(text, GuardedBlock::kBlock - text.size() - 1 - k, fill), where) == want,
                   "scanner at a block's end", where);
    }
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), strnlen(reinterpret_cast<const char*>(data), size));
    const std::unique_ptr<char[]> exact = exact_copy(text);
    const Expected read = reference_read(text);
    for (const TypmodCase& t : kTypmods)
        check_one(text, exact.get(), read, t);
    check_compact(text, exact.get(), read);
    return 0;
}
