// The Transaction every commit goes through: retries after a lost compare-and-swap,
// cleanup of what a failed attempt wrote, Iceberg's conflict validations, metadata file
// versions and the commit.retry.* policy. Cases are ported from Iceberg Java's
// TestFastAppend, TestTransaction, TestOverwriteWithValidation, TestReplacePartitions
// and TestRewriteFiles (core/src/test/java/org/apache/iceberg), named in each test.
#include "iceberg/write/transaction.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>

#include "common/exception.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/write/commit_retry.h"
#include "iceberg/write/metadata_file.h"
#include "iceberg/write/tests/test_table_operations.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

const Schema& DateSchema() {
  static const Schema schema(0, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong)),
                                 NestedField::Optional(2, "date", Type::Primitive(TypeKind::kString))});
  return schema;
}

std::string LongBytes(int64_t v) {
  return SingleValueSerialization::ToBytes(*Type::Primitive(TypeKind::kLong), Value::Int64(v));
}

class TransactionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("floe_txn_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    PartitionSpec spec(0, {PartitionField(2, 1000, "date", Transform::Identity())});
    TableMetadata metadata = TableMetadataBuilder::NewTable(DateSchema(), spec, SortOrder::Unsorted(), dir_.string(),
                                                            {{"commit.retry.min-wait-ms", "0"}})
                                 .Build(1);
    Transaction::CreateTable(ops_, metadata).Commit();
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A data file of one day (Java's FILE_DAY_1, FILE_DAY_2, ...): ids in [lo, hi].
  DataFile File(const std::string& name, const std::string& day, int64_t lo, int64_t hi,
                FileContent content = FileContent::kData) {
    DataFile f;
    f.content = content;
    f.file_path = (dir_ / "data" / name).string();
    f.partition = {Value::String(day)};
    f.record_count = 5;
    f.value_counts = {{1, 5}};
    f.null_value_counts = {{1, 0}};
    f.lower_bounds[1] = LongBytes(lo);
    f.upper_bounds[1] = LongBytes(hi);
    return f;
  }
  DataFile Day1() { return File("data-1.parquet", "2018-06-08", 0, 4); }
  DataFile Day2() { return File("data-2.parquet", "2018-06-09", 5, 9); }
  DataFile Day2Modified() { return File("data-3.parquet", "2018-06-09", 5, 9); }
  DataFile Day2PositionDeletes() {
    return File("data-2-deletes.parquet", "2018-06-09", 5, 9, FileContent::kPositionDeletes);
  }
  DataFile Day1PositionDeletes() {
    return File("data-1-deletes.parquet", "2018-06-08", 0, 4, FileContent::kPositionDeletes);
  }
  static ExpressionPtr Day2Filter() { return Predicate::Make(Operation::kEq, 2, {Value::String("2018-06-09")}); }

  TableState Current() { return ops_.Refresh(); }
  // Commits a snapshot now, as another writer would.
  void CommitNow(SnapshotChange change) {
    Transaction t(ops_, Current());
    t.AddSnapshot(std::move(change));
    t.Commit();
  }
  static SnapshotChange Append(std::vector<DataFile> files) {
    SnapshotChange c;
    c.added = std::move(files);
    return c;
  }
  static SnapshotChange Overwrite(std::vector<DataFile> added, std::vector<std::string> removed) {
    SnapshotChange c;
    c.operation = "overwrite";
    c.added = std::move(added);
    c.removed_paths = std::move(removed);
    return c;
  }
  // The paths of the live data (or delete) files of the current snapshot, sorted.
  std::vector<std::string> LiveFiles(bool deletes = false) {
    TableState s = Current();
    SnapshotFilesOptions options;
    options.data = !deletes;
    options.deletes = deletes;
    std::vector<std::string> out;
    for (const auto& e : SnapshotFiles(ops_.io(), s.metadata->CurrentSnapshot(), LocationRemapper(), options)) {
      out.push_back(fs::path(e.data_file.file_path).filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  // Every file under metadata/, by name.
  std::vector<std::string> MetadataFolder() {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_ / "metadata")) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }

  fs::path dir_;
  TestTableOperations ops_;
};

// TestFastAppend.testRefreshBeforeCommit / TestTransaction.testTransactionRetry: an
// append that loses the swap to another append refreshes and commits on top of it.
TEST_F(TransactionTest, AppendRetriesOnTopOfAConcurrentAppend) {
  Transaction t(ops_, Current());
  t.AddSnapshot(Append({Day2()}));
  ops_.before_swap = [&] { CommitNow(Append({Day1()})); };
  t.Commit();
  EXPECT_EQ(t.attempts(), 2);
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet", "data-2.parquet"}));
  // the lost attempt's manifest, manifest list and metadata file are gone: the folder
  // holds the three metadata files committed and the two snapshots' manifests and lists
  int metadata_files = 0, lists = 0;
  for (const auto& name : MetadataFolder()) {
    metadata_files += name.find(".metadata.json") != std::string::npos;
    lists += name.rfind("snap-", 0) == 0;
  }
  EXPECT_EQ(metadata_files, 3);
  EXPECT_EQ(lists, 2);
}

// TestFastAppend.testFailure: a commit whose swaps all fail throws after
// commit.retry.num-retries + 1 attempts and leaves no file it wrote, data files included.
TEST_F(TransactionTest, SpentRetriesFailAndDeleteEveryFileWritten) {
  std::vector<std::string> before = MetadataFolder();
  fs::create_directories(dir_ / "data");
  DataFile written = Day2();
  { std::ofstream(written.file_path) << "rows"; }
  Transaction t(ops_, Current());
  t.AddSnapshot(Append({written}));
  ops_.fail_swaps = 5;
  try {
    t.Commit();
    FAIL() << "expected the commit to fail";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("[CONCURRENT_MODIFICATION]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("commit.retry.num-retries = 4"), std::string::npos) << e.what();
  }
  EXPECT_EQ(t.attempts(), 5);
  EXPECT_EQ(MetadataFolder(), before);
  EXPECT_FALSE(fs::exists(written.file_path));
  EXPECT_TRUE(LiveFiles().empty());
}

// A table dropped while a statement wrote its files: the commit fails and the files go.
TEST_F(TransactionTest, DroppedTableFailsAndDeletesAddedFiles) {
  fs::create_directories(dir_ / "data");
  DataFile written = Day2();
  { std::ofstream(written.file_path) << "rows"; }
  Transaction t(ops_, Current());
  t.AddSnapshot(Append({written}));
  ops_.location_.clear();  // dropped from the catalog
  EXPECT_THROW(t.Commit(), CatalogError);
  EXPECT_FALSE(fs::exists(written.file_path));
}

// TestFastAppend.testIncreaseNumRetries: more retries let the same failures pass.
TEST_F(TransactionTest, NumRetriesPropertyAllowsMoreAttempts) {
  Transaction props(ops_, Current());
  props.UpdateMetadata([](const TableMetadata& m, const std::string& file) {
    TableMetadataBuilder b(m, file);
    b.SetProperties({{"commit.retry.num-retries", "5"}});
    return std::optional<TableMetadata>(b.Build(2));
  });
  props.Commit();
  Transaction t(ops_, Current());
  t.AddSnapshot(Append({Day2()}));
  ops_.fail_swaps = 5;
  t.Commit();
  EXPECT_EQ(t.attempts(), 6);
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-2.parquet"}));
}

// TestTransaction.testEmptyTransaction: nothing to commit, no swap.
TEST_F(TransactionTest, EmptyTransactionDoesNotSwap) {
  Transaction t(ops_, Current());
  t.UpdateMetadata([](const TableMetadata&, const std::string&) { return std::optional<TableMetadata>(); });
  int swaps = ops_.swaps;
  TableState before = Current();
  EXPECT_EQ(t.Commit().metadata_location, before.metadata_location);
  EXPECT_EQ(ops_.swaps, swaps);
  EXPECT_EQ(t.attempts(), 0);
}

// TestOverwriteWithValidation.testOverwriteIncompatibleAdditionValidated: data of the
// filter's day added since the read fails a serializable overwrite; the table keeps the
// concurrent commit only.
TEST_F(TransactionTest, SerializableOverwriteFailsOnConcurrentMatchingData) {
  CommitNow(Append({Day1()}));
  TableState read = Current();
  CommitNow(Append({Day2()}));
  std::string committed = Current().metadata_location;
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {}), ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  try {
    t.Commit();
    FAIL() << "expected a conflict";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("found conflicting files that can contain records matching"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("data-2.parquet"), std::string::npos) << e.what();
  }
  EXPECT_EQ(Current().metadata_location, committed);
}

// Spark's commitWithSnapshotIsolation: the same concurrent data passes under snapshot isolation.
TEST_F(TransactionTest, SnapshotIsolationOverwriteAllowsConcurrentMatchingData) {
  CommitNow(Append({Day1()}));
  TableState read = Current();
  CommitNow(Append({Day2()}));
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {}), ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSnapshot));
  t.Commit();
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet", "data-2.parquet", "data-3.parquet"}));
}

