#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"
#include "function/function_context.h"

namespace floe {

/// Evaluates a function over `count` rows: args[i] holds argument i (already cast to the
/// bound argument types), result (of the return type, capacity >= count) receives the
/// values and NULLs; the kernel sets the validity of every row it writes. Kernels are
/// stateless and may run on several threads at once.
using ScalarKernel = std::function<void(const std::vector<const Vector*>& args, size_t count,
                                        Vector& result, const FunctionContext& context)>;

/// A function resolved for concrete argument types.
struct BoundScalarFunction {
  std::string name;
  /// Types the binder must cast each argument to before calling the kernel.
  std::vector<LogicalType> arg_types;
  LogicalType return_type;
  ScalarKernel kernel;
  /// False for functions whose result changes within a query (rand) or that must not be
  /// folded at bind time (current_timestamp is fine to fold: it is fixed per query).
  bool foldable = true;
  /// The kernel reads only the first this many arguments; the others (a constant field
  /// name: get_struct_field) are not evaluated and reach it as empty vectors.
  size_t evaluated_args = SIZE_MAX;
};

/// What the binder knows about the arguments: their types and, for literals, values.
///
/// How a binder calls a function: look up FunctionRegistry::FindScalar(name) (operators
/// are functions too: "+", "=", "<=>", "||", "negative", "like", ...), call it with the
/// arguments' own types (a bare NULL as TypeId::kNull) and the values of literal
/// arguments, then wrap each argument whose type differs from the returned arg_types[i]
/// in a CAST (CastVector, same context); the function has done the coercion (common super
/// type for comparisons, Spark's decimal rules for arithmetic, implicit casts to a fixed
/// signature). Literals matter: an integer literal next to a decimal takes the fewest
/// digits (Spark), and LIKE / regexp / format patterns given as literals compile once.
/// CASE / COALESCE / IF / NULLIF / IN are the executor's: their branch type is
/// WiderType (type_coercion.h).
struct ScalarBindInput {
  std::vector<LogicalType> arg_types;
  /// Constant value of argument i when it is a literal (e.g. a format string).
  std::vector<std::optional<Value>> constant_args;
  /// Returns the value of argument i when it is a constant expression other than a literal
  /// (`-2`, `'%' || 'x'`), evaluated only when asked: the binder folds no constant itself
  /// (the optimizer does), yet a scale, a pattern or a literal's digits decide the call, as
  /// Spark evaluates a foldable argument while analyzing. Null when unknown; unset when
  /// only literals are known.
  std::function<const Value*(size_t i)> constant_arg;
};

/// Resolves a call for given argument types; throws BinderError when they do not fit
/// (the message names the function and the types, as Spark's does).
using ScalarBinder = std::function<BoundScalarFunction(const ScalarBindInput& input)>;

}  // namespace floe
