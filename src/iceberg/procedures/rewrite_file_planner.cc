// Iceberg 1.10's BinPackRewriteFilePlanner and SizeBasedFileRewritePlanner
// (core/src/main/java/org/apache/iceberg/actions/), BinPacking.ListPacker
// (core/.../util/BinPacking.java) and Spark's SparkShufflingDataRewritePlanner, ported.
#include "iceberg/procedures/rewrite_file_planner.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <climits>
#include <limits>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/write/partitioned_data_writer.h"

namespace floe::iceberg {

namespace {

constexpr double kMinFileSizeDefaultRatio = 0.75;
constexpr double kMaxFileSizeDefaultRatio = 1.80;
constexpr int kMinInputFilesDefault = 5;
constexpr int64_t kMaxFileGroupSizeDefault = int64_t{100} * 1024 * 1024 * 1024;  // 100 GB
constexpr int64_t kSplitOverhead = 5 * 1024;

// Java's Preconditions.checkArgument, whose message Spark shows as the error.
void Check(bool condition, const std::string& message) {
  if (!condition) throw InvalidInputError(message);
}

// A double as an int64, saturated (Java's (long) cast; C++'s is undefined out of range).
int64_t Saturate(double value) {
  if (!(value > static_cast<double>(INT64_MIN))) return value != value ? 0 : INT64_MIN;
  if (value >= 9.2e18) return INT64_MAX;
  return static_cast<int64_t>(value);
}

std::string Format(double value) {
  std::string text = std::to_string(value);
  while (text.size() > 1 && text.back() == '0' && text[text.size() - 2] != '.') text.pop_back();
  return text;
}

}  // namespace

int64_t RewriteOptionLong(const std::map<std::string, std::string>& options, const std::string& key, int64_t fallback) {
  auto it = options.find(key);
  if (it == options.end()) return fallback;
  const std::string& text = it->second;
  errno = 0;
  char* end = nullptr;
  long long value = text.empty() ? 0 : std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE) {
    throw InvalidInputError("rewrite_data_files: option " + key + " must be a whole number, not '" + text + "'");
  }
  return value;
}

int RewriteOptionInt(const std::map<std::string, std::string>& options, const std::string& key, int fallback) {
  int64_t value = RewriteOptionLong(options, key, fallback);
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
    throw InvalidInputError("rewrite_data_files: option " + key + " must be a 32-bit integer, not " +
                            std::to_string(value));
  }
  return static_cast<int>(value);
}

bool RewriteOptionBool(const std::map<std::string, std::string>& options, const std::string& key, bool fallback) {
  auto it = options.find(key);
  if (it == options.end()) return fallback;
  std::string value = ToLower(it->second);
  // why: Java's Boolean.parseBoolean reads anything but "true" as false; a typo then
  // silently turns the option off, so floe accepts only true and false
  if (value != "true" && value != "false") {
    throw InvalidInputError("rewrite_data_files: option " + key + " must be true or false, not '" + it->second + "'");
  }
  return value == "true";
}

double RewriteOptionDouble(const std::map<std::string, std::string>& options, const std::string& key, double fallback) {
  auto it = options.find(key);
  if (it == options.end()) return fallback;
  const std::string& text = it->second;
  char* end = nullptr;
  double value = text.empty() ? 0 : std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) {
    throw InvalidInputError("rewrite_data_files: option " + key + " must be a number, not '" + text + "'");
  }
  return value;
}

