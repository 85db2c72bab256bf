/*
 * json.cpp — the cast fastnumeric -> json, through which PostgreSQL's JSON functions render a
 * type that is not built in.
 *
 * to_json and everything built on it append the cast's text as it is, and to_jsonb parses it
 * as JSON; numeric itself is written as its output text when that is a JSON number and as a
 * JSON string otherwise (NaN, Infinity, -Infinity).  So the cast returns exactly that: the
 * digits, or the special's name in double quotes.
 */
#include "core/decimal_format.hpp"
#include "pg/datum.hpp"

using namespace fastnumeric;

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_json);

/* json(fastnumeric) -> json: numeric_out's text; NaN and infinities quoted.  One palloc. */
Datum fastnumeric_json(PG_FUNCTION_ARGS) {
    const Datum arg = PG_GETARG_DATUM(0);
    struct varlena* p = packed_datum(arg);
    const NumericView v = view_of(p);
    const bool quoted = v.kind != Kind::Finite;
    struct varlena* json = static_cast<struct varlena*>(palloc(VARHDRSZ + format_buffer_size(v) + 2));
    char* const start = VARDATA(json);
    char* out = start;
    if (quoted)
        *out++ = '"';
    out = format_numeric(v, out);
    if (quoted)
        *out++ = '"';
    SET_VARSIZE(json, VARHDRSZ + (out - start));
    release_packed(p, arg);
    PG_RETURN_POINTER(json);
}

}   // extern "C"
