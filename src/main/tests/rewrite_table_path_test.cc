// Issue 17, rewrite_table_path: Iceberg 1.10's RewriteTablePathProcedure moves a table by
// rewriting every path its metadata holds into a staging folder and listing what to copy
// where. The test does what a user does with the list (copies each file), registers the
// latest version at the new place and compares it with the table (TestRewriteTablePathProcedure
// .testRewriteTablePathWithPositionalArgument / WithNamedArgument / WithStagingLocation, and
// TestRewriteTablePathsAction.testRewritePath / testStartVersion / testInvalidArgs-like
// cases).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "iceberg/tests/fixture_paths.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class RewriteTablePathTest : public testing::WarehouseTest {
 protected:
  // Copies every file of the list ("from,to" lines); returns how many. `prefix`=`folder`
  // maps a location the metadata names (s3a://...) to the local folder holding it.
  size_t CopyListed(const std::string& list, const std::string& prefix = "", const std::string& folder = "") {
    auto local = [&](std::string path) {
      if (!prefix.empty() && path.rfind(prefix, 0) == 0) path = folder + path.substr(prefix.size());
      return path;
    };
    std::ifstream in(local(list));
    EXPECT_TRUE(in.good()) << list;
    std::string line;
    size_t n = 0;
    while (std::getline(in, line)) {
      size_t comma = line.find(',');
      EXPECT_NE(comma, std::string::npos) << line;
      fs::path from = local(line.substr(0, comma)), to = local(line.substr(comma + 1));
      fs::create_directories(to.parent_path());
      fs::copy_file(from, to, fs::copy_options::overwrite_existing);
      ++n;
    }
    return n;
  }
};

TEST_F(RewriteTablePathTest, TheCopiedTableReadsAsTheOriginalAtEverySnapshot) {
  Run("CREATE TABLE db.t (id BIGINT, k INT, s STRING) USING iceberg PARTITIONED BY (k)");
  Run("INSERT INTO db.t SELECT id, CAST(id % 3 AS INT), md5(CAST(id AS STRING)) FROM range(0, 100)");
  Run("INSERT INTO db.t SELECT id, CAST(id % 3 AS INT), 'second' FROM range(100, 150)");
  Run("DELETE FROM db.t WHERE id % 7 = 0");
  Run("CALL floe.system.rewrite_data_files(table => 'db.t', options => map('rewrite-all', 'true'))");
  std::string source = (dir_ / "warehouse" / "db" / "t").string();
  std::string target = (dir_ / "moved" / "t").string();

  Result r = connection_->Query("CALL floe.system.rewrite_table_path('db.t', '" + source + "', '" + target + "')");
  ASSERT_FALSE(r.HasError()) << r.error();
  std::string latest = r.GetValue(0, 0).ToString();
  std::string list = r.GetValue(0, 1).ToString();
  EXPECT_NE(latest.find(".metadata.json"), std::string::npos);
  EXPECT_EQ(list.rfind(source + "/metadata/copy-table-staging-", 0), 0u) << list;
  EXPECT_GT(CopyListed(list), 10u);

  // the original is untouched; the copy registers and reads the same
  Run("CALL floe.system.register_table('db.moved', '" + target + "/metadata/" + latest + "')");
  EXPECT_EQ(Rows("SELECT * FROM db.moved ORDER BY id"), Rows("SELECT * FROM db.t ORDER BY id"));
  std::vector<std::string> snapshots = Rows("SELECT snapshot_id FROM db.t.snapshots ORDER BY committed_at");
  ASSERT_EQ(snapshots.size(), 4u);
  for (const auto& id : snapshots) {
    EXPECT_EQ(Rows("SELECT * FROM db.moved VERSION AS OF " + id + " ORDER BY id"),
              Rows("SELECT * FROM db.t VERSION AS OF " + id + " ORDER BY id"))
        << id;
  }
  // every path the copy's metadata holds is under the target
  for (const auto& sql : {"SELECT file_path FROM db.moved.files", "SELECT path FROM db.moved.all_manifests",
                          "SELECT manifest_list FROM db.moved.snapshots", "SELECT file FROM db.moved.metadata_log_entries"}) {
    for (const auto& path : Rows(sql)) EXPECT_EQ(path.rfind(target + "/", 0), 0u) << sql << ": " << path;
  }
  // each manifest list gives its manifests' new lengths (a manifest later snapshots carry
  // over is written once, and named with its new length by every list): readers use them
  for (const auto& id : snapshots) {
    for (const auto& row : Rows("SELECT path, length FROM db.moved.manifests VERSION AS OF " + id)) {
      size_t bar = row.find('|');
      EXPECT_EQ(std::to_string(fs::file_size(row.substr(0, bar))), row.substr(bar + 1)) << id << ": " << row;
    }
  }
  // and the copy can be written to
  Run("INSERT INTO db.moved VALUES (1000, 1, 'new')");
  EXPECT_EQ(Count("SELECT count(*) FROM db.moved"), Count("SELECT count(*) FROM db.t") + 1);
}

