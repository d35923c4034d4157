// CALL system.cherrypick_snapshot(table, snapshot_id): applies the changes of a snapshot
// that is not an ancestor of the current one (a branch's or a staged append) to main, as
// Iceberg 1.10's CherrypickSnapshotProcedure (CherryPickOperation): a fast-forward when its
// parent is the current snapshot, else a new append snapshot with the same added files
// (summary source-snapshot-id, and published-wap-id for a write-audit-publish snapshot,
// whose wap.id may be published once); a ReplacePartitions overwrite (a dynamic INSERT
// OVERWRITE) when no file landed since in the partitions it replaced.
// publish_changes(table, wap_id) picks the snapshot staged under a wap id.
#include <set>
#include <string>

#include "common/date_time.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

// CherryPickOperation.validateNonAncestor: not the current snapshot or one of its
// ancestors, nor already picked into one of them (source-snapshot-id).
void CheckNotPicked(const TableMetadata& m, int64_t id) {
  if (IsCurrentAncestor(m, id)) {
    throw InvalidInputError("Cannot cherrypick snapshot " + std::to_string(id) + ": already an ancestor");
  }
  if (const Snapshot* current = m.CurrentSnapshot()) {
    for (const Snapshot* s : AncestorsOf(m, current->snapshot_id)) {
      auto it = s->summary.find("source-snapshot-id");
      if (it != s->summary.end() && it->second == std::to_string(id)) {
        throw InvalidInputError("Cannot cherrypick snapshot " + std::to_string(id) +
                                ": already picked to create ancestor " + std::to_string(s->snapshot_id));
      }
    }
  }
}

// WapUtil.validateWapPublish: a staged snapshot's wap.id must not be published already (by
// an ancestor of the current snapshot staged or published under it); returns the id.
std::string ValidateWapPublish(const TableMetadata& m, const Snapshot& picked) {
  auto staged = picked.summary.find("wap.id");
  if (staged == picked.summary.end() || staged->second.empty()) return "";
  if (const Snapshot* current = m.CurrentSnapshot()) {
    for (const Snapshot* s : AncestorsOf(m, current->snapshot_id)) {
      for (const char* key : {"wap.id", "published-wap-id"}) {
        auto it = s->summary.find(key);
        if (it != s->summary.end() && it->second == staged->second) {
          throw InvalidInputError("Duplicate request to cherry pick wap id that was published already: " +
                                  staged->second);
        }
      }
    }
  }
  return staged->second;
}

bool ReplacesPartitions(const Snapshot& s) {
  auto it = s.summary.find("replace-partitions");
  return it != s.summary.end() && ToLower(it->second) == "true";
}

// CherryPickOperation.validateReplacedPartitions: no file added since the overwrite's
// parent (on the current snapshot's lineage) lies in a partition it replaced.
void ValidateReplacedPartitions(ProcedureEngine& engine, const TableMetadata& m, std::optional<int64_t> parent,
                                const std::set<std::string>& replaced) {
  const Snapshot* current = m.CurrentSnapshot();
  if (!current) return;
  if (parent && !IsCurrentAncestor(m, *parent)) {
    throw InvalidInputError("Cannot cherry-pick overwrite, based on non-ancestor of the current state: " +
                            std::to_string(*parent));
  }
  for (const Snapshot* s : AncestorsOf(m, current->snapshot_id)) {
    if (parent && s->snapshot_id == *parent) break;
    // the files a snapshot added are in the manifests it wrote (SnapshotUtil.newFiles)
    std::vector<ManifestFile> manifests = SnapshotManifests(engine.io(), *s, engine.remapper());
    std::vector<const ManifestFile*> own;
    for (const auto& mf : manifests) {
      if (mf.added_snapshot_id == s->snapshot_id && mf.content == ManifestContent::kData) own.push_back(&mf);
    }
    std::vector<ManifestEntry> entries;
    for (auto& list : ReadManifestEntries(engine.io(), own, engine.remapper())) {
      for (auto& e : list) entries.push_back(std::move(e));
    }
    for (const auto& e : entries) {
      if (e.status != ManifestEntryStatus::kAdded || !e.snapshot_id || *e.snapshot_id != s->snapshot_id) continue;
      if (replaced.count(std::to_string(e.data_file.spec_id) + PartitionKey(e.data_file.partition))) {
        std::string partition;
        for (const auto& v : e.data_file.partition) partition += (partition.empty() ? "" : ", ") + v.ToString();
        throw InvalidInputError("Cannot cherry-pick replace partitions with changed partition: {" + partition + "}");
      }
    }
  }
}

bool IsFastForward(const TableMetadata& m, const Snapshot& picked) {
  const Snapshot* current = m.CurrentSnapshot();
  return current ? picked.parent_snapshot_id && *picked.parent_snapshot_id == current->snapshot_id
                 : !picked.parent_snapshot_id;
}

