#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

namespace floe {

/// Returns Spark's error for an integer + - * whose result does not fit its type: for
/// tinyint and smallint [BINARY_ARITHMETIC_OVERFLOW] naming both operands (Spark prints
/// them as smallint literals, 100S, for both types), for int and bigint
/// [ARITHMETIC_OVERFLOW] naming the type.
template <typename T>
std::string IntegerOverflowMessage(T x, const char* op, T y) {
  std::string try_name = op[0] == '+'   ? "try_add"
                         : op[0] == '-' ? "try_subtract"
                         : op[0] == '*' ? "try_multiply"
                                        : "try_ functions";
  if constexpr (sizeof(T) < 4) {
    return "[BINARY_ARITHMETIC_OVERFLOW] " + std::to_string(x) + "S " + op + " " +
           std::to_string(y) + "S caused overflow. Use '" + try_name +
           "' to ignore overflow problem and return NULL.";
  } else {
    return std::string("[ARITHMETIC_OVERFLOW] ") +
           (std::is_same_v<T, int32_t> ? "integer" : "long") + " overflow in " + op + ". Use '" +
           try_name + "' to tolerate overflow and return NULL instead.";
  }
}

/// Returns Spark's error for negating (or taking abs of) the least value of an integer
/// type: "- -128 caused overflow" for tinyint and smallint, "integer overflow" or "long
/// overflow" for int and bigint.
template <typename T>
std::string NegateOverflowMessage(T x, const char* what) {
  if constexpr (sizeof(T) < 4) {
    return "[ARITHMETIC_OVERFLOW] - " + std::to_string(x) + " caused overflow.";
  } else {
    return std::string("[ARITHMETIC_OVERFLOW] ") +
           (std::is_same_v<T, int32_t> ? "integer" : "long") + " overflow in " + what + ".";
  }
}

}  // namespace floe
