#include "iceberg/scan/table_scan.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "common/exception.h"
#include "iceberg/local_file.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/scan/delete_file_index.h"

namespace floe::iceberg {

TableScan::TableScan(std::shared_ptr<const TableMetadata> metadata, std::optional<int64_t> snapshot_id,
                     ExpressionPtr filter, LocationRemapper remapper, PruningOptions options)
    : metadata_(std::move(metadata)),
      filter_(filter ? std::move(filter) : Expression::AlwaysTrue()),
      remapper_(std::move(remapper)),
      options_(options) {
  if (snapshot_id) {
    snapshot_ = metadata_->SnapshotById(*snapshot_id);
    if (!snapshot_) throw InvalidInputError("table has no snapshot with id " + std::to_string(*snapshot_id));
  } else {
    snapshot_ = metadata_->CurrentSnapshot();
  }
  if (snapshot_ && snapshot_->schema_id) schema_ = metadata_->SchemaById(*snapshot_->schema_id);
  if (!schema_) schema_ = &metadata_->CurrentSchema();
}

const TableScan::SpecEvaluators& TableScan::EvaluatorsFor(int spec_id) {
  auto it = evaluators_.find(spec_id);
  if (it != evaluators_.end()) return it->second;
  const PartitionSpec* spec = metadata_->SpecById(spec_id);
  if (!spec) throw FormatError("a manifest uses partition spec " + std::to_string(spec_id) +
                               ", which the table metadata does not have");
  SpecEvaluators e;
  e.manifest = std::make_unique<ManifestEvaluator>(filter_, *spec, *schema_);
  e.partition = std::make_unique<PartitionEvaluator>(filter_, *spec, *schema_);
  e.strict = std::make_unique<PartitionEvaluator>(filter_, *spec, *schema_, true);
  return evaluators_.emplace(spec_id, std::move(e)).first->second;
}

std::map<int, ExpressionPtr> TableScan::PartitionFilters() const {
  std::map<int, ExpressionPtr> out;
  for (const auto& [spec_id, e] : evaluators_) out[spec_id] = e.partition->partition_filter();
  return out;
}

std::vector<ManifestFile> TableScan::ReadManifestList() const {
  std::vector<ManifestFile> manifests;
  if (snapshot_->manifest_list.empty()) {
    // v1 snapshots may list manifests inline; their entries carry no counts or summaries
    for (const auto& path : snapshot_->manifests) {
      ManifestFile m;
      m.manifest_path = path;
      m.added_snapshot_id = snapshot_->snapshot_id;
      m.sequence_number = 0;
      m.min_sequence_number = 0;
      m.partition_spec_id = -1;  // read from the manifest's header
      manifests.push_back(std::move(m));
    }
    return manifests;
  }
  std::string list = remapper_.Remap(snapshot_->manifest_list);
  return ManifestListReader::Read(LocalFile::Read(list), list);
}

std::vector<std::vector<ManifestEntry>> TableScan::ReadManifests(
    const std::vector<const ManifestFile*>& manifests) const {
  std::vector<std::vector<ManifestEntry>> out(manifests.size());
  std::atomic<size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (size_t i = next++; i < manifests.size(); i = next++) {
      try {
        const ManifestFile& m = *manifests[i];
        std::string path = remapper_.Remap(m.manifest_path);
        std::optional<ManifestFile> list_entry;
        if (m.partition_spec_id >= 0) list_entry = m;
        ManifestReader reader(LocalFile::Read(path), path, list_entry);
        out[i] = reader.LiveEntries();
        for (auto& e : out[i]) e.data_file.spec_id = reader.spec_id();
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    }
  };
  size_t threads = std::min<size_t>(manifests.size(), 4);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return out;
}

std::vector<FileScanTask> TableScan::PlanFiles() {
  std::vector<FileScanTask> tasks;
  if (!snapshot_) return tasks;
  std::vector<ManifestFile> manifests = ReadManifestList();

  // Layer 1: manifests, by the partition summaries of the manifest list.
  std::vector<const ManifestFile*> data_manifests, delete_manifests;
  for (const auto& m : manifests) {
    bool is_data = m.content == ManifestContent::kData;
    int spec_id = m.partition_spec_id;
    SpecScanMetrics& sm = metrics_.by_spec[std::max(spec_id, 0)];
    (is_data ? sm.manifests_total : sm.delete_manifests_total)++;
    bool keep = !options_.manifests || spec_id < 0 || EvaluatorsFor(spec_id).manifest->Eval(m);
    if (!keep) {
      if (is_data) {
        int64_t files = m.added_files_count + m.existing_files_count;
        sm.data_files_total += files;
        sm.data_files_manifest_pruned += files;
        sm.rows_total += m.added_rows_count + m.existing_rows_count;
      }
      continue;
    }
    (is_data ? sm.manifests_read : sm.delete_manifests_read)++;
    (is_data ? data_manifests : delete_manifests).push_back(&m);
  }

  std::vector<const ManifestFile*> to_read = data_manifests;
  to_read.insert(to_read.end(), delete_manifests.begin(), delete_manifests.end());
  std::vector<std::vector<ManifestEntry>> entries = ReadManifests(to_read);

  // Delete files, pruned by partition like data files (they apply within a partition).
  std::vector<ManifestEntry> deletes;
  for (size_t i = data_manifests.size(); i < to_read.size(); ++i) {
    for (auto& e : entries[i]) {
      SpecScanMetrics& sm = metrics_.by_spec[e.data_file.spec_id];
      ++sm.delete_files_total;
      if (options_.partitions && !EvaluatorsFor(e.data_file.spec_id).partition->Eval(e.data_file.partition)) continue;
      ++sm.delete_files_read;
      deletes.push_back(std::move(e));
    }
  }
  DeleteFileIndex delete_index(*metadata_, *schema_, deletes, remapper_);

  // Layers 2 and 3: data files by partition tuple, then by column metrics.
  InclusiveMetricsEvaluator metrics_evaluator(*schema_, filter_);
  std::map<int, std::set<std::string>> partitions_seen, partitions_kept;
  for (size_t i = 0; i < data_manifests.size(); ++i) {
    for (auto& e : entries[i]) {
      const DataFile& f = e.data_file;
      SpecScanMetrics& sm = metrics_.by_spec[f.spec_id];
      ++sm.data_files_total;
      sm.rows_total += f.record_count;
      sm.bytes_total += f.file_size_in_bytes;
      std::string key = PartitionKey(f.spec_id, f.partition);
      partitions_seen[f.spec_id].insert(key);
      if (options_.partitions && !EvaluatorsFor(f.spec_id).partition->Eval(f.partition)) {
        ++sm.data_files_partition_pruned;
        continue;
      }
      if (options_.file_metrics && !metrics_evaluator.Eval(f)) {
        ++sm.data_files_metrics_pruned;
        continue;
      }
      partitions_kept[f.spec_id].insert(key);
      ++sm.data_files_read;
      sm.rows_read += f.record_count;
      sm.bytes_read += f.file_size_in_bytes;
      FileScanTask task;
      task.data_sequence_number = e.sequence_number.value_or(0);
      task.local_path = remapper_.Remap(f.file_path);
      task.deletes = delete_index.ForDataFile(task.data_sequence_number, f);
      task.all_rows_match = EvaluatorsFor(f.spec_id).strict->Eval(f.partition);
      if (task.all_rows_match) ++sm.data_files_all_rows_match;
      task.data_file = std::move(e.data_file);
      tasks.push_back(std::move(task));
    }
  }
  for (auto& [spec_id, sm] : metrics_.by_spec) {
    sm.partitions_total = static_cast<int64_t>(partitions_seen[spec_id].size());
    sm.partitions_read = static_cast<int64_t>(partitions_kept[spec_id].size());
  }
  metrics_.total = SpecScanMetrics();
  for (const auto& [spec_id, sm] : metrics_.by_spec) metrics_.total += sm;
  return tasks;
}

}  // namespace floe::iceberg
