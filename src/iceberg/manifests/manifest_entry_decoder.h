#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "iceberg/avro/avro_decoder.h"
#include "iceberg/manifests/manifest_entry.h"

namespace floe::iceberg {

/// Decodes manifest entries straight from Avro's binary encoding into ManifestEntry,
/// without the generic datum tree: the writer schema (Spark, Trino, Java and floe each
/// write their own field sets and orders) is compiled once per file into one step per
/// field, resolved by field id and then by name as the generic reader does. Fields the
/// entries do not use are skipped without being materialized, and the column metrics
/// (sizes, counts, bounds) may be skipped too and decoded later for the entries that
/// need them. Produces what the generic path (ManifestReader's datum reader) produces;
/// bad input throws FormatError naming the manifest in both (when an entry has several
/// problems, which one is named may differ). A schema whose shape it does not recognize
/// compiles to nothing, and the caller uses the generic path.
class ManifestEntryDecoder {
 public:
  /// Returns the decoder for a manifest_entry writer schema, or nullptr when the schema
  /// has a shape the fast path does not handle (the caller uses the generic path).
  /// `what` names the manifest in errors.
  static std::shared_ptr<const ManifestEntryDecoder> Compile(avro::AvroSchemaPtr schema, std::string what);

  /// Decodes one entry at the decoder's position (before inheritance). With
  /// `with_metrics` false only what planning needs of every entry is decoded (status,
  /// snapshot id, sequence numbers, content, partition, record count, file size); the
  /// path, format, column metrics maps, key metadata, split offsets, equality ids and
  /// sort order id are checked for their shape, skipped and left empty.
  void Decode(avro::AvroDecoder& in, ManifestEntry* out, bool with_metrics) const;
  /// Returns the partition field ids of the data_file's partition record, in order.
  const std::vector<int>& partition_field_ids() const { return partition_field_ids_; }
  /// Returns the manifest's name for errors.
  const std::string& what() const { return what_; }
  /// Returns whether the schema has a partition record.
  bool has_partition() const { return partition_ != nullptr; }

  /// The conversions of the generic path from decoded datums (nullptr: absent or null):
  /// an int-keyed map (Iceberg's array of key/value records, or an Avro map) of longs or
  /// of bytes, and a list of integers. Throw FormatError naming `what` and the field.
  static std::map<int, int64_t> LongMap(const avro::AvroDatum* d, const char* name, const std::string& what);
  static std::map<int, std::string> BytesMap(const avro::AvroDatum* d, const char* name, const std::string& what);
  template <typename T>
  static std::vector<T> IntList(const avro::AvroDatum* d, const char* name, const std::string& what) {
    std::vector<T> out;
    if (!d) return out;
    if (d->type != avro::AvroType::kArray) ThrowFormat(what + ": " + name + " is not an array");
    for (const auto& item : d->items) {
      if (item.type != avro::AvroType::kLong && item.type != avro::AvroType::kInt) {
        ThrowFormat(what + ": " + name + " holds non-integers");
      }
      out.push_back(static_cast<T>(item.long_value));
    }
    return out;
  }

 private:
  enum class Target : uint8_t {
    kSkip,
    // manifest_entry
    kStatus,
    kSnapshotId,
    kSequenceNumber,
    kFileSequenceNumber,
    kDataFile,
    // data_file
    kContent,
    kFilePath,
    kFileFormat,
    kPartition,
    kRecordCount,
    kFileSize,
    kColumnSizes,
    kValueCounts,
    kNullValueCounts,
    kNanValueCounts,
    kLowerBounds,
    kUpperBounds,
    kKeyMetadata,
    kSplitOffsets,
    kEqualityIds,
    kSortOrderId,
    kFirstRowId,
    kReferencedDataFile,
    kContentOffset,
    kContentSize,
  };
  struct Step {
    Target target = Target::kSkip;
    const avro::AvroSchema* schema = nullptr;  // the field's writer schema (maybe a union)
    /// For the metrics maps: whether the non-null branch is Iceberg's array of key/value
    /// records read directly (decided once per schema, not per entry).
    bool direct_map = false;
  };

  [[noreturn]] static void ThrowFormat(const std::string& message);
  void DecodeField(avro::AvroDecoder& in, const Step& step, ManifestEntry* e, bool with_metrics, uint32_t* seen) const;

  avro::AvroSchemaPtr root_;  // keeps the schemas the steps point into alive
  std::string what_;
  std::vector<Step> entry_steps_;
  std::vector<Step> file_steps_;
  const avro::AvroSchema* partition_ = nullptr;  // the partition record (non-null branch)
  std::vector<int> partition_field_ids_;
};

/// Where the entries read without their column metrics lie in the manifest's decoded
/// blocks, so the metrics of the few entries that need them are decoded later.
struct LazyMetrics {
  struct Position {
    uint32_t block = 0;
    uint32_t offset = 0;
  };
  /// Null when the entries were read with their metrics (nothing to fill).
  std::shared_ptr<const ManifestEntryDecoder> decoder;
  std::vector<std::shared_ptr<const std::string>> blocks;
  /// One per entry read.
  std::vector<Position> positions;

  /// Decodes what Decode skipped without metrics of entry `i` into *f (path, format,
  /// the six metrics maps, key metadata, split offsets, equality ids, sort order id;
  /// nothing when the entries were read whole).
  void Fill(size_t i, DataFile* f) const;
};

}  // namespace floe::iceberg
