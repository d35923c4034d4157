#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/vector.h"
#include "function/function_context.h"

namespace floe {

/// An aggregate resolved for concrete argument types. States live in memory the
/// operator owns (state_size bytes, aligned to state_alignment): Initialize constructs one,
/// Destroy destructs it (states may own heap memory, e.g. strings or sets).
struct BoundAggregateFunction {
  std::string name;
  std::vector<LogicalType> arg_types;  // the binder casts arguments to these
  LogicalType return_type;
  size_t state_size = 0;
  /// A power of two; states of small fixed layouts set their own (alignof) so a hash
  /// table row does not pad each of them to 16 bytes.
  size_t state_alignment = 16;

  std::function<void(uint8_t* state)> initialize;
  /// Adds row i of args to states[i] for i in [0, count). States may repeat (groups).
  /// Rows whose filter (FILTER (WHERE ...)) is false are not passed at all.
  std::function<void(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                      const FunctionContext& context)>
      update;
  /// Merges a partial state into another (thread-local tables merged at the end).
  std::function<void(uint8_t* source, uint8_t* target)> combine;
  /// Writes the result of each state into result rows [0, count).
  std::function<void(uint8_t** states, size_t count, Vector& result,
                     const FunctionContext& context)>
      finalize;
  /// Destructs a state; null when states are trivially destructible.
  std::function<void(uint8_t* state)> destroy;
  /// For window frames: removes row i of args from states[i] (null when not invertible).
  std::function<void(const std::vector<const Vector*>& args, size_t count, uint8_t** states)>
      remove;
};

/// Resolves an aggregate for argument types; `distinct` for count(DISTINCT x) etc.
using AggregateBinder =
    std::function<BoundAggregateFunction(const std::vector<LogicalType>& arg_types, bool distinct)>;

}  // namespace floe
