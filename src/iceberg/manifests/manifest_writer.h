#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/avro/avro_file_writer.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/manifests/partition_block_index.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Writes a v2 or v3 manifest (Avro, the spec's manifest_entry schema) for one partition spec
/// and sums up its entries for the manifest list. The entries are written ordered by
/// partition tuple in Avro blocks of kBlockEntries, with floe's PartitionBlockIndex in
/// the header (partitioned specs), so scans read only the blocks they may need.
class ManifestWriter {
 public:
  /// Starts a manifest of files written by `snapshot_id` under `spec` of `schema`.
  ManifestWriter(const Schema& schema, const PartitionSpec& spec, int64_t snapshot_id,
                 ManifestContent content = ManifestContent::kData,
                 avro::AvroCodec codec = avro::AvroCodec::kDeflate, int format_version = 2);

  /// Adds a file new in this snapshot; its sequence numbers are inherited at commit
  /// unless `data_sequence_number` is given.
  void Add(const DataFile& file, std::optional<int64_t> data_sequence_number = std::nullopt);
  /// Keeps a file of an earlier snapshot (its ids and sequence numbers must be set).
  void Existing(const ManifestEntry& entry);
  /// Marks a file of an earlier snapshot as removed by this snapshot.
  void Delete(const ManifestEntry& entry);
  /// Writes an entry as given.
  void Write(const ManifestEntry& entry);

  /// Entries per Avro block: a one-partition scan decodes about this many per manifest.
  static constexpr size_t kBlockEntries = 64;

  /// Returns the number of entries written.
  int64_t entry_count() const { return static_cast<int64_t>(pending_.size()) + writer_->count(); }
  /// Returns the Avro schema JSON written in the header.
  const std::string& avro_schema() const { return avro_schema_; }
  /// Finishes the file and returns its bytes.
  std::string Finish();
  /// Returns the manifest list entry for the finished file stored at `path`.
  ManifestFile ToManifestFile(const std::string& path, int64_t length) const;
  /// Finishes, writes the file to a local path and returns its manifest list entry.
  ManifestFile WriteTo(FileIO& io, const std::string& local_path, const std::string& manifest_path);

 private:
  void UpdateSummary(const ManifestEntry& entry);

  Schema schema_;
  PartitionSpec spec_;
  TypePtr partition_type_;
  int64_t snapshot_id_;
  ManifestContent content_;
  std::string avro_schema_;
  int format_version_;
  std::unique_ptr<avro::AvroFileWriter> writer_;
  ManifestFile summary_;
  PartitionSummaryBuilder partition_summary_;
  /// The entries, encoded, until Finish orders them by partition.
  struct Pending {
    std::string record;
    std::vector<Value> partition;
    bool live = true;
    /// A live data file without a first_row_id: it inherits one (v3).
    bool inherits_row_ids = false;
    int64_t record_count = 0;
    int64_t file_size = 0;
  };
  std::vector<Pending> pending_;
  bool finished_ = false;
};

}  // namespace floe::iceberg
