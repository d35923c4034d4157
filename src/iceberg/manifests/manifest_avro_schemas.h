#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "iceberg/type.h"

namespace floe::iceberg {

/// The Avro schemas of the spec's v2 and v3 manifest and manifest list files (v3 adds the
/// row lineage and deletion vector fields), as JSON text with
/// the field-id / element-id attributes Iceberg readers resolve fields by.
class ManifestAvroSchemas {
 public:
  /// Returns the manifest_entry schema with the partition struct `r102` built from the
  /// partition type (fields optional, ids 1000+).
  static std::string ManifestEntry(const Type& partition_type, int format_version = 2);
  /// Returns the manifest_file schema of a v2 manifest list (v3: with first_row_id).
  static std::string ManifestFile(int format_version = 2);
  /// Returns the Avro type of an Iceberg primitive (date -> int with logicalType date,
  /// decimal -> fixed with logicalType decimal, ...). Named types already in `defined`
  /// are referenced by name.
  static nlohmann::ordered_json AvroType(const Type& type, nlohmann::ordered_json* defined);
};

}  // namespace floe::iceberg
