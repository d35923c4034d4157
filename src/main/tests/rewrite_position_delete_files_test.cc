// Issue 17, rewrite_position_delete_files (Iceberg 1.10's RewritePositionDeleteFilesProcedure)
// over a table another engine wrote with position delete files: the Impala/Hive fixture
// impala_v2_pos_deletes_not_all_files of ../shared/fixtures (2 position delete files, with
// the optional `row` column, naming data files hdfs://... where the manifests say
// /test-warehouse/...). Ported cases: TestRewritePositionDeleteFilesProcedure
// .testExpireDanglingDeletes-like (dangling positions dropped), testRewriteAll-like (the
// rows read the same at every snapshot), and the option checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "iceberg/tests/fixture_paths.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class RewritePositionDeleteFilesTest : public testing::WarehouseTest {
 protected:
  bool Register() {
    fs::path source = iceberg::testing::FixturesDir() / "impala_v2_pos_deletes_not_all_files";
    if (!fs::exists(source)) return false;
    const std::string location =
        "/test-warehouse/iceberg_test/hadoop_catalog/ice/iceberg_v2_positional_not_all_data_files_have_delete_files";
    fs::path copy = CopyFixture(source, "fixture", location);
    location_ = location;
    copy_ = copy.string();
    Run("SET floe.location_map = '" + location + "/=" + copy.string() + "/,hdfs://localhost:20500" + location +
        "/=" + copy.string() + "/'");
    Run("CALL floe.system.register_table('fx.t', '" + location + "/metadata/v7.metadata.json')");
    return true;
  }

  // The rows of the table's live delete files as the files hold them, read as Parquet
  // (file_path|pos|row, the data file named by its Impala write time), and the Parquet
  // field ids of their columns.
  std::vector<std::string> DeleteFileRows(std::vector<std::string>* field_ids) {
    std::vector<std::string> rows;
    for (std::string path : Rows("SELECT file_path FROM fx.t.delete_files ORDER BY file_path")) {
      path = copy_ + path.substr(location_.size());
      for (auto& row : Rows("SELECT * FROM read_parquet('" + path + "')")) {
        size_t time = row.find("boroknagyz_") + 11;
        rows.push_back(row.substr(time + 8, 6) + row.substr(row.find('|')));
      }
      for (auto& id : Rows("SELECT name, field_id FROM parquet_schema('" + path + "') WHERE field_id IS NOT NULL")) {
        field_ids->push_back(id);
      }
    }
    return rows;
  }

  std::string location_;
  std::string copy_;
};

TEST_F(RewritePositionDeleteFilesTest, CompactsTheDeleteFilesAndKeepsEverySnapshotsRows) {
  if (!Register()) GTEST_SKIP() << "no fixtures at " << iceberg::testing::FixturesDir();
  std::vector<std::string> snapshots = Rows("SELECT snapshot_id FROM fx.t.snapshots ORDER BY committed_at");
  std::map<std::string, std::vector<std::string>> before;
  for (const auto& id : snapshots) before[id] = Rows("SELECT * FROM fx.t VERSION AS OF " + id + " ORDER BY i, s");
  ASSERT_EQ(Count("SELECT count(*) FROM fx.t.delete_files"), 2);

  // two small files: not enough for the default min-input-files (5)
  EXPECT_EQ(Rows("CALL floe.system.rewrite_position_delete_files('fx.t')"), std::vector<std::string>{"0|0|0|0"});

  std::vector<std::string> out =
      Rows("CALL floe.system.rewrite_position_delete_files(table => 'fx.t', options => map('rewrite-all', 'true'))");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].substr(0, 4), "2|1|") << out[0];
  EXPECT_EQ(Count("SELECT count(*) FROM fx.t.delete_files"), 1);
  // the new file names the data files as the manifests do, sorted, every position kept
  EXPECT_EQ(Count("SELECT sum(record_count) FROM fx.t.delete_files"), 4);
  EXPECT_EQ(Rows("SELECT * FROM fx.t ORDER BY i, s"), before[snapshots.back()]);
  for (const auto& id : snapshots) EXPECT_EQ(Rows("SELECT * FROM fx.t VERSION AS OF " + id + " ORDER BY i, s"), before[id]);
  EXPECT_EQ(Rows("SELECT operation FROM fx.t.snapshots ORDER BY committed_at DESC LIMIT 1"),
            std::vector<std::string>{"replace"});
  // the deleted rows Impala kept in the `row` column are kept, under the table's field ids
  // (SparkPositionDeletesRewrite writes deletes with a row to a file with the column)
  std::vector<std::string> ids;
  std::vector<std::string> rows = DeleteFileRows(&ids);
  EXPECT_EQ(rows, (std::vector<std::string>{R"(154718|1|{"i":5,"s":"e"})", R"(154733|0|{"i":7,"s":"d"})",
                                            R"(154733|1|{"i":8,"s":"e"})", R"(154733|2|{"i":9,"s":"f"})"}));
  EXPECT_EQ(ids, (std::vector<std::string>{"file_path|2147483546", "pos|2147483545", "row|2147483544", "i|1", "s|2"}));

  // positions of a data file no longer live are dangling: a copy-on-write DELETE of the
  // rows i >= 7 removes the file they were in, and the next rewrite drops them
  Run("DELETE FROM fx.t WHERE i = 5");
  Result rewritten =
      connection_->Query("CALL floe.system.rewrite_position_delete_files(table => 'fx.t', options => map('rewrite-all', 'true'))");
  ASSERT_FALSE(rewritten.HasError()) << rewritten.error();
  EXPECT_EQ(Rows("SELECT i, s FROM fx.t ORDER BY i, s"),
            (std::vector<std::string>{"1|a", "2|b", "3|c", "4|d", "6|f"}));
}