TEST_F(RewriteTablePathTest, FormatV3DeletionVectorsAndRowIdsMoveToo) {
  Run("CREATE TABLE db.t (id BIGINT) USING iceberg TBLPROPERTIES ('format-version' = '3', "
      "'write.delete.mode' = 'merge-on-read')");
  Run("INSERT INTO db.t SELECT id FROM range(0, 50)");
  Run("DELETE FROM db.t WHERE id % 5 = 0");  // a deletion vector naming its data file
  std::string source = (dir_ / "warehouse" / "db" / "t").string();
  std::string target = (dir_ / "moved" / "t").string();
  Result r = connection_->Query("CALL floe.system.rewrite_table_path('db.t', '" + source + "', '" + target + "')");
  ASSERT_FALSE(r.HasError()) << r.error();
  CopyListed(r.GetValue(0, 1).ToString());
  Run("CALL floe.system.register_table('db.moved', '" + target + "/metadata/" + r.GetValue(0, 0).ToString() + "')");
  EXPECT_EQ(Rows("SELECT id, _row_id FROM db.moved ORDER BY id"), Rows("SELECT id, _row_id FROM db.t ORDER BY id"));
  for (const auto& path : Rows("SELECT referenced_data_file FROM db.moved.delete_files")) {
    EXPECT_EQ(path.rfind(target + "/", 0), 0u) << path;
  }
  EXPECT_EQ(Count("SELECT count(*) FROM db.moved"), 40);
}

// Position delete files name data files in their rows: they are written again with those
// paths rewritten. The Trino fixture cxx_granular_deletes of ../shared (s3a:// paths, position
// delete files, Puffin statistics files) moves to a local folder and reads the same there.
TEST_F(RewriteTablePathTest, PositionDeleteFilesAreWrittenAgainWithTheirPathsRewritten) {
  fs::path source = iceberg::testing::FixturesDir() / "cxx_granular_deletes";
  if (!fs::exists(source)) GTEST_SKIP() << "no fixtures at " << iceberg::testing::FixturesDir();
  const std::string location = "s3a://warehouse/granular_deletes";
  CopyFixture(source, "fixture", location);
  std::string newest;
  for (const auto& e : fs::directory_iterator(dir_ / "fixture" / "metadata")) {
    std::string name = e.path().filename().string();
    if (name.ends_with(".metadata.json") && name > newest) newest = name;
  }
  Run("CALL floe.system.register_table('fx.t', '" + location + "/metadata/" + newest + "')");
  ASSERT_GT(Count("SELECT count(*) FROM fx.t.delete_files WHERE content = 1"), 0);
  std::string target = (dir_ / "moved" / "t").string();
  Result r = connection_->Query("CALL floe.system.rewrite_table_path('fx.t', '" + location + "', '" + target + "')");
  ASSERT_FALSE(r.HasError()) << r.error();
  CopyListed(r.GetValue(0, 1).ToString(), location, (dir_ / "fixture").string());
  Run("CALL floe.system.register_table('fx.moved', '" + target + "/metadata/" + r.GetValue(0, 0).ToString() + "')");
  std::vector<std::string> snapshots = Rows("SELECT snapshot_id FROM fx.t.snapshots ORDER BY committed_at");
  ASSERT_FALSE(snapshots.empty());
  for (const auto& id : snapshots) {
    std::vector<std::string> moved = Rows("SELECT * FROM fx.moved VERSION AS OF " + id);
    std::vector<std::string> original = Rows("SELECT * FROM fx.t VERSION AS OF " + id);
    std::sort(moved.begin(), moved.end());
    std::sort(original.begin(), original.end());
    EXPECT_EQ(moved, original) << id;
  }
  for (const auto& path : Rows("SELECT file_path FROM fx.moved.delete_files")) {
    EXPECT_EQ(path.rfind(target + "/", 0), 0u) << path;
  }
}