void CheckRewriteActionOptions(const std::map<std::string, std::string>& options, const std::set<std::string>& valid,
                               const std::string& rewriter) {
  auto list = [](const auto& keys) {
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
    return "[" + out + "]";
  };
  std::set<std::string> invalid;
  for (const auto& [key, value] : options) {
    if (!valid.count(key)) invalid.insert(key);
  }
  if (!invalid.empty()) {
    throw InvalidInputError("Cannot use options " + list(invalid) +
                            ", they are not supported by the action or the rewriter " + rewriter + " (valid: " +
                            list(valid) + ")");
  }
  int concurrent = RewriteOptionInt(options, "max-concurrent-file-group-rewrites", 5);
  if (concurrent < 1) {
    throw InvalidInputError("Cannot set max-concurrent-file-group-rewrites to " + std::to_string(concurrent) +
                            ", the value must be positive.");
  }
  int commits = RewriteOptionInt(options, "partial-progress.max-commits", 10);
  if (RewriteOptionBool(options, "partial-progress.enabled", false) && commits <= 0) {
    throw InvalidInputError("Cannot set partial-progress.max-commits to " + std::to_string(commits) +
                            ", the value must be positive when partial-progress.enabled is true");
  }
}

std::vector<std::vector<size_t>> PackBins(const std::vector<int64_t>& weights, int64_t target_weight, int lookback) {
  struct Bin {
    std::vector<size_t> items;
    int64_t weight = 0;
  };
  std::vector<std::vector<size_t>> out;
  std::vector<Bin> open;  // oldest first
  for (size_t i = 0; i < weights.size(); ++i) {
    auto fits = std::find_if(open.begin(), open.end(),
                             [&](const Bin& b) { return b.weight + weights[i] <= target_weight; });
    if (fits != open.end()) {
      fits->items.push_back(i);
      fits->weight += weights[i];
      continue;
    }
    open.push_back({{i}, weights[i]});
    if (static_cast<int>(open.size()) > lookback) {
      out.push_back(std::move(open.front().items));
      open.erase(open.begin());
    }
  }
  for (auto& b : open) out.push_back(std::move(b.items));
  return out;
}

RewriteFilePlanner::RewriteFilePlanner(const TableMetadata& metadata, bool shuffling, Kind kind)
    : metadata_(metadata), shuffling_(shuffling), kind_(kind) {}

std::set<std::string> RewriteFilePlanner::ValidOptions() const {
  if (kind_ == Kind::kPositionDeletes) {
    return {"target-file-size-bytes", "min-file-size-bytes", "max-file-size-bytes", "min-input-files", "rewrite-all",
            "max-file-group-size-bytes", "rewrite-job-order"};
  }
  std::set<std::string> options = {"target-file-size-bytes", "min-file-size-bytes",   "max-file-size-bytes",
                                   "min-input-files",        "rewrite-all",           "max-file-group-size-bytes",
                                   "delete-file-threshold",  "delete-ratio-threshold", "rewrite-job-order",
                                   "max-files-to-rewrite"};
  if (shuffling_) options.insert("compression-factor");
  return options;
}

