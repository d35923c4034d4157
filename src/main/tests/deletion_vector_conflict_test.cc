// Issue 16 with issue 13's concurrent writers: a merge-on-read DELETE on a v3 table (which
// writes deletion vectors) while another writer commits, on the same partition or another.
// Writer A's DELETE reads the table and writes its vectors; exactly when it is about to
// commit (while its metadata file is written: a callback of the fault-injecting FileIO),
// writer B runs to completion on the other connection. A then lands on top of B, or fails
// with [CONCURRENT_MODIFICATION] and the table holds B's change only. Outcomes ported from
// Iceberg's TestRowDelta (core) and Spark's TestMergeOnReadDelete, as cited per case.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>
#include <thread>

#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

struct DvCase {
  const char* name;
  const char* b_sql;
  /// nullptr: A lands; else a fragment of A's error.
  const char* conflict;
  const char* source;
};

constexpr const char* kADelete = "DELETE FROM db.t WHERE k = 1 AND id % 2 = 0";

const DvCase kDvCases[] = {
    {"VectorsSamePartition", "DELETE FROM db.t WHERE k = 1 AND id % 5 = 0", "[CONCURRENT_MODIFICATION]",
     "TestRowDelta.testConcurrentDVsInSamePartitionWithFilter, testConcurrentDVsForSameDataFile"},
    {"VectorsOtherPartition", "DELETE FROM db.t WHERE k = 2 AND id % 5 = 0", nullptr,
     "TestRowDelta.testConcurrentDVsInDifferentPartitionsWithFilter"},
    {"AppendSamePartition", "INSERT INTO db.t (id, k) VALUES (1000, 1), (1002, 1)", "[CONCURRENT_MODIFICATION]",
     "Spark TestMergeOnReadDelete / TestDelete.testDeleteWithSerializableIsolation (serializable, the default)"},
    {"AppendOtherPartition", "INSERT INTO db.t (id, k) VALUES (1000, 2)", nullptr,
     "TestRowDelta.testValidateNoConflictsFromSnapshot (data outside the conflict detection filter)"},
    {"RewriteSamePartition",
     "CALL floe.system.rewrite_data_files(table => 'db.t', where => 'k = 1', options => map('rewrite-all', 'true'))",
     "[CONCURRENT_MODIFICATION]", "TestRowDelta.testValidateDataFilesExistRewrite"},
    {"CopyOnWriteDeleteSamePartition", "DELETE FROM db.t WHERE k = 1 AND id = 1",
     "[CONCURRENT_MODIFICATION]", "TestRowDelta.testValidateDataFilesExistDelete"},
};

class DeletionVectorConflictTest : public testing::WarehouseTest, public ::testing::WithParamInterface<DvCase> {};

TEST_P(DeletionVectorConflictTest, ConcurrentCommit) {
  const DvCase& c = GetParam();
  SCOPED_TRACE(std::string("ported from ") + c.source);
  Run("CREATE TABLE db.t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k) TBLPROPERTIES ("
      "'format-version' = '3', 'write.delete.mode' = 'merge-on-read', "
      "'commit.retry.min-wait-ms' = '1', 'commit.retry.max-wait-ms' = '10')");
  Run("INSERT INTO db.t (id, k) SELECT id, CAST(id % 3 AS INT) FROM range(0, 60)");
  // B's own copy-on-write DELETE case: its table mode is merge-on-read, so B switches
  bool b_cow = std::string(c.name).rfind("CopyOnWrite", 0) == 0;
  std::string b_error;
  Result result = QueryWhileAnotherCommits(kADelete, [&](Connection& other) {
    if (b_cow) {
      std::string error =
          ErrorOrEmpty(other, "ALTER TABLE db.t SET TBLPROPERTIES ('write.delete.mode' = 'copy-on-write')");
      if (!error.empty()) return error;
    }
    return ErrorOrEmpty(other, c.b_sql);
  }, &b_error);
  ASSERT_EQ(b_error, "") << c.b_sql;
  if (c.conflict == nullptr) {
    EXPECT_FALSE(result.HasError()) << result.error();
    EXPECT_EQ(Count("SELECT count(*) FROM db.t WHERE k = 1 AND id % 2 = 0"), 0);
  } else {
    ASSERT_TRUE(result.HasError()) << kADelete << " landed after " << c.b_sql;
    EXPECT_NE(result.error().find(c.conflict), std::string::npos) << result.error();
    EXPECT_NE(result.error().find(".parquet"), std::string::npos) << result.error();  // names the files
    std::printf("%-32s %s\n", c.name, result.error().substr(0, 160).c_str());
    // B's change only: A's rows are all there
    EXPECT_GT(Count("SELECT count(*) FROM db.t WHERE k = 1 AND id % 2 = 0 AND id % 5 <> 0 AND id <> 1"), 0);
  }
  // Whatever happened, every data file has at most one vector and the table reads.
  EXPECT_EQ(Count("SELECT count(*) - count(DISTINCT referenced_data_file) FROM db.t.delete_files"), 0);
  EXPECT_GE(Count("SELECT count(*) FROM db.t"), 0);
}

std::string DvCaseName(const ::testing::TestParamInfo<DvCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Cases, DeletionVectorConflictTest, ::testing::ValuesIn(kDvCases), DvCaseName);

}  // namespace
}  // namespace floe