// TestOverwriteWithValidation.testOverwriteCompatibleAdditionValidated: data of another
// day added since does not conflict; the overwrite lands on top of it.
TEST_F(TransactionTest, OverwriteAllowsConcurrentDataOutsideItsFilter) {
  CommitNow(Append({Day2()}));
  TableState read = Current();
  CommitNow(Append({Day1()}));
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {Day2().file_path}),
                ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  t.Commit();
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet", "data-3.parquet"}));
}

// TestOverwriteWithValidation.testOverwriteCompatibleDeletionValidated.
TEST_F(TransactionTest, OverwriteAllowsConcurrentDeletionOfOtherFiles) {
  CommitNow(Append({Day1(), Day2()}));
  TableState read = Current();
  CommitNow(Overwrite({}, {Day1().file_path}));
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {Day2().file_path}),
                ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  t.Commit();
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-3.parquet"}));
}

// TestOverwriteWithValidation.testOverwriteIncompatibleDeletionValidated and
// TestRewriteFiles.testAlreadyDeletedFile: a file the operation removes was removed
// meanwhile ("Missing required files to delete").
TEST_F(TransactionTest, RemovingAFileRemovedMeanwhileFails) {
  CommitNow(Append({Day1(), Day2()}));
  TableState read = Current();
  CommitNow(Overwrite({}, {Day2().file_path}));
  std::string committed = Current().metadata_location;
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {Day2().file_path}),
                ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  try {
    t.Commit();
    FAIL() << "expected a conflict";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("missing required files to delete"), std::string::npos) << e.what();
  }
  EXPECT_EQ(Current().metadata_location, committed);
}

