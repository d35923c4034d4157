#pragma once

#include <string>
#include <vector>

#include "common/exception.h"
#include "common/types.h"

namespace floe {

/// Throws the BinderError for an aggregate called with argument types it does not take,
/// e.g. "sum does not support (string): expects one numeric argument".
[[noreturn]] inline void ThrowUnsupportedArguments(const std::string& name,
                                                   const std::vector<LogicalType>& arg_types,
                                                   const std::string& expected) {
  std::string types;
  for (const auto& t : arg_types) types += (types.empty() ? "" : ", ") + t.ToString();
  throw BinderError(name + " does not support (" + types + "): expects " + expected);
}

}  // namespace floe
