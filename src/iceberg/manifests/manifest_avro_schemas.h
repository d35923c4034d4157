#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "iceberg/type.h"

namespace floe::iceberg {

/// The Avro schemas of the spec's v2 manifest and manifest list files, as JSON text with
/// the field-id / element-id attributes Iceberg readers resolve fields by.
class ManifestAvroSchemas {
 public:
  /// Returns the manifest_entry schema with the partition struct `r102` built from the
  /// partition type (fields optional, ids 1000+).
  static std::string ManifestEntry(const Type& partition_type);
  /// Returns the manifest_file schema of a v2 manifest list.
  static std::string ManifestFile();
  /// Returns the Avro type of an Iceberg primitive (date -> int with logicalType date,
  /// decimal -> fixed with logicalType decimal, ...). Named types already in `defined`
  /// are referenced by name.
  static nlohmann::ordered_json AvroType(const Type& type, nlohmann::ordered_json* defined);
};

}  // namespace floe::iceberg
