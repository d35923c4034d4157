#include "iceberg/scan/table_scan.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_set>

#include "common/exception.h"
#include "common/parallel_for.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/scan/delete_file_index.h"
#include "iceberg/scan/partition_constants.h"
#include "iceberg/scan/snapshot_files.h"

namespace floe::iceberg {

TableScan::TableScan(FileIO& io, std::shared_ptr<const TableMetadata> metadata, std::optional<int64_t> snapshot_id,
                     ExpressionPtr filter, LocationRemapper remapper, PruningOptions options)
    : io_(io),
      metadata_(std::move(metadata)),
      filter_(filter ? std::move(filter) : Expression::AlwaysTrue()),
      remapper_(std::move(remapper)),
      options_(options) {
  if (snapshot_id) {
    snapshot_ = metadata_->SnapshotById(*snapshot_id);
    if (!snapshot_) throw InvalidInputError("table has no snapshot with id " + std::to_string(*snapshot_id));
  } else {
    snapshot_ = metadata_->CurrentSnapshot();
  }
  schema_ = &metadata_->ReadSchema(snapshot_, snapshot_id.has_value());
}

namespace {

// Appends the conjuncts of an expression.
void Conjuncts(const Expression& e, std::vector<const Expression*>* out) {
  if (e.op() == Operation::kAnd) {
    Conjuncts(*e.left(), out);
    Conjuncts(*e.right(), out);
  } else {
    out->push_back(&e);
  }
}

}  // namespace

void TableScan::HashSet::Insert(uint64_t h) {
  if (h == 0) h = 1;  // 0 marks an empty slot
  if ((size_ + 1) * 2 > slots_.size()) {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(std::max<size_t>(64, old.size() * 2), 0);
    size_ = 0;
    for (uint64_t o : old) {
      if (o) Insert(o);
    }
  }
  size_t mask = slots_.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    if (slots_[i] == h) return;
    if (slots_[i] == 0) {
      slots_[i] = h;
      ++size_;
      return;
    }
  }
}

int64_t TableScan::CountDistinctPartitions(const std::vector<const PlannedManifest*>& manifests) {
  // Memoized by the set of hash owners (cached manifests and layouts, by address). The
  // memo holds them weakly: a hit counts only while every one is still alive, so a freed
  // owner's address reused by another cannot give a stale count, and the memo pins no memory.
  struct Memo {
    std::vector<std::weak_ptr<const void>> owners;
    int64_t count = 0;
  };
  static std::mutex mutex;
  static std::map<std::string, Memo> memo;
  std::string key;
  for (const PlannedManifest* m : manifests) {
    const void* address = m->owner.get();
    key.append(reinterpret_cast<const char*>(&address), sizeof(address));
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = memo.find(key);
    if (it != memo.end()) {
      bool alive = true;
      for (const auto& w : it->second.owners) alive = alive && !w.expired();
      if (alive) return it->second.count;
      memo.erase(it);
    }
  }
  HashSet seen;
  for (const PlannedManifest* m : manifests) {
    for (uint64_t h : *m->partition_hashes) seen.Insert(h);
  }
  Memo entry;
  entry.count = static_cast<int64_t>(seen.size());
  for (const PlannedManifest* m : manifests) entry.owners.push_back(m->owner);
  int64_t count = entry.count;
  std::lock_guard<std::mutex> lock(mutex);
  if (memo.size() >= 256) memo.clear();  // why: bounded; a miss only recounts
  memo[key] = std::move(entry);
  return count;
}