TEST_F(RewriteTablePathTest, StartVersionListsOnlyWhatCameAfterIt) {
  Run("CREATE TABLE db.t (id BIGINT) USING iceberg");
  Run("INSERT INTO db.t VALUES (1)");
  std::string source = (dir_ / "warehouse" / "db" / "t").string();
  std::string target = (dir_ / "moved" / "t").string();
  std::string staging = (dir_ / "staging1").string();
  Result first = connection_->Query("CALL floe.system.rewrite_table_path(table => 'db.t', source_prefix => '" + source +
                                    "', target_prefix => '" + target + "', staging_location => '" + staging + "')");
  ASSERT_FALSE(first.HasError()) << first.error();
  EXPECT_EQ(first.GetValue(0, 1).ToString(), staging + "/file-list");
  CopyListed(first.GetValue(0, 1).ToString());
  std::string v1 = first.GetValue(0, 0).ToString();

  Run("INSERT INTO db.t VALUES (2)");
  std::string staging2 = (dir_ / "staging2").string();
  Result second = connection_->Query("CALL floe.system.rewrite_table_path(table => 'db.t', source_prefix => '" + source +
                                     "', target_prefix => '" + target + "', start_version => '" + v1 +
                                     "', staging_location => '" + staging2 + "')");
  ASSERT_FALSE(second.HasError()) << second.error();
  // the second list has the new version, its snapshot's list and manifest and the new data
  // file, not the first ones again
  std::ifstream in(second.GetValue(0, 1).ToString());
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str().find(v1), std::string::npos) << text.str();
  CopyListed(second.GetValue(0, 1).ToString());
  Run("CALL floe.system.register_table('db.moved', '" + target + "/metadata/" + second.GetValue(0, 0).ToString() + "')");
  EXPECT_EQ(Count("SELECT sum(id) FROM db.moved"), 3);
}