void RewriteFilePlanner::Init(const std::map<std::string, std::string>& options) {
  // SizeBasedFileRewritePlanner.sizeThresholds: the target defaults to the table's
  // write.target-file-size-bytes (BinPackRewriteFilePlanner.defaultTargetFileSize)
  const char* property = kind_ == Kind::kDataFiles ? "write.target-file-size-bytes" : "write.delete.target-file-size-bytes";
  std::map<std::string, std::string> properties = {
      {property, metadata_.Property(property, kind_ == Kind::kDataFiles ? "536870912" : "67108864")}};
  int64_t table_target = RewriteOptionLong(properties, property, 0);
  int64_t target = RewriteOptionLong(options, "target-file-size-bytes", table_target);
  int64_t min = RewriteOptionLong(options, "min-file-size-bytes",
                                  Saturate(static_cast<double>(target) * kMinFileSizeDefaultRatio));
  int64_t max = RewriteOptionLong(options, "max-file-size-bytes",
                                  Saturate(static_cast<double>(target) * kMaxFileSizeDefaultRatio));
  Check(target > 0, "'target-file-size-bytes' is set to " + std::to_string(target) + " but must be > 0");
  Check(min >= 0, "'min-file-size-bytes' is set to " + std::to_string(min) + " but must be >= 0");
  Check(target > min, "'target-file-size-bytes' (" + std::to_string(target) + ") must be > 'min-file-size-bytes' (" +
                          std::to_string(min) + "), all new files will be smaller than the min threshold");
  Check(target < max, "'target-file-size-bytes' (" + std::to_string(target) + ") must be < 'max-file-size-bytes' (" +
                          std::to_string(max) + "), all new files will be larger than the max threshold");
  target_file_size_ = target;
  min_file_size_ = min;
  max_file_size_ = max;

  min_input_files_ = RewriteOptionInt(options, "min-input-files", kMinInputFilesDefault);
  Check(min_input_files_ > 0, "'min-input-files' is set to " + std::to_string(min_input_files_) + " but must be > 0");
  rewrite_all_ = RewriteOptionBool(options, "rewrite-all", false);
  max_group_size_ = RewriteOptionLong(options, "max-file-group-size-bytes", kMaxFileGroupSizeDefault);
  Check(max_group_size_ > 0,
        "'max-file-group-size-bytes' is set to " + std::to_string(max_group_size_) + " but must be > 0");
  output_spec_id_ = RewriteOptionInt(options, "output-spec-id", metadata_.default_spec_id);
  Check(metadata_.SpecById(output_spec_id_) != nullptr,
        "Cannot use output spec id " + std::to_string(output_spec_id_) +
            " because the table does not contain a reference to this spec-id.");

  // BinPackRewriteFilePlanner.init
  delete_file_threshold_ = RewriteOptionInt(options, "delete-file-threshold", std::numeric_limits<int>::max());
  Check(delete_file_threshold_ >= 0,
        "'delete-file-threshold' is set to " + std::to_string(delete_file_threshold_) + " but must be >= 0");
  delete_ratio_threshold_ = RewriteOptionDouble(options, "delete-ratio-threshold", 0.3);
  Check(delete_ratio_threshold_ > 0,
        "'delete-ratio-threshold' is set to " + Format(delete_ratio_threshold_) + " but must be > 0");
  Check(delete_ratio_threshold_ <= 1,
        "'delete-ratio-threshold' is set to " + Format(delete_ratio_threshold_) + " but must be <= 1");
  auto order = options.find("rewrite-job-order");
  std::string order_name = order == options.end() ? "none" : order->second;
  // RewriteJobOrder.fromName: the first hyphen becomes an underscore, then the enum name
  std::string upper = ToUpper(order_name);
  if (auto dash = upper.find('-'); dash != std::string::npos) upper[dash] = '_';
  if (upper == "BYTES_ASC") {
    job_order_ = RewriteJobOrder::kBytesAsc;
  } else if (upper == "BYTES_DESC") {
    job_order_ = RewriteJobOrder::kBytesDesc;
  } else if (upper == "FILES_ASC") {
    job_order_ = RewriteJobOrder::kFilesAsc;
  } else if (upper == "FILES_DESC") {
    job_order_ = RewriteJobOrder::kFilesDesc;
  } else if (upper == "NONE") {
    job_order_ = RewriteJobOrder::kNone;
  } else {
    throw InvalidInputError("Invalid rewrite job order name: " + order_name +
                            " (valid: bytes-asc, bytes-desc, files-asc, files-desc, none)");
  }
  max_files_to_rewrite_.reset();
  if (options.count("max-files-to-rewrite")) {
    int value = RewriteOptionInt(options, "max-files-to-rewrite", 0);
    Check(value > 0, "Cannot set max-files-to-rewrite to " + std::to_string(value) +
                         ", the value must be positive integer.");
    max_files_to_rewrite_ = value;
  }
  if (shuffling_) {  // SparkShufflingDataRewritePlanner.init
    compression_factor_ = RewriteOptionDouble(options, "compression-factor", 1.0);
    Check(compression_factor_ > 0,
          "'compression-factor' is set to " + Format(compression_factor_) + " but must be > 0");
  }
}

