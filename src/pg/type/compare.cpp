/*
 * compare.cpp — comparison operators, the btree comparison and sort support.
 *
 * One C function serves (fastnumeric, fastnumeric), (fastnumeric, numeric) and
 * (numeric, fastnumeric): the bytes are the same.  Values are read in place.
 */
#include "core/numeric_order.hpp"
#include "pg/datum.hpp"

using namespace fastnumeric;

namespace {

/* compare_datums for what compare_inline declines; kept out of line so the hot path stays lean. */
__attribute__((noinline)) int compare_made_readable(Datum a, Datum b) {
    struct varlena* pa = packed_datum(a);
    struct varlena* pb = packed_datum(b);
    const int r = compare_packed(pa, pb);
    release_packed(pa, a);
    release_packed(pb, b);
    return r;
}

/* numeric's order of two datums: read in place when they allow it, else made readable. */
inline int compare_datums(Datum a, Datum b) {
    int r;
    return likely(compare_inline(a, b, &r)) ? r : compare_made_readable(a, b);
}

inline int compare_args(FunctionCallInfo fcinfo) { return compare_datums(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)); }

/*
 * Whether two datums are the very same bytes, header included, both read in place: then they
 * are equal values.  A 1-byte header holds the size, so equal header bytes mean equal sizes
 * (an external TOAST pointer's header byte, whose size is elsewhere, is excluded).  Different
 * bytes say nothing: 1.0 and 1.00, or one value under both header sizes.
 */
inline bool identical_datums(Datum a, Datum b) {
    const struct varlena* va = reinterpret_cast<const struct varlena*>(DatumGetPointer(a));
    const struct varlena* vb = reinterpret_cast<const struct varlena*>(DatumGetPointer(b));
    const unsigned char* pa = reinterpret_cast<const unsigned char*>(va);
    const unsigned char* pb = reinterpret_cast<const unsigned char*>(vb);
    if (likely(VARATT_IS_1B(va)))
        return pa[0] == pb[0] && !VARATT_IS_1B_E(va) && same_bytes(pa, pb, VARSIZE_1B(va));
    if (!VARATT_IS_4B_U(va) || !VARATT_IS_4B_U(vb) || VARSIZE_4B(va) != VARSIZE_4B(vb))
        return false;
    return same_bytes(pa, pb, VARSIZE_4B(va));
}

/*
 * Two datums of the sizes stored keys mostly have (a 1-byte header, kKeyMinSize to kKeyMaxSize
 * bytes), with one header byte and so one size: same_bytes_8_to_16 reads them without telling
 * the header apart a second time.
 */
inline bool small_keys(const unsigned char* pa, const unsigned char* pb) {
    using namespace datum_detail;
    return likely(is_1b_header_sized(pa[0], kKeyMinSize, kKeyMaxSize, kBigEndian)) && pa[0] == pb[0];
}

inline const unsigned char* datum_bytes(Datum d) { return reinterpret_cast<const unsigned char*>(DatumGetPointer(d)); }

/* compare_datums as a call of its own, so that the fast paths before it need no stack frame. */
__attribute__((noinline)) int compare_datums_called(Datum a, Datum b) { return compare_datums(a, b); }

/* equal_args for what small_keys leaves: out of line, so that the common path needs no stack frame. */
__attribute__((noinline)) bool equal_datums(Datum a, Datum b) {
    return identical_datums(a, b) || compare_datums(a, b) == 0;
}

/*
 * Equality first by identical bytes (the neighbours a sort or a hash match brings mostly
 * are); two stored keys of one size whose bytes differ under one 2-byte header are unequal
 * without decoding them (the neighbours of a sorted DISTINCT mostly are).
 */
inline bool equal_args(FunctionCallInfo fcinfo) {
    const Datum a = PG_GETARG_DATUM(0), b = PG_GETARG_DATUM(1);
    const unsigned char *pa = datum_bytes(a), *pb = datum_bytes(b);
    if (!small_keys(pa, pb))
        return equal_datums(a, b);
    if (same_bytes_8_to_16(pa, pb, VARSIZE_1B(pa)))
        return true;
    // the bytes differ: only a decoded comparison can still call them equal (1.0 and 1.00)
    return !differing_bodies_unequal(pa + VARHDRSZ_SHORT, pb + VARHDRSZ_SHORT) && compare_datums_called(a, b) == 0;
}

/* The sort comparator: values sorted from a table nearly always take the in-place path. */
int sort_compare(Datum a, Datum b, SortSupport) { return compare_datums(a, b); }

/*
 * The comparator behind abbreviated keys, which runs only when two keys tie: the keys are
 * exact for values of up to three digit groups (money values, ids of up to 12 digits), so a
 * tie there is two equal values, mostly stored alike, and mostly of the sizes small_keys
 * takes (no stack frame then).  A bounded sort gives up abbreviation (its abbrev_converter is
 * gone) and compares everything with this comparator, values that mostly differ: there the
 * bytes are not tried first (bench/results/keys-callgrind-20261202.md and
 * keys-callgrind-20261205.md hold both measurements).
 */