// Java's SnapshotProducer.apply validates before it finds files missing: a file replaced
// meanwhile by a copy-on-write commit that added matching data fails the overwrite on that
// data (the cause), not on the file gone.
TEST_F(TransactionTest, ConflictingDataIsNamedBeforeMissingFiles) {
  CommitNow(Append({Day1(), Day2()}));
  TableState read = Current();
  CommitNow(Overwrite({Day2Modified()}, {Day2().file_path}));
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({File("data-4.parquet", "2018-06-09", 5, 9)}, {Day2().file_path}),
                ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  try {
    t.Commit();
    FAIL() << "expected a conflict";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("found conflicting files that can contain records matching "
                                         "ref(name=\"date\") == 2018-06-09: ["),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("data-3.parquet"), std::string::npos) << e.what();
  }
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet", "data-3.parquet"}));
}

// TestDeleteFiles.testAlreadyDeletedFilesAreIgnoredDuringDeletesByRowFilter: a delete by
// row filter removes the files that match as the table is when it commits, those added
// meanwhile included, and validates nothing.
TEST_F(TransactionTest, DeleteByRowFilterAppliesToTheTableAtCommit) {
  CommitNow(Append({Day1(), Day2()}));
  TableState read = Current();
  SnapshotChange del;
  del.operation = "delete";
  del.delete_filter = Day2Filter();
  Transaction t(ops_, read);
  t.AddSnapshot(del);
  ops_.before_swap = [&] { CommitNow(Append({Day2Modified()})); };
  t.Commit();
  EXPECT_EQ(t.attempts(), 2);
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet"}));
  EXPECT_EQ(Current().metadata->CurrentSnapshot()->operation(), "delete");
}

// TestDeleteFiles.testCannotDeleteFileWhereNotAllRowsMatchPartitionFilter: a file the
// filter matches only in part cannot go whole; the delete fails naming it.
TEST_F(TransactionTest, DeleteByRowFilterFailsOnAFileMatchingInPart) {
  CommitNow(Append({Day1(), Day2()}));
  SnapshotChange del;
  del.operation = "delete";
  del.delete_filter = Predicate::Make(Operation::kLt, 1, {Value::Int64(7)});  // id < 7: data-1 whole, data-2 in part
  std::string committed = Current().metadata_location;
  Transaction t(ops_, Current());
  t.AddSnapshot(del);
  try {
    t.Commit();
    FAIL() << "expected a failure";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot delete file where some, but not all, rows match filter "
                                         "ref(name=\"id\") < 7: ["),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("data-2.parquet"), std::string::npos) << e.what();
  }
  EXPECT_EQ(Current().metadata_location, committed);
}

// TestOverwriteWithValidation.testConcurrentConflictingPositionDeletes: deletes added
// for a file the overwrite replaces would be lost.
TEST_F(TransactionTest, NewDeletesForAReplacedFileConflict) {
  CommitNow(Append({Day1(), Day2()}));
  TableState read = Current();
  SnapshotChange row_delta;
  row_delta.operation = "overwrite";
  row_delta.added = {Day2PositionDeletes()};
  CommitNow(row_delta);
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {Day2().file_path}),
                ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  try {
    t.Commit();
    FAIL() << "expected a conflict";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("found new delete for replaced data file"), std::string::npos) << e.what();
  }
  EXPECT_EQ(LiveFiles(true), (std::vector<std::string>{"data-2-deletes.parquet"}));
}

