// Issue 12, FileIO: the reliability tests run floe over the fault-injecting FileIO. A
// write that fails at any step (a data file, a manifest, the manifest list, the metadata
// file) leaves the table exactly as it was and no file behind; a truncated manifest or
// data file is an error naming the file, never a crash or a wrong answer; a slow read
// is stopped by the statement timeout.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <iterator>
#include <set>

#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

// A step of a write to fail: the file operation, the path it touches, after how many.
struct WriteStep {
  const char* what;
  FileOperation op;
  const char* path;
  int64_t skip;
};

class FaultInjectionTest : public testing::WarehouseTest {
 protected:
  void SetUp() override {
    WarehouseTest::SetUp();
    Run("CREATE TABLE db.t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k)");
    Run("INSERT INTO db.t SELECT id, CAST(id % 3 AS INT) FROM range(30)");
  }
  // Every file of the table's folder, by path.
  std::set<std::string> TableFiles() {
    std::set<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir_ / "warehouse" / "db" / "t")) {
      if (e.is_regular_file()) out.insert(e.path().string());
    }
    return out;
  }
  void Fault(FileOperation op, const std::string& path_contains, int64_t skip = 0,
             FaultKind kind = FaultKind::kError) {
    FaultRule rule;
    rule.operation = op;
    rule.path_contains = path_contains;
    rule.skip = skip;
    rule.times = -1;
    rule.kind = kind;
    Io().AddFault(rule);
  }
  // Runs `sql` with `step` failing; the fault is cleared after.
  Result QueryFailing(const WriteStep& step, const std::string& sql) {
    Fault(step.op, step.path, step.skip);
    Result r = connection_->Query(sql);
    Io().ClearFaults();
    return r;
  }
};

// A write failing at each of its steps leaves the table and its folder as they were.
TEST_F(FaultInjectionTest, FailedWritesLeaveTheTableAsItWas) {
  const WriteStep steps[] = {
      {"the second data file", FileOperation::kCreate, "/data/", 1},
      {"a data file's bytes", FileOperation::kWrite, ".parquet", 0},
      {"a manifest", FileOperation::kWriteAtomically, "-m0.avro", 0},
      {"the manifest list", FileOperation::kWriteAtomically, "/snap-", 0},
      {"the metadata file", FileOperation::kCreateIfAbsent, ".metadata.json", 0},
  };
  const char* statements[] = {
      "INSERT INTO db.t SELECT id, CAST(id % 3 AS INT) FROM range(100, 130)",
      "INSERT OVERWRITE db.t SELECT id, 1 FROM range(5)",
      "DELETE FROM db.t WHERE id = 1000",
      "CALL floe.system.rewrite_data_files(table => 'db.t', options => map('rewrite-all', 'true'))",
      "ALTER TABLE db.t SET TBLPROPERTIES ('owner' = 'floe')",
  };
  int failures = 0;
  Run("SET spark.sql.sources.partitionOverwriteMode = dynamic");  // the overwrite replaces one partition
  for (const char* sql : statements) {
    for (const WriteStep& step : steps) {
      // a file whose row 1000 the DELETE removes, rewriting the file without it
      if (std::string(sql).rfind("DELETE", 0) == 0) Run("INSERT INTO db.t VALUES (1000, 1), (1001, 1)");
      std::set<std::string> before = TableFiles();
      int64_t rows = Count("SELECT count(*) FROM db.t");
      Result r = QueryFailing(step, sql);
      if (!r.HasError()) {
        // the statement did not reach this step (ALTER writes no data file, a DELETE of
        // one row writes one file): nothing to check but that it committed
        continue;
      }
      ++failures;
      EXPECT_NE(r.error().find("injected fault"), std::string::npos) << sql << " / " << step.what << ": " << r.error();
      EXPECT_EQ(TableFiles(), before) << sql << " / " << step.what;
      EXPECT_EQ(Count("SELECT count(*) FROM db.t"), rows) << sql << " / " << step.what;
    }
  }
  std::printf("%d of %zu writes failed at the step faulted\n", failures, std::size(statements) * std::size(steps));
  // INSERT and rewrite fail at every step, INSERT OVERWRITE (one partition) and DELETE
  // (one file rewritten) at all but the second data file, ALTER at the metadata file only
  EXPECT_EQ(failures, 5 + 4 + 4 + 5 + 1);
  // and with no fault, the table still takes writes
  int64_t rows = Count("SELECT count(*) FROM db.t");
  Run("INSERT INTO db.t VALUES (1000, 1)");
  EXPECT_EQ(Count("SELECT count(*) FROM db.t"), rows + 1);
}

