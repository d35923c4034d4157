#include "iceberg/write/conflict_validation.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/scan/delete_file_index.h"
#include "iceberg/scan/scan_filter.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/write/commit_retry.h"

namespace floe::iceberg {

namespace {

// Iceberg's operations that may add data files, remove them, or add delete files
// (MergingSnapshotProducer's VALIDATE_* sets).
bool MayAddData(const std::string& op) { return op == "append" || op == "overwrite"; }
bool MayRemoveData(const std::string& op) { return op == "overwrite" || op == "replace" || op == "delete"; }
bool MayAddDeletes(const std::string& op) { return op == "overwrite" || op == "delete"; }

[[noreturn]] void Conflict(const std::string& table, const std::string& what, const std::vector<std::string>& paths) {
  throw CatalogError("[CONCURRENT_MODIFICATION] Cannot commit to " + table + ": " + what + ": [" +
                     ConflictPathList(paths) + "]");
}

// Returns the snapshots of head's lineage committed after `read`, newest first.
std::vector<const Snapshot*> SnapshotsSince(const TableMetadata& current, const Snapshot* head,
                                            std::optional<int64_t> read, const std::string& table) {
  std::vector<const Snapshot*> out;
  const Snapshot* s = head;
  while (s && (!read || s->snapshot_id != *read)) {
    out.push_back(s);
    s = s->parent_snapshot_id ? current.SnapshotById(*s->parent_snapshot_id) : nullptr;
  }
  if (read && !s) {
    // why: the snapshot read was rolled back or expired: what changed since is unknown
    throw CatalogError("[CONCURRENT_MODIFICATION] Cannot commit to " + table +
                       ": cannot determine history between starting snapshot " + std::to_string(*read) +
                       " and the last known ancestor " +
                       (out.empty() ? std::string("null") : std::to_string(out.back()->snapshot_id)));
  }
  return out;
}

// The entries that a snapshot's own manifests of `content` hold with the snapshot's id.
std::vector<ManifestEntry> OwnEntries(FileIO& io, const LocationRemapper& remapper, const Snapshot& snapshot,
                                      const std::vector<ManifestFile>& manifests, ManifestContent content,
                                      const ScanFilter& filter) {
  std::vector<const ManifestFile*> own;
  for (const auto& m : manifests) {
    if (m.content != content || m.added_snapshot_id != snapshot.snapshot_id) continue;
    const SpecFilter* spec = m.partition_spec_id >= 0 ? filter.FindSpec(m.partition_spec_id) : nullptr;
    if (spec && !spec->MayMatchManifest(m)) continue;
    own.push_back(&m);
  }
  std::vector<ManifestEntry> out;
  for (auto& entries : ReadManifestEntries(io, own, remapper, /*live_only=*/false)) {
    for (auto& e : entries) {
      if (e.snapshot_id == snapshot.snapshot_id) out.push_back(std::move(e));
    }
  }
  return out;
}

// Returns true when rows of `file` may match the filter (partition tuple and metrics).
bool MayMatch(const ScanFilter& filter, const DataFile& file) {
  const SpecFilter* spec = filter.FindSpec(file.spec_id);
  if (spec && !spec->MayMatchPartition(file.partition)) return false;
  return filter.MayMatchMetrics(file);
}

// Returns true when delete file `del` may apply to data file `data` (same partition of
// the same spec, or an unpartitioned delete file; for position deletes, file_path bounds
// that include the data file's path).
bool MayApplyTo(const TableMetadata& current, const DataFile& del, const DataFile& data) {
  const PartitionSpec* del_spec = current.SpecById(del.spec_id);
  bool global = del_spec && del_spec->IsUnpartitioned();
  if (!global && (del.spec_id != data.spec_id || PartitionKey(del.spec_id, del.partition) !=
                                                     PartitionKey(data.spec_id, data.partition))) {
    return false;
  }
  if (del.content == FileContent::kPositionDeletes) {
    auto lo = del.lower_bounds.find(kDeleteFilePathFieldId);
    auto hi = del.upper_bounds.find(kDeleteFilePathFieldId);
    if (lo != del.lower_bounds.end() && data.file_path < lo->second) return false;
    if (hi != del.upper_bounds.end() && data.file_path > hi->second) return false;
  }
  return true;
}

}  // namespace

std::string ConflictPathList(const std::vector<std::string>& paths) {
  std::string list;
  for (size_t i = 0; i < paths.size() && i < 10; ++i) list += (i ? ", " : "") + paths[i];
  if (paths.size() > 10) list += ", ... (" + std::to_string(paths.size()) + " in all)";
  return list;
}

std::string ConflictFilterText(const Expression& filter, const Schema& schema) {
  std::string text = filter.ToString(), out;
  size_t pos = 0;
  for (;;) {
    size_t ref = text.find("ref(", pos);
    size_t close = ref == std::string::npos ? ref : text.find(')', ref);
    if (close == std::string::npos) break;
    out += text.substr(pos, ref - pos);
    const NestedField* field = schema.FindFieldById(std::atoi(text.c_str() + ref + 4));
    out += field ? "ref(name=\"" + field->name() + "\")" : text.substr(ref, close + 1 - ref);
    pos = close + 1;
  }
  return out + text.substr(pos);
}

IsolationLevel IsolationLevelOf(const std::map<std::string, std::string>& properties, const std::string& key) {
  auto it = properties.find(key);
  if (it == properties.end()) return IsolationLevel::kSerializable;
  std::string v = ToLower(it->second);
  if (v == "serializable") return IsolationLevel::kSerializable;
  if (v == "snapshot") return IsolationLevel::kSnapshot;
  throw InvalidInputError("table property " + key + " must be serializable or snapshot, not '" + it->second + "'");
}

void CheckCommitProperties(const std::map<std::string, std::string>& properties) {
  CommitRetryPolicy::FromProperties(properties);
  for (const char* key : {"write.delete.isolation-level", "write.update.isolation-level",
                          "write.merge.isolation-level"}) {
    IsolationLevelOf(properties, key);
  }
}

ConflictValidation ConflictValidation::CopyOnWrite(ExpressionPtr filter, IsolationLevel level) {
  ConflictValidation v;
  v.filter = std::move(filter);
  v.no_new_data = level == IsolationLevel::kSerializable;
  // why: Spark's copy-on-write commit removes files, not a row filter, so Java's
  // validateNoConflictingDeletes checks only the deletes that apply to those files
  v.no_new_deletes_for_removed = true;
  return v;
}

void ValidateConcurrentCommits(FileIO& io, const LocationRemapper& remapper, const TableMetadata& current,
                               const Snapshot* head, std::optional<int64_t> read_snapshot,
                               const ConflictValidation& validation, const std::vector<DataFile>& removed,
                               const std::string& table) {
  if (!validation.Any()) return;
  std::vector<const Snapshot*> since = SnapshotsSince(current, head, read_snapshot, table);
  if (since.empty()) return;
  ExpressionPtr expression = validation.filter ? validation.filter : Expression::AlwaysTrue();
  ScanFilter filter(ScanFilter::Kind::kStatic, expression, current.CurrentSchema());
  for (const auto& spec : current.partition_specs) filter.Prepare(spec);
  std::vector<std::string> added_data, new_deletes, deleted_data, deletes_for_removed;
  for (const Snapshot* s : since) {
    const std::string op = s->operation();
    bool added_check = validation.no_new_data && MayAddData(op);
    bool deleted_check = validation.no_new_deletes && MayRemoveData(op);
    bool check_removed = (validation.no_new_deletes || validation.no_new_deletes_for_removed) && !removed.empty();
    bool deletes_check = (validation.no_new_deletes || check_removed) && MayAddDeletes(op);
    if (!added_check && !deleted_check && !deletes_check) continue;
    // why: each snapshot's manifest list and data manifests are read once for every check
    std::vector<ManifestFile> manifests = SnapshotManifests(io, *s, remapper);
    if (added_check || deleted_check) {
      for (const auto& e : OwnEntries(io, remapper, *s, manifests, ManifestContent::kData, filter)) {
        if (added_check && e.status == ManifestEntryStatus::kAdded && MayMatch(filter, e.data_file)) {
          added_data.push_back(e.data_file.file_path);
        }
        if (deleted_check && e.status == ManifestEntryStatus::kDeleted && MayMatch(filter, e.data_file)) {
          deleted_data.push_back(e.data_file.file_path);
        }
      }
    }
    if (deletes_check) {
      for (const auto& e : OwnEntries(io, remapper, *s, manifests, ManifestContent::kDeletes, filter)) {
        if (e.status != ManifestEntryStatus::kAdded) continue;
        if (validation.no_new_deletes && MayMatch(filter, e.data_file)) new_deletes.push_back(e.data_file.file_path);
        if (!check_removed) continue;
        if (validation.ignore_equality_deletes_for_removed && !validation.no_new_deletes &&
            e.data_file.content == FileContent::kEqualityDeletes) {
          continue;
        }
        for (const auto& data : removed) {
          if (MayApplyTo(current, e.data_file, data)) deletes_for_removed.push_back(data.file_path);
        }
      }
    }
  }
  const std::string matching =
      "that can contain records matching " + ConflictFilterText(*expression, current.CurrentSchema());
  if (!added_data.empty()) Conflict(table, "found conflicting files " + matching, added_data);
  if (!deleted_data.empty()) Conflict(table, "found conflicting deleted files " + matching, deleted_data);
  if (!new_deletes.empty()) Conflict(table, "found new conflicting delete files " + matching, new_deletes);
  if (!deletes_for_removed.empty()) {
    std::sort(deletes_for_removed.begin(), deletes_for_removed.end());
    deletes_for_removed.erase(std::unique(deletes_for_removed.begin(), deletes_for_removed.end()),
                              deletes_for_removed.end());
    Conflict(table, "found new delete for replaced data file", deletes_for_removed);
  }
}

}  // namespace floe::iceberg
