#pragma once

#include <string>
#include <vector>

#include "common/vector.h"
#include "function/scalar/scalar_executor.h"

namespace floe {

/// Runs fn(i, &out) -> bool over rows without NULL arguments, copying each result string
/// into the result's heap; false makes the row NULL.
template <typename Fn>
void ExecuteStringRows(const std::vector<const Vector*>& args, size_t count, Vector& result,
                       Fn&& fn) {
  std::string buffer;
  ExecuteRows(args, count, result, [&](size_t i) {
    buffer.clear();
    if (!fn(i, &buffer)) return false;
    result.SetString(i, buffer);
    return true;
  });
}

/// Runs fn(i) -> StringRef over rows without NULL arguments, where the result points into
/// the first argument's bytes (substring, trim): no copy, the heaps are shared.
template <typename Fn>
void ExecuteSliceRows(const std::vector<const Vector*>& args, size_t count, Vector& result,
                      Fn&& fn) {
  result.ShareHeapsOf(*args[0]);
  StringRef* out = result.Data<StringRef>();
  ExecuteRows(args, count, result, [&](size_t i) {
    out[i] = fn(i);
    return true;
  });
}

/// Returns row i of a string vector as a view.
inline std::string_view StringAt(const Vector& v, size_t i) {
  return v.Data<StringRef>()[i].view();
}

}  // namespace floe