// A table creation that fails at any step leaves no folder behind: CREATE TABLE AS, and the
// snapshot of a folder of Parquet files (its metadata only, at the new table's location).
TEST_F(FaultInjectionTest, FailedTableCreationsLeaveNoFolder) {
  const WriteStep steps[] = {
      {"a data file's bytes", FileOperation::kWrite, ".parquet", 0},
      {"a manifest", FileOperation::kWriteAtomically, "-m0.avro", 0},
      {"the manifest list", FileOperation::kWriteAtomically, "/snap-", 0},
      {"the metadata file", FileOperation::kCreateIfAbsent, ".metadata.json", 0},
  };
  Run("COPY (SELECT id, CAST(id % 3 AS INT) AS k FROM range(30)) TO '" + (dir_ / "files" / "a.parquet").string() +
      "'");
  Run("CREATE TABLE db.files USING parquet LOCATION '" + (dir_ / "files").string() + "'");
  const char* statements[] = {
      "CREATE TABLE db.n USING iceberg PARTITIONED BY (k) AS SELECT id, k FROM db.t",
      "CALL floe.system.snapshot('db.files', 'db.n')",
  };
  int failures = 0;
  for (const char* sql : statements) {
    for (const WriteStep& step : steps) {
      Result r = QueryFailing(step, sql);
      if (!r.HasError()) {  // (snapshot writes no data file; its table keeps its files when dropped)
        Run("DROP TABLE db.n");
        fs::remove_all(dir_ / "warehouse" / "db" / "n");
        continue;
      }
      ++failures;
      EXPECT_NE(r.error().find("injected fault"), std::string::npos) << sql << " / " << step.what << ": " << r.error();
      EXPECT_FALSE(fs::exists(dir_ / "warehouse" / "db" / "n")) << sql << " / " << step.what;
    }
  }
  EXPECT_EQ(failures, 4 + 3);
  Run("CALL floe.system.snapshot('db.files', 'db.n')");
  EXPECT_EQ(Count("SELECT count(*) FROM db.n"), 30);
}

// UPDATE, MERGE and a subquery DELETE failing at each step of their write, copy-on-write and
// merge-on-read (position delete files; deletion vectors in v3), leave the table and its
// folder as they were; every one reaches the metadata file.
TEST_F(FaultInjectionTest, FailedRowLevelChangesLeaveTheTableAsItWas) {
  const WriteStep steps[] = {
      {"the first data or delete file", FileOperation::kCreate, "/data/", 0},
      {"the second data or delete file", FileOperation::kCreate, "/data/", 1},
      {"a file's bytes", FileOperation::kWrite, "/data/", 0},
      {"a manifest", FileOperation::kWriteAtomically, "-m0.avro", 0},
      {"the manifest list", FileOperation::kWriteAtomically, "/snap-", 0},
      {"the metadata file", FileOperation::kCreateIfAbsent, ".metadata.json", 0},
  };
  const char* statements[] = {
      "UPDATE db.t SET id = id + 1000 WHERE k = 1 AND id % 2 = 0",
      "MERGE INTO db.t t USING (SELECT id, 2 AS k FROM range(0, 40, 3)) s ON t.id = s.id "
      "WHEN MATCHED THEN UPDATE SET id = t.id + 2000 WHEN NOT MATCHED THEN INSERT (id, k) VALUES (s.id + 3000, s.k)",
      "DELETE FROM db.t WHERE id IN (SELECT id FROM range(0, 40, 5))",
  };
  Run("INSERT INTO db.t SELECT id, CAST(id % 3 AS INT) FROM range(0, 40)");
  int failures = 0;
  for (const char* version : {"2", "3"}) {
    for (const char* mode : {"copy-on-write", "merge-on-read"}) {
      Run(std::string("ALTER TABLE db.t SET TBLPROPERTIES ('format-version' = '") + version + "', " +
          "'write.update.mode' = '" + mode + "', 'write.merge.mode' = '" + mode + "', " + "'write.delete.mode' = '" +
          mode + "')");
      for (const char* sql : statements) {
        bool metadata_step_failed = false;
        for (const WriteStep& step : steps) {
          std::set<std::string> before = TableFiles();
          std::vector<std::string> rows = Rows("SELECT id, k FROM db.t ORDER BY id");
          Result r = QueryFailing(step, sql);
          if (!r.HasError()) {
            // the statement did not reach this step; it committed: undo it for the next step
            Run("CALL floe.system.rollback_to_snapshot('db.t', " +
                std::to_string(Count("SELECT parent_id FROM db.t.snapshots ORDER BY committed_at DESC LIMIT 1")) + ")");
            continue;
          }
          ++failures;
          std::string where = std::string(sql) + " (" + mode + ", v" + version + ") / " + step.what;
          metadata_step_failed = metadata_step_failed || step.op == FileOperation::kCreateIfAbsent;
          EXPECT_NE(r.error().find("injected fault"), std::string::npos) << where << ": " << r.error();
          EXPECT_EQ(TableFiles(), before) << where;
          EXPECT_EQ(Rows("SELECT id, k FROM db.t ORDER BY id"), rows) << where;
        }
        EXPECT_TRUE(metadata_step_failed) << sql << " (" << mode << ", v" << version << ")";
      }
    }
  }
  std::printf("%d of %zu row-level writes failed at the step faulted\n", failures,
              2 * 2 * std::size(statements) * std::size(steps));
  // each statement writes at least one data or delete file and commits: all but "the second
  // file" fail always
  EXPECT_GE(failures, 2 * 2 * static_cast<int>(std::size(statements)) * 5);
}

