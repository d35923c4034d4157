#pragma once

#include <cstddef>

namespace floe {

/// Locates a token or AST node in the SQL text: 1-based line and column, 0-based byte offset.
struct SourcePosition {
  int line = 0;
  int column = 0;
  size_t offset = 0;
};

}  // namespace floe
