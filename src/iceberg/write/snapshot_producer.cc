#include "iceberg/write/snapshot_producer.h"

#include <algorithm>
#include <random>
#include <set>

#include "common/exception.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/expressions/strict_metrics_evaluator.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_list_writer.h"
#include "iceberg/manifests/manifest_merger.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/scan/delete_file_index.h"
#include "iceberg/scan/partition_constants.h"
#include "iceberg/scan/scan_filter.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/snapshot_summary_builder.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/uuid.h"

namespace floe::iceberg {

namespace {

// The data files a row filter removes as a table is when the commit lands (Java's
// ManifestFilterManager with deleteByRowFilter): a file goes when the strict projection of
// the filter holds for its partition or its metrics prove every row matches.
class RowFilterDeletion {
 public:
  RowFilterDeletion(const ExpressionPtr& filter, const TableMetadata& metadata)
      : metadata_(metadata),
        filter_(ScanFilter::Kind::kStatic, filter, metadata.CurrentSchema()),
        strict_metrics_(metadata.CurrentSchema(), filter) {
    for (const auto& spec : metadata.partition_specs) {
      filter_.Prepare(spec);
      strict_.emplace(spec.spec_id(),
                      std::make_unique<PartitionEvaluator>(filter, spec, metadata.CurrentSchema(), /*strict=*/true));
    }
  }

  /// Returns false only when no file of the data manifest can hold a matching row.
  bool MayMatch(const ManifestFile& manifest) const {
    if (manifest.content != ManifestContent::kData) return false;
    const SpecFilter* spec = filter_.FindSpec(manifest.partition_spec_id);
    return !spec || spec->MayMatchManifest(manifest);
  }

  /// Returns true when every row of `file` matches; adds its path to `partly` when some
  /// rows may match but not provably all.
  bool Removes(const DataFile& file, std::set<std::string>* partly) const {
    auto strict = strict_.find(file.spec_id);
    const PartitionSpec* spec = metadata_.SpecById(file.spec_id);
    if (strict == strict_.end() || !spec) return false;
    if (strict->second->Eval(file.partition)) return true;
    DataFile with_metrics = WithIdentityPartitionMetrics(file, *spec, metadata_.CurrentSchema());
    if (strict_metrics_.Eval(with_metrics)) return true;
    if (filter_.ForSpec(file.spec_id).MayMatchPartition(file.partition) && filter_.MayMatchMetrics(with_metrics)) {
      partly->insert(file.file_path);
    }
    return false;
  }

