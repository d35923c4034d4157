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
  /// Parses the property's JSON; malformed or absent mappings give an empty mapping.
  static NameMapping FromProperties(const std::map<std::string, std::string>& properties);

  /// Returns the index of the file column holding field `field_id` (currently named
  /// `name`), or -1: by field id when the file has ids, else by the mapped names, else by
  /// the current name.
  int FindColumn(const ParquetReader& reader, int field_id, const std::string& name) const;

 private:
  std::optional<std::map<int, std::vector<std::string>>> names_;
};

}  // namespace floe::iceberg