int sort_tie_compare(Datum a, Datum b, SortSupport ssup) {
    if (likely(ssup->abbrev_converter != nullptr)) {
        const unsigned char *pa = datum_bytes(a), *pb = datum_bytes(b);
        if (small_keys(pa, pb)) {
            if (same_bytes_8_to_16(pa, pb, VARSIZE_1B(pa)))
                return 0;
        } else if (identical_datums(a, b)) {
            return 0;
        }
    }
    return compare_datums_called(a, b);
}

/* sort_abbreviate for what the 2-byte-header path declines; out of line, so that the common
   path needs no stack frame (its NumericView, and the stack protector with it). */
__attribute__((noinline)) int64 abbreviate_made_readable(Datum original) {
    struct varlena* p = packed_datum(original);
    const int64 key = abbreviated_key(view_of(p));
    release_packed(p, original);
    return key;
}

Datum sort_abbreviate(Datum original, SortSupport) {
    // Three digit groups or more behind a 1-byte header (stored ids and money values): told
    // from the header byte, no length to check (bench/results/keys-callgrind-20261205.md).
    const unsigned char* bytes = datum_bytes(original);
    int64 key;
    if (likely(datum_detail::is_1b_header_sized(bytes[0], datum_detail::kThreeGroupsMinSize, VARATT_SHORT_MAX,
                                                datum_detail::kBigEndian)) &&
        likely(short_abbreviated_key_3(bytes + VARHDRSZ_SHORT, &key)))
        return Int64GetDatum(key);
    const unsigned char* body;
    const size_t n = inline_body(original, &body);
    if (likely(n >= 2 && short_abbreviated_key(body, n, &key)))
        return Int64GetDatum(key);
    return Int64GetDatum(abbreviate_made_readable(original));
}

/* The keys hold 12 significant digits, so they rarely all tie: never give them up. */
bool sort_keep_abbreviations(int, SortSupport) { return false; }

#if PG_VERSION_NUM >= 190000
/*
 * Abbreviated keys compared as int64, as ssup_datum_signed_cmp does.  19 radix-sorts the keys
 * of that comparator, which leaves ties (2, 2.0, 2.00; equal rows) in another order than
 * numeric's sort; through this function the sort is numeric's own algorithm, and the rows of an
 * ORDER BY with ties come out as numeric's do, as on earlier versions.
 */
int compare_abbreviated(Datum x, Datum y, SortSupport) {
    const int64 a = DatumGetInt64(x), b = DatumGetInt64(y);
    return (a > b) - (a < b);
}
#endif

}   // namespace

extern "C" {

PG_FUNCTION_INFO_V1(fastnumeric_cmp);
PG_FUNCTION_INFO_V1(fastnumeric_eq);
PG_FUNCTION_INFO_V1(fastnumeric_ne);
PG_FUNCTION_INFO_V1(fastnumeric_lt);
PG_FUNCTION_INFO_V1(fastnumeric_le);
PG_FUNCTION_INFO_V1(fastnumeric_gt);
PG_FUNCTION_INFO_V1(fastnumeric_ge);
PG_FUNCTION_INFO_V1(fastnumeric_sortsupport);

/* btree support 1: -1, 0 or 1 in numeric's order (NaN last and equal to itself). */
Datum fastnumeric_cmp(PG_FUNCTION_ARGS) { PG_RETURN_INT32(compare_args(fcinfo)); }
Datum fastnumeric_eq(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(equal_args(fcinfo)); }
Datum fastnumeric_ne(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(!equal_args(fcinfo)); }
Datum fastnumeric_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) < 0); }
Datum fastnumeric_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) <= 0); }
Datum fastnumeric_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) > 0); }
Datum fastnumeric_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(compare_args(fcinfo) >= 0); }

/*
 * btree support 2.  The full comparator reads values in place (bounded sorts, which drop
 * abbreviation, live on it); with 64-bit datums, sorts also get int64 abbreviated keys.
 */
Datum fastnumeric_sortsupport(PG_FUNCTION_ARGS) {
    SortSupport ssup = reinterpret_cast<SortSupport>(PG_GETARG_POINTER(0));
    ssup->comparator = sort_compare;
#if SIZEOF_DATUM >= 8
    if (ssup->abbreviate) {
        ssup->abbrev_converter = sort_abbreviate;
        ssup->abbrev_abort = sort_keep_abbreviations;
        ssup->abbrev_full_comparator = sort_tie_compare;
#if PG_VERSION_NUM >= 190000
        ssup->comparator = compare_abbreviated;
#else
        ssup->comparator = ssup_datum_signed_cmp;
#endif
    }
#endif
    PG_RETURN_VOID();
}

}   // extern "C"