bool RewriteFilePlanner::OutsideDesiredFileSizeRange(const FileScanTask& task) const {
  int64_t length = task.data_file.file_size_in_bytes;
  return length < min_file_size_ || length > max_file_size_;
}

bool RewriteFilePlanner::TooManyDeletes(const FileScanTask& task) const {
  if (kind_ == Kind::kPositionDeletes) return false;
  return static_cast<int64_t>(task.deletes.size()) >= delete_file_threshold_;  // 0: every file, as Java
}

bool RewriteFilePlanner::TooHighDeleteRatio(const FileScanTask& task) const {
  if (kind_ == Kind::kPositionDeletes) return false;
  if (task.deletes.empty() || task.data_file.record_count <= 0) return false;
  // ContentFileUtil.isFileScoped: a deletion vector, or a position delete file whose
  // rows all name one data file (referenced_data_file, or equal file_path bounds)
  int64_t known_deleted = 0;
  for (const auto& ref : task.deletes) {
    const DataFile& d = ref->file;
    if (d.content == FileContent::kPositionDeletes && d.ReferencedDataFile()) known_deleted += d.record_count;
  }
  double deleted = static_cast<double>(std::min(known_deleted, task.data_file.record_count));
  return deleted / static_cast<double>(task.data_file.record_count) >= delete_ratio_threshold_;
}

bool RewriteFilePlanner::KeepGroup(const std::vector<const FileScanTask*>& group) const {
  int64_t size = 0;
  for (const auto* t : group) size += t->data_file.file_size_in_bytes;
  bool enough_input_files = group.size() > 1 && static_cast<int64_t>(group.size()) >= min_input_files_;
  bool enough_content = group.size() > 1 && size > target_file_size_;
  bool too_much_content = size > max_file_size_;
  return enough_input_files || enough_content || too_much_content ||
         std::any_of(group.begin(), group.end(), [&](const FileScanTask* t) { return TooManyDeletes(*t); }) ||
         std::any_of(group.begin(), group.end(), [&](const FileScanTask* t) { return TooHighDeleteRatio(*t); });
}

int64_t RewriteFilePlanner::WriteMaxFileSize() const {
  return Saturate(static_cast<double>(target_file_size_) +
                              static_cast<double>(max_file_size_ - target_file_size_) * 0.5);
}

int64_t RewriteFilePlanner::ExpectedOutputFiles(int64_t input_size) const {
  if (shuffling_) {
    // SparkShufflingDataRewritePlanner: the sort may compress the rows differently
    input_size = Saturate(static_cast<double>(input_size) * compression_factor_);
  }
  if (input_size < target_file_size_) return 1;
  int64_t without_remainder = input_size / target_file_size_;
  int64_t with_remainder = without_remainder + (input_size % target_file_size_ != 0 ? 1 : 0);
  int64_t average_without_remainder = input_size / without_remainder;
  if (input_size % target_file_size_ > min_file_size_) {
    return with_remainder;  // the remainder file is of a valid size
  }
  if (static_cast<double>(average_without_remainder) <
      std::min(1.1 * static_cast<double>(target_file_size_), static_cast<double>(WriteMaxFileSize()))) {
    return without_remainder;  // spread the remainder over the others
  }
  return with_remainder;
}

int64_t RewriteFilePlanner::InputSplitSize(int64_t input_size) const {
  int64_t estimated = input_size / ExpectedOutputFiles(input_size) + kSplitOverhead;
  if (estimated < target_file_size_) return target_file_size_;
  return std::min(estimated, WriteMaxFileSize());
}

