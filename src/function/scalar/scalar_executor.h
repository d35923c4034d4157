#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "common/exception.h"
#include "common/vector.h"
#include "function/function_context.h"

namespace floe {

// Tight per-type loops that kernels instantiate with a lambda: NULL in gives NULL out,
// and rows are processed without per-row virtual calls. A "nullable" op returns false
// to make its row NULL (TRY_ semantics, log of a negative number, ...).

/// Applies op(a) -> R to every non-NULL row.
template <typename A, typename R, typename Op>
void ExecuteUnary(const Vector& a, size_t count, Vector& result, Op&& op) {
  const A* in = a.Data<A>();
  R* out = result.Data<R>();
  result.validity() = a.validity();
  if (a.validity().AllValid()) {
    for (size_t i = 0; i < count; ++i) out[i] = op(in[i]);
  } else {
    for (size_t i = 0; i < count; ++i) {
      if (!a.IsNull(i)) out[i] = op(in[i]);
    }
  }
}

/// Applies op(a, &out) -> bool to every non-NULL row; false makes the row NULL.
template <typename A, typename R, typename Op>
void ExecuteUnaryNullable(const Vector& a, size_t count, Vector& result, Op&& op) {
  const A* in = a.Data<A>();
  R* out = result.Data<R>();
  result.validity() = a.validity();
  for (size_t i = 0; i < count; ++i) {
    if (!a.IsNull(i) && !op(in[i], &out[i])) result.SetNull(i, true);
  }
}

/// Marks row i of result NULL when any argument is NULL there; returns true when none is.
inline void MergeValidity(const std::vector<const Vector*>& args, size_t count, Vector& result) {
  result.validity().Reset();
  for (const Vector* arg : args) {
    if (arg->validity().AllValid()) continue;
    for (size_t i = 0; i < count; ++i) {
      if (arg->IsNull(i)) result.SetNull(i, true);
    }
  }
}

/// Applies op(a, b) -> R to every row where both are non-NULL.
template <typename A, typename B, typename R, typename Op>
void ExecuteBinary(const Vector& a, const Vector& b, size_t count, Vector& result, Op&& op) {
  const A* left = a.Data<A>();
  const B* right = b.Data<B>();
  R* out = result.Data<R>();
  if (a.validity().AllValid() && b.validity().AllValid()) {
    result.validity().Reset();
    for (size_t i = 0; i < count; ++i) out[i] = op(left[i], right[i]);
    return;
  }
  MergeValidity({&a, &b}, count, result);
  for (size_t i = 0; i < count; ++i) {
    if (!result.IsNull(i)) out[i] = op(left[i], right[i]);
  }
}

/// Applies op(a, b, &out) -> bool to every row where both are non-NULL; false gives NULL.
template <typename A, typename B, typename R, typename Op>
void ExecuteBinaryNullable(const Vector& a, const Vector& b, size_t count, Vector& result,
                           Op&& op) {
  const A* left = a.Data<A>();
  const B* right = b.Data<B>();
  R* out = result.Data<R>();
  MergeValidity({&a, &b}, count, result);
  for (size_t i = 0; i < count; ++i) {
    if (!result.IsNull(i) && !op(left[i], right[i], &out[i])) result.SetNull(i, true);
  }
}

/// Calls fn(i) for each row where no argument is NULL (other rows become NULL); fn
/// returns false to make its row NULL. For functions of several or mixed arguments.
template <typename Fn>
void ExecuteRows(const std::vector<const Vector*>& args, size_t count, Vector& result, Fn&& fn) {
  MergeValidity(args, count, result);
  for (size_t i = 0; i < count; ++i) {
    if (!result.IsNull(i) && !fn(i)) result.SetNull(i, true);
  }
}

/// Raises error, or returns false (the row becomes NULL) in try mode.
template <typename Error>
bool FailOrNull(const FunctionContext& context, const std::string& message) {
  if (context.try_mode) return false;
  throw Error(message);
}

}  // namespace floe
