/*
 * datum.hpp — reading numeric-format datums in place.
 *
 * Stored numerics nearly always carry a 1-byte varlena header; numeric's own functions copy
 * them into a fresh 4-byte-header allocation before reading.  We read them where they lie and
 * only detoast what is compressed or external.
 */
#pragma once

#include "core/arith_memo.hpp"
#include "core/numeric_layout.hpp"
#include "core/numeric_order.hpp"
#include "core/short_arith.hpp"
#include "pg_compat.hpp"

namespace fastnumeric {

/* Detoast only if compressed or external; 1-byte-header datums come back unchanged. */
inline struct varlena* packed_datum(Datum d) {
    struct varlena* p = reinterpret_cast<struct varlena*>(DatumGetPointer(d));
    if (unlikely(VARATT_IS_EXTERNAL(p) || VARATT_IS_COMPRESSED(p)))
        return pg_detoast_datum_packed(p);
    return p;
}

inline const unsigned char* body_of(const struct varlena* p) {
    return reinterpret_cast<const unsigned char*>(VARDATA_ANY(p));
}

/*
 * The body of a datum whose bytes are all here, read where it lies: a 1-byte header (how
 * stored values come) or an uncompressed 4-byte one (fresh results, constants).  Returns
 * the body size, or 0 for an external TOAST pointer or a compressed value, which only
 * packed_datum can read (no numeric body is that short).  The hot paths classify the header
 * once here instead of in packed_datum, VARDATA_ANY and VARSIZE_ANY_EXHDR in turn.  An
 * external pointer's header byte has the low bit set too: VARATT_IS_1B alone would take the
 * pointer for a body.
 */
inline size_t inline_body(Datum d, const unsigned char** body) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(d));
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(p);
    if (likely(VARATT_IS_1B(p))) {
        *body = bytes + VARHDRSZ_SHORT;
        return likely(!VARATT_IS_1B_E(p)) ? VARSIZE_1B(p) - VARHDRSZ_SHORT : 0;
    }
    *body = bytes + VARHDRSZ;
    return VARATT_IS_4B_U(p) ? VARSIZE_4B(p) - VARHDRSZ : 0;
}

/*
 * inline_body for the small paths (short_arith, sum_add_short_body, the arithmetic memo),
 * whose own length checks take nothing but a few bytes: an external TOAST pointer (a 1-byte
 * header of size 0) comes back as SIZE_MAX and a compressed value as 0, so the header is
 * classified once (the extra test for the pointer cost two instructions per operand).
 */
inline size_t small_path_body(Datum d, const unsigned char** body) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(d));
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(p);
    if (likely(VARATT_IS_1B(p))) {
        *body = bytes + VARHDRSZ_SHORT;
        return static_cast<size_t>(VARSIZE_1B(p)) - VARHDRSZ_SHORT;
    }
    *body = bytes + VARHDRSZ;
    return VARATT_IS_4B_U(p) ? VARSIZE_4B(p) - VARHDRSZ : 0;
}

