#pragma once

#include <atomic>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/manifests/manifest_entry_decoder.h"
#include "iceberg/manifests/partition_block_index.h"
#include "iceberg/manifests/manifest_file.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// The live entries of one manifest, decoded once, with what lets planning skip the
/// entries a partition filter drops without visiting them.
struct CachedManifest {
  /// What planning reads of every live entry; the rest of its data file is decoded only
  /// for the files planning keeps (DataFileAt).
  struct Entry {
    std::vector<Value> partition;
    std::optional<int64_t> snapshot_id;
    /// The data and file sequence numbers, inherited.
    std::optional<int64_t> sequence_number;
    std::optional<int64_t> file_sequence_number;
    int64_t record_count = 0;
    int64_t file_size_in_bytes = 0;
    ManifestEntryStatus status = ManifestEntryStatus::kAdded;
    FileContent content = FileContent::kData;
    /// The row id of the file's first row (stored or inherited; format version 3).
    std::optional<int64_t> first_row_id;
  };

  int spec_id = 0;
  std::vector<Entry> entries;
  /// Where to decode each entry's data file whole from; when it cannot (a schema only the
  /// generic Avro path reads), `whole` holds the data files.
  LazyMetrics lazy;
  std::vector<DataFile> whole;
  /// A 64-bit hash of each entry's partition tuple, and the distinct ones.
  std::vector<uint64_t> partition_hashes;
  std::vector<uint64_t> distinct_partition_hashes;
  /// Record counts and file sizes summed over the entries.
  int64_t total_records = 0;
  int64_t total_bytes = 0;
  /// For each partition field position, the indexes of the entries whose value there
  /// is not NULL, ordered by that value (for ranges by binary search).
  std::vector<std::vector<uint32_t>> order_by_field;

  /// Returns entry i's data file whole (decoded now when lazy), with the manifest's spec id.
  DataFile DataFileAt(size_t i) const;
  /// Returns entry i whole: its data file and its inherited ids and sequence numbers.
  ManifestEntry EntryAt(size_t i) const;
};

/// A manifest floe wrote with a PartitionBlockIndex: its blocks' summaries and counts,
/// and the file's bytes to decode the blocks a scan needs from.
struct CachedManifestLayout {
  int spec_id = 0;
  PartitionBlockIndex index;
  /// Per block, a manifest list entry holding the block's partition summaries (what the
  /// manifest evaluators read).
  std::vector<ManifestFile> block_summaries;
  /// Over every block's live entries: the distinct partition hashes and the totals.
  std::vector<uint64_t> distinct_partition_hashes;
  int64_t total_files = 0;
  int64_t total_records = 0;
  int64_t total_bytes = 0;
  std::shared_ptr<const std::string> bytes;
};

/// Keeps the decoded live entries of recently read manifests (their paths and column
/// metrics decoded only when a scan needs them: the partition filter drops most entries
/// first), so planning a query on a table already scanned skips reading and decoding
/// Avro; for manifests with floe's block index, only the blocks scans asked for are
/// decoded and kept. Manifests never change once written; the key also holds the file's
/// size and modification time and the inherited values of its manifest list entry, so a
/// replaced file is read again. Least recently used manifests go first once more than
/// `max_entries` entries are held (a layout weighs its blocks plus a unit per 512 bytes).
class ManifestCache {
 public:
  explicit ManifestCache(size_t max_entries) : max_entries_(max_entries) {}

  /// Returns the process-wide cache (up to 100,000 entries, some 100-200 MB).
  static ManifestCache& Instance();

  /// A manifest as planning reads it: its block layout when it has floe's block index,
  /// else its live entries whole (the manifest list entry, when known, gives inherited
  /// snapshot ids and sequence numbers).
  struct Opened {
    std::shared_ptr<const CachedManifestLayout> layout;
    std::shared_ptr<const CachedManifest> whole;
    /// The file's real size (-1 when it could not be seen).
    int64_t size = -1;
  };
  /// Opens the manifest at `local_path`, reading it on a miss. Throws IOError or
  /// FormatError as ManifestReader does.
  Opened Open(FileIO& io, const std::string& local_path, const std::optional<ManifestFile>& list_entry);
  /// Returns the live entries of block `block` of a layout Open returned for the same
  /// path and list entry. Throws FormatError when the block is not what the index says.
  std::shared_ptr<const CachedManifest> Block(FileIO& io, const std::string& local_path,
                                              const std::optional<ManifestFile>& list_entry,
                                              const std::shared_ptr<const CachedManifestLayout>& layout, size_t block);

  /// Returns how many lookups were served from the cache and how many read the file.
  int64_t hits() const { return hits_.load(); }
  int64_t misses() const { return misses_.load(); }

 private:
  struct Slot {
    std::shared_ptr<const CachedManifest> manifest;
    std::shared_ptr<const CachedManifestLayout> layout;
    size_t weight = 0;
    std::list<std::string>::iterator lru;
  };
  /// Returns the key of a manifest file and list entry ("" when the file is missing).
  static std::string KeyOf(FileIO& io, const std::string& local_path, const std::optional<ManifestFile>& list_entry,
                           int64_t* size = nullptr);
  /// Returns the slot under `key` (counting a hit), if any.
  std::optional<Slot> Find(const std::string& key);
  /// Keeps a slot under `key` (unless another thread did) and returns the one kept.
  Slot Keep(const std::string& key, Slot slot);

  size_t max_entries_;
  std::mutex mutex_;
  std::unordered_map<std::string, Slot> slots_;
  std::list<std::string> lru_;  // most recent first
  size_t held_entries_ = 0;
  // read without the mutex by hits() / misses()
  std::atomic<int64_t> hits_{0}, misses_{0};
};

}  // namespace floe::iceberg
