#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "iceberg/manifests/data_file.h"

namespace floe::iceberg {

/// Builds a snapshot summary as Iceberg Java's SnapshotSummary does: "added-*" and
/// "deleted-*" / "removed-*" counts of the change (set only when non-zero),
/// "changed-partition-count", and "total-*" carried over from the parent's summary.
class SnapshotSummaryBuilder {
 public:
  /// Counts a data or delete file added by the snapshot.
  void AddedFile(const DataFile& file);
  /// Counts a data or delete file removed by the snapshot.
  void RemovedFile(const DataFile& file);
  /// Sets an extra summary property (engine name, ...).
  void Set(const std::string& key, const std::string& value) { extra_[key] = value; }

  /// Returns the summary of a snapshot with this operation whose parent had
  /// `parent_summary` (empty for the first snapshot).
  std::map<std::string, std::string> Build(const std::string& operation,
                                           const std::map<std::string, std::string>& parent_summary) const;

 private:
  struct Counts {
    int64_t data_files = 0;
    int64_t delete_files = 0;
    int64_t position_delete_files = 0;
    int64_t dvs = 0;
    int64_t equality_delete_files = 0;
    int64_t records = 0;
    int64_t files_size = 0;
    int64_t position_deletes = 0;
    int64_t equality_deletes = 0;
  };
  static void Count(const DataFile& file, Counts* counts);

  Counts added_;
  Counts removed_;
  std::set<std::string> partitions_;
  std::map<std::string, std::string> extra_;
};

}  // namespace floe::iceberg
