#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "parquet/parquet_reader.h"

namespace floe::iceberg {

/// The table's `schema.name-mapping.default` (spec "Column Projection"): the names a
/// field id had in files written without field ids. Resolves fields to file columns.
class NameMapping {
 public:
  NameMapping() = default;
  /// Parses the property's JSON; an absent property gives no mapping, a malformed one a
  /// mapping that FindColumn refuses to use.
  static NameMapping FromProperties(const std::map<std::string, std::string>& properties);

  /// Returns the index of the file column holding field `field_id`, or -1: by field id when
  /// the file has ids, else by the names the mapping gives the id. A file without ids and a
  /// table without a (well-formed) mapping throws FormatError naming the file: its columns
  /// are never matched by position, nor by the current names, which renames change.
  int FindColumn(const ParquetReader& reader, int field_id, const std::string& name) const;

 private:
  std::optional<std::map<int, std::vector<std::string>>> names_;
  std::string malformed_;  // why the property could not be read, when it could not
};

}  // namespace floe::iceberg
