#pragma once

#include <string>
#include <vector>

#include "sql/source_position.h"

namespace floe {

/// A possibly qualified object name as written: `t`, `ns.t`, `catalog.ns.t.files`.
struct QualifiedName {
  /// Holds the parts in order, unquoted, case as written (the binder folds case).
  std::vector<std::string> parts;
  SourcePosition position;

  /// Returns the parts joined with dots, backquoting those that need it.
  std::string ToString() const;
  bool empty() const { return parts.empty(); }
};

/// Returns an identifier backquoted when it is not a plain word (`a b`, `1x`).
std::string QuoteIdentifierIfNeeded(const std::string& name);

}  // namespace floe
