#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/value.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/table_metadata.h"

namespace floe::iceberg {

/// Packs items into bins of at most `target_weight` in the order they come, keeping the
/// last `lookback` bins open, as Iceberg's BinPacking.ListPacker(target, lookback,
/// largestBinFirst = false): an item goes into the first open bin it fits, else into a
/// new bin, and the oldest open bin is closed once more than `lookback` are open. An item
/// heavier than the target gets a bin of its own. Returns the bins as lists of indexes.
std::vector<std::vector<size_t>> PackBins(const std::vector<int64_t>& weights, int64_t target_weight, int lookback);

/// The order file groups are rewritten and committed in (Iceberg's RewriteJobOrder).
enum class RewriteJobOrder { kNone, kBytesAsc, kBytesDesc, kFilesAsc, kFilesDesc };

/// One group of files rewritten together, as Iceberg's RewriteFileGroup: files of one
/// partition of the table's current spec (files of other specs form one group of their
/// own), with the sizes the writer aims at.
struct RewriteFileGroup {
  /// 1-based, over all groups (FileGroupInfo.globalIndex), and within the partition.
  int global_index = 0;
  int partition_index = 0;
  /// The partition of the current spec the files belong to (empty: unpartitioned, or
  /// files written under another spec).
  std::vector<Value> partition;
  std::vector<FileScanTask> tasks;
  int64_t input_size = 0;
  /// What each output file should hold: Spark's split size for the group's read, which
  /// floe's writer uses as its roll size.
  int64_t split_size = 0;
  int64_t expected_output_files = 1;
  /// The largest file the rewrite may write (writeMaxFileSize).
  int64_t max_output_file_size = 0;
};

/// Selects and groups the data files a rewrite_data_files call rewrites, as Iceberg
/// 1.10's BinPackRewriteFilePlanner (over SizeBasedFileRewritePlanner), and, for the sort
/// and zorder strategies, Spark's SparkShufflingDataRewritePlanner (its compression
/// factor): files outside the desired size range, or with too many deletes, are grouped
/// per partition by size, and a group is kept when it has enough files, enough content,
/// too much content, or a file with too many deletes. rewrite-all keeps every file and
/// group.
class RewriteFilePlanner {
 public:
  /// What the planner plans: data files (BinPackRewriteFilePlanner; `shuffling`: the sort
  /// and zorder strategies', compression-factor valid), or position delete files
  /// (BinPackRewritePositionDeletePlanner: sizes only, the target from
  /// write.delete.target-file-size-bytes).
  enum class Kind { kDataFiles, kPositionDeletes };
  RewriteFilePlanner(const TableMetadata& metadata, bool shuffling, Kind kind = Kind::kDataFiles);

  /// The options this planner reads.
  std::set<std::string> ValidOptions() const;
  /// Reads and checks the options (throws InvalidInputError with Iceberg's messages);
  /// other keys are ignored (the action checks them).
  void Init(const std::map<std::string, std::string>& options);

  /// Plans the groups of `tasks` (a scan of the table's current snapshot with the
  /// rewrite's filter), in the rewrite-job-order; max-files-to-rewrite cuts the groups
  /// short. total_group_count() is then the number of groups before that cut.
  std::vector<RewriteFileGroup> Plan(const std::vector<FileScanTask>& tasks);
  int total_group_count() const { return total_group_count_; }

  int64_t target_file_size() const { return target_file_size_; }
  int64_t min_file_size() const { return min_file_size_; }
  int64_t max_file_size() const { return max_file_size_; }
  int output_spec_id() const { return output_spec_id_; }

  /// The number of files `input_size` bytes make, and the bytes each holds (Java's
  /// expectedOutputFiles and inputSplitSize).
  int64_t ExpectedOutputFiles(int64_t input_size) const;
  int64_t InputSplitSize(int64_t input_size) const;
  int64_t WriteMaxFileSize() const;

 private:
  bool OutsideDesiredFileSizeRange(const FileScanTask& task) const;
  bool TooManyDeletes(const FileScanTask& task) const;
  bool TooHighDeleteRatio(const FileScanTask& task) const;
  bool KeepGroup(const std::vector<const FileScanTask*>& group) const;

  const TableMetadata& metadata_;
  bool shuffling_;
  Kind kind_;
  int64_t target_file_size_ = 0;
  int64_t min_file_size_ = 0;
  int64_t max_file_size_ = 0;
  int min_input_files_ = 5;
  bool rewrite_all_ = false;
  int64_t max_group_size_ = 0;
  int output_spec_id_ = 0;
  int delete_file_threshold_ = 0;
  double delete_ratio_threshold_ = 0.3;
  RewriteJobOrder job_order_ = RewriteJobOrder::kNone;
  std::optional<int> max_files_to_rewrite_;
  double compression_factor_ = 1.0;
  int total_group_count_ = 0;
};

/// Checks a rewrite action's options as Iceberg's RewriteDataFilesSparkAction and
/// RewritePositionDeleteFilesSparkAction do (validateAndInitOptions): every key among
/// `valid` (else an error naming them and `rewriter`, and listing the valid ones),
/// max-concurrent-file-group-rewrites at least 1, partial-progress.max-commits positive when
/// partial-progress.enabled.
void CheckRewriteActionOptions(const std::map<std::string, std::string>& options, const std::set<std::string>& valid,
                               const std::string& rewriter);

/// Reads option `key` of `options` (or `fallback`) as Java's PropertyUtil does, but
/// strictly: a value that is not a whole number (a boolean, a decimal) is an error naming
/// the option, where Java would throw NumberFormatException (or read false).
int64_t RewriteOptionLong(const std::map<std::string, std::string>& options, const std::string& key, int64_t fallback);
int RewriteOptionInt(const std::map<std::string, std::string>& options, const std::string& key, int fallback);
bool RewriteOptionBool(const std::map<std::string, std::string>& options, const std::string& key, bool fallback);
double RewriteOptionDouble(const std::map<std::string, std::string>& options, const std::string& key, double fallback);

}  // namespace floe::iceberg
