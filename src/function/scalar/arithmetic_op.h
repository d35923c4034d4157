#pragma once

#include <string>

namespace floe {

/// The binary arithmetic operators, as the binder names them.
enum class ArithmeticOp { kAdd, kSubtract, kMultiply, kDivide, kModulo, kIntegralDivide, kPmod };

/// Returns the SQL spelling of an operator ("+", "div", "pmod").
inline const char* ArithmeticOpName(ArithmeticOp op) {
  switch (op) {
    case ArithmeticOp::kAdd: return "+";
    case ArithmeticOp::kSubtract: return "-";
    case ArithmeticOp::kMultiply: return "*";
    case ArithmeticOp::kDivide: return "/";
    case ArithmeticOp::kModulo: return "%";
    case ArithmeticOp::kIntegralDivide: return "div";
    case ArithmeticOp::kPmod: return "pmod";
  }
  return "?";
}

/// Returns Spark's error for a division or modulo by zero.
inline std::string DivideByZeroMessage() {
  return "[DIVIDE_BY_ZERO] Division by zero. Use try_divide to tolerate divisor being 0 and "
         "return NULL instead.";
}

}  // namespace floe
