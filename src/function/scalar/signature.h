#pragma once

#include <string>
#include <vector>

#include "function/scalar_function.h"

namespace floe {

/// One overload of a function: fixed argument types, a result type and its kernel.
struct Signature {
  std::vector<LogicalType> arg_types;
  LogicalType return_type;
  ScalarKernel kernel;
};

/// Returns a binder choosing among overloads: the first whose argument types equal the
/// call's, else the first each argument implicitly casts to; BinderError when none fits.
ScalarBinder SignatureBinder(std::string name, std::vector<Signature> overloads,
                             bool foldable = true);

/// Returns `name` bound to fixed argument types, a result type and a kernel.
BoundScalarFunction Bound(std::string name, std::vector<LogicalType> arg_types,
                          LogicalType return_type, ScalarKernel kernel);

/// Returns constant argument i of a call (a literal, or a constant expression evaluated on
/// demand), or null when it is not constant.
const Value* ConstantArg(const ScalarBindInput& input, size_t i);

/// Throws BinderError saying that `name` does not take the call's argument types.
[[noreturn]] void ThrowArgumentTypes(const std::string& name, const ScalarBindInput& input,
                                     const std::string& expected);

/// Throws BinderError unless the call has between min and max arguments.
void CheckArgumentCount(const std::string& name, const ScalarBindInput& input, size_t min,
                        size_t max);

/// Returns the type names joined by ", " ("int, string").
std::string TypeList(const std::vector<LogicalType>& types);

}  // namespace floe
