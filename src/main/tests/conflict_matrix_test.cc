// Issue 13, concurrent writers that cooperate: the conflict matrix. Two connections on one
// database, a table partitioned by k with rows in partitions 0, 1 and 2 (two files each).
// Writer A runs a statement on partition 1 and, exactly when it is about to commit (while
// its new metadata file is being written: a callback of the fault-injecting FileIO), writer
// B runs one on the other connection to completion, on partition 1 (same) or 2 (other).
// A's compare-and-swap then fails; A refreshes, validates what B committed against what it
// read, and either lands on top of B (the table holds both changes, as if B ran first) or
// fails with [CONCURRENT_MODIFICATION] naming the files (the table holds B's change only).
//
// The operations, and what Iceberg-Spark commits for each (SparkWrite.java, SparkTable.java):
//   append            INSERT INTO                 BatchAppend: AppendFiles, no validation
//   overwrite         INSERT OVERWRITE (dynamic)  DynamicOverwrite: ReplacePartitions; without
//                                                 the isolation-level write option it
//                                                 validates nothing
//   overwrite static  INSERT OVERWRITE ...        OverwriteByFilter: OverwriteFiles
//                     PARTITION (k = 1) (static,  .overwriteByRowFilter(k = 1), applied to the
//                     Spark's default mode)       table at commit; without the isolation-level
//                                                 write option it validates nothing
//   delete rows       DELETE ... AND id % 2 = 0   CopyOnWriteOperation, serializable (the
//                                                 default): OverwriteFiles.deleteFiles with
//                                                 conflictDetectionFilter k = 1,
//                                                 validateNoConflictingData + Deletes (and so
//                                                 failMissingDeletePaths)
//   delete partition  DELETE ... WHERE k = 1      deleteWhere (every file matches whole):
//                                                 DeleteFiles.deleteFromRowFilter, applied to
//                                                 the table at commit, no validation
//   rewrite           rewrite_data_files(where)   RewriteFiles: failMissingDeletePaths,
//                                                 validateNoNewDeletesForDataFiles
//   update            UPDATE ... AND id % 2 = 0   as delete rows (copy-on-write, serializable:
//                                                 SparkWrite.CopyOnWriteOperation)
//   merge             MERGE ... ON t.id = s.id    merge-on-read (write.merge.mode), serializable:
//                     AND t.k = 1 ... UPDATE      SparkPositionDeltaWrite's RowDelta with
//                                                 conflictDetectionFilter k = 1,
//                                                 validateDataFilesExist (the files its
//                                                 position deletes name), validateDeletedFiles,
//                                                 validateNoConflictingDataFiles + DeleteFiles
//   add column        ALTER TABLE ADD COLUMN      SchemaUpdate in SparkCatalog.alterTable's
//                                                 transaction: made on the metadata it read
//                                                 only, never rebased
//   create tag        ALTER TABLE CREATE TAG      CreateOrReplaceTagExec: the current snapshot's
//                                                 id read first, then manageSnapshots()
//                                                 .createTag(name, id): SnapshotManager's SIMPLE
//                                                 BaseTransaction, which re-applies the update
//                                                 to the refreshed table on a retry
//
// Each expected outcome below cites the Iceberg case it is ported from (core tests unless
// a Spark suite is named).
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

enum class Op {
  kAppend, kOverwrite, kOverwriteStatic, kDeleteRows, kDeletePartition, kRewrite, kAddColumn, kCreateTag, kUpdate,
  kMerge
};
/// Which partition B touches: A's, another, or none (a schema change).
enum class Where { kSame, kOther, kNone };

const char* OpName(Op op) {
  switch (op) {
    case Op::kAppend: return "Append";
    case Op::kOverwrite: return "Overwrite";
    case Op::kOverwriteStatic: return "OverwriteStatic";
    case Op::kDeleteRows: return "DeleteRows";
    case Op::kDeletePartition: return "DeletePartition";
    case Op::kRewrite: return "Rewrite";
    case Op::kAddColumn: return "AddColumn";
    case Op::kCreateTag: return "CreateTag";
    case Op::kUpdate: return "Update";
    case Op::kMerge: return "Merge";
  }
  return "?";
}

