/*
 * arith_op.hpp — the three operations of exact arithmetic, one enumeration for the core's
 * arithmetic and the planner's look-ups alike.  Plain: includable beside PostgreSQL's headers.
 */
#pragma once

#include <cstdint>

namespace fastnumeric {

enum class ArithOp : uint8_t { Add, Subtract, Multiply };

}   // namespace fastnumeric
