#include "iceberg/scan/manifest_group.h"

#include <algorithm>
#include <optional>

#include "common/exception.h"
#include "common/parallel_for.h"
#include "iceberg/scan/partition_constants.h"
#include "iceberg/scan/partition_index_lookup.h"

namespace floe::iceberg {

ManifestGroup::ManifestGroup(FileIO& io, std::shared_ptr<const TableMetadata> metadata, const Schema& schema,
                             LocationRemapper remapper, PruningOptions options)
    : io_(io),
      metadata_(std::move(metadata)),
      schema_(schema),
      remapper_(std::move(remapper)),
      options_(options),
      static_filter_(Expression::AlwaysTrue()) {}

ManifestGroup& ManifestGroup::FilterWith(ScanFilter filter) {
  if (filter.kind() == ScanFilter::Kind::kStatic) static_filter_ = Expression::And(static_filter_, filter.expression());
  filters_.push_back(std::move(filter));
  return *this;
}

void ManifestGroup::PrepareSpec(int spec_id) {
  const PartitionSpec* spec = metadata_->SpecById(spec_id);
  if (!spec) throw FormatError("a manifest uses partition spec " + std::to_string(spec_id) +
                               ", which the table metadata does not have");
  for (ScanFilter& f : filters_) f.Prepare(*spec);
}

const ResidualEvaluator& ManifestGroup::ResidualsFor(int spec_id, const PartitionSpec& spec) {
  auto& slot = residuals_[spec_id];
  if (!slot) slot = std::make_unique<ResidualEvaluator>(static_filter_, spec, schema_);
  return *slot;
}

const ScanFilter* ManifestGroup::ManifestPrunedBy(const ManifestFile& m) {
  if (!options_.manifests || m.partition_spec_id < 0) return nullptr;
  PrepareSpec(m.partition_spec_id);
  bool is_data = m.content == ManifestContent::kData;
  for (const ScanFilter& f : filters_) {
    // why: delete manifests follow their data files by the static filters alone, so
    // their counts read the same with dynamic pruning on or off
    if (!is_data && f.kind() != ScanFilter::Kind::kStatic) continue;
    if (!f.ForSpec(m.partition_spec_id).MayMatchManifest(m)) return &f;
  }
  return nullptr;
}

std::vector<ManifestGroup::PlannedManifest> ManifestGroup::ReadManifests(
    const std::vector<const ManifestFile*>& manifests) const {
  std::vector<PlannedManifest> out(manifests.size());
  ManifestCache& cache = ManifestCache::Instance();
  auto plan = [&](const ManifestFile& m, PlannedManifest* planned) {
    std::optional<ManifestFile> list_entry;
    if (m.partition_spec_id >= 0) list_entry = m;
    std::string local = remapper_.Remap(m.manifest_path);
    ManifestCache::Opened opened = cache.Open(io_, local, list_entry);
    planned->size = opened.size;
    planned->recorded_size = m.manifest_length;
    if (opened.whole) {
      const CachedManifest& whole = *opened.whole;
      planned->spec_id = whole.spec_id;
      planned->parts.push_back(opened.whole);
      planned->partitions = {&whole.distinct_partition_hashes, opened.whole};
      planned->files = static_cast<int64_t>(whole.entries.size());
      planned->records = whole.total_records;
      planned->bytes = whole.total_bytes;
      return;
    }
    const CachedManifestLayout& layout = *opened.layout;
    planned->spec_id = layout.spec_id;
    planned->partitions = {&layout.distinct_partition_hashes, opened.layout};
    planned->files = layout.total_files;
    planned->records = layout.total_records;
    planned->bytes = layout.total_bytes;
    // Blocks go by the static filters' summaries test only: what a dynamic filter prunes
    // is counted per file. Filters were prepared before the threads started; a spec
    // without them reads every block.
    std::vector<const SpecFilter*> block_filters;
    for (const ScanFilter& f : filters_) {
      if (!options_.partitions || f.kind() != ScanFilter::Kind::kStatic) continue;
      if (const SpecFilter* s = f.FindSpec(layout.spec_id)) block_filters.push_back(s);
    }
    planned->blocks = static_cast<int64_t>(layout.index.blocks.size());
    for (size_t b = 0; b < layout.index.blocks.size(); ++b) {
      bool keep = true;
      for (const SpecFilter* s : block_filters) keep = keep && s->MayMatchManifest(layout.block_summaries[b]);
      if (!keep) {
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

std::vector<ManifestEntry> ManifestGroup::PlanDeletes(const std::vector<PlannedManifest>& planned, size_t first,
                                                      TableScanMetrics* metrics) {
  // Delete files are pruned by partition like data files (they apply within a partition),
  // by the static filters.
  std::vector<ManifestEntry> deletes;
  for (size_t i = first; i < planned.size(); ++i) {
    const PlannedManifest& pm = planned[i];
    SpecScanMetrics& sm = metrics->by_spec[pm.spec_id];
    sm.delete_files_total += pm.files;
    for (const auto& part : pm.parts) {
      const CachedManifest& manifest = *part;
      for (size_t j = 0; j < manifest.entries.size(); ++j) {
        if (options_.partitions) {
          PrepareSpec(pm.spec_id);
          bool keep = true;
          for (const ScanFilter& f : filters_) {
            if (f.kind() == ScanFilter::Kind::kStatic) {
              keep = keep && f.ForSpec(pm.spec_id).MayMatchPartition(manifest.entries[j].partition);
            }
          }
          if (!keep) continue;
        }
        ++sm.delete_files_read;
        deletes.push_back(manifest.EntryAt(j));  // whole: equality deletes use their bounds
      }
    }
  }
  return deletes;
}

void ManifestGroup::PlanDataManifest(const PlannedManifest& pm, const DeleteFileIndex& delete_index,
                                     SpecScanMetrics& sm, PartitionsSeen& seen, std::vector<FileScanTask>* tasks) {
  PrepareSpec(pm.spec_id);  // every entry of a manifest has the manifest's spec
  const PartitionSpec* spec = metadata_->SpecById(pm.spec_id);
  std::vector<const SpecFilter*> spec_filters;
  for (const ScanFilter& f : filters_) spec_filters.push_back(&f.ForSpec(pm.spec_id));
  const ResidualEvaluator& residuals = ResidualsFor(pm.spec_id, *spec);
  sm.data_files_total += pm.files;
  sm.rows_total += pm.records;
  sm.bytes_total += pm.bytes;
  sm.data_files_partition_pruned += pm.files_in_pruned_blocks;
  sm.manifest_blocks_total += pm.blocks;
  sm.manifest_blocks_read += pm.blocks_read;
  std::vector<uint32_t> candidates;
  for (const auto& part : pm.parts) {
    const CachedManifest& manifest = *part;
    // The entries the static filters may keep: a range of the manifest's index by one
    // partition field when one bounds it; the rest cannot match.
    bool indexed = false;
    for (size_t k = 0; k < filters_.size() && options_.partitions && !indexed; ++k) {
      if (filters_[k].kind() != ScanFilter::Kind::kStatic) continue;
      indexed = PartitionIndexCandidates(manifest, *spec, *spec_filters[k]->partition_filter(), &candidates);
    }
    size_t n = indexed ? candidates.size() : manifest.entries.size();
    if (indexed) sm.data_files_partition_pruned += static_cast<int64_t>(manifest.entries.size() - n);
    for (size_t c = 0; c < n; ++c) {
      size_t j = indexed ? candidates[c] : c;
      const CachedManifest::Entry& e = manifest.entries[j];
      uint64_t hash = manifest.partition_hashes[j];
      // Layers 2 and 3 of filter k; each counts what it prunes.
      auto prunes_partition = [&](size_t k) {
        const PruneCounters& counters = filters_[k].counters();
        if (counters.partitions) seen.reached[k].Insert(hash);
        if (!options_.partitions || spec_filters[k]->MayMatchPartition(e.partition)) return false;
        ++(sm.*counters.partition_files);
        return true;
      };
      // The data file is decoded only once the first filter's partition test kept it;
      // identity-partitioned columns without metrics are read from the partition tuple.
      if (!filters_.empty() && prunes_partition(0)) continue;
      DataFile f = manifest.DataFileAt(j);
      std::optional<DataFile> completed;
      auto prunes_metrics = [&](size_t k) {
        if (!options_.file_metrics) return false;
        if (!completed) completed = WithIdentityPartitionMetrics(f, *spec, schema_);
        if (filters_[k].MayMatchMetrics(*completed)) return false;
        ++(sm.*filters_[k].counters().metrics_files);
        return true;
      };
      bool pruned = !filters_.empty() && prunes_metrics(0);
      for (size_t k = 1; k < filters_.size() && !pruned; ++k) pruned = prunes_partition(k) || prunes_metrics(k);
      if (pruned) continue;
      seen.kept.Insert(hash);
      ++sm.data_files_read;
      sm.rows_read += f.record_count;
      sm.bytes_read += f.file_size_in_bytes;
      FileScanTask task;
      task.data_sequence_number = e.sequence_number.value_or(0);
      task.local_path = remapper_.Remap(f.file_path);
      task.deletes = delete_index.ForDataFile(task.data_sequence_number, f);
      task.residual = residuals.ResidualFor(f.partition);
      task.all_rows_match = task.residual->op() == Operation::kTrue;
      if (task.all_rows_match) ++sm.data_files_all_rows_match;
      task.data_file = std::move(f);
      tasks->push_back(std::move(task));
    }
  }
}

std::vector<FileScanTask> ManifestGroup::PlanFiles(const std::vector<ManifestFile>& manifests,
                                                   TableScanMetrics* metrics) {
  // Layer 1: manifests, by the partition summaries of the manifest list.
  std::vector<const ManifestFile*> data_manifests, delete_manifests;
  for (const auto& m : manifests) {
    bool is_data = m.content == ManifestContent::kData;
    SpecScanMetrics& sm = metrics->by_spec[std::max(m.partition_spec_id, 0)];
    (is_data ? sm.manifests_total : sm.delete_manifests_total)++;
    if (const ScanFilter* by = ManifestPrunedBy(m)) {
      if (is_data) {
        const PruneCounters& counters = by->counters();
        int64_t files = m.added_files_count + m.existing_files_count;
        sm.data_files_total += files;
        sm.*counters.manifest_files += files;
        if (counters.manifests) ++(sm.*counters.manifests);
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
    if (m->partition_spec_id >= 0) PrepareSpec(m->partition_spec_id);  // read by the threads below
  }
  std::vector<PlannedManifest> planned = ReadManifests(to_read);
  // A manifest whose length is not what its list records was read by its real size.
  for (size_t i = 0; i < planned.size(); ++i) {
    const PlannedManifest& pm = planned[i];
    if (pm.size < 0 || pm.recorded_size <= 0 || pm.size == pm.recorded_size) continue;
    SpecScanMetrics& sm = metrics->by_spec[std::max(to_read[i]->partition_spec_id, 0)];
    ++sm.manifest_size_mismatches;
    sm.manifest_size_recorded += pm.recorded_size;
    sm.manifest_size_real += pm.size;
  }
  DeleteFileIndex delete_index(*metadata_, schema_, PlanDeletes(planned, data_manifests.size(), metrics), remapper_);

  // Layers 2 and 3: data files by partition tuple, then by column metrics.
  std::vector<FileScanTask> tasks;
  std::map<int, PartitionsSeen> seen;
  std::map<int, std::vector<ManifestPartitions>> read_partitions;  // counted once per spec
  for (size_t i = 0; i < data_manifests.size(); ++i) {
    const PlannedManifest& pm = planned[i];
    PartitionsSeen& s = seen[pm.spec_id];
    s.reached.resize(filters_.size());
    read_partitions[pm.spec_id].push_back(pm.partitions);
    PlanDataManifest(pm, delete_index, metrics->by_spec[pm.spec_id], s, &tasks);
  }
  for (auto& [spec_id, sm] : metrics->by_spec) {
    PartitionsSeen& s = seen[spec_id];
    s.reached.resize(filters_.size());
    sm.partitions_total = CountDistinctPartitions(read_partitions[spec_id]);
    sm.partitions_read = static_cast<int64_t>(s.kept.size());
    // A filter's pruned partitions: those reaching it that reach no further counted filter.
    for (size_t k = 0; k < filters_.size(); ++k) {
      int64_t SpecScanMetrics::*counter = filters_[k].counters().partitions;
      if (!counter) continue;
      size_t next = k + 1;
      while (next < filters_.size() && !filters_[next].counters().partitions) ++next;
      size_t further = next < filters_.size() ? s.reached[next].size() : s.kept.size();
      sm.*counter += static_cast<int64_t>(s.reached[k].size()) - static_cast<int64_t>(further);
    }
  }
  for (const ScanFilter& f : filters_) metrics->dynamic = metrics->dynamic || f.kind() == ScanFilter::Kind::kDynamic;
  metrics->total = SpecScanMetrics();
  for (const auto& [spec_id, sm] : metrics->by_spec) metrics->total += sm;
  return tasks;
}

}  // namespace floe::iceberg
