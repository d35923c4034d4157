#include "iceberg/write/transaction.h"

#include <chrono>
#include <filesystem>
#include <set>
#include <thread>

#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/write/commit_retry.h"
#include "iceberg/write/metadata_file.h"

namespace floe::iceberg {

const Snapshot* BranchHead(const TableMetadata& metadata, const std::string& branch) {
  if (auto ref = metadata.refs.find(branch); ref != metadata.refs.end()) {
    return ref->second.is_branch ? metadata.SnapshotById(ref->second.snapshot_id) : nullptr;
  }
  // main, or a branch not created yet: its first commit starts from main's head
  return metadata.CurrentSnapshot();
}

Transaction::Transaction(TableOperations& ops, TableState read) : ops_(ops), read_(std::move(read)) {
  if (!read_.metadata) throw InternalError("a transaction needs the table as read");
}

Transaction Transaction::CreateTable(TableOperations& ops, TableMetadata metadata) {
  Transaction t(ops, TableState{"", std::make_shared<const TableMetadata>(std::move(metadata))});
  t.create_ = true;
  return t;
}

Transaction& Transaction::UpdateMetadata(MetadataUpdate update) {
  steps_.push_back(Step{std::move(update), std::nullopt, {}});
  return *this;
}

Transaction& Transaction::AddSnapshot(SnapshotChange change, ConflictValidation validation) {
  steps_.push_back(Step{nullptr, std::move(change), std::move(validation)});
  return *this;
}

Transaction& Transaction::RequireUnchanged(std::string what) {
  require_unchanged_ = std::move(what);
  return *this;
}

void Transaction::DiscardAddedFiles() {
  std::vector<std::string> paths;
  for (const auto& step : steps_) {
    if (!step.snapshot || !step.snapshot->owns_added_files) continue;
    for (const auto& f : step.snapshot->added) paths.push_back(ops_.remapper().Remap(f.file_path));
  }
  floe::DeleteQuietly(ops_.io(), paths);
}

std::optional<TableState> Transaction::Attempt(const TableState& base, std::vector<std::string>* written,
                                               bool* changed) {
  const LocationRemapper& remapper = ops_.remapper();
  TableMetadata metadata = *base.metadata;
  // The metadata log gains the base file once, from the first change that applies.
  std::string log_file = base.metadata_location;
  *changed = create_;
  ops_.CheckWritable(metadata);
  int64_t now = NowMillis();
  for (const Step& step : steps_) {
    if (step.update) {
      std::optional<TableMetadata> updated = step.update(metadata, log_file);
      if (!updated) continue;
      metadata = std::move(*updated);
      ops_.CheckWritable(metadata);  // before a later step writes under a new location
    } else {
      const SnapshotChange& change = *step.snapshot;
      SnapshotProducer producer(ops_.io(), metadata, log_file, remapper);
      TableMetadata produced;
      try {
        produced = producer.Produce(change, now);
      } catch (...) {
        written->insert(written->end(), producer.written_files().begin(), producer.written_files().end());
        throw;
      }
      written->insert(written->end(), producer.written_files().begin(), producer.written_files().end());
      if (!create_) {
        std::optional<int64_t> read_head;
        if (const Snapshot* s = BranchHead(*read_.metadata, change.branch)) read_head = s->snapshot_id;
        ValidateConcurrentCommits(ops_.io(), remapper, *base.metadata, BranchHead(*base.metadata, change.branch),
                                  read_head, step.validation, producer.removed_files(), ops_.name());
      }
      // why: after the validations, as Java's SnapshotProducer.apply validates before its
      // ManifestFilterManager finds files missing, so a conflict is named by its cause
      if (!producer.missing_files().empty()) {
        // a concurrent commit removed a file this one read: its rows were decided on data
        // that is no longer the table's
        throw CatalogError("[CONCURRENT_MODIFICATION] Cannot commit to " + ops_.name() +
                           ": missing required files to delete: [" + ConflictPathList(producer.missing_files()) +
                           "]");
      }
      if (!producer.partly_matching_files().empty()) {
        // a file the row filter cannot drop whole: a concurrent commit added it, or it was
        // there when the statement read the table (a static INSERT OVERWRITE over files
        // of an older partition spec)
        bool concurrent = base.metadata_location != read_.metadata_location;
        throw CatalogError(std::string(concurrent ? "[CONCURRENT_MODIFICATION] " : "") + "Cannot commit to " +
                           ops_.name() + ": cannot delete file where some, but not all, rows match filter " +
                           ConflictFilterText(*change.delete_filter, metadata.CurrentSchema()) + ": [" +
                           ConflictPathList(producer.partly_matching_files()) + "]");
      }
      metadata = std::move(produced);
    }
    log_file.clear();
    *changed = true;
  }
  if (!*changed) return base;
  // why: built (and its text checked) once, before anything is written
  std::string json = metadata.ToJsonString();
  std::string path = NextMetadataPath(metadata.location, create_ ? nullptr : base.metadata.get(),
                                      base.metadata_location);
  written->push_back(remapper.Remap(path));
  WriteMetadataFile(ops_.io(), json, remapper.Remap(path));
  if (!ops_.Swap(base.metadata_location, path)) return std::nullopt;
  return TableState{path, std::make_shared<const TableMetadata>(std::move(metadata))};
}

// Java's BaseMetastoreTableOperations.deleteRemovedMetadataFiles: with
// write.metadata.delete-after-commit.enabled, the metadata files that fell out of the
// metadata log (write.metadata.previous-versions-max) are deleted after the commit; a
// failure to delete leaves them, as Java's suppressFailureWhenFinished.
void Transaction::DeleteRemovedMetadataFiles(const TableState& base, const TableState& committed) {
  if (!committed.metadata || !base.metadata ||
      committed.metadata->Property("write.metadata.delete-after-commit.enabled", "false") != "true") {
    return;
  }
  std::set<std::string> kept;
  for (const auto& entry : committed.metadata->metadata_log) kept.insert(entry.metadata_file);
  // (only files beside the new metadata file: a log entry naming anything else is left)
  std::string folder = std::filesystem::path(ops_.remapper().Remap(committed.metadata_location)).parent_path().string();
  std::vector<std::string> removed;
  for (const auto& entry : base.metadata->metadata_log) {
    std::string local = ops_.remapper().Remap(entry.metadata_file);
    if (!kept.count(entry.metadata_file) && std::filesystem::path(local).parent_path().string() == folder) {
      removed.push_back(local);
    }
  }
  floe::DeleteQuietly(ops_.io(), removed);
}

TableState Transaction::Commit() {
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    TableState base;
    std::vector<std::string> written;
    std::optional<TableState> committed;
    bool changed = false;
    try {
      base = create_ ? read_ : ops_.Refresh();  // throws when the table was dropped meanwhile
      if (!create_ && !require_unchanged_.empty() && base.metadata_location != read_.metadata_location) {
        throw CatalogError("[CONCURRENT_MODIFICATION] " + ops_.name() + " changed while it was being " +
                           require_unchanged_ + "; run the statement again");
      }
      ++attempts_;
      committed = Attempt(base, &written, &changed);
    } catch (...) {
      floe::DeleteQuietly(ops_.io(), written);
      DiscardAddedFiles();
      throw;
    }
    if (committed) {
      if (!changed) --attempts_;  // nothing to swap
      if (changed && !create_) DeleteRemovedMetadataFiles(base, *committed);
      return *committed;
    }
    // Another commit won the swap: this attempt's files are garbage.
    floe::DeleteQuietly(ops_.io(), written);
    CommitRetryPolicy policy;
    try {
      policy = CommitRetryPolicy::FromProperties(base.metadata->properties);
    } catch (...) {
      DiscardAddedFiles();
      throw;
    }
    int64_t elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    if (!policy.MayRetry(attempts_, elapsed)) {
      DiscardAddedFiles();
      throw CatalogError("[CONCURRENT_MODIFICATION] Cannot commit to " + ops_.name() +
                         ": other commits won the race " + std::to_string(attempts_) +
                         " times (commit.retry.num-retries = " + std::to_string(policy.num_retries) + ")");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(policy.WaitMs(attempts_)));
  }
}

}  // namespace floe::iceberg
