/*
 * io.cpp — text input and output of fastnumeric.
 *
 * Binary send/receive, typmod input/output and the length coercion are numeric's own
 * functions, declared on fastnumeric in the install script: the bytes are the same.
 */
#include "core/decimal_format.hpp"
#include "core/decimal_parse.hpp"
#include "core/input_cache.hpp"
#include "pg/datum.hpp"
#include "pg/settings.hpp"

using namespace fastnumeric;

namespace {

InputCache input_cache;   // plain data, zeroed at load; one per backend

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_in);
PG_FUNCTION_INFO_V1(fastnumeric_out);

/*
 * fastnumeric_in(cstring, oid, int4 typmod)
 * Plain decimal text is parsed straight into its final datum: one palloc.  Anything else,
 * and every error (invalid syntax, numeric field overflow, ...), is numeric_in's.  With
 * fastnumeric.input_cache on, a short text seen twice in a row is copied from the cache.
 */
Datum fastnumeric_in(PG_FUNCTION_ARGS) {
    const char* text = PG_GETARG_CSTRING(0);
    const int32 typmod = PG_GETARG_INT32(2);
    InputCacheKey key;
    InputCacheSlot* slot = nullptr;
    bool seen_before = false;
    if (input_cache_enabled && !input_cache.resting() && make_input_cache_key(text, typmod, &key)) {
        slot = input_cache.slot_for(key, &seen_before);
        if (seen_before && slot->has_body)
            return body_datum(slot->body, slot->body_size);
    }
    DecimalDigits digits;   // plain data: nothing to destroy if palloc fails
    if (!parse_plain_decimal(text, decode_typmod(typmod), &digits))
        return numeric_in(fcinfo);
    const Datum result = finite_datum(digits.value());
    if (seen_before) {
        const struct varlena* v = reinterpret_cast<const struct varlena*>(DatumGetPointer(result));
        InputCache::store(slot, body_of(v), VARSIZE(v) - VARHDRSZ);
    }
    return result;
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

}  // extern "C"