// TestOverwriteWithValidation.testConcurrentNonConflictingPositionDeletes.
TEST_F(TransactionTest, NewDeletesForOtherFilesDoNotConflict) {
  CommitNow(Append({Day1(), Day2()}));
  TableState read = Current();
  SnapshotChange row_delta;
  row_delta.operation = "overwrite";
  row_delta.added = {Day1PositionDeletes()};
  CommitNow(row_delta);
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {Day2().file_path}),
                ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  t.Commit();
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet", "data-3.parquet"}));
}

// TestOverwriteWithValidation.testOverwriteIncompatibleExpirationValidated: when a
// snapshot between the one read and the head is gone, what changed is unknown.
TEST_F(TransactionTest, ValidationFailsWhenHistoryIsIncomplete) {
  CommitNow(Append({Day1()}));
  TableState read = Current();
  CommitNow(Append({Day2()}));
  int64_t expired = Current().metadata->CurrentSnapshot()->snapshot_id;
  CommitNow(Overwrite({}, {Day1().file_path}));
  Transaction expire(ops_, Current());
  expire.UpdateMetadata([&](const TableMetadata& m, const std::string& file) {
    TableMetadataBuilder b(m, file);
    TableMetadata out = b.Build(3);
    std::erase_if(out.snapshots, [&](const Snapshot& s) { return s.snapshot_id == expired; });
    return std::optional<TableMetadata>(out);
  });
  expire.Commit();
  Transaction t(ops_, read);
  t.AddSnapshot(Overwrite({Day2Modified()}, {}), ConflictValidation::CopyOnWrite(Day2Filter(), IsolationLevel::kSerializable));
  try {
    t.Commit();
    FAIL() << "expected a conflict";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot determine history"), std::string::npos) << e.what();
  }
}

// TestReplacePartitions.testValidationNotInvoked: without validation, a partition
// replaced by the second of two concurrent replaces loses what the first wrote there.
TEST_F(TransactionTest, ReplacedPartitionsAreThoseAtCommitTime) {
  CommitNow(Append({Day1()}));
  TableState read = Current();
  SnapshotChange first;
  first.operation = "overwrite";
  first.added = {File("data-e.parquet", "2018-06-08", 0, 4)};
  first.replaced = ReplacedPartitions{0, false, {{Value::String("2018-06-08")}}};
  SnapshotChange second = first;
  second.added = {Day1(), Day2()};
  second.replaced->partitions = {{Value::String("2018-06-08")}, {Value::String("2018-06-09")}};
  Transaction t(ops_, read);
  t.AddSnapshot(second);
  ops_.before_swap = [&] { CommitNow(first); };
  t.Commit();
  EXPECT_EQ(t.attempts(), 2);
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet", "data-2.parquet"}));
}

// TestRewriteFiles.testNewDeleteFile: a rewrite validates only the deletes of the files
// it replaces; a concurrent append does not fail it (an append never conflicts).
TEST_F(TransactionTest, RewriteAllowsConcurrentAppends) {
  CommitNow(Append({Day1()}));
  TableState read = Current();
  CommitNow(Append({Day2()}));
  SnapshotChange rewrite;
  rewrite.operation = "replace";
  rewrite.added = {File("data-1-compacted.parquet", "2018-06-08", 0, 4)};
  rewrite.removed_paths = {Day1().file_path};
  ConflictValidation validation;
  validation.no_new_deletes_for_removed = true;
  Transaction t(ops_, read);
  t.AddSnapshot(rewrite, validation);
  t.Commit();
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1-compacted.parquet", "data-2.parquet"}));
}

// REPLACE TABLE decides its field ids on the table as read: any change meanwhile fails it.
TEST_F(TransactionTest, RequireUnchangedFailsAfterAConcurrentCommit) {
  TableState read = Current();
  CommitNow(Append({Day1()}));
  Transaction t(ops_, read);
  t.RequireUnchanged("replaced");
  t.UpdateMetadata([](const TableMetadata& m, const std::string& file) {
    return std::optional<TableMetadata>(TableMetadataBuilder(m, file).Build(4));
  });
  EXPECT_THROW(t.Commit(), CatalogError);
  EXPECT_EQ(LiveFiles(), (std::vector<std::string>{"data-1.parquet"}));
}