// Deletes with a row and deletes without go to separate files (SparkPositionDeletesRewrite's
// DeleteWriter: writerWithRow, writerWithoutRow); the row is a struct of the current schema
// (PositionDeletesTable's `row` field), its fields found by id: a renamed column keeps its
// value, a column added since is NULL.
TEST_F(RewritePositionDeleteFilesTest, DeletesWithAndWithoutRowsGoToSeparateFilesInTheCurrentSchema) {
  if (!Register()) GTEST_SKIP() << "no fixtures at " << iceberg::testing::FixturesDir();
  Run("ALTER TABLE fx.t SET TBLPROPERTIES ('write.delete.mode' = 'merge-on-read')");
  Run("DELETE FROM fx.t WHERE i = 1");  // floe's position delete: no row
  Run("ALTER TABLE fx.t RENAME COLUMN s TO name");
  Run("ALTER TABLE fx.t ADD COLUMN x INT");
  std::vector<std::string> before = Rows("SELECT * FROM fx.t ORDER BY i");
  ASSERT_EQ(Count("SELECT count(*) FROM fx.t.delete_files"), 3);
  std::vector<std::string> out =
      Rows("CALL floe.system.rewrite_position_delete_files(table => 'fx.t', options => map('rewrite-all', 'true'))");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].substr(0, 4), "3|2|") << out[0];
  EXPECT_EQ(Rows("SELECT * FROM fx.t ORDER BY i"), before);
  std::vector<std::string> ids;
  std::vector<std::string> rows = DeleteFileRows(&ids);
  std::sort(rows.begin(), rows.end());
  // (the file without rows has no `row` column)
  EXPECT_EQ(rows, (std::vector<std::string>{"154646|0", R"(154718|1|{"i":5,"name":"e","x":null})",
                                            R"(154733|0|{"i":7,"name":"d","x":null})",
                                            R"(154733|1|{"i":8,"name":"e","x":null})",
                                            R"(154733|2|{"i":9,"name":"f","x":null})"}));
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<std::string>{"file_path|2147483546", "file_path|2147483546", "i|1", "name|2",
                                           "pos|2147483545", "pos|2147483545", "row|2147483544", "x|3"}));
}

// rewrite_table_path writes a position delete file's deleted rows again with its paths
// (RewriteTablePathUtil.rewritePositionDelete reads and writes the row with the spec's
// schema). The fixture's own delete files name hdfs:// paths outside the source prefix, so
// the copy starts after them: from the version the rewrite above replaced them in.
TEST_F(RewritePositionDeleteFilesTest, RewriteTablePathKeepsTheDeletedRows) {
  if (!Register()) GTEST_SKIP() << "no fixtures at " << iceberg::testing::FixturesDir();
  Run("CALL floe.system.rewrite_position_delete_files(table => 'fx.t', options => map('rewrite-all', 'true'))");
  std::string target = (dir_ / "moved").string();
  Result r = connection_->Query("CALL floe.system.rewrite_table_path(table => 'fx.t', source_prefix => '" +
                                location_ + "', target_prefix => '" + target + "', start_version => 'v7.metadata.json')");
  ASSERT_FALSE(r.HasError()) << r.error();
  std::ifstream list(copy_ + r.GetValue(0, 1).ToString().substr(location_.size()));
  std::string line, staged;
  while (std::getline(list, line)) {
    if (line.ends_with("-deletes.parquet")) staged = line.substr(0, line.find(','));
  }
  ASSERT_FALSE(staged.empty());
  std::vector<std::string> rows = Rows("SELECT * FROM read_parquet('" + copy_ + staged.substr(location_.size()) + "')");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].rfind(target + "/data/", 0), 0u) << rows[0];
  EXPECT_TRUE(rows[0].ends_with(R"(|1|{"i":5,"s":"e"})")) << rows[0];
  EXPECT_TRUE(rows[3].ends_with(R"(|2|{"i":9,"s":"f"})")) << rows[3];
}

