#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/types.h"

namespace floe {

/// One column visible to expressions: where it comes from and where it is in the input.
struct ScopeColumn {
  std::string table;   // alias or table name, lower case; empty for derived columns
  std::string name;    // as declared (case kept); lookups ignore case
  LogicalType type;
  size_t index = 0;    // position in the operator's input
  bool hidden = false; // not expanded by * and not found unqualified (USING duplicates)
  /// For a USING join's merged column: the table whose qualified `t.*` also expands it
  /// (the left's, the right's for RIGHT joins, none for FULL), as in Spark.
  std::string star_table;
  /// A table's metadata column (_row_id): not expanded by * nor joined by NATURAL JOIN,
  /// found by name only when no other column has that name (as Spark's metadata columns).
  bool metadata = false;
};

/// A column of a table the scope reads that floe cannot read yet (a nested type).
struct UnreadableScopeColumn {
  std::string table;  // alias or table name, lower case
  std::string name;
  std::string type;   // as SQL names it
  std::string source; // the table's name in messages
};

/// The columns an expression may reference, with an optional enclosing query's scope.
class BindScope {
 public:
  std::vector<ScopeColumn> columns;
  /// Columns of the tables read that cannot be read yet: not in `columns`, but named in
  /// the error of a `*` or a reference that would take them.
  std::vector<UnreadableScopeColumn> unreadable;
  const BindScope* outer = nullptr;

  /// Finds a column by optional qualifier and name; sets *ambiguous when several match.
  const ScopeColumn* Find(const std::vector<std::string>& qualifier, const std::string& name,
                          bool* ambiguous) const;
  /// Returns every column name, for suggestions.
  std::vector<std::string> Names() const;
  /// Appends the columns of another scope, shifting their indexes by `offset`.
  void Append(const BindScope& other, size_t offset);
};

/// Returns the candidate closest to `name` by edit distance, or empty when none is close:
/// within a third of the name's length (at least 2) and `max_distance` edits.
std::string ClosestName(const std::string& name, const std::vector<std::string>& candidates,
                        size_t max_distance = SIZE_MAX);

}  // namespace floe