// DROP TABLE ... PURGE that cannot delete a file or folder after the catalog entry went
// still succeeds: the table is dropped, what is left is an orphan, not an error (the
// fault torture found the folder case failing the statement after the drop).
TEST_F(FaultInjectionTest, PurgeThatCannotDeleteStillDrops) {
  for (FileOperation op : {FileOperation::kDeleteEmptyFolder, FileOperation::kDelete}) {
    Fault(op, "");
    Result r = connection_->Query("DROP TABLE db.t PURGE");
    Io().ClearFaults();
    EXPECT_FALSE(r.HasError()) << FileOperationName(op) << ": " << r.error();
    EXPECT_NE(ErrorOf("SELECT * FROM db.t").find("TABLE_OR_VIEW_NOT_FOUND"), std::string::npos);
    Run("CREATE TABLE db.t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k)");
  }
}

// A truncated manifest or data file is an error naming it; the next read, without the
// fault, answers right.
TEST_F(FaultInjectionTest, TruncatedFilesAreErrorsNamingThem) {
  Fault(FileOperation::kOpenForRead, "-m0.avro", 0, FaultKind::kShortRead);
  std::string error = ErrorOf("SELECT count(*) FROM db.t WHERE id > 0");
  EXPECT_NE(error.find("-m0.avro"), std::string::npos) << error;
  Io().ClearFaults();
  Fault(FileOperation::kOpenForRead, ".parquet", 0, FaultKind::kShortRead);
  error = ErrorOf("SELECT sum(id) FROM db.t");
  EXPECT_NE(error.find(".parquet"), std::string::npos) << error;
  Io().ClearFaults();
  EXPECT_EQ(Count("SELECT sum(id) FROM db.t"), 435);
}

// A storage that answers slowly is cut off by floe.statement_timeout.
TEST_F(FaultInjectionTest, SlowReadsHitTheStatementTimeout) {
  FaultRule slow;
  slow.operation = FileOperation::kOpenForRead;
  slow.path_contains = ".parquet";
  slow.times = -1;
  slow.kind = FaultKind::kDelay;
  slow.delay = std::chrono::milliseconds(300);
  Io().AddFault(slow);
  Run("SET floe.statement_timeout = '200ms'");
  std::string error = ErrorOf("SELECT sum(id) FROM db.t");
  EXPECT_NE(error.find("timeout"), std::string::npos) << error;
  Io().ClearFaults();
  Run("RESET floe.statement_timeout");
  EXPECT_EQ(Count("SELECT sum(id) FROM db.t"), 435);
}

}  // namespace
}  // namespace floe
