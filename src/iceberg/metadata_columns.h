#pragma once

#include "iceberg/schema.h"

namespace floe::iceberg {

/// The reserved field ids and names of Iceberg's metadata columns (spec "Reserved Field
/// IDs", Java's MetadataColumns) that floe reads.
struct MetadataColumns {
  /// Row lineage (format version 3): a row's id, and the sequence number of the commit
  /// that last changed it; data files may store them, else they are inherited.
  static constexpr int kRowIdFieldId = 2147483540;
  static constexpr const char* kRowIdName = "_row_id";
  static constexpr int kLastUpdatedSequenceNumberFieldId = 2147483539;
  static constexpr const char* kLastUpdatedSequenceNumberName = "_last_updated_sequence_number";

  /// A row's position in its data file (what position deletes and deletion vectors name).
  static constexpr int kRowPositionFieldId = 2147483645;
  static constexpr const char* kRowPositionName = "_pos";
  /// The path of a row's data file, as the manifest names it.
  static constexpr int kFilePathFieldId = 2147483646;
  static constexpr const char* kFilePathName = "_file";

  /// Returns true for the row lineage field ids.
  static constexpr bool IsRowLineage(int field_id) {
    return field_id == kRowIdFieldId || field_id == kLastUpdatedSequenceNumberFieldId;
  }
  /// Returns true for the metadata columns floe reads (_file, _pos, row lineage).
  static constexpr bool IsMetadataColumn(int field_id) {
    return IsRowLineage(field_id) || field_id == kRowPositionFieldId || field_id == kFilePathFieldId;
  }
  /// Returns `schema` with the two row lineage fields after its own (optional longs): the
  /// schema rows moved to new files are written with, so that they keep their ids (spec
  /// Row Lineage; Java's MetadataColumns.schemaWithRowLineage).
  static Schema WithRowLineage(const Schema& schema) {
    std::vector<NestedField> fields = schema.fields();
    fields.push_back(NestedField::Optional(kRowIdFieldId, kRowIdName, Type::Primitive(TypeKind::kLong)));
    fields.push_back(NestedField::Optional(kLastUpdatedSequenceNumberFieldId, kLastUpdatedSequenceNumberName,
                                           Type::Primitive(TypeKind::kLong)));
    return Schema(schema.schema_id(), std::move(fields), schema.identifier_field_ids());
  }
};

}  // namespace floe::iceberg