 private:
  const TableMetadata& metadata_;
  ScanFilter filter_;
  StrictMetricsEvaluator strict_metrics_;
  std::map<int, std::unique_ptr<PartitionEvaluator>> strict_;
};

}  // namespace

int64_t NewSnapshotId() {
  static thread_local std::mt19937_64 rng(std::random_device{}());
  int64_t id = static_cast<int64_t>(rng() & 0x7fffffffffffffffULL);
  return id == 0 ? 1 : id;
}

SnapshotProducer::SnapshotProducer(FileIO& io, const TableMetadata& base, std::string base_file,
                                   LocationRemapper remapper)
    : io_(io), base_(base), base_file_(std::move(base_file)), remapper_(std::move(remapper)) {}

TableMetadata SnapshotProducer::Produce(const SnapshotChange& change, int64_t now_ms) {
  TableMetadataBuilder builder(base_, base_file_);
  int64_t snapshot_id = NewSnapshotId();
  int64_t sequence_number = builder.NextSequenceNumber();
  const Snapshot* parent = nullptr;
  if (auto ref = base_.refs.find(change.branch); ref != base_.refs.end()) {
    if (!ref->second.is_branch) throw InvalidInputError("cannot commit to " + change.branch + ": it is a tag");
    parent = base_.SnapshotById(ref->second.snapshot_id);
  } else {
    // main, or a branch this commit creates: it starts from main's head (Java's
    // SnapshotUtil.latestSnapshot)
    parent = base_.CurrentSnapshot();
  }
  const Schema& schema = base_.CurrentSchema();
  std::string metadata_dir = base_.location + "/metadata";
  std::string commit_id = Uuid::Random();
  int manifest_counter = 0;
  auto new_manifest_path = [&]() {
    return metadata_dir + "/" + commit_id + "-m" + std::to_string(manifest_counter++) + ".avro";
  };

  SnapshotSummaryBuilder summary;
  std::vector<ManifestFile> manifests;
  // New files, one manifest per spec and content (data files, delete files).
  std::map<std::pair<int, ManifestContent>, std::vector<const DataFile*>> by_spec;
  for (const auto& f : change.added) {
    ManifestContent content = f.content == FileContent::kData ? ManifestContent::kData : ManifestContent::kDeletes;
    by_spec[{f.spec_id, content}].push_back(&f);
  }
  for (const auto& [key, files] : by_spec) {
    const PartitionSpec* spec = base_.SpecById(key.first);
    if (!spec) throw InternalError("no partition spec " + std::to_string(key.first));
    ManifestWriter writer(schema, *spec, snapshot_id, key.second, avro::AvroCodec::kDeflate, base_.format_version);
    for (const DataFile* f : files) {
      auto own = change.added_file_sequence_numbers.find(f->file_path);
      writer.Add(*f, own != change.added_file_sequence_numbers.end() ? std::optional<int64_t>(own->second)
                                                                     : change.added_data_sequence_number);
      summary.AddedFile(*f);
    }
    std::string path = new_manifest_path();
    manifests.push_back(writer.WriteTo(io_, remapper_.Remap(path), path));
    written_.push_back(remapper_.Remap(path));
  }
  // The parent's manifests: carried over, or rewritten when they hold removed files.
  std::set<std::string> removed(change.removed_paths.begin(), change.removed_paths.end());
  std::set<std::string> replaced_keys;
  if (change.replaced) {
    for (const auto& p : change.replaced->partitions) replaced_keys.insert(PartitionKey(change.replaced->spec_id, p));
  }
  std::optional<RowFilterDeletion> by_filter;
  if (change.delete_filter) by_filter.emplace(change.delete_filter, base_);
  std::set<std::string> partly_matching;
  std::set<std::pair<std::string, int64_t>> removed_dvs(change.removed_deletion_vectors.begin(),
                                                        change.removed_deletion_vectors.end());
  std::set<std::pair<std::string, int64_t>> found_dvs;
  std::set<std::string> removed_data;  // every data file removed, however it was chosen
  // The data files this snapshot adds deletion vectors for: none may keep another one.
  std::set<std::string> new_dv_files;
  for (const auto& f : change.added) {
    if (f.IsDeletionVector() && f.referenced_data_file) new_dv_files.insert(*f.referenced_data_file);
  }
  auto removes = [&](const ManifestEntry& e) {
    const DataFile& f = e.data_file;
    if (f.IsDeletionVector()) {
      // a vector goes with the vector replacing it, or with its data file (Java removes
      // the DVs of removed data files: they would dangle)
      std::pair<std::string, int64_t> key{f.file_path, f.content_offset.value_or(-1)};
      if (removed_dvs.count(key)) return true;
      return f.referenced_data_file && removed_data.count(*f.referenced_data_file) > 0;
    }
    if (removed.count(e.data_file.file_path)) return true;
    if (e.data_file.content != FileContent::kData) return false;
    if (by_filter && by_filter->Removes(e.data_file, &partly_matching)) return true;
    if (!change.replaced) return false;
    return change.replaced->unpartitioned ||
           (e.data_file.spec_id == change.replaced->spec_id &&
            replaced_keys.count(PartitionKey(e.data_file.spec_id, e.data_file.partition)) > 0);
  };
  std::set<std::string> found;
  std::set<std::string> replaced_manifests(change.replaced_manifests.begin(), change.replaced_manifests.end());
  int64_t replaced_live = 0;
  if (parent && parent->manifest_list.empty() && !parent->manifests.empty()) {
    // why: a manifest named inline carries no snapshot id nor sequence numbers to list
    throw NotImplementedError("cannot commit to a table whose snapshot " + std::to_string(parent->snapshot_id) +
                              " lists its manifests inline (format v1 without a manifest list)");
  }
  if (parent) {
    // data manifests first: the deletion vectors of the data files they remove go too
    std::vector<ManifestFile> parent_manifests = SnapshotManifests(io_, *parent, remapper_);
    std::stable_partition(parent_manifests.begin(), parent_manifests.end(),
                          [](const ManifestFile& m) { return m.content == ManifestContent::kData; });
    for (const auto& m : parent_manifests) {
      if (replaced_manifests.erase(m.manifest_path)) {
        replaced_live += m.added_files_count + m.existing_files_count;
        continue;
      }
      bool by_path_or_partition = !removed.empty() || !removed_dvs.empty() || change.replaced;
      bool dangling = base_.format_version >= 3 && m.content == ManifestContent::kDeletes &&
                      (!removed_data.empty() || !new_dv_files.empty());
      if (!by_path_or_partition && !dangling && (!by_filter || !by_filter->MayMatch(m))) {
        manifests.push_back(m);
        continue;
      }
      ManifestReader reader = ManifestReader::Open(io_, remapper_.Remap(m.manifest_path), m);
      std::vector<ManifestEntry> live = reader.LiveEntries();
      bool touched = false;
      for (auto& e : live) {
        e.data_file.spec_id = reader.spec_id();
        bool gone = removes(e);
        touched = touched || gone;
        // Java's MergingSnapshotProducer.validateAddedDVs: a data file has at most one vector
        const DataFile& f = e.data_file;
        if (!gone && f.IsDeletionVector() && f.referenced_data_file && new_dv_files.count(*f.referenced_data_file)) {
          throw CatalogError("[CONCURRENT_MODIFICATION] Found concurrently added DV for " + *f.referenced_data_file +
                             ": " + f.file_path + " at offset " + std::to_string(f.content_offset.value_or(-1)));
        }
      }
      if (!touched) {
        manifests.push_back(m);
        continue;
      }
      const PartitionSpec* spec = base_.SpecById(reader.spec_id());
      if (!spec) throw FormatError("manifest " + m.manifest_path + " names unknown spec id " +
                                   std::to_string(reader.spec_id()));
      ManifestWriter writer(schema, *spec, snapshot_id, m.content, avro::AvroCodec::kDeflate, base_.format_version);
      for (const auto& e : live) {
        if (removes(e)) {
          writer.Delete(e);
          summary.RemovedFile(e.data_file);
          if (e.data_file.IsDeletionVector()) {
            found_dvs.insert({e.data_file.file_path, e.data_file.content_offset.value_or(-1)});
          } else {
            found.insert(e.data_file.file_path);
          }
          if (e.data_file.content == FileContent::kData) {
            removed_files_.push_back(e.data_file);
            removed_data.insert(e.data_file.file_path);
          }
        } else {
          writer.Existing(e);
        }
      }
      std::string path = new_manifest_path();
      manifests.push_back(writer.WriteTo(io_, remapper_.Remap(path), path));
      written_.push_back(remapper_.Remap(path));
    }
  }
  if (!change.replaced_manifests.empty()) {
    // BaseRewriteManifests.validateDeletedManifests and validateFilesCounts
    if (!replaced_manifests.empty()) {
      throw CatalogError("[CONCURRENT_MODIFICATION] Deleted manifest " + *replaced_manifests.begin() +
                         " could not be found in the latest snapshot " +
                         (parent ? std::to_string(parent->snapshot_id) : std::string("(none)")));
    }
    int64_t created_live = 0;
    for (const auto& m : change.added_manifests) created_live += m.added_files_count + m.existing_files_count;
    if (created_live != replaced_live) {
      throw InternalError("Replaced and created manifests must have the same number of active files: " +
                          std::to_string(created_live) + " (new), " + std::to_string(replaced_live) + " (old)");
    }
    summary.Set("manifests-created", std::to_string(change.added_manifests.size()));
    summary.Set("manifests-kept", std::to_string(manifests.size()));
    summary.Set("manifests-replaced", std::to_string(change.replaced_manifests.size()));
    summary.Set("entries-processed", std::to_string(replaced_live));
    // the new manifests first, as the snapshot's own
    std::vector<ManifestFile> with_new;
    for (ManifestFile m : change.added_manifests) {
      m.added_snapshot_id = snapshot_id;
      with_new.push_back(std::move(m));
    }
    with_new.insert(with_new.end(), manifests.begin(), manifests.end());
    manifests = std::move(with_new);
  }
  for (const auto& path : removed) {
    if (!found.count(path)) missing_.push_back(path);
  }
  for (const auto& dv : removed_dvs) {
    if (!found_dvs.count(dv)) missing_.push_back(dv.first + " (deletion vector at offset " + std::to_string(dv.second) + ")");
  }
  partly_matching_.assign(partly_matching.begin(), partly_matching.end());
  // Only manifests with live files, or written by this commit, stay (Java's
  // MergingSnapshotProducer.apply, shouldKeep): one whose entries an earlier commit all
  // deleted has done its work. (Counts a manifest list left out read as 0: such a manifest,
  // with no deleted count either, is kept.)
  std::erase_if(manifests, [&](const ManifestFile& m) {
    return m.added_snapshot_id != snapshot_id && m.added_files_count == 0 && m.existing_files_count == 0 &&
           m.deleted_files_count > 0;
  });
  // Keep the manifest count small as commits pile up (commit.manifest.min-count-to-merge).
  if ((change.operation == "append" || change.operation == "overwrite" || change.operation == "replace" ||
       change.operation == "delete") &&
      change.replaced_manifests.empty()) {
    ManifestMerger merger(
        base_, snapshot_id, [&](const std::string& location) { return io_.ReadAll(remapper_.Remap(location)); },
        [&](const std::string& location, const std::string& bytes) {
          io_.WriteAtomically(remapper_.Remap(location), bytes);
          written_.push_back(remapper_.Remap(location));
        },
        new_manifest_path);
    manifests = merger.Merge(manifests);
    // Java's cleanUncommitted: the manifests this commit wrote that merging folded into
    // another are no part of it; delete them now rather than leave them as orphans
    std::set<std::string> kept;
    for (const auto& m : manifests) kept.insert(remapper_.Remap(m.manifest_path));
    std::vector<std::string> unused;
    std::erase_if(written_, [&](const std::string& path) {
      bool manifest = path.ends_with(".avro") && path.find("/snap-") == std::string::npos;
      if (!manifest || kept.count(path)) return false;
      unused.push_back(path);
      return true;
    });
    DeleteQuietly(io_, unused);
  }
  std::string list_path = metadata_dir + "/snap-" + std::to_string(snapshot_id) + "-1-" + commit_id + ".avro";
  const bool v3 = base_.format_version >= 3;
  ManifestListWriter list(snapshot_id, parent ? std::optional<int64_t>(parent->snapshot_id) : std::nullopt,
                          sequence_number, avro::AvroCodec::kDeflate,
                          v3 ? std::optional<int64_t>(base_.next_row_id) : std::nullopt);
  for (const auto& m : manifests) list.Add(m);
  list.WriteTo(io_, remapper_.Remap(list_path));
  written_.push_back(remapper_.Remap(list_path));

  Snapshot snapshot;
  snapshot.snapshot_id = snapshot_id;
  if (parent) snapshot.parent_snapshot_id = parent->snapshot_id;
  snapshot.sequence_number = sequence_number;
  snapshot.timestamp_ms = now_ms;
  snapshot.manifest_list = list_path;
  snapshot.schema_id = schema.schema_id();
  if (v3) {
    // Snapshot Row IDs (spec): the snapshot starts at the table's next-row-id and takes
    // every id its manifest list assigned
    snapshot.first_row_id = base_.next_row_id;
    snapshot.added_rows = list.next_row_id() - base_.next_row_id;
  }
  for (const auto& [k, v] : change.extra_summary) summary.Set(k, v);
  summary.Set("engine-name", "floe");
  // BaseOverwriteFiles.operation: an overwrite by row filter that removed nothing is an
  // append, one that added nothing a delete
  std::string operation = change.operation;
  if (operation == "overwrite" && change.delete_filter && !change.replaced) {
    if (removed_files_.empty() && !change.added.empty()) operation = "append";
    if (!removed_files_.empty() && change.added.empty()) operation = "delete";
  }
  snapshot.summary = summary.Build(operation, parent ? parent->summary : std::map<std::string, std::string>{});
  if (change.stage_only) {
    builder.StageSnapshot(snapshot);
  } else {
    builder.AddSnapshot(snapshot, change.branch);
  }
  TableMetadata out = builder.Build(now_ms);
  if (v3) out.next_row_id = list.next_row_id();
  return out;
}

}  // namespace floe::iceberg
