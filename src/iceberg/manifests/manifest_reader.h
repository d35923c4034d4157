#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/manifests/manifest_entry_decoder.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/manifests/partition_block_index.h"
#include "iceberg/schema.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Reads a manifest (v1 or v2, written by any engine): entries resolved by field id, with
/// snapshot ids and sequence numbers inherited from the manifest list entry as the spec
/// prescribes. Corrupt files throw FormatError naming the file.
class ManifestReader {
 public:
  /// Parses a manifest's bytes; `manifest` is its manifest list entry, used for
  /// inheritance (without it, missing values stay unset).
  ManifestReader(std::string bytes, std::string path, std::optional<ManifestFile> manifest = std::nullopt);
  /// Reads bytes shared with the caller (a cached manifest file read block by block).
  ManifestReader(std::shared_ptr<const std::string> bytes, std::string path,
                 std::optional<ManifestFile> manifest = std::nullopt);
  /// Reads a manifest from a local file.
  static ManifestReader Open(FileIO& io, const std::string& local_path,
                             std::optional<ManifestFile> manifest = std::nullopt);

  /// Returns the format version from the header ("format-version"; 1 when absent).
  int format_version() const { return format_version_; }
  /// Returns the partition spec id (header, else the manifest list entry, else 0).
  int spec_id() const { return spec_id_; }
  /// Returns whether the manifest holds data or delete files.
  ManifestContent content() const { return content_; }
  /// Returns the table schema stored in the header, if any.
  const std::optional<Schema>& schema() const;
  /// Returns the partition field ids in the order of DataFile::partition.
  const std::vector<int>& partition_field_ids() const { return partition_field_ids_; }

  /// How entries are decoded: straight from the Avro bytes by a decoder compiled from
  /// the writer schema (ManifestEntryDecoder) where the schema allows, else through
  /// generic Avro datums; kGeneric forces the datum path (for tests comparing the two).
  enum class Decoding : uint8_t { kFast, kGeneric };

  /// Returns every entry, deleted ones included.
  std::vector<ManifestEntry> Entries(Decoding decoding = Decoding::kFast);
  /// Returns the entries whose status is not DELETED.
  std::vector<ManifestEntry> LiveEntries(Decoding decoding = Decoding::kFast);
  /// Calls `visit` with each live entry holding only what planning needs of every entry
  /// (partition, counts, sequence numbers: ManifestEntryDecoder::Decode without metrics)
  /// when the fast path applies, with *lazy telling where to decode each whole later;
  /// otherwise with the entries whole and lazy->decoder null. The entry passed is reused
  /// for the next one: keep what you need of it.
  void VisitLiveEntriesForPlanning(LazyMetrics* lazy, const std::function<void(ManifestEntry&)>& visit);

  /// Returns floe's partition block index from the header when the manifest has one and
  /// its entries can be decoded block by block (the fast path); throws FormatError when
  /// the index is malformed.
  std::optional<PartitionBlockIndex> BlockIndex() const;
  /// As VisitLiveEntriesForPlanning, over the entries of one block of BlockIndex() only.
  /// Throws FormatError when the block does not hold the entries the index says.
  void VisitBlockForPlanning(const PartitionBlockIndex::Block& block, LazyMetrics* lazy,
                             const std::function<void(ManifestEntry&)>& visit);

 private:
  void ReadEach(Decoding decoding, bool live_only, LazyMetrics* lazy, const PartitionBlockIndex::Block* block,
                const std::function<void(ManifestEntry&)>& visit);
  std::vector<ManifestEntry> Read(Decoding decoding, bool live_only);
  std::vector<ManifestEntry> ReadGeneric(bool live_only);
  void Inherit(ManifestEntry* e);

  std::string path_;
  std::optional<ManifestFile> manifest_;
  int format_version_ = 1;
  /// The row id the next live data file without one inherits.
  int64_t next_row_id_ = 0;
  int spec_id_ = 0;
  ManifestContent content_ = ManifestContent::kData;
  std::string block_index_;  // the header's PartitionBlockIndex, if any
  mutable std::string schema_json_;  // until schema() parses it
  mutable std::optional<Schema> schema_;
  std::vector<int> partition_field_ids_;
  std::shared_ptr<const std::string> bytes_;
};

}  // namespace floe::iceberg
