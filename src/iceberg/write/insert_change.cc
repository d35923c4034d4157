#include "iceberg/write/insert_change.h"

#include "iceberg/write/transaction.h"

namespace floe::iceberg {

std::optional<SnapshotChange> InsertChange(const TableMetadata& read, const std::string& branch, InsertKind kind,
                                           ExpressionPtr filter, std::vector<DataFile> added) {
  SnapshotChange change;
  change.operation = "append";
  if (!branch.empty()) change.branch = branch;
  change.added = std::move(added);
  if (kind == InsertKind::kAppend) {
    if (change.added.empty()) return std::nullopt;
    return change;
  }
  change.operation = "overwrite";
  if (kind == InsertKind::kOverwriteByFilter) {
    change.delete_filter = filter ? std::move(filter) : Expression::AlwaysTrue();
    return change;
  }
  const PartitionSpec& spec = read.DefaultSpec();
  ReplacedPartitions replaced;
  replaced.spec_id = spec.spec_id();
  replaced.unpartitioned = spec.IsUnpartitioned();
  for (const auto& f : change.added) replaced.partitions.push_back(f.partition);
  if (change.added.empty()) {
    // Nothing to replace unless an unpartitioned table has files.
    const Snapshot* head = BranchHead(read, change.branch);
    auto files = head ? head->summary.find("total-data-files") : std::map<std::string, std::string>::const_iterator();
    bool empty = !head || (files != head->summary.end() && files->second == "0");
    if (!replaced.unpartitioned || empty) return std::nullopt;
  }
  change.replaced = std::move(replaced);
  change.extra_summary["replace-partitions"] = "true";  // as BaseReplacePartitions
  return change;
}

}  // namespace floe::iceberg
