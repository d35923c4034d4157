#pragma once

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

  /// Returns true for the row lineage field ids.
  static constexpr bool IsRowLineage(int field_id) {
    return field_id == kRowIdFieldId || field_id == kLastUpdatedSequenceNumberFieldId;
  }
};

}  // namespace floe::iceberg