namespace datum_detail {

/*
 * The digit groups n of a 2-byte-header numeric of at most kSmallShortGroups groups behind a
 * 1-byte varlena header, from the header's one byte: such a datum has 3 + 2n bytes, so the
 * byte is one of five values, which a subtraction and a rotation map onto 0..n; every other
 * byte (a 4-byte header, an external TOAST pointer's, another size) comes out above
 * kSmallShortGroups.  varatt.h's layouts: the size in the high seven bits and the low bit set
 * on little-endian machines, the size in the low seven and the high bit set on big-endian ones.
 */
constexpr uint32_t groups_after_1b_header(uint8_t first, bool big_endian) {
    constexpr uint32_t kSmallest = VARHDRSZ_SHORT + 2;   // zero's datum: the header and numeric's
    const uint32_t x = first - (big_endian ? 0x80 | kSmallest : kSmallest << 1 | 1);
    return big_endian ? x >> 1 | x << 31 : x >> 2 | x << 30;   // an odd step: high bits
}

/* groups_after_1b_header against varatt.h's definitions, for every byte. */
constexpr bool groups_after_1b_header_agrees(bool big_endian) {
    for (uint32_t b = 0; b < 256; ++b) {
        const bool is_1b = big_endian ? (b & 0x80) != 0 : (b & 0x01) != 0;
        const uint32_t size = big_endian ? b & 0x7F : b >> 1;   // an external pointer's is 0
        const uint32_t rest = size - VARHDRSZ_SHORT - 2;
        const bool small = is_1b && size >= VARHDRSZ_SHORT + 2 && rest % 2 == 0 && rest / 2 <= kSmallShortGroups;
        const uint32_t n = groups_after_1b_header(static_cast<uint8_t>(b), big_endian);
        if (small ? n != rest / 2 : n <= kSmallShortGroups)
            return false;
    }
    return true;
}

static_assert(groups_after_1b_header_agrees(false) && groups_after_1b_header_agrees(true),
              "a 1-byte header's byte gives the groups of a small short numeric, and only those");

#ifdef WORDS_BIGENDIAN
constexpr bool kBigEndian = true;
#else
constexpr bool kBigEndian = false;
#endif

/*
 * The same for a 4-byte header, from its word: 6 + 2n bytes, the size shifted left by two
 * with the low two bits clear (VARATT_IS_4B_U) on little-endian machines, the size with the
 * high two bits clear on big-endian ones; a subtraction and a rotation again.
 */
constexpr uint32_t groups_after_4b_header(uint32_t word, bool big_endian) {
    constexpr uint32_t kSmallest = VARHDRSZ + 2;
    const uint32_t x = word - (big_endian ? kSmallest : kSmallest << 2);
    return big_endian ? x >> 1 | x << 31 : x >> 3 | x << 29;
}

/* groups_after_4b_header against varatt.h's definitions, for the sizes up to `sizes` with
   each value of the two flag bits. */
constexpr bool groups_after_4b_header_agrees(bool big_endian, uint32_t sizes) {
    for (uint32_t size = 0; size < sizes; ++size) {
        for (uint32_t flags = 0; flags < 4; ++flags) {
            const uint32_t word = big_endian ? flags << 30 | size : size << 2 | flags;
            const uint32_t rest = size - VARHDRSZ - 2;
            const bool small = flags == 0 && size >= VARHDRSZ + 2 && rest % 2 == 0 && rest / 2 <= kSmallShortGroups;
            const uint32_t n = groups_after_4b_header(word, big_endian);
            if (small ? n != rest / 2 : n <= kSmallShortGroups)
                return false;
        }
    }
    return true;
}

static_assert(groups_after_4b_header_agrees(false, 1024) && groups_after_4b_header_agrees(true, 1024),
              "a 4-byte header's word gives the groups of a small short numeric, and only those");

/*
 * Whether a datum's first byte is a 1-byte header (not an external TOAST pointer's) of `lo`
 * to `hi` bytes, header included (1 <= lo <= hi <= 127).  A subtraction and (little-endian)
 * a rotation again: the byte is 2 * size + 1 there, 0x80 | size on big-endian machines.
 */
constexpr bool is_1b_header_sized(uint8_t first, uint32_t lo, uint32_t hi, bool big_endian) {
    const uint32_t x = first - (big_endian ? 0x80 | lo : lo << 1 | 1);
    return (big_endian ? x : x >> 1 | x << 31) <= hi - lo;
}

/* is_1b_header_sized against varatt.h's definitions, for every byte. */
constexpr bool is_1b_header_sized_agrees(uint32_t lo, uint32_t hi, bool big_endian) {
    for (uint32_t b = 0; b < 256; ++b) {
        const bool is_1b = big_endian ? (b & 0x80) != 0 : (b & 0x01) != 0;
        const uint32_t size = big_endian ? b & 0x7F : b >> 1;   // an external pointer's is 0
        if (is_1b_header_sized(static_cast<uint8_t>(b), lo, hi, big_endian) != (is_1b && size >= lo && size <= hi))
            return false;
    }
    return true;
}

/* Stored keys and money values of three to six digit groups, whole: what same_bytes_8_to_16 reads. */
constexpr uint32_t kKeyMinSize = 8, kKeyMaxSize = 16;
/* A 2-byte-header numeric of three digit groups or more: what short_abbreviated_key_3 reads. */
constexpr uint32_t kThreeGroupsMinSize = VARHDRSZ_SHORT + 2 + 2 * 3;

static_assert(is_1b_header_sized_agrees(kKeyMinSize, kKeyMaxSize, false) &&
                  is_1b_header_sized_agrees(kKeyMinSize, kKeyMaxSize, true) &&
                  is_1b_header_sized_agrees(kThreeGroupsMinSize, VARATT_SHORT_MAX, false) &&
                  is_1b_header_sized_agrees(kThreeGroupsMinSize, VARATT_SHORT_MAX, true) &&
                  is_1b_header_sized_agrees(1, VARATT_SHORT_MAX, false) &&
                  is_1b_header_sized_agrees(1, VARATT_SHORT_MAX, true),
              "a first byte tells a 1-byte header of a size in a range, and only that");

}   // namespace datum_detail

