#pragma once

#include <sstream>

#include "common/exception.h"

// Checks of internal invariants. A failure is a bug in floe: it throws InternalError
// with both operands printed, so the report says what the values were.

#define FLOE_CHECK(cond)                                                                  \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      throw ::floe::InternalError(std::string("check failed: " #cond " at ") + __FILE__ + \
                                  ":" + std::to_string(__LINE__));                        \
    }                                                                                     \
  } while (0)

#define FLOE_CHECK_OP(a, b, op)                                                       \
  do {                                                                                \
    const auto& floe_check_a = (a);                                                   \
    const auto& floe_check_b = (b);                                                   \
    if (!(floe_check_a op floe_check_b)) {                                            \
      std::ostringstream floe_check_os;                                               \
      floe_check_os << "check failed: " #a " " #op " " #b " (" << floe_check_a << " " \
                    << #op << " " << floe_check_b << ") at " << __FILE__ << ":"       \
                    << __LINE__;                                                      \
      throw ::floe::InternalError(floe_check_os.str());                               \
    }                                                                                 \
  } while (0)

#define FLOE_CHECK_EQ(a, b) FLOE_CHECK_OP(a, b, ==)
#define FLOE_CHECK_NE(a, b) FLOE_CHECK_OP(a, b, !=)
#define FLOE_CHECK_LT(a, b) FLOE_CHECK_OP(a, b, <)
#define FLOE_CHECK_LE(a, b) FLOE_CHECK_OP(a, b, <=)
#define FLOE_CHECK_GT(a, b) FLOE_CHECK_OP(a, b, >)
#define FLOE_CHECK_GE(a, b) FLOE_CHECK_OP(a, b, >=)