// TestRewriteTablePathsAction.testExpireSnapshotBeforeRewrite, testRewritePathWithNonLiveEntry,
// testMoveTheVersionExpireSnapshot and testMoveVersionWithInvalidSnapshots: once a snapshot
// is expired, its manifest list is gone; the move copies the snapshots the end version
// holds, every version file, and not the file only the expired snapshot had live.
TEST_F(RewriteTablePathTest, AnExpiredSnapshotIsNotCopied) {
  Run("CREATE TABLE db.t (id BIGINT) USING iceberg");
  Run("INSERT INTO db.t VALUES (1)");
  std::vector<std::string> first_files = Rows("SELECT file_path FROM db.t.files");
  ASSERT_EQ(first_files.size(), 1u);
  Run("INSERT OVERWRITE db.t VALUES (2)");
  Run("INSERT INTO db.t VALUES (3)");
  std::vector<std::string> snapshots = Rows("SELECT snapshot_id FROM db.t.snapshots ORDER BY committed_at");
  ASSERT_EQ(snapshots.size(), 3u);
  Result expired = connection_->Query("CALL floe.system.expire_snapshots(table => 'db.t', snapshot_ids => array(" +
                                      snapshots[0] + "))");
  ASSERT_FALSE(expired.HasError()) << expired.error();
  EXPECT_EQ(expired.GetValue(0, 0).ToString(), "1");  // deleted_data_files_count
  EXPECT_FALSE(fs::exists(first_files[0]));
  std::vector<std::string> versions = Rows("SELECT file FROM db.t.metadata_log_entries ORDER BY timestamp");
  ASSERT_EQ(versions.size(), 5u);  // create, three writes, the expiry
  auto file_name = [](const std::string& path) { return path.substr(path.rfind('/') + 1); };
  auto lines = [](const std::string& list) {
    std::ifstream in(list);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  std::string source = (dir_ / "warehouse" / "db" / "t").string();
  std::string target = (dir_ / "moved" / "t").string();

  Result r = connection_->Query("CALL floe.system.rewrite_table_path('db.t', '" + source + "', '" + target + "')");
  ASSERT_FALSE(r.HasError()) << r.error();
  size_t version_files = 0, lists = 0;
  for (const auto& line : lines(r.GetValue(0, 1).ToString())) {
    EXPECT_EQ(line.find(first_files[0]), std::string::npos) << line;
    version_files += line.find(".metadata.json,") != std::string::npos;
    lists += line.find("/snap-") != std::string::npos;
  }
  EXPECT_EQ(version_files, 5u);
  EXPECT_EQ(lists, 2u);
  CopyListed(r.GetValue(0, 1).ToString());
  Run("CALL floe.system.register_table('db.moved', '" + target + "/metadata/" + r.GetValue(0, 0).ToString() + "')");
  EXPECT_EQ(Rows("SELECT id FROM db.moved ORDER BY id"), (std::vector<std::string>{"2", "3"}));
  EXPECT_EQ(Rows("SELECT id FROM db.moved VERSION AS OF " + snapshots[1]), std::vector<std::string>{"2"});

  // only the expiry's version after the version before it
  Result since = connection_->Query("CALL floe.system.rewrite_table_path(table => 'db.t', source_prefix => '" + source +
                                    "', target_prefix => '" + target + "', start_version => '" +
                                    file_name(versions[3]) + "', staging_location => '" +
                                    (dir_ / "staging2").string() + "')");
  ASSERT_FALSE(since.HasError()) << since.error();
  std::vector<std::string> listed = lines(since.GetValue(0, 1).ToString());
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_NE(listed[0].find(file_name(versions[4]) + ","), std::string::npos) << listed[0];

  // an end version that still holds the expired snapshot cannot be moved
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_table_path(table => 'db.t', source_prefix => '" + source +
                    "', target_prefix => '/x', end_version => '" + file_name(versions[3]) + "')")
                .find("Unable to build the manifest files dataframe. The end version in use may contain invalid "
                      "snapshots. Please choose an earlier version without invalid snapshots."),
            std::string::npos);
}

TEST_F(RewriteTablePathTest, Refusals) {
  Run("CREATE TABLE db.t (id BIGINT) USING iceberg");
  Run("INSERT INTO db.t VALUES (1)");
  std::string source = (dir_ / "warehouse" / "db" / "t").string();
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_table_path('db.t', '" + source + "', '" + source + "')")
                .find("Source prefix cannot be the same as target prefix"),
            std::string::npos);
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_table_path('db.t', '', '/x')").find("Source prefix('') cannot be empty."),
            std::string::npos);
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_table_path('db.t', '/not/the/prefix', '/x')").find("does not start with"),
            std::string::npos);
  EXPECT_NE(ErrorOf("CALL floe.system.rewrite_table_path(table => 'db.t', source_prefix => '" + source +
                    "', target_prefix => '/x', end_version => 'v99.metadata.json')")
                .find("Cannot find provided version file v99.metadata.json in metadata log."),
            std::string::npos);
}

}  // namespace
}  // namespace floe