/*
 * The digit groups after numeric's 2-byte header in a datum read in place (what its size
 * gives: whether that header is there is the caller's to check), and its body; a value above
 * kSmallShortGroups for a datum that cannot hold such a numeric.  The 1-byte header (how
 * stored values come) is decided with the count from its first byte alone; a 4-byte one
 * (fresh results, constants) after that, as inline_body reads it.
 */
__attribute__((always_inline)) inline uint32_t small_short_groups(Datum d, const unsigned char** body) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(d));
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(p);
    const uint32_t n = datum_detail::groups_after_1b_header(bytes[0], datum_detail::kBigEndian);
    if (likely(n <= kSmallShortGroups)) {
        *body = bytes + VARHDRSZ_SHORT;
        return n;
    }
    uint32_t word;
    std::memcpy(&word, bytes, sizeof word);
    *body = bytes + VARHDRSZ;
    return datum_detail::groups_after_4b_header(word, datum_detail::kBigEndian);
}

/*
 * A datum of at most 8 bytes, header included, as one word (memo_word: its bytes
 * zero-padded); false for a longer or toasted one.  Equal words are equal datums.
 */
inline bool small_datum_word(Datum d, uint64_t* word) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(d));
    size_t size;
    if (likely(VARATT_IS_1B(p)))
        size = VARSIZE_1B(p);   // 0 for an external pointer
    else if (VARATT_IS_4B_U(p))
        size = VARSIZE_4B(p);
    else
        return false;
    if (size - 1 > 7)
        return false;
    *word = memo_word(reinterpret_cast<const unsigned char*>(p), size);
    return true;
}

/* Free what packed_datum allocated, if it allocated. */
inline void release_packed(struct varlena* p, Datum original) {
    if (reinterpret_cast<Pointer>(p) != DatumGetPointer(original))
        pfree(p);
}

/* Raises the error for a body numeric could not have written (kept out of the hot paths). */
[[noreturn]] __attribute__((noinline, cold)) inline void invalid_numeric_datum(const struct varlena* p) {
    elog(ERROR, "invalid numeric datum of %zu bytes", static_cast<size_t>(VARSIZE_ANY(p)));
    pg_unreachable();
}

/* The numeric body of a (packed) datum; a body numeric could not have written is an error. */
inline NumericView view_of(const struct varlena* p) {
    NumericView v;
    if (unlikely(!decode_numeric(body_of(p), VARSIZE_ANY_EXHDR(p), &v)))
        invalid_numeric_datum(p);
    return v;
}

/* numeric's order on two datums already made readable by packed_datum: -1, 0 or 1. */
inline int compare_packed(const struct varlena* pa, const struct varlena* pb) {
    const size_t na = VARSIZE_ANY_EXHDR(pa), nb = VARSIZE_ANY_EXHDR(pb);
    int r;
    if (na < 2 || nb < 2 || !compare_short_bodies(body_of(pa), na, body_of(pb), nb, &r))
        r = compare_numeric(view_of(pa), view_of(pb));
    return r;
}

