#pragma once

#include <string>
#include <utility>
#include <vector>

#include "common/types.h"
#include "common/value.h"

namespace floe {

/// The `key=value` directories of a set of files (Hive / Spark layout) as typed columns.
class HivePartitioning {
 public:
  /// Parses the partition directories of each file below `base` (a directory prefix of
  /// every path) and infers each key's type as Spark does: int, then bigint, then date
  /// when every value parses as one, else string; __HIVE_DEFAULT_PARTITION__ is NULL.
  HivePartitioning(const std::vector<std::string>& files, const std::string& base);

  /// Returns the partition keys, in the order they first appear.
  const std::vector<std::string>& names() const { return names_; }
  /// Returns the inferred type of each key.
  const std::vector<LogicalType>& types() const { return types_; }
  /// Returns the values of file `file` (one per key; NULL where its path lacks the key).
  const std::vector<Value>& values(size_t file) const { return values_[file]; }

  /// Returns the `key=value` pairs of the directories in `path` below `base`, values
  /// unescaped (%xx).
  static std::vector<std::pair<std::string, std::string>> ParsePath(const std::string& path,
                                                                    const std::string& base);

 private:
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<std::vector<Value>> values_;
};

}  // namespace floe
