/*
 * io.cpp — text and binary input and output of fastnumeric.
 *
 * Typmod input/output and the length coercion are numeric's own functions, declared on
 * fastnumeric in the install script: the bytes are the same.
 */
#include "core/compact_decimal.hpp"
#include "core/decimal_format.hpp"
#include "core/decimal_parse.hpp"
#include "core/input_cache.hpp"
#include "core/typmod.hpp"
#include "core/wire_format.hpp"
#include "pg/datum.hpp"
#include "pg/settings.hpp"

using namespace fastnumeric;

namespace {

InputCache input_cache;   // plain data, zeroed at load; one per backend

/*
 * What the compact path leaves: a longer or unusual text (`scanned`: one that
 * scan_compact_decimal declined), or a typmod that rounds or overflows.  Plain decimals are
 * parsed into their datum, whose body goes to `slot` too when there is one; the rest is
 * numeric_in's.  Out of line, so that the compact path's frame holds no DecimalDigits.
 */
__attribute__((noinline)) Datum input_general(FunctionCallInfo fcinfo, const char* text, int32 typmod, bool scanned,
                                              InputCacheSlot* slot) {
    DecimalDigits digits;   // plain data: nothing to destroy if palloc fails
    const Typmod t = decode_typmod(typmod);
    if (!(scanned ? parse_plain_decimal_bytewise(text, t, &digits) : parse_plain_decimal(text, t, &digits)))
        return numeric_in(fcinfo);
    const Datum result = finite_datum(digits.value());
    if (slot != nullptr) {
        const struct varlena* v = reinterpret_cast<const struct varlena*>(DatumGetPointer(result));
        InputCache::store(slot, body_of(v), VARSIZE(v) - VARHDRSZ);
    }
    return result;
}

/*
 * The datum of `text`, parsed; a plain decimal's body goes to `slot` too when there is one.
 * A compact one, under no typmod or one that needs no rounding, is written straight into its
 * palloc (the datum is allocated a few bytes longer than its varlena size: the body is
 * written in fixed-size stores).  `with_typmod` is a constant at each call: the typmod's
 * test and branch stay out of the path of columns without one.
 */
__attribute__((always_inline)) inline Datum input_parsed(FunctionCallInfo fcinfo, const char* text, int32 typmod,
                                                         bool with_typmod, InputCacheSlot* slot) {
    CompactDecimal s;
    if (!likely(scan_compact_decimal(text, &s)))
        return input_general(fcinfo, text, typmod, true, slot);
    if (with_typmod && !compact_decimal_typmod(decode_typmod(typmod), &s))
        return input_general(fcinfo, text, typmod, false, slot);
    struct varlena* result = static_cast<struct varlena*>(palloc(VARHDRSZ + kCompactDecimalBodyBytes));
    unsigned char* body = reinterpret_cast<unsigned char*>(VARDATA(result));
    const int size = write_compact_decimal_body(s, body);
    SET_VARSIZE(result, VARHDRSZ + size);
    if (slot != nullptr)
        InputCache::store(slot, body, static_cast<size_t>(size));
    return PointerGetDatum(result);
}

/* input_parsed under a typmod. */
__attribute__((noinline)) Datum input_parsed_typmod(FunctionCallInfo fcinfo, const char* text, int32 typmod,
                                                    InputCacheSlot* slot) {
    return input_parsed(fcinfo, text, typmod, true, slot);
}

/* input_parsed with or without a typmod. */
__attribute__((always_inline)) inline Datum input_parsed_any(FunctionCallInfo fcinfo, const char* text, int32 typmod,
                                                             InputCacheSlot* slot) {
    if (typmod >= VARHDRSZ)
        return input_parsed_typmod(fcinfo, text, typmod, slot);
    return input_parsed(fcinfo, text, typmod, false, slot);
}

/* fastnumeric_in with the input cache awake: a text of up to 16 bytes seen twice in a row is
   copied. */
__attribute__((noinline)) Datum input_cached(FunctionCallInfo fcinfo, const char* text, int32 typmod) {
    InputCacheKey key;
    if (!make_input_cache_key(text, typmod, &key)) {
        input_cache.uncacheable();
        return input_parsed_any(fcinfo, text, typmod, nullptr);
    }
    bool seen_before;
    InputCacheSlot* slot = input_cache.slot_for(key, &seen_before);
    if (seen_before && slot->has_body)
        return body_datum(slot->body, slot->body_size);
    return input_parsed_any(fcinfo, text, typmod, seen_before ? slot : nullptr);
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_in);
PG_FUNCTION_INFO_V1(fastnumeric_out);
PG_FUNCTION_INFO_V1(fastnumeric_recv);
PG_FUNCTION_INFO_V1(fastnumeric_send);

/*
 * fastnumeric_in(cstring, oid, int4 typmod)
 * Plain decimal text is parsed straight into its final datum: one palloc.  A compact decimal
 * (scan_compact_decimal) has its body built without any digit array, unless its typmod rounds.
 * Anything else, and every error (invalid syntax, numeric field overflow, ...), is
 * numeric_in's.  With fastnumeric.input_cache on (off by default), a text of up to 16 bytes
 * seen twice in a row is copied from the cache; off, or while it rests (distinct values),
 * the cache costs a test.
 */
Datum fastnumeric_in(PG_FUNCTION_ARGS) {
    const char* text = PG_GETARG_CSTRING(0);
    const int32 typmod = PG_GETARG_INT32(2);
    if (input_cache_enabled && !input_cache.resting())
        return input_cached(fcinfo, text, typmod);
    return input_parsed_any(fcinfo, text, typmod, nullptr);
}

/*
 * fastnumeric_out(fastnumeric) -> cstring, numeric_out's text; one palloc (a few bytes
 * larger than the text, so whole digit groups can be written).
 */
Datum fastnumeric_out(PG_FUNCTION_ARGS) {
    const Datum arg = PG_GETARG_DATUM(0);
    struct varlena* p = packed_datum(arg);
    const NumericView v = view_of(p);
    char* text = static_cast<char*>(palloc(format_buffer_size(v)));
    *format_numeric(v, text) = '\0';
    release_packed(p, arg);
    PG_RETURN_CSTRING(text);
}

/*
 * fastnumeric_recv(internal, oid, int4 typmod)
 * numeric's wire format decoded straight into its final datum: one palloc; a value already in
 * numeric's canonical short form (short_wire_digits, short_wire_body) is copied digit by digit.  Every error, and
 * values of more digits than the decoder holds, are numeric_recv's: it gets the message with
 * the cursor where it was, so its checks, messages and the caller's end-of-message check run
 * as if it had been called alone.
 */
Datum fastnumeric_recv(PG_FUNCTION_ARGS) {
    StringInfo buf = reinterpret_cast<StringInfo>(PG_GETARG_POINTER(0));
    const int32 typmod = PG_GETARG_INT32(2);
    const int remaining = buf->len - buf->cursor;
    const unsigned char* message = reinterpret_cast<const unsigned char*>(buf->data) + buf->cursor;
    const size_t available = remaining > 0 ? static_cast<size_t>(remaining) : 0;
    if (const int ndigits = short_wire_digits(message, available); likely(ndigits > 0)) {
        const size_t size = VARHDRSZ + 2 + 2 * static_cast<size_t>(ndigits);
        struct varlena* result = static_cast<struct varlena*>(palloc(size));
        if (likely(short_wire_body(message, ndigits, decode_typmod(typmod),
                                   reinterpret_cast<unsigned char*>(VARDATA(result))))) {
            SET_VARSIZE(result, size);
            buf->cursor += static_cast<int>(kWireHeaderSize + 2 * static_cast<size_t>(ndigits));
            PG_RETURN_POINTER(result);
        }
        pfree(result);
    }
    WireValue value;   // plain data: nothing to destroy if palloc fails
    if (decode_wire(message, available, decode_typmod(typmod), &value) != WireStatus::Ok)
        return numeric_recv(fcinfo);
    buf->cursor += static_cast<int>(value.length);
    return value.kind == Kind::Finite ? finite_datum(value.digits.value()) : special_datum(value.kind);
}

/*
 * fastnumeric_send(fastnumeric) -> bytea, numeric_send's bytes written from the datum where
 * it lies into one palloc of their exact size.  (numeric_send copies a 1-byte-header datum
 * out first, then writes word by word into a 1 kB StringInfo: two allocations, and a length
 * check per word.)  The odd special bodies wire_encodes_body refuses are numeric_send's.
 */
Datum fastnumeric_send(PG_FUNCTION_ARGS) {
    const Datum arg = PG_GETARG_DATUM(0);
    struct varlena* p = packed_datum(arg);
    const NumericView v = view_of(p);
    if (unlikely(!wire_encodes_body(body_of(p), VARSIZE_ANY_EXHDR(p)))) {
        release_packed(p, arg);
        return numeric_send(fcinfo);
    }
    const size_t size = VARHDRSZ + wire_size(v);
    bytea* result = static_cast<bytea*>(palloc(size));
    SET_VARSIZE(result, size);
    encode_wire(v, reinterpret_cast<unsigned char*>(VARDATA(result)));
    release_packed(p, arg);
    PG_RETURN_BYTEA_P(result);
}

}   // extern "C"
