#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iceberg/expressions/expression.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// The isolation level of a row-level operation (write.delete.isolation-level, ...):
/// serializable fails on concurrently added data its filter matches; snapshot does not.
enum class IsolationLevel { kSerializable, kSnapshot };

/// Reads `key` of `properties` ("serializable", the default, or "snapshot", any case);
/// throws InvalidInputError for another value.
IsolationLevel IsolationLevelOf(const std::map<std::string, std::string>& properties, const std::string& key);

/// Throws InvalidInputError naming the first property of `properties` that a commit
/// would refuse: commit.retry.* not a non-negative integer, write.delete / update /
/// merge.isolation-level neither serializable nor snapshot. Checked where properties
/// are set, so a table never holds a value its next commit cannot read.
void CheckCommitProperties(const std::map<std::string, std::string>& properties);

/// Lists paths in a conflict message: the first ten, then how many there are in all.
std::string ConflictPathList(const std::vector<std::string>& paths);

/// Returns `filter` as Java's conflict messages print it, each column by its name in
/// `schema`: ref(name="k") == 9.
std::string ConflictFilterText(const Expression& filter, const Schema& schema);

/// What a snapshot must not miss of the commits made to its branch since the operation
/// read it, as the validations of Iceberg Java's MergingSnapshotProducer (and Spark's
/// copy-on-write commits: SparkWrite.CopyOnWriteOperation) check it. The files an
/// operation removes must still be live in any case (the Transaction checks that after
/// these validations, as Java's apply does after validate).
struct ConflictValidation {
  /// The rows the operation read and decided on (Spark's conflict detection filter);
  /// null for every row.
  ExpressionPtr filter;
  /// Fails when data files that may hold rows matching `filter` were added since
  /// (validateNoConflictingData: serializable isolation).
  bool no_new_data = false;
  /// Fails when delete files that may apply to rows matching `filter` were added, or
  /// data files that may hold such rows were removed, since (validateNoConflictingDeletes:
  /// both isolation levels); implies `no_new_deletes_for_removed`.
  bool no_new_deletes = false;
  /// Fails when delete files that may apply to a data file the operation removes were
  /// added since (validateNoNewDeletesForDataFiles: a rewrite must not lose them).
  bool no_new_deletes_for_removed = false;
  /// With no_new_deletes_for_removed: equality deletes do not count (the added files
  /// keep the read snapshot's data sequence number, so those deletes apply to them too).
  bool ignore_equality_deletes_for_removed = false;

  bool Any() const { return no_new_data || no_new_deletes || no_new_deletes_for_removed; }
  /// The validations of a copy-on-write DELETE / UPDATE / MERGE at `level`, as Spark's
  /// SparkWrite.CopyOnWriteOperation asks them: no new data matching the filter under
  /// serializable isolation, and no new deletes for the files removed under both.
  static ConflictValidation CopyOnWrite(ExpressionPtr filter, IsolationLevel level);
};

/// Checks `validation` against the commits on the lineage of `head` (the branch's head
/// in `current`) made after `read_snapshot` (the head the operation read; nothing when
/// the branch had none); `removed` are the data files the operation removes. Throws
/// CatalogError ([CONCURRENT_MODIFICATION], naming `table` and the conflicting files)
/// on a conflict, or when `read_snapshot` is no longer an ancestor of `head`.
void ValidateConcurrentCommits(FileIO& io, const LocationRemapper& remapper, const TableMetadata& current,
                               const Snapshot* head, std::optional<int64_t> read_snapshot,
                               const ConflictValidation& validation, const std::vector<DataFile>& removed,
                               const std::string& table);

}  // namespace floe::iceberg