std::vector<RewriteFileGroup> RewriteFilePlanner::Plan(const std::vector<FileScanTask>& tasks) {
  // groupByPartition: files of the current spec by partition; files of other specs, whose
  // rows may belong to several partitions now, together as one unpartitioned set
  // (Java's empty struct of the partition type: every field null, so they share the group
  // of the current spec's all-null partition)
  const std::vector<Value> empty_struct(metadata_.DefaultSpec().fields().size(), Value());
  std::vector<std::string> partition_order;
  std::map<std::string, std::pair<std::vector<Value>, std::vector<const FileScanTask*>>> by_partition;
  for (const auto& task : tasks) {
    bool current = task.data_file.spec_id == metadata_.default_spec_id;
    std::vector<Value> partition = current ? task.data_file.partition : empty_struct;
    std::string key = PartitionKey(partition);
    auto [it, inserted] = by_partition.try_emplace(key);
    if (inserted) {
      partition_order.push_back(key);
      it->second.first = std::move(partition);
    }
    it->second.second.push_back(&task);
  }
  struct Planned {
    const std::vector<Value>* partition;
    std::vector<const FileScanTask*> tasks;
  };
  std::vector<Planned> planned;
  for (const auto& key : partition_order) {
    const auto& [partition, files] = by_partition.at(key);
    // planFileGroups: filter the files, pack them by size, filter the groups
    std::vector<const FileScanTask*> selected;
    for (const auto* t : files) {
      if (rewrite_all_ || OutsideDesiredFileSizeRange(*t) || TooManyDeletes(*t) || TooHighDeleteRatio(*t)) {
        selected.push_back(t);
      }
    }
    std::vector<int64_t> weights;
    for (const auto* t : selected) weights.push_back(t->data_file.file_size_in_bytes);
    for (const auto& bin : PackBins(weights, max_group_size_, 1)) {
      std::vector<const FileScanTask*> group;
      for (size_t i : bin) group.push_back(selected[i]);
      if (rewrite_all_ || KeepGroup(group)) planned.push_back({&partition, std::move(group)});
    }
  }
  total_group_count_ = static_cast<int>(planned.size());

  std::vector<RewriteFileGroup> groups;
  std::map<std::string, int> partition_index;
  int files_taken = 0;
  for (auto& p : planned) {
    int64_t input_size = 0;
    for (const auto* t : p.tasks) input_size += t->data_file.file_size_in_bytes;
    size_t take = p.tasks.size();
    if (max_files_to_rewrite_) {
      if (files_taken >= *max_files_to_rewrite_) continue;
      take = std::min<size_t>(take, static_cast<size_t>(*max_files_to_rewrite_ - files_taken));
      files_taken += static_cast<int>(take);
    }
    RewriteFileGroup group;
    group.global_index = static_cast<int>(groups.size()) + 1;
    group.partition_index = ++partition_index[PartitionKey(*p.partition)];
    group.partition = *p.partition;
    for (size_t i = 0; i < take; ++i) group.tasks.push_back(*p.tasks[i]);
    // as Java: the sizes come from the whole group, even when max-files-to-rewrite cut it
    group.input_size = 0;
    for (const auto& t : group.tasks) group.input_size += t.data_file.file_size_in_bytes;
    group.split_size = InputSplitSize(input_size);
    group.expected_output_files = ExpectedOutputFiles(input_size);
    group.max_output_file_size = WriteMaxFileSize();
    groups.push_back(std::move(group));
  }
  auto files = [](const RewriteFileGroup& g) { return g.tasks.size(); };
  switch (job_order_) {
    case RewriteJobOrder::kBytesAsc:
      std::stable_sort(groups.begin(), groups.end(), [](auto& a, auto& b) { return a.input_size < b.input_size; });
      break;
    case RewriteJobOrder::kBytesDesc:
      std::stable_sort(groups.begin(), groups.end(), [](auto& a, auto& b) { return a.input_size > b.input_size; });
      break;
    case RewriteJobOrder::kFilesAsc:
      std::stable_sort(groups.begin(), groups.end(), [&](auto& a, auto& b) { return files(a) < files(b); });
      break;
    case RewriteJobOrder::kFilesDesc:
      std::stable_sort(groups.begin(), groups.end(), [&](auto& a, auto& b) { return files(a) > files(b); });
      break;
    case RewriteJobOrder::kNone:
      break;
  }
  return groups;
}

}  // namespace floe::iceberg
