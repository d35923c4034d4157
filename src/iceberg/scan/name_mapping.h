#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/schema.h"
#include "parquet/parquet_reader.h"

namespace floe::iceberg {

/// The table's `schema.name-mapping.default` (spec "Column Projection"): the names a
/// field id had in files written without field ids. Resolves fields to file columns.
class NameMapping {
 public:
  /// One entry: a field id, the names it had, and the entries of its nested fields (a
  /// list's "element", a map's "key" and "value").
  struct MappedField {
    std::optional<int> id;
    std::vector<std::string> names;
    std::vector<MappedField> fields;
    bool Names(const std::string& name) const;
  };

  NameMapping() = default;
  /// Parses the property's JSON; an absent property gives no mapping, a malformed one a
  /// mapping that FindColumn refuses to use. With the table's schema, a mapping whose ids
  /// name other fields than the schema's (one written before the schema's ids were
  /// assigned, as migrated Hive tables have) is resolved by its names instead of its ids.
  static NameMapping FromProperties(const std::map<std::string, std::string>& properties,
                                    const Schema* schema = nullptr);

  /// Returns the index of the file column holding field `field_id`, or -1: by field id when
  /// the file has ids, else by the names the mapping gives the id. A file without ids and a
  /// table without a (well-formed) mapping throws FormatError naming the file: its columns
  /// are never matched by position, nor by the current names, which renames change.
  int FindColumn(const ParquetReader& reader, int field_id, const std::string& name) const;

  /// Returns the top-level entries (empty without a mapping).
  const std::vector<MappedField>& fields() const { return fields_; }
  /// Returns the entry among `level` (the top-level entries or an entry's fields) for the
  /// schema field with this id and name: the one with its id, or, when the mapping's ids
  /// disagree with the schema's, the one naming it; nullptr when none.
  const MappedField* Find(const std::vector<MappedField>& level, int field_id, const std::string& name) const;

 private:
  bool present_ = false;  // the table has a well-formed mapping
  std::vector<MappedField> fields_;
  bool by_name_ = false;  // the ids disagree with the schema's: match by names
  std::string malformed_;  // why the property could not be read, when it could not
};

}  // namespace floe::iceberg
