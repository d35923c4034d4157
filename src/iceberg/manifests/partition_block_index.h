#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/value.h"
#include "iceberg/manifests/manifest_file.h"
#include "iceberg/type.h"

namespace floe::iceberg {

/// Returns a 64-bit hash of a partition tuple, equal for equal tuples of one spec (NULLs
/// equal) in every process: it is stored in manifests (PartitionBlockIndex) and compared
/// with the hashes of manifests read without an index, to count a scan's partitions.
uint64_t StablePartitionHash(int spec_id, const std::vector<Value>& partition);

/// Sums up partition tuples as the manifest list's field summaries do: per field, whether
/// NULL or NaN occurs and the lowest and highest other value.
class PartitionSummaryBuilder {
 public:
  explicit PartitionSummaryBuilder(size_t fields) : summaries_(fields), lower_(fields), upper_(fields) {}

  void Add(const std::vector<Value>& partition);
  /// Returns the summaries, bounds in single-value serialization of the partition type.
  std::vector<PartitionFieldSummary> Build(const Type& partition_type) const;

 private:
  std::vector<PartitionFieldSummary> summaries_;
  std::vector<std::optional<Value>> lower_;
  std::vector<std::optional<Value>> upper_;
};

/// floe's index of the Avro blocks of a manifest it wrote, kept in the manifest's header
/// under kMetadataKey. floe writes a manifest's entries ordered by partition tuple in
/// blocks of a few dozen entries, and the index gives each block's partition summaries
/// (as the manifest list gives a manifest's), so a scan reads and decodes only the
/// blocks its partition filter may match, and its live file/row/byte counts and the
/// hashes of its live entries' distinct partition tuples, so the scan's totals stay
/// exact without decoding the blocks it skips. Other readers ignore the header key;
/// manifests without it are read whole.
struct PartitionBlockIndex {
  static constexpr const char* kMetadataKey = "floe.partition-block-index";

  struct Block {
    /// Where the block starts, counted from the first block's start.
    uint64_t offset = 0;
    /// Records in the block, deleted entries included.
    int64_t entries = 0;
    /// Over the live entries: files, records, bytes, distinct partition hashes (sorted).
    int64_t live_files = 0;
    int64_t live_records = 0;
    int64_t live_bytes = 0;
    std::vector<uint64_t> partition_hashes;
    /// The block's partition summaries, one per partition field, over all its entries.
    std::vector<PartitionFieldSummary> partitions;
    /// Row lineage (version 2 of the index): the records of the live data entries without
    /// a first_row_id in the blocks before this one, so a reader of this block alone
    /// assigns the ids first-row-id inheritance gives its files. Unset in version 1.
    std::optional<int64_t> unassigned_rows_before;

    bool operator==(const Block& other) const = default;
  };
  std::vector<Block> blocks;

  bool operator==(const PartitionBlockIndex& other) const = default;

  /// Returns the header value (binary; version 2 when the blocks say their row-id offsets,
  /// else version 1, which floe has always read).
  std::string Encode() const;
  /// Parses a header value; throws FormatError naming `what` when it is malformed.
  static PartitionBlockIndex Decode(std::string_view bytes, const std::string& what);
};

}  // namespace floe::iceberg
