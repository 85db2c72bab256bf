/*
 * typmods.hpp — the typmods the input harnesses (text and binary) put every input under.
 *
 * Written as precision and scale, encoded the way PostgreSQL encodes a numeric typmod, so
 * that src/core's decode_typmod is under test too.  In namespace ref: kept out of the
 * coverage feedback with the models (coverage.ignorelist).
 */
#pragma once

#include <cstdint>
#include <string>

namespace ref {

struct TypmodCase {
    bool present;
    int precision;
    int scale;
};

/* No typmod first, then typmods at the edges: scale 0, negative, larger than precision,
 * numeric's usual sizes, the maxima. */
constexpr TypmodCase kTypmods[] = {
    {false, 0, 0}, {true, 1, 0},   {true, 3, -2},     {true, 2, 5},    {true, 5, 2},       {true, 10, 4},
    {true, 19, 0}, {true, 38, 18}, {true, 1000, 500}, {true, 1000, 0}, {true, 1000, 1000},
};

/* numeric's typmod of t: ((precision << 16) | (scale & 0x7FF)) + VARHDRSZ, or -1 for none. */
inline int32_t encode_typmod(const TypmodCase& t) {
    return t.present ? ((t.precision << 16) | (t.scale & 0x7FF)) + 4 : -1;
}

/* " typmod (p,s)", with " absent" after it for no typmod: for failure messages. */
inline std::string typmod_text(const TypmodCase& t) {
    return " typmod (" + std::to_string(t.precision) + "," + std::to_string(t.scale) + ")" +
           (t.present ? "" : " absent");
}

}   // namespace ref
