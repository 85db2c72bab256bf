/*
 * hash.cpp — the hash operator class's support functions, read in place.
 *
 * numeric's hash_numeric and hash_numeric_extended detoast every argument, which copies each
 * stored value (a 1-byte varlena header) into a fresh allocation before hashing it.  These
 * return the very same values (src/core/numeric_hash.hpp says what they hash) from the datum
 * where it lies, so hash joins, hashed aggregates and hash partitions over fastnumeric agree
 * bit for bit with numeric's.
 */
#include "core/numeric_hash.hpp"
#include "pg/datum.hpp"

using namespace fastnumeric;

namespace {

/* The body of a datum read in place, or made readable (*copy then needs release_packed). */
inline const unsigned char* hash_body(Datum d, size_t* len, struct varlena** copy) {
    const unsigned char* body;
    *len = inline_body(d, &body);
    *copy = nullptr;
    if (unlikely(*len == 0)) {
        *copy = packed_datum(d);
        body = body_of(*copy);
        *len = VARSIZE_ANY_EXHDR(*copy);
    }
    if (unlikely(!body_is_valid(body, *len)))
        invalid_numeric_datum(reinterpret_cast<const struct varlena*>(DatumGetPointer(d)));
    return body;
}

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_hash);
PG_FUNCTION_INFO_V1(fastnumeric_hash_extended);

/*
 * hash support 1: hash_numeric's value (NaN and infinities 0, zero 0xFFFFFFFF, otherwise the
 * stripped digits' hash XOR the weight).  The datum is hash_numeric's whole word, of which
 * callers read the low 32 bits.
 */
Datum fastnumeric_hash(PG_FUNCTION_ARGS) {
    if constexpr (!kLittleEndian)
        return hash_numeric(fcinfo);   // hash_bytes reads big-endian words there
    const Datum d = PG_GETARG_DATUM(0);
    size_t len;
    struct varlena* copy;
    const unsigned char* body = hash_body(d, &len, &copy);
    const uint64 h = numeric_hash(body, len);
    if (unlikely(copy != nullptr))
        release_packed(copy, d);
    return static_cast<Datum>(h);
}

/* hash support 2: hash_numeric_extended's value with the seed (specials: the seed; zero: seed - 1). */
Datum fastnumeric_hash_extended(PG_FUNCTION_ARGS) {
    if constexpr (!kLittleEndian)
        return hash_numeric_extended(fcinfo);
    const Datum d = PG_GETARG_DATUM(0);
    const uint64 seed = static_cast<uint64>(PG_GETARG_INT64(1));
    size_t len;
    struct varlena* copy;
    const unsigned char* body = hash_body(d, &len, &copy);
    const uint64 h = numeric_hash_extended(body, len, seed);
    if (unlikely(copy != nullptr))
        release_packed(copy, d);
    PG_RETURN_UINT64(h);
}

}   // extern "C"