// TestRewritePositionDeleteFilesProcedure.testExpireDeleteFilesFilter: `where` keeps the
// delete files of the partitions it may match (a condition on another column keeps them
// all), and the groups commit as one snapshot whose summary counts every group.
TEST_F(RewritePositionDeleteFilesTest, WhereKeepsThePartitionsItMatchesAndTheGroupsCommitOnce) {
  Run("CREATE TABLE db.t (id BIGINT, data STRING) USING iceberg PARTITIONED BY (id) TBLPROPERTIES "
      "('format-version'='2', 'write.delete.mode'='merge-on-read', 'write.delete.granularity'='partition')");
  Run("INSERT INTO db.t VALUES (1, 'a'), (1, 'b'), (1, 'c'), (2, 'd'), (2, 'e'), (2, 'f'), (3, 'g'), (3, 'h'), "
      "(3, 'i'), (4, 'j'), (4, 'k'), (4, 'l'), (5, 'm'), (5, 'n'), (5, 'o'), (6, 'p'), (6, 'q'), (6, 'r')");
  for (const char* row : {"id = 1 AND data = 'a'", "id = 1 AND data = 'b'", "id = 2 AND data = 'd'",
                          "id = 2 AND data = 'e'", "id = 3 AND data = 'g'", "id = 3 AND data = 'h'"}) {
    Run(std::string("DELETE FROM db.t WHERE ") + row);
  }
  ASSERT_EQ(Count("SELECT count(*) FROM db.t.delete_files"), 6);
  std::vector<std::string> rows = Rows("SELECT * FROM db.t ORDER BY id, data");
  int64_t snapshots = Count("SELECT count(*) FROM db.t.snapshots");

  Result r = connection_->Query(
      "CALL floe.system.rewrite_position_delete_files(table => 'db.t', where => 'id IN (1, 2) AND data = \"bar\"', "
      "options => map('rewrite-all', 'true'))");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int32(), 4);
  EXPECT_EQ(r.GetValue(0, 1).int32(), 2);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t.delete_files"), 4);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t.snapshots"), snapshots + 1);
  EXPECT_EQ(Rows("SELECT summary['removed-files-size'], summary['added-files-size'], summary['removed-delete-files'] "
                 "FROM db.t.snapshots ORDER BY committed_at DESC LIMIT 1"),
            std::vector<std::string>{r.GetValue(0, 2).ToString() + "|" + r.GetValue(0, 3).ToString() + "|4"});
  EXPECT_EQ(Rows("SELECT * FROM db.t ORDER BY id, data"), rows);
  // partition 3's two files are left; a filter on it alone takes them
  r = connection_->Query("CALL floe.system.rewrite_position_delete_files(table => 'db.t', where => 'id = 3', "
                         "options => map('rewrite-all', 'true'))");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int32(), 2);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t.delete_files"), 3);
  EXPECT_EQ(Rows("SELECT * FROM db.t ORDER BY id, data"), rows);
  // with partial progress, one commit per group up to max-commits
  Run("DELETE FROM db.t WHERE id = 4 AND data = 'j'");
  Run("DELETE FROM db.t WHERE id = 5 AND data = 'm'");
  Run("DELETE FROM db.t WHERE id = 4 AND data = 'k'");
  Run("DELETE FROM db.t WHERE id = 5 AND data = 'n'");
  snapshots = Count("SELECT count(*) FROM db.t.snapshots");
  r = connection_->Query("CALL floe.system.rewrite_position_delete_files(table => 'db.t', where => 'id > 3', "
                         "options => map('rewrite-all', 'true', 'partial-progress.enabled', 'true', "
                         "'partial-progress.max-commits', '5'))");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int32(), 4);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t.snapshots"), snapshots + 2);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t"), 8);
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_position_delete_files(table => 'db.t', options => map('rewrite-all', "
                    "'true', 'partial-progress.enabled', 'true', 'partial-progress.max-commits', '0'))")
                .find("the value must be positive when partial-progress.enabled is true"),
            std::string::npos);
  // (testRewriteWithUntranslatedOrUnconvertedFilter: a filter with no Iceberg form is refused)
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_position_delete_files(table => 'db.t', "
                    "where => 'substr(data, 2) = \"fo\"')")
                .find("Cannot convert filter substr(data, 2) = \"fo\" to an Iceberg expression"),
            std::string::npos);
}

TEST_F(RewritePositionDeleteFilesTest, OptionsAreChecked) {
  Run("CREATE TABLE db.t (id BIGINT) USING iceberg");
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_position_delete_files('db.t', map('foo', 'bar'))")
                .find("Cannot use options [foo], they are not supported by the action or the rewriter BIN-PACK"),
            std::string::npos);
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_position_delete_files('db.t', map('min-input-files', '0'))")
                .find("'min-input-files' is set to 0 but must be > 0"),
            std::string::npos);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t.snapshots"), 0);
  Result empty = connection_->Query("CALL floe.system.rewrite_position_delete_files('db.t')");
  ASSERT_FALSE(empty.HasError()) << empty.error();
  EXPECT_EQ(empty.GetValue(0, 0).int32(), 0);
}

}  // namespace
}  // namespace floe