bool TableScan::CandidatesByIndex(const CachedManifest& manifest, const SpecEvaluators& evaluators,
                                  std::vector<uint32_t>* out) const {
  const PartitionSpec* spec = metadata_->SpecById(manifest.spec_id);
  if (!spec) return false;
  std::vector<const Expression*> conjuncts;
  Conjuncts(*evaluators.partition->partition_filter(), &conjuncts);
  for (const Expression* c : conjuncts) {
    if (!c->IsPredicate()) continue;
    const auto& p = static_cast<const Predicate&>(*c);
    size_t pos = 0;
    while (pos < spec->fields().size() && spec->fields()[pos].field_id() != p.field_id()) ++pos;
    if (pos >= manifest.order_by_field.size()) continue;
    const std::vector<uint32_t>& order = manifest.order_by_field[pos];
    if (order.empty() || p.literals().empty()) continue;
    // why: comparisons across types would not follow the index's order
    const Value& sample = manifest.entries[order.front()].partition[pos];
    const Value* lo = nullptr;
    const Value* hi = nullptr;
    bool lo_open = false, hi_open = false;
    switch (p.op()) {
      case Operation::kEq: lo = hi = &p.literal(); break;
      case Operation::kGt: lo = &p.literal(); lo_open = true; break;
      case Operation::kGtEq: lo = &p.literal(); break;
      case Operation::kLt: hi = &p.literal(); hi_open = true; break;
      case Operation::kLtEq: hi = &p.literal(); break;
      case Operation::kIn:
        for (const auto& v : p.literals()) {
          if (!lo || v.Compare(*lo) < 0) lo = &v;
          if (!hi || v.Compare(*hi) > 0) hi = &v;
        }
        break;
      default: continue;
    }
    // the whole type: decimals of another scale would not compare in the index's order
    if ((lo && lo->type() != sample.type()) || (hi && hi->type() != sample.type())) continue;
    if (sample.type().IsFloating()) continue;  // NaN has no place in a range
    const auto& entries = manifest.entries;
    auto value_of = [&](uint32_t i) -> const Value& { return entries[i].partition[pos]; };
    auto begin = order.begin(), end = order.end();
    if (lo) {
      begin = lo_open ? std::upper_bound(order.begin(), order.end(), *lo,
                                         [&](const Value& v, uint32_t i) { return v.Compare(value_of(i)) < 0; })
                      : std::lower_bound(order.begin(), order.end(), *lo,
                                         [&](uint32_t i, const Value& v) { return value_of(i).Compare(v) < 0; });
    }
    if (hi) {
      end = hi_open ? std::lower_bound(begin, order.end(), *hi,
                                       [&](uint32_t i, const Value& v) { return value_of(i).Compare(v) < 0; })
                    : std::upper_bound(begin, order.end(), *hi,
                                       [&](const Value& v, uint32_t i) { return v.Compare(value_of(i)) < 0; });
    }
    out->assign(begin, std::max(begin, end));
    std::sort(out->begin(), out->end());  // in manifest order, as without the index
    return true;
  }
  return false;
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
  if (dynamic_filter_) {
    e.dynamic_manifest = std::make_unique<ManifestEvaluator>(dynamic_filter_, *spec, *schema_);
    e.dynamic_partition = std::make_unique<PartitionEvaluator>(dynamic_filter_, *spec, *schema_);
  }
  return evaluators_.emplace(spec_id, std::move(e)).first->second;
}

std::map<int, ExpressionPtr> TableScan::PartitionFilters() const {
  std::map<int, ExpressionPtr> out;
  for (const auto& [spec_id, e] : evaluators_) out[spec_id] = e.partition->partition_filter();
  return out;
}

std::map<int, ExpressionPtr> TableScan::DynamicPartitionFilters() const {
  std::map<int, ExpressionPtr> out;
  for (const auto& [spec_id, e] : evaluators_) {
    if (e.dynamic_partition) out[spec_id] = e.dynamic_partition->partition_filter();
  }
  return out;
}

std::vector<TableScan::PlannedManifest> TableScan::ReadManifests(
    const std::vector<const ManifestFile*>& manifests) const {
  std::vector<PlannedManifest> out(manifests.size());
  ManifestCache& cache = ManifestCache::Instance();
  auto plan = [&](const ManifestFile& m, PlannedManifest* planned) {
    std::optional<ManifestFile> list_entry;
    if (m.partition_spec_id >= 0) list_entry = m;
    std::string local = remapper_.Remap(m.manifest_path);
    ManifestCache::Opened opened = cache.Open(io_, local, list_entry);
    if (opened.whole) {
      const CachedManifest& whole = *opened.whole;
      planned->spec_id = whole.spec_id;
      planned->parts.push_back(opened.whole);
      planned->partition_hashes = &whole.distinct_partition_hashes;
      planned->owner = opened.whole;
      planned->files = static_cast<int64_t>(whole.entries.size());
      planned->records = whole.total_records;
      planned->bytes = whole.total_bytes;
      return;
    }
    const CachedManifestLayout& layout = *opened.layout;
    planned->spec_id = layout.spec_id;
    planned->partition_hashes = &layout.distinct_partition_hashes;
    planned->owner = opened.layout;
    planned->files = layout.total_files;
    planned->records = layout.total_records;
    planned->bytes = layout.total_bytes;
    // the evaluators were built before the threads started; a spec without them reads all
    auto evaluators = evaluators_.find(layout.spec_id);
    const ManifestEvaluator* evaluator =
        options_.partitions && evaluators != evaluators_.end() ? evaluators->second.manifest.get() : nullptr;
    planned->blocks = static_cast<int64_t>(layout.index.blocks.size());
    for (size_t b = 0; b < layout.index.blocks.size(); ++b) {
      if (evaluator && !evaluator->Eval(layout.block_summaries[b])) {
        planned->files_in_pruned_blocks += layout.index.blocks[b].live_files;
        continue;
      }
      ++planned->blocks_read;
      planned->parts.push_back(cache.Block(io_, local, list_entry, opened.layout, b));
    }
  };
  ParallelFor(manifests.size(), HardwareThreads(), [&](size_t i) { plan(*manifests[i], &out[i]); });
  return out;
}