// The fragments of A's error, by cause.
constexpr const char* kConflictingFiles = "found conflicting files that can contain records matching";
constexpr const char* kMissingFiles = "missing required files to delete";
constexpr const char* kAltered = "changed while it was being altered";
constexpr const char* kConflictingDeletedFiles = "found conflicting deleted files that can contain records matching";

struct Case {
  Op a;
  Op b;
  Where where;
  /// nullptr: A lands on top of B; else a fragment of A's [CONCURRENT_MODIFICATION] error.
  const char* conflict;
  /// The Iceberg case (or source) the outcome is ported from.
  const char* source;
};

// clang-format off
const Case kCases[] = {
    // A = append: AppendFiles validates nothing and retries on the table as it is.
    {Op::kAppend, Op::kAppend, Where::kSame, nullptr, "CatalogTests.testConcurrentAppendNonEmptyTable"},
    {Op::kAppend, Op::kAppend, Where::kOther, nullptr, "CatalogTests.testConcurrentAppendNonEmptyTable"},
    {Op::kAppend, Op::kOverwrite, Where::kSame, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kOverwrite, Where::kOther, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kDeleteRows, Where::kSame, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kDeleteRows, Where::kOther, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kDeletePartition, Where::kSame, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kDeletePartition, Where::kOther, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kRewrite, Where::kSame, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kRewrite, Where::kOther, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kAppend, Op::kAddColumn, Where::kNone, nullptr, "CatalogTests.testConcurrentAppendNonEmptyTable (an append revalidates nothing)"},
    {Op::kAppend, Op::kCreateTag, Where::kNone, nullptr, "CatalogTests.testConcurrentAppendNonEmptyTable (an append revalidates nothing)"},

    // A = INSERT OVERWRITE: ReplacePartitions without validation replaces the partitions
    // as they are at commit, whatever B did to them.
    {Op::kOverwrite, Op::kAppend, Where::kSame, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kAppend, Where::kOther, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kOverwrite, Where::kSame, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kOverwrite, Where::kOther, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kDeleteRows, Where::kSame, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kDeleteRows, Where::kOther, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kDeletePartition, Where::kSame, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kDeletePartition, Where::kOther, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kRewrite, Where::kSame, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kRewrite, Where::kOther, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kAddColumn, Where::kNone, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kOverwrite, Op::kCreateTag, Where::kNone, nullptr, "TestReplacePartitions.testValidationNotInvoked"},

    // A = static INSERT OVERWRITE of partition 1: the row filter applies to the files live
    // at commit (B's in partition 1 included), with no validation.
    {Op::kOverwriteStatic, Op::kAppend, Where::kSame, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete (no validation asked)"},
    {Op::kOverwriteStatic, Op::kAppend, Where::kOther, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete"},
    {Op::kOverwriteStatic, Op::kOverwrite, Where::kSame, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete (no validation asked)"},
    {Op::kOverwriteStatic, Op::kOverwriteStatic, Where::kSame, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete (no validation asked)"},
    {Op::kOverwriteStatic, Op::kOverwriteStatic, Where::kOther, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete"},
    {Op::kOverwriteStatic, Op::kDeleteRows, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kOverwriteStatic, Op::kDeletePartition, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kOverwriteStatic, Op::kRewrite, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kOverwriteStatic, Op::kAddColumn, Where::kNone, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete (a schema change adds no files)"},
    {Op::kOverwriteStatic, Op::kCreateTag, Where::kNone, nullptr, "TestOverwrite.testOverwriteWithAppendOutsideOfDelete"},
    // B = static INSERT OVERWRITE: an overwrite snapshot like the dynamic one for A's checks.
    {Op::kAppend, Op::kOverwriteStatic, Where::kSame, nullptr, "TestSequenceNumberForV2Table.testConcurrentTransaction"},
    {Op::kOverwrite, Op::kOverwriteStatic, Where::kSame, nullptr, "TestReplacePartitions.testValidationNotInvoked"},
    {Op::kDeleteRows, Op::kOverwriteStatic, Where::kSame, kConflictingFiles,
     "TestOverwriteWithValidation.testOverwriteIncompatibleAdditionValidated (an overwrite snapshot's added files are checked too)"},
    {Op::kDeleteRows, Op::kOverwriteStatic, Where::kOther, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated"},
    {Op::kDeletePartition, Op::kOverwriteStatic, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kRewrite, Op::kOverwriteStatic, Where::kSame, kMissingFiles, "TestRewriteFiles.testAlreadyDeletedFile"},
    {Op::kRewrite, Op::kOverwriteStatic, Where::kOther, nullptr, "TestRewriteFiles.testRecovery"},
    {Op::kAddColumn, Op::kOverwriteStatic, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate"},
    {Op::kCreateTag, Op::kOverwriteStatic, Where::kSame, nullptr, "BaseTransaction.commitSimpleTransaction; TestTransaction.testTransactionRetry"},

    // A = copy-on-write DELETE, serializable: no new data matching k = 1 (in append and
    // overwrite snapshots), and the files it replaces still live.
    {Op::kDeleteRows, Op::kAppend, Where::kSame, kConflictingFiles,
     "Spark TestCopyOnWriteDelete.testDeleteWithSerializableIsolation; TestOverwriteWithValidation.testOverwriteIncompatibleAdditionValidated"},
    {Op::kDeleteRows, Op::kAppend, Where::kOther, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated"},
    {Op::kDeleteRows, Op::kOverwrite, Where::kSame, kConflictingFiles,
     "TestOverwriteWithValidation.testOverwriteIncompatibleAdditionValidated (an overwrite snapshot's added files are checked too)"},
    {Op::kDeleteRows, Op::kOverwrite, Where::kOther, nullptr,
     "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated, testOverwriteCompatibleDeletionValidated"},
    {Op::kDeleteRows, Op::kDeleteRows, Where::kSame, kConflictingFiles,
     "TestOverwriteWithValidation.testOverwriteIncompatibleAdditionValidated (B's rewritten files match k = 1)"},
    {Op::kDeleteRows, Op::kDeleteRows, Where::kOther, nullptr,
     "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated, testOverwriteCompatibleDeletionValidated"},
    {Op::kDeleteRows, Op::kDeletePartition, Where::kSame, kMissingFiles,
     "TestOverwriteWithValidation.testOverwriteIncompatibleDeletionValidated"},
    {Op::kDeleteRows, Op::kDeletePartition, Where::kOther, nullptr,
     "TestOverwriteWithValidation.testOverwriteCompatibleDeletionValidated"},
    {Op::kDeleteRows, Op::kRewrite, Where::kSame, kMissingFiles,
     "TestOverwriteWithValidation.testOverwriteIncompatibleDeletionValidated (a replace snapshot adds no conflicting data, but removed A's files)"},
    {Op::kDeleteRows, Op::kRewrite, Where::kOther, nullptr,
     "TestOverwriteWithValidation.testOverwriteCompatibleDeletionValidated"},
    {Op::kDeleteRows, Op::kAddColumn, Where::kNone, nullptr,
     "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated (validation reads snapshots; a schema change adds none)"},
    {Op::kDeleteRows, Op::kCreateTag, Where::kNone, nullptr,
     "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated (validation reads snapshots; a tag adds none)"},

    // A = DELETE of whole partition 1: a delete by row filter, applied at commit to the
    // files then live (B's included), with no validation.
    {Op::kDeletePartition, Op::kAppend, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kAppend, Where::kOther, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kOverwrite, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kOverwrite, Where::kOther, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kDeleteRows, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kDeleteRows, Where::kOther, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kDeletePartition, Where::kSame, nullptr, "TestDeleteFiles.testDeleteFilesNoValidation (nothing left to delete: an empty delete commits)"},
    {Op::kDeletePartition, Op::kDeletePartition, Where::kOther, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kRewrite, Where::kSame, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kRewrite, Where::kOther, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kAddColumn, Where::kNone, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},
    {Op::kDeletePartition, Op::kCreateTag, Where::kNone, nullptr, "TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter"},

    // A = rewrite_data_files(where => 'k = 1'): the files it replaces must still be live;
    // data added meanwhile is not its concern.
    {Op::kRewrite, Op::kAppend, Where::kSame, nullptr, "BaseRewriteFiles.validate checks only new deletes for the replaced files; TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kAppend, Where::kOther, nullptr, "BaseRewriteFiles.validate; TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kOverwrite, Where::kSame, kMissingFiles, "TestRewriteFiles.testAlreadyDeletedFile"},
    {Op::kRewrite, Op::kOverwrite, Where::kOther, nullptr, "TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kDeleteRows, Where::kSame, kMissingFiles, "TestRewriteFiles.testAlreadyDeletedFile"},
    {Op::kRewrite, Op::kDeleteRows, Where::kOther, nullptr, "TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kDeletePartition, Where::kSame, kMissingFiles, "TestRewriteFiles.testAlreadyDeletedFile"},
    {Op::kRewrite, Op::kDeletePartition, Where::kOther, nullptr, "TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kRewrite, Where::kSame, kMissingFiles, "TestRewriteFiles.testAlreadyDeletedFile"},
    {Op::kRewrite, Op::kRewrite, Where::kOther, nullptr, "TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kAddColumn, Where::kNone, nullptr, "TestRewriteFiles.testRecovery"},
    {Op::kRewrite, Op::kCreateTag, Where::kNone, nullptr, "TestRewriteFiles.testRecovery (the replaced files are still live)"},

    // A = ALTER TABLE ADD COLUMN: any commit between its read and its commit fails it.
    {Op::kAddColumn, Op::kAppend, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate; CatalogTests.testUpdateTableSchemaConflict"},
    {Op::kAddColumn, Op::kOverwrite, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate"},
    {Op::kAddColumn, Op::kDeleteRows, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate"},
    {Op::kAddColumn, Op::kDeletePartition, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate"},
    {Op::kAddColumn, Op::kRewrite, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate"},
    {Op::kAddColumn, Op::kAddColumn, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate; CatalogTests.testUpdateTableSchemaAssignmentConflict"},
    {Op::kAddColumn, Op::kCreateTag, Where::kNone, kAltered, "TestTransaction.testTransactionRetrySchemaUpdate (any commit fails it)"},

    // A = CREATE TAG: re-applied on the refreshed table, on the snapshot A read (not B's).
    {Op::kCreateTag, Op::kAppend, Where::kSame, nullptr, "BaseTransaction.commitSimpleTransaction re-applies the update; TestTransaction.testTransactionRetry"},
    {Op::kCreateTag, Op::kOverwrite, Where::kSame, nullptr, "BaseTransaction.commitSimpleTransaction; TestTransaction.testTransactionRetry"},
    {Op::kCreateTag, Op::kDeleteRows, Where::kSame, nullptr, "BaseTransaction.commitSimpleTransaction; TestTransaction.testTransactionRetry"},
    {Op::kCreateTag, Op::kDeletePartition, Where::kSame, nullptr, "BaseTransaction.commitSimpleTransaction; TestTransaction.testTransactionRetry"},
    {Op::kCreateTag, Op::kRewrite, Where::kSame, nullptr, "BaseTransaction.commitSimpleTransaction; TestTransaction.testTransactionRetry"},
    {Op::kCreateTag, Op::kAddColumn, Where::kNone, nullptr, "BaseTransaction.commitSimpleTransaction (a ref update does not read the schema)"},
    {Op::kCreateTag, Op::kCreateTag, Where::kOther, nullptr, "UpdateSnapshotReferencesOperation.apply on the refreshed refs: another name lands"},

    // A = copy-on-write UPDATE, serializable: the validations of the copy-on-write DELETE
    // above (Spark's TestCopyOnWriteUpdate.testUpdateWithSerializableIsolation).
    {Op::kUpdate, Op::kAppend, Where::kSame, kConflictingFiles, "Spark TestCopyOnWriteUpdate.testUpdateWithSerializableIsolation"},
    {Op::kUpdate, Op::kAppend, Where::kOther, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated"},
    {Op::kUpdate, Op::kDeleteRows, Where::kSame, kConflictingFiles, "TestOverwriteWithValidation.testOverwriteIncompatibleAdditionValidated (B's rewritten files match k = 1)"},
    {Op::kUpdate, Op::kDeleteRows, Where::kOther, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleDeletionValidated"},
    {Op::kUpdate, Op::kDeletePartition, Where::kSame, kMissingFiles, "TestOverwriteWithValidation.testOverwriteIncompatibleDeletionValidated"},
    {Op::kUpdate, Op::kDeletePartition, Where::kOther, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleDeletionValidated"},
    {Op::kUpdate, Op::kRewrite, Where::kSame, kMissingFiles, "TestOverwriteWithValidation.testOverwriteIncompatibleDeletionValidated"},
    {Op::kUpdate, Op::kRewrite, Where::kOther, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleDeletionValidated"},
    {Op::kUpdate, Op::kAddColumn, Where::kNone, nullptr, "TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated (a schema change adds no data)"},

    // A = merge-on-read MERGE, serializable: no new data matching k = 1, no new deletes
    // for it, no data file in it removed (and so none its position deletes name).
    {Op::kMerge, Op::kAppend, Where::kSame, kConflictingFiles, "Spark TestMerge.testMergeWithSerializableIsolation; TestRowDelta.testValidateNoConflicts"},
    {Op::kMerge, Op::kAppend, Where::kOther, nullptr, "TestRowDelta.testValidateNoConflictsFromSnapshot (a filter outside the new data)"},
    {Op::kMerge, Op::kDeleteRows, Where::kSame, kConflictingFiles, "TestRowDelta.testValidateDataFilesExist; Spark TestMergeOnReadMerge"},
    {Op::kMerge, Op::kDeleteRows, Where::kOther, nullptr, "TestRowDelta.testValidateDataFilesExistWithConflictDetectionFilter"},
    {Op::kMerge, Op::kDeletePartition, Where::kSame, kConflictingDeletedFiles, "TestRowDelta.testValidateDataFilesExistDefaults"},
    {Op::kMerge, Op::kDeletePartition, Where::kOther, nullptr, "TestRowDelta.testValidateDataFilesExistWithConflictDetectionFilter"},
    {Op::kMerge, Op::kRewrite, Where::kSame, kConflictingDeletedFiles, "TestRowDelta.testValidateDataFilesExistRewrite"},
    {Op::kMerge, Op::kRewrite, Where::kOther, nullptr, "TestRowDelta.testValidateDataFilesExistWithConflictDetectionFilter"},
    {Op::kMerge, Op::kAddColumn, Where::kNone, nullptr, "TestRowDelta.testValidateNoConflicts (a schema change adds no files)"},
};
// clang-format on

constexpr int kPartitionA = 1;
constexpr int kPartitionOther = 2;

// The table as a model: its columns and the ids in each partition.
struct Model {
  std::vector<std::string> columns = {"id", "k"};
  std::map<int, std::multiset<int64_t>> rows;
};

// One writer's statement: its SQL and what it does to the model. A writes ids from 1000,
// B from 2000; A's copy-on-write DELETE removes even ids, B's multiples of 4 (both hit
// both files of partitions 1 and 2).
struct Statement {
  std::string sql;
  void (*apply)(Model& m, int k, bool is_a);
};

Statement StatementOf(Op op, int k, bool is_a) {
  std::string p = std::to_string(k);
  int64_t base = is_a ? 1000 : 2000;
  std::string from = std::to_string(base), to = std::to_string(base + 4);
  switch (op) {
    case Op::kAppend:
      return {"INSERT INTO db.t (id, k) SELECT id, " + p + " FROM range(" + from + ", " + to + ")",
              [](Model& m, int k, bool is_a) {
                for (int64_t id = is_a ? 1000 : 2000, end = id + 4; id < end; ++id) m.rows[k].insert(id);
              }};
    case Op::kOverwrite:
      return {"SET spark.sql.sources.partitionOverwriteMode = dynamic; INSERT OVERWRITE db.t (id, k) SELECT id, " + p +
                  " FROM range(" + from + ", " + to + ")",
              [](Model& m, int k, bool is_a) {
                m.rows[k].clear();
                for (int64_t id = is_a ? 1000 : 2000, end = id + 4; id < end; ++id) m.rows[k].insert(id);
              }};
    case Op::kOverwriteStatic:
      return {"SET spark.sql.sources.partitionOverwriteMode = static; INSERT OVERWRITE db.t PARTITION (k = " + p +
                  ") (id) SELECT id FROM range(" + from + ", " + to + ")",
              [](Model& m, int k, bool is_a) {
                m.rows[k].clear();
                for (int64_t id = is_a ? 1000 : 2000, end = id + 4; id < end; ++id) m.rows[k].insert(id);
              }};
    case Op::kDeleteRows:
      return {"DELETE FROM db.t WHERE k = " + p + " AND id % " + (is_a ? "2" : "4") + " = 0",
              [](Model& m, int k, bool is_a) {
                std::multiset<int64_t> kept;
                for (int64_t id : m.rows[k]) {
                  if (id % (is_a ? 2 : 4) != 0) kept.insert(id);
                }
                m.rows[k] = kept;
              }};
    case Op::kDeletePartition:
      return {"DELETE FROM db.t WHERE k = " + p, [](Model& m, int k, bool) { m.rows[k].clear(); }};
    case Op::kRewrite:
      return {"CALL floe.system.rewrite_data_files(table => 'db.t', where => 'k = " + p +
                  "', options => map('rewrite-all', 'true'))",
              [](Model&, int, bool) {}};
    case Op::kUpdate:
      return {"UPDATE db.t SET id = -id WHERE k = " + p + " AND id % 2 = 0",
              [](Model& m, int k, bool) {
                std::multiset<int64_t> changed;
                for (int64_t id : m.rows[k]) changed.insert(id % 2 == 0 ? -id : id);
                m.rows[k] = changed;
              }};
    case Op::kMerge:
      return {"MERGE INTO db.t t USING (SELECT id FROM range(0, 60)) s ON t.id = s.id AND t.k = " + p +
                  " AND t.id % 2 = 0 WHEN MATCHED THEN UPDATE SET id = -t.id",
              [](Model& m, int k, bool) {
                std::multiset<int64_t> changed;
                for (int64_t id : m.rows[k]) changed.insert(id % 2 == 0 && id >= 0 && id < 60 ? -id : id);
                m.rows[k] = changed;
              }};
    case Op::kAddColumn:
      return {std::string("ALTER TABLE db.t ADD COLUMN ") + (is_a ? "a_note" : "b_note") + " STRING",
              [](Model& m, int, bool is_a) { m.columns.push_back(is_a ? "a_note" : "b_note"); }};
    case Op::kCreateTag:
      return {std::string("ALTER TABLE db.t CREATE TAG ") + (is_a ? "a_tag" : "b_tag"), [](Model&, int, bool) {}};
  }
  return {};
}

class WarehouseRefConflictTest : public testing::WarehouseTest {};

class ConflictMatrixTest : public testing::WarehouseTest, public ::testing::WithParamInterface<Case> {
 protected:
  void SetUp() override {
    WarehouseTest::SetUp();
    // why: the retry after the lost swap waits commit.retry.min-wait-ms; keep it short
    // MERGE is merge-on-read here, UPDATE and DELETE copy-on-write (the default)
    Run("CREATE TABLE db.t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k) "
        "TBLPROPERTIES ('commit.retry.min-wait-ms' = '1', 'commit.retry.max-wait-ms' = '10', "
        "'write.merge.mode' = 'merge-on-read')");
    // two files in each of partitions 0, 1, 2
    Run("INSERT INTO db.t (id, k) SELECT id, CAST(id % 3 AS INT) FROM range(0, 30)");
    Run("INSERT INTO db.t (id, k) SELECT id, CAST(id % 3 AS INT) FROM range(30, 60)");
    for (int64_t id = 0; id < 60; ++id) model_.rows[static_cast<int>(id % 3)].insert(id);
  }

  // The table's columns and rows, as the model holds them.
  Model Table() {
    Model m;
    m.columns.clear();
    Result r = connection_->Query("SELECT * FROM db.t");
    EXPECT_FALSE(r.HasError()) << r.error();
    m.columns = r.names();
    Result rows = connection_->Query("SELECT k, id FROM db.t");
    EXPECT_FALSE(rows.HasError()) << rows.error();
    for (size_t i = 0; i < rows.RowCount(); ++i) {
      m.rows[static_cast<int>(rows.GetValue(i, 0).int64())].insert(rows.GetValue(i, 1).int64());
    }
    return m;
  }

  int64_t Snapshots() { return Count("SELECT count(*) FROM db.t.snapshots"); }

  Model model_;
};

TEST_P(ConflictMatrixTest, ConcurrentCommit) {
  const Case& c = GetParam();
  SCOPED_TRACE(std::string("ported from ") + c.source);
  int b_partition = c.where == Where::kOther ? kPartitionOther : kPartitionA;
  Statement a = StatementOf(c.a, kPartitionA, true);
  Statement b = StatementOf(c.b, b_partition, false);
  int64_t snapshots = Snapshots();
  int64_t current = Count("SELECT snapshot_id FROM db.t.refs WHERE name = 'main'");

  // B runs when A writes its new metadata file: after A read the table and decided its
  // change, before A's compare-and-swap.
  std::string b_error;
  Result result = QueryWhileAnotherCommits(a.sql, [&](Connection& other) { return ErrorOrEmpty(other, b.sql); }, &b_error);
  ASSERT_EQ(b_error, "") << b.sql;

  // What the table must hold: B's change, then A's when A lands.
  Model expected = model_;
  b.apply(expected, b_partition, false);
  bool b_snapshot = c.b != Op::kAddColumn && c.b != Op::kCreateTag;
  bool a_snapshot = c.a != Op::kAddColumn && c.a != Op::kCreateTag;
  if (c.conflict == nullptr) {
    EXPECT_FALSE(result.HasError()) << a.sql << " after " << b.sql << ": " << result.error();
    a.apply(expected, kPartitionA, true);
  } else {
    ASSERT_TRUE(result.HasError()) << a.sql << " after " << b.sql << " landed";
    EXPECT_NE(result.error().find("[CONCURRENT_MODIFICATION]"), std::string::npos) << result.error();
    EXPECT_NE(result.error().find(c.conflict), std::string::npos) << result.error();
    // the error names the files in conflict (a schema change has none to name)
    if (c.a != Op::kAddColumn && c.a != Op::kCreateTag) {
      EXPECT_NE(result.error().find(".parquet"), std::string::npos) << result.error();
    }
    a_snapshot = false;
  }
  std::erase_if(expected.rows, [](const auto& p) { return p.second.empty(); });
  Model actual = Table();
  EXPECT_EQ(actual.columns, expected.columns);
  EXPECT_EQ(actual.rows, expected.rows);
  EXPECT_EQ(Snapshots(), snapshots + b_snapshot + a_snapshot);
  // a tag names the snapshot current when its statement read the table: B's ran first, and
  // A's read the table before B committed
  for (bool is_a : {true, false}) {
    if ((is_a ? c.a : c.b) != Op::kCreateTag || (is_a && result.HasError())) continue;
    EXPECT_EQ(Count(std::string("SELECT snapshot_id FROM db.t.refs WHERE name = '") + (is_a ? "a_tag" : "b_tag") + "'"),
              current);
  }
  std::printf("%-15s after %-15s %-6s %s\n", OpName(c.a), OpName(c.b),
              c.where == Where::kSame ? "same" : c.where == Where::kOther ? "other" : "-",
              result.HasError() ? result.error().c_str() : "lands");
}

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  const Case& c = info.param;
  std::string where = c.where == Where::kSame ? "SamePartition" : c.where == Where::kOther ? "OtherPartition" : "";
  return std::string(OpName(c.a)) + "_After" + OpName(c.b) + where;
}

INSTANTIATE_TEST_SUITE_P(Pairs, ConflictMatrixTest, ::testing::ValuesIn(kCases), CaseName);

// Two writers creating the same tag: the second to commit finds it on its retry and fails
// (Iceberg's UpdateSnapshotReferencesOperation.createTag: "Ref %s already exists"), the
// first's tag stays; with IF NOT EXISTS the second lands doing nothing.
TEST_F(WarehouseRefConflictTest, SameTagCreatedConcurrently) {
  Run("CREATE TABLE db.t (id BIGINT) USING iceberg");
  Run("INSERT INTO db.t VALUES (1)");
  for (const char* a_sql : {"ALTER TABLE db.t CREATE TAG x", "ALTER TABLE db.t CREATE TAG IF NOT EXISTS x"}) {
    Run("ALTER TABLE db.t DROP TAG IF EXISTS x");
    std::string b_error;
    Result result = QueryWhileAnotherCommits(a_sql, [](Connection& other) {
      std::string error = ErrorOrEmpty(other, "INSERT INTO db.t VALUES (2)");  // moves main on
      return error.empty() ? ErrorOrEmpty(other, "ALTER TABLE db.t CREATE TAG x") : error;
    }, &b_error);
    ASSERT_EQ(b_error, "");
    int64_t b_tagged_main = Count("SELECT snapshot_id FROM db.t.refs WHERE name = 'main'");
    if (std::string(a_sql).find("IF NOT EXISTS") == std::string::npos) {
      ASSERT_TRUE(result.HasError()) << a_sql;
      EXPECT_NE(result.error().find("Ref x already exists"), std::string::npos) << result.error();
    } else {
      EXPECT_FALSE(result.HasError()) << result.error();
    }
    // B's tag, on the snapshot B's insert made
    EXPECT_EQ(Count("SELECT snapshot_id FROM db.t.refs WHERE name = 'x'"), b_tagged_main) << a_sql;
  }
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

// Issue 18's concurrency acceptance, per isolation level: a MERGE (merge-on-read) and an
// UPDATE (copy-on-write) of partition 1 while another connection appends to partition 1, or
// deletes the rows the statement changes. Spark's TestMerge / TestUpdate
// testMergeWithSerializableIsolation / testMergeWithSnapshotIsolation (and the UPDATE ones):
// under snapshot isolation a concurrent append lands; under serializable it fails the
// statement; a concurrent DELETE of the same rows fails it under both (the files it read
// lost rows: validateNoConflictingDeleteFiles / the removed files are gone).
class RowLevelIsolationTest : public testing::WarehouseTest,
                              public ::testing::WithParamInterface<std::tuple<const char*, const char*>> {};

TEST_P(RowLevelIsolationTest, ConcurrentAppendAndDelete) {
  const std::string level = std::get<0>(GetParam());
  const std::string statement = std::get<1>(GetParam());
  const bool merge = statement == "merge";
  for (const std::string b_kind : {"append", "delete"}) {
    SCOPED_TRACE(statement + " " + level + " after a concurrent " + b_kind);
    Run("DROP TABLE IF EXISTS db.t");
    Run("CREATE TABLE db.t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k) "
        "TBLPROPERTIES ('commit.retry.min-wait-ms' = '1', 'commit.retry.max-wait-ms' = '10', "
        "'write.merge.mode' = 'merge-on-read', 'write.update.mode' = 'copy-on-write', "
        "'write.merge.isolation-level' = '" + level + "', 'write.update.isolation-level' = '" + level + "')");
    Run("INSERT INTO db.t (id, k) SELECT id, CAST(id % 3 AS INT) FROM range(0, 30)");
    const std::string a_sql = merge ? "MERGE INTO db.t t USING (SELECT id FROM range(0, 30)) s "
                                      "ON t.id = s.id AND t.k = 1 WHEN MATCHED THEN UPDATE SET id = t.id + 1000"
                                    : "UPDATE db.t SET id = id + 1000 WHERE k = 1";
    const std::string b_sql =
        b_kind == "append" ? "INSERT INTO db.t VALUES (500, 1)" : "DELETE FROM db.t WHERE k = 1 AND id = 4";
    std::string b_error;
    Result result =
        QueryWhileAnotherCommits(a_sql, [&](Connection& other) { return ErrorOrEmpty(other, b_sql); }, &b_error);
    ASSERT_EQ(b_error, "");
    const bool lands = b_kind == "append" && level == "snapshot";
    if (lands) {
      ASSERT_FALSE(result.HasError()) << result.error();
      // both changes: partition 1's ten rows moved by 1000, B's row as B wrote it
      EXPECT_EQ(Count("SELECT count(*) FROM db.t WHERE k = 1 AND id >= 1000"), 10);
      EXPECT_EQ(Count("SELECT count(*) FROM db.t WHERE id = 500"), 1);
    } else {
      ASSERT_TRUE(result.HasError()) << a_sql << " landed after " << b_sql;
      EXPECT_NE(result.error().find("[CONCURRENT_MODIFICATION]"), std::string::npos) << result.error();
      // B's change alone
      EXPECT_EQ(Count("SELECT count(*) FROM db.t WHERE id >= 1000"), 0);
      EXPECT_EQ(Count("SELECT count(*) FROM db.t"), b_kind == "append" ? 31 : 29);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Levels, RowLevelIsolationTest,
                         ::testing::Combine(::testing::Values("serializable", "snapshot"),
                                            ::testing::Values("merge", "update")),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
                         });

}  // namespace
}  // namespace floe
