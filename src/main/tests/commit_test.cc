// Issue 12, Transaction: every statement that changes a table commits through one
// Transaction: one new metadata file and one compare-and-swap of the catalog's pointer
// per statement, counted with the counting FileIO and the catalog's swap counter; and
// writers racing on one table all land, each retrying on top of the others.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

class CommitTest : public testing::WarehouseTest {
 protected:
  int64_t Swaps() { return DatabaseAccess::State(*database_).catalog().swaps(); }
  int64_t MetadataFilesCreated() {
    auto counts = Io().Counts();
    auto it = counts.find(FileOperation::kCreateIfAbsent);
    return it == counts.end() ? 0 : it->second.requests;
  }
  // Runs a statement and checks that it committed exactly once.
  void ExpectOneCommit(const std::string& sql) {
    int64_t swaps = Swaps(), files = MetadataFilesCreated();
    Run(sql);
    EXPECT_EQ(Swaps() - swaps, 1) << sql;
    EXPECT_EQ(MetadataFilesCreated() - files, 1) << sql;
  }
};

TEST_F(CommitTest, EveryStatementKindCommitsOnceThroughTheTransaction) {
  Run("SET spark.sql.sources.partitionOverwriteMode = dynamic");  // the overwrite keeps partitions 0 and 2
  ExpectOneCommit("CREATE TABLE db.t (id BIGINT, k INT) USING iceberg PARTITIONED BY (k)");
  ExpectOneCommit("INSERT INTO db.t SELECT id, CAST(id % 3 AS INT) FROM range(30)");
  ExpectOneCommit("INSERT OVERWRITE db.t SELECT id, 1 FROM range(5)");
  ExpectOneCommit("DELETE FROM db.t WHERE k = 2");    // whole files, from metadata
  ExpectOneCommit("DELETE FROM db.t WHERE id = 3");   // copy-on-write
  ExpectOneCommit("ALTER TABLE db.t SET TBLPROPERTIES ('owner' = 'floe')");
  ExpectOneCommit("ALTER TABLE db.t ADD COLUMN note STRING");
  ExpectOneCommit("ALTER TABLE db.t CREATE BRANCH audit");
  ExpectOneCommit("INSERT INTO db.t.branch_audit VALUES (100, 1, 'x')");
  ExpectOneCommit("CALL floe.system.rewrite_data_files(table => 'db.t', options => map('rewrite-all', 'true'))");
  ExpectOneCommit("CREATE TABLE db.c USING iceberg AS SELECT * FROM db.t");
  ExpectOneCommit("CREATE OR REPLACE TABLE db.c USING iceberg AS SELECT id FROM db.t WHERE k = 0");
  // a branch of a table without snapshots gets its first snapshot and its retention in one commit
  ExpectOneCommit("CREATE TABLE db.e (id BIGINT) USING iceberg");
  ExpectOneCommit("ALTER TABLE db.e CREATE BRANCH b RETAIN 7 DAYS");
  // k = 0: 10 rows, k = 1: the 5 of the overwrite, k = 2 deleted; id 3 of k = 0 and of k = 1 deleted
  EXPECT_EQ(Count("SELECT count(*) FROM db.t"), 13);
  EXPECT_EQ(Count("SELECT count(*) FROM db.c"), 9);
}

// Writers racing on one table: each INSERT that loses the swap refreshes, rebuilds its
// snapshot on top of the winner's and tries again; every row lands.
TEST_F(CommitTest, ConcurrentInsertsAllLand) {
  Run("CREATE TABLE db.r (id BIGINT, w INT) USING iceberg "
      "TBLPROPERTIES ('commit.retry.num-retries' = '50', 'commit.retry.min-wait-ms' = '1', "
      "'commit.retry.max-wait-ms' = '20')");
  constexpr int kWriters = 4, kInserts = 5;
  std::vector<std::thread> writers;
  std::vector<std::string> errors(kWriters);
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      Connection c(*database_);
      for (int i = 0; i < kInserts; ++i) {
        Result r = c.Query("INSERT INTO db.r SELECT id, " + std::to_string(w) + " FROM range(10)");
        if (r.HasError()) errors[w] = r.error();
      }
    });
  }
  for (auto& t : writers) t.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
  EXPECT_EQ(Count("SELECT count(*) FROM db.r"), kWriters * kInserts * 10);
  EXPECT_EQ(Count("SELECT count(*) FROM db.r.snapshots"), kWriters * kInserts);
}

}  // namespace
}  // namespace floe