// A transaction that read a stale table still writes a metadata file above the version
// committed meanwhile, never one with a committed version's number.
TEST_F(TransactionTest, MetadataVersionsAreNeverReused) {
  TableState stale = Current();  // version 0
  CommitNow(Append({Day1()}));   // version 1
  Transaction t(ops_, stale);
  t.AddSnapshot(Append({Day2()}));
  ops_.before_swap = [&] { CommitNow(Append({File("data-x.parquet", "2018-06-10", 0, 1)})); };  // version 2
  TableState committed = t.Commit();
  EXPECT_EQ(MetadataFileVersion(committed.metadata_location), 3);
  std::map<int64_t, int> versions;
  for (const auto& name : MetadataFolder()) {
    if (name.find(".metadata.json") != std::string::npos) ++versions[*MetadataFileVersion(name)];
  }
  EXPECT_EQ(versions, (std::map<int64_t, int>{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
}

// A new table's commit fails when the name was taken meanwhile; its files are deleted.
TEST_F(TransactionTest, CreateFailsWhenTheNameIsTaken) {
  std::vector<std::string> before = MetadataFolder();
  TableMetadata metadata = *Current().metadata;
  Transaction create = Transaction::CreateTable(ops_, metadata);
  create.AddSnapshot(Append({Day1()}));
  EXPECT_THROW(create.Commit(), CatalogError);
  EXPECT_EQ(MetadataFolder(), before);
}

TEST(MetadataFileTest, VersionsOfEveryNamingScheme) {
  EXPECT_EQ(MetadataFileVersion("s3://b/t/metadata/00003-7f1e.metadata.json"), 3);
  EXPECT_EQ(MetadataFileVersion("/t/metadata/v12.metadata.json"), 12);
  EXPECT_EQ(MetadataFileVersion("/t/metadata/v2.gz.metadata.json"), 2);
  EXPECT_EQ(MetadataFileVersion("/t/metadata/current.metadata.json"), std::nullopt);
  EXPECT_EQ(MetadataFileVersion("/t/metadata/x-1.metadata.json"), std::nullopt);
  // a registered file without a number still follows the versions its log names
  TableMetadata m;
  m.metadata_log = {{1, "/t/metadata/00006-a.metadata.json"}, {2, "/t/metadata/00007-b.metadata.json"}};
  std::string next = NextMetadataPath("/t", &m, "/t/metadata/current.metadata.json");
  EXPECT_EQ(next.rfind("/t/metadata/00008-", 0), 0u) << next;
  EXPECT_EQ(NextMetadataPath("/t", nullptr, "").rfind("/t/metadata/00000-", 0), 0u);
  EXPECT_EQ(NextMetadataPath("/t", nullptr, "/t/metadata/v3.metadata.json").rfind("/t/metadata/00004-", 0), 0u);
}

// Tasks.exponentialBackoff as SnapshotProducer.commit uses it.
TEST(CommitRetryPolicyTest, DefaultsBackoffAndTimeout) {
  CommitRetryPolicy p = CommitRetryPolicy::FromProperties({});
  EXPECT_EQ(p.num_retries, 4);
  EXPECT_EQ(p.min_wait_ms, 100);
  EXPECT_EQ(p.max_wait_ms, 60000);
  EXPECT_EQ(p.total_timeout_ms, 1800000);
  for (int attempt = 1; attempt <= 12; ++attempt) {
    int64_t delay = std::min<int64_t>(100LL << (attempt - 1), 60000);
    int64_t wait = p.WaitMs(attempt);
    EXPECT_GE(wait, delay);
    EXPECT_LT(wait, delay + std::max<int64_t>(1, delay / 10));
  }
  EXPECT_TRUE(p.MayRetry(4, 0));
  EXPECT_FALSE(p.MayRetry(5, 0));
  EXPECT_TRUE(p.MayRetry(1, 2000000));  // the timeout never stops the first retry
  EXPECT_FALSE(p.MayRetry(2, 2000000));
  EXPECT_THROW(CommitRetryPolicy::FromProperties({{"commit.retry.num-retries", "-1"}}), InvalidInputError);
  EXPECT_THROW(CommitRetryPolicy::FromProperties({{"commit.retry.min-wait-ms", "1s"}}), InvalidInputError);
  EXPECT_EQ(IsolationLevelOf({{"write.delete.isolation-level", "SNAPSHOT"}}, "write.delete.isolation-level"),
            IsolationLevel::kSnapshot);
  EXPECT_THROW(IsolationLevelOf({{"write.delete.isolation-level", "read-committed"}}, "write.delete.isolation-level"),
               InvalidInputError);
}

}  // namespace
}  // namespace floe::iceberg
