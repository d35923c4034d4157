#pragma once

#include "common/types.h"
#include "function/scalar/arithmetic_op.h"
#include "function/scalar_function.h"

namespace floe {

/// Returns Spark's result type of a decimal operation (DecimalPrecision rules with
/// precision loss allowed): + - : max(s1,s2) + max(p1-s1,p2-s2) + 1 digits; * : p1+p2+1,
/// s1+s2; / : scale max(6, s1+p2+1); % : min integer digits + max scale; reduced to 38
/// digits keeping at least 6 of scale. div gives bigint.
LogicalType DecimalResultType(ArithmeticOp op, const LogicalType& a, const LogicalType& b);

/// Returns the kernel of a decimal operation on arguments of types a and b.
ScalarKernel DecimalArithmeticKernel(ArithmeticOp op, const LogicalType& a, const LogicalType& b,
                                     const LogicalType& result);

}  // namespace floe