class CherrypickSnapshot final : public Procedure {
 public:
  std::string name() const override { return "cherrypick_snapshot"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"snapshot_id", TypeId::kInt64, true}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    int64_t id = args.Long("snapshot_id", name());
    const TableMetadata& read = *table->state().metadata;
    const Snapshot* picked = read.SnapshotById(id);
    if (!picked) throw InvalidInputError("Cannot cherry-pick unknown snapshot ID: " + std::to_string(id));
    int64_t current = 0;
    auto operation = picked->summary.find("operation");
    std::string op = operation == picked->summary.end() ? "" : operation->second;
    // CherryPickOperation.cherrypick checks a staged wap id first, fast-forward or not
    if (op == "append" || (op == "overwrite" && ReplacesPartitions(*picked))) ValidateWapPublish(read, *picked);
    CheckNotPicked(read, id);
    if (IsFastForward(read, *picked)) {
      current = SetCurrentSnapshot(*table, [&](const TableMetadata& m) {
        CheckNotPicked(m, id);
        const Snapshot* again = m.SnapshotById(id);
        if (!again || !IsFastForward(m, *again)) {
          throw InvalidInputError("Cannot cherry-pick snapshot " + std::to_string(id) +
                                  ": not append, dynamic overwrite, or fast-forward");
        }
        return id;
      }).current;
    } else if (op == "append" || (op == "overwrite" && ReplacesPartitions(*picked))) {
      // the snapshot's own changes as its manifests record them: the files it added, and
      // for a ReplacePartitions overwrite the files it removed and the partitions it replaced
      bool replace = op == "overwrite";
      std::optional<int64_t> parent = picked->parent_snapshot_id;
      if (replace && parent && !IsCurrentAncestor(read, *parent)) {
        throw InvalidInputError("Cannot cherry-pick overwrite not based on an ancestor of the current state: " +
                                std::to_string(id));
      }
      SnapshotChange change;
      change.operation = op;
      change.owns_added_files = false;
      std::set<std::string> replaced;
      SnapshotFilesOptions options;
      options.deleted_entries = replace;
      for (auto& e : SnapshotFiles(engine.io(), picked, engine.remapper(), options)) {
        if (!e.snapshot_id || *e.snapshot_id != id) continue;
        if (e.status == ManifestEntryStatus::kAdded) {
          if (replace) replaced.insert(std::to_string(e.data_file.spec_id) + PartitionKey(e.data_file.partition));
          change.added.push_back(std::move(e.data_file));
        } else if (e.status == ManifestEntryStatus::kDeleted && replace) {
          change.removed_paths.push_back(e.data_file.file_path);  // must still be live (failMissingDeletePaths)
        }
      }
      change.extra_summary["source-snapshot-id"] = std::to_string(id);
      std::string wap_id = ValidateWapPublish(read, *picked);
      if (!wap_id.empty()) change.extra_summary["published-wap-id"] = wap_id;
      Transaction txn(table->operations(), table->state());
      txn.UpdateMetadata([&](const TableMetadata& m, const std::string&) -> std::optional<TableMetadata> {
        const Snapshot* again = m.SnapshotById(id);  // (expire_snapshots may have removed it)
        if (!again) throw InvalidInputError("Cannot cherry-pick unknown snapshot ID: " + std::to_string(id));
        ValidateWapPublish(m, *again);
        CheckNotPicked(m, id);  // validated again on the table each attempt finds
        if (replace) ValidateReplacedPartitions(engine, m, parent, replaced);
        return std::nullopt;
      });
      txn.AddSnapshot(std::move(change));
      TableState committed = txn.Commit();
      current = committed.metadata->CurrentSnapshot()->snapshot_id;
    } else {
      throw InvalidInputError("Cannot cherry-pick snapshot " + std::to_string(id) +
                              ": not append, dynamic overwrite, or fast-forward");
    }
    ProcedureResult result;
    result.names = {"source_snapshot_id", "current_snapshot_id"};
    result.types = {TypeId::kInt64, TypeId::kInt64};
    result.rows.push_back({Value::Int64(id), Value::Int64(current)});
    return result;
  }
};

}  // namespace

const Procedure& CherrypickSnapshotProcedure() {
  static const CherrypickSnapshot procedure;
  return procedure;
}

namespace {

// CALL system.publish_changes(table, wap_id): cherry-picks the snapshot staged under
// wap_id (write-audit-publish), as Iceberg 1.10's PublishChangesProcedure.
class PublishChanges final : public Procedure {
 public:
  std::string name() const override { return "publish_changes"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"wap_id", TypeId::kString, true}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::string wap_id = args.String("wap_id", name());
    int64_t staged = 0;
    bool found = false;
    {
      std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
      for (const auto& s : table->state().metadata->snapshots) {
        auto it = s.summary.find("wap.id");
        if (it != s.summary.end() && it->second == wap_id) {
          staged = s.snapshot_id;
          found = true;
          break;  // Iterables.find: the first
        }
      }
    }
    if (!found) throw InvalidInputError("Cannot apply unknown WAP ID '" + wap_id + "'");
    ProcedureArguments pick;
    pick.values["table"] = args.values.at("table");
    pick.values["snapshot_id"] = Value::Int64(staged);
    return CherrypickSnapshotProcedure().Call(engine, pick);
  }
};

}  // namespace

const Procedure& PublishChangesProcedure() {
  static const PublishChanges procedure;
  return procedure;
}

}  // namespace floe::iceberg