std::vector<FileScanTask> TableScan::PlanFiles() {
  std::vector<FileScanTask> tasks;
  if (!snapshot_) return tasks;
  std::vector<ManifestFile> manifests = SnapshotManifests(io_, *snapshot_, remapper_);

  // Layer 1: manifests, by the partition summaries of the manifest list.
  std::vector<const ManifestFile*> data_manifests, delete_manifests;
  for (const auto& m : manifests) {
    bool is_data = m.content == ManifestContent::kData;
    int spec_id = m.partition_spec_id;
    SpecScanMetrics& sm = metrics_.by_spec[std::max(spec_id, 0)];
    (is_data ? sm.manifests_total : sm.delete_manifests_total)++;
    bool keep = !options_.manifests || spec_id < 0 || EvaluatorsFor(spec_id).manifest->Eval(m);
    // Then the runtime filter, counted apart (delete manifests follow their data files).
    bool dynamic_keep = !keep || !is_data || !options_.manifests || spec_id < 0 || !dynamic_filter_ ||
                        EvaluatorsFor(spec_id).dynamic_manifest->Eval(m);
    if (!keep || !dynamic_keep) {
      if (is_data) {
        int64_t files = m.added_files_count + m.existing_files_count;
        sm.data_files_total += files;
        (keep ? sm.data_files_dynamic_pruned : sm.data_files_manifest_pruned) += files;
        if (keep) ++sm.manifests_dynamic_pruned;
        sm.rows_total += m.added_rows_count + m.existing_rows_count;
      }
      continue;
    }
    (is_data ? sm.manifests_read : sm.delete_manifests_read)++;
    (is_data ? data_manifests : delete_manifests).push_back(&m);
  }

  std::vector<const ManifestFile*> to_read = data_manifests;
  to_read.insert(to_read.end(), delete_manifests.begin(), delete_manifests.end());
  for (const ManifestFile* m : to_read) {
    if (m->partition_spec_id >= 0) EvaluatorsFor(m->partition_spec_id);  // read by the threads below
  }
  std::vector<PlannedManifest> planned = ReadManifests(to_read);

  // Delete files, pruned by partition like data files (they apply within a partition).
  std::vector<ManifestEntry> deletes;
  for (size_t i = data_manifests.size(); i < to_read.size(); ++i) {
    const PlannedManifest& pm = planned[i];
    SpecScanMetrics& sm = metrics_.by_spec[pm.spec_id];
    sm.delete_files_total += pm.files;
    for (const auto& part : pm.parts) {
      const CachedManifest& manifest = *part;
      for (size_t j = 0; j < manifest.entries.size(); ++j) {
        if (options_.partitions && !EvaluatorsFor(pm.spec_id).partition->Eval(manifest.entries[j].partition)) continue;
        ++sm.delete_files_read;
        deletes.push_back(manifest.EntryAt(j));  // whole: equality deletes use their bounds
      }
    }
  }
  DeleteFileIndex delete_index(*metadata_, *schema_, deletes, remapper_);

  // Layers 2 and 3: data files by partition tuple, then by column metrics.
  InclusiveMetricsEvaluator metrics_evaluator(*schema_, filter_);
  std::optional<InclusiveMetricsEvaluator> dynamic_metrics;
  if (dynamic_filter_) dynamic_metrics.emplace(*schema_, dynamic_filter_);
  std::map<int, HashSet> partitions_kept, partitions_static_kept;
  // the manifests read per spec: their distinct partitions are counted once per set
  std::map<int, std::vector<const PlannedManifest*>> seen_manifests;
  std::vector<uint32_t> candidates;
  for (size_t i = 0; i < data_manifests.size(); ++i) {
    const PlannedManifest& pm = planned[i];
    // every entry of a manifest has the manifest's spec
    SpecScanMetrics& sm = metrics_.by_spec[pm.spec_id];
    const SpecEvaluators& evaluators = EvaluatorsFor(pm.spec_id);
    HashSet& kept = partitions_kept[pm.spec_id];
    HashSet& static_kept = partitions_static_kept[pm.spec_id];
    sm.data_files_total += pm.files;
    sm.rows_total += pm.records;
    sm.bytes_total += pm.bytes;
    sm.data_files_partition_pruned += pm.files_in_pruned_blocks;
    sm.manifest_blocks_total += pm.blocks;
    sm.manifest_blocks_read += pm.blocks_read;
    seen_manifests[pm.spec_id].push_back(&pm);
    for (const auto& part : pm.parts) {
      const CachedManifest& manifest = *part;
      // The entries the partition filter may keep: a range of the manifest's index by one
      // partition field when the filter bounds one; the rest cannot match it.
      bool indexed = options_.partitions && CandidatesByIndex(manifest, evaluators, &candidates);
      size_t n = indexed ? candidates.size() : manifest.entries.size();
      if (indexed) sm.data_files_partition_pruned += static_cast<int64_t>(manifest.entries.size() - n);
      for (size_t c = 0; c < n; ++c) {
        size_t j = indexed ? candidates[c] : c;
        const CachedManifest::Entry& e = manifest.entries[j];
        if (options_.partitions && !evaluators.partition->Eval(e.partition)) {
          ++sm.data_files_partition_pruned;
          continue;
        }
        // the column metrics, decoded now: only for the files the partition filter kept;
        // identity-partitioned columns without metrics are read from the partition tuple
        DataFile f = manifest.DataFileAt(j);
        const PartitionSpec* spec = metadata_->SpecById(pm.spec_id);
        std::optional<DataFile> completed;
        auto with_metrics = [&]() -> const DataFile& {
          if (!spec) return f;
          if (!completed) completed = WithIdentityPartitionMetrics(f, *spec, *schema_);
          return *completed;
        };
        if (options_.file_metrics && !metrics_evaluator.Eval(with_metrics())) {
          ++sm.data_files_metrics_pruned;
          continue;
        }
        if (dynamic_filter_) {
          static_kept.Insert(manifest.partition_hashes[j]);
          if ((options_.partitions && !evaluators.dynamic_partition->Eval(f.partition)) ||
              (options_.file_metrics && !dynamic_metrics->Eval(with_metrics()))) {
            ++sm.data_files_dynamic_pruned;
            continue;
          }
        }
        kept.Insert(manifest.partition_hashes[j]);
        ++sm.data_files_read;
        sm.rows_read += f.record_count;
        sm.bytes_read += f.file_size_in_bytes;
        FileScanTask task;
        task.data_sequence_number = e.sequence_number.value_or(0);
        task.local_path = remapper_.Remap(f.file_path);
        task.deletes = delete_index.ForDataFile(task.data_sequence_number, f);
        task.all_rows_match = evaluators.strict->Eval(f.partition);
        if (task.all_rows_match) ++sm.data_files_all_rows_match;
        task.data_file = std::move(f);
        tasks.push_back(std::move(task));
      }
    }
  }
  for (auto& [spec_id, sm] : metrics_.by_spec) {
    sm.partitions_total = CountDistinctPartitions(seen_manifests[spec_id]);
    sm.partitions_read = static_cast<int64_t>(partitions_kept[spec_id].size());
    if (dynamic_filter_) {
      sm.partitions_dynamic_pruned =
          static_cast<int64_t>(partitions_static_kept[spec_id].size()) - sm.partitions_read;
    }
  }
  metrics_.dynamic = dynamic_filter_ != nullptr;
  metrics_.total = SpecScanMetrics();
  for (const auto& [spec_id, sm] : metrics_.by_spec) metrics_.total += sm;
  return tasks;
}

}  // namespace floe::iceberg