/*
 * short_head of a datum read in place, as inline_body would, with the size checks fused: a
 * 1-byte header (an external TOAST pointer's reads as size 0) or an uncompressed 4-byte one.
 */
inline bool inline_head(Datum d, int32_t* head) {
    const struct varlena* p = reinterpret_cast<const struct varlena*>(DatumGetPointer(d));
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(p);
    if (likely(VARATT_IS_1B(p)))
        return VARSIZE_1B(p) >= VARHDRSZ_SHORT + 4 && short_head(bytes + VARHDRSZ_SHORT, head);
    return VARATT_IS_4B_U(p) && VARSIZE_4B(p) >= VARHDRSZ + 4 && short_head(bytes + VARHDRSZ, head);
}

/*
 * numeric's order of two values whose sign, weight and leading digit already decide it:
 * the few instructions min and max try before compare_inline, since a value compared with
 * the extreme so far mostly differs from it there.  (Sorts compare neighbours, which share
 * their heads, so they do better with compare_inline straight away; for the operators it
 * measured the same either way.)
 */
inline bool compare_heads(Datum a, Datum b, int* result) {
    int32_t head_a, head_b;
    if (!inline_head(a, &head_a) || !inline_head(b, &head_b) || head_a == head_b)
        return false;
    *result = head_a < head_b ? -1 : 1;
    return true;
}

/* numeric's order of two datums when both are inline and compare_short_bodies can judge them. */
inline bool compare_inline(Datum a, Datum b, int* result) {
    const unsigned char *ba, *bb;
    const size_t na = inline_body(a, &ba), nb = inline_body(b, &bb);
    return na >= 2 && nb >= 2 && compare_short_bodies(ba, na, bb, nb, result);
}

/*
 * The datum of a stripped finite value: exactly one palloc of the final size.  Raises
 * numeric's "value overflows numeric format" (22003) when weight or dscale do not fit.
 */
inline Datum finite_datum(const FiniteValue& v) {
    if (unlikely(!fits_numeric_format(v)))
        ereport(ERROR, (errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE), errmsg("value overflows numeric format")));
    const size_t size = VARHDRSZ + finite_body_size(v.ndigits, v.dscale, v.weight);
    struct varlena* result = static_cast<struct varlena*>(palloc(size));
    SET_VARSIZE(result, size);
    encode_finite(reinterpret_cast<unsigned char*>(VARDATA(result)), v.negative, v.weight, v.dscale, v.digits,
                  v.ndigits);
    return PointerGetDatum(result);
}

/* A datum holding a copy of a ready body: one palloc. */
inline Datum body_datum(const unsigned char* body, size_t size) {
    struct varlena* result = static_cast<struct varlena*>(palloc(VARHDRSZ + size));
    SET_VARSIZE(result, VARHDRSZ + size);
    std::memcpy(VARDATA(result), body, size);
    return PointerGetDatum(result);
}

/*
 * A datum holding a body that short_arith's writers wrote into kShortBodyBytes, `size` of them
 * used: one palloc, and a copy of fixed length (inlined, where a copy of `size` bytes calls
 * memcpy).
 */
inline Datum short_body_datum(const unsigned char* body, int size) {
    struct varlena* result = static_cast<struct varlena*>(palloc(VARHDRSZ + kShortBodyBytes));
    std::memcpy(VARDATA(result), body, kShortBodyBytes);
    SET_VARSIZE(result, VARHDRSZ + size);
    return PointerGetDatum(result);
}

/* NaN, +Infinity or -Infinity: a 2-byte body. */
inline Datum special_datum(Kind kind) {
    unsigned char body[2];
    store_u16(body, kind == Kind::PosInf ? kPosInf : kind == Kind::NegInf ? kNegInf : kNaN);
    return body_datum(body, sizeof body);
}

}   // namespace fastnumeric
