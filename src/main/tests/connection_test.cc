// The embedding API: Database, Connection and Result as an application sees them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "common/types.h"
#include "common/value.h"
#include "floe/connection.h"
#include "floe/database.h"
#include "floe/result.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class ConnectionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("floe_connection_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    database_ = std::make_unique<Database>(Options());
    connection_ = std::make_unique<Connection>(*database_);
  }
  void TearDown() override {
    connection_.reset();
    database_.reset();
    fs::remove_all(dir_);
  }

  DatabaseOptions Options() const {
    DatabaseOptions options;
    options.warehouse = (dir_ / "warehouse").string();
    options.state_folder = (dir_ / "state").string();
    options.threads = 2;
    return options;
  }

  // Runs `sql` and fails the test when it errs.
  Result Run(const std::string& sql) {
    Result result = connection_->Query(sql);
    EXPECT_FALSE(result.HasError()) << sql << ": " << result.error();
    return result;
  }

  fs::path dir_;
  std::unique_ptr<Database> database_;
  std::unique_ptr<Connection> connection_;
};

TEST_F(ConnectionTest, ResultHoldsNamesTypesAndValues) {
  Result result = Run("SELECT 1 AS a, 'x' AS b, CAST(NULL AS DECIMAL(4,2)) AS c, 2.5D AS d");
  ASSERT_EQ(result.ColumnCount(), 4u);
  EXPECT_EQ(result.names(), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(result.TypeName(0), "int");
  EXPECT_EQ(result.TypeName(1), "string");
  EXPECT_EQ(result.TypeName(2), "decimal(4,2)");
  EXPECT_EQ(result.type(3).id(), TypeId::kDouble);
  ASSERT_EQ(result.RowCount(), 1u);
  EXPECT_EQ(result.GetValue(0, 0).int32(), 1);
  EXPECT_EQ(result.GetString(0, 1), "x");
  EXPECT_TRUE(result.GetValue(0, 2).is_null());
  EXPECT_EQ(result.GetString(0, 2), "NULL");
  EXPECT_EQ(result.GetString(0, 3), "2.5");
  EXPECT_TRUE(result.error().empty());
  EXPECT_TRUE(result.error_kind().empty());
}

TEST_F(ConnectionTest, RowsSpanSeveralChunks) {
  // More rows than one batch holds: GetValue finds the chunk of each row.
  Result result = Run("SELECT id * 2 AS x FROM range(10000) ORDER BY x");
  ASSERT_EQ(result.RowCount(), 10000u);
  EXPECT_GT(result.chunks().size(), 1u);
  int64_t sum = 0;
  for (size_t r = 0; r < result.RowCount(); ++r) sum += result.GetValue(r, 0).int64();
  EXPECT_EQ(sum, 9999LL * 10000);
  EXPECT_EQ(result.GetValue(9999, 0).int64(), 19998);
}

TEST_F(ConnectionTest, ToTableAlignsColumns) {
  Result result = Run("SELECT 1 AS a, 'long text' AS b");
  EXPECT_EQ(result.ToTable(),
            "+---+-----------+\n"
            "| a | b         |\n"
            "+---+-----------+\n"
            "| 1 | long text |\n"
            "+---+-----------+\n");
}

TEST_F(ConnectionTest, QueryReturnsTheLastResultAndQueryAllEach) {
  Result last = Run("SELECT 1; SELECT 2 AS two");
  ASSERT_EQ(last.names(), std::vector<std::string>{"two"});
  EXPECT_EQ(last.GetValue(0, 0).int32(), 2);
  std::vector<Result> all = connection_->QueryAll("SELECT 1; SELECT 2; SELECT 3");
  ASSERT_EQ(all.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(all[i].GetValue(0, 0).int32(), i + 1);
}

TEST(DatabaseOptionsTest, ThreadsOutOfRangeAreRefusedLikeSetThreads) {
  for (int threads : {-1, 257, 100000}) {
    DatabaseOptions options;
    options.warehouse = (fs::temp_directory_path() / ("floe_threads_" + std::to_string(::getpid()))).string();
    options.threads = threads;
    try {
      Database database(options);
      ADD_FAILURE() << "threads " << threads << " was accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("1 to 256"), std::string::npos) << e.what();
    }
  }
}

TEST_F(ConnectionTest, EmptyTextIsAnEmptyResult) {
  Result result = connection_->Query("");
  EXPECT_FALSE(result.HasError());
  EXPECT_EQ(result.ColumnCount(), 0u);
  EXPECT_EQ(result.RowCount(), 0u);
  EXPECT_TRUE(connection_->QueryAll("  ;  ").empty());
}

TEST_F(ConnectionTest, QueryAllStopsAtTheFirstError) {
  std::vector<Result> all = connection_->QueryAll("SELECT 1; SELECT nope; SELECT 3");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_FALSE(all[0].HasError());
  ASSERT_TRUE(all[1].HasError());
  EXPECT_EQ(all[1].error_kind(), "Binder Error");
  EXPECT_EQ(all[1].error().rfind("Binder Error: [UNRESOLVED_COLUMN] column `nope` not found", 0),
            0u)
      << all[1].error();
  // The error shows in place of a table.
  EXPECT_EQ(all[1].ToTable(), all[1].error());
}

TEST_F(ConnectionTest, ParserErrorsPointAtTheirLineAndColumn) {
  // A parse error stops the whole text before anything runs.
  std::vector<Result> all = connection_->QueryAll("SELECT 1;\nSELECT 2 FROM FROM t");
  ASSERT_EQ(all.size(), 1u);
  ASSERT_TRUE(all[0].HasError());
  EXPECT_EQ(all[0].error_kind(), "Parser Error");
  const std::string& error = all[0].error();
  EXPECT_EQ(error.rfind("Parser Error: ", 0), 0u) << error;
  EXPECT_NE(error.find("\nLINE 2: SELECT 2 FROM FROM t\n"), std::string::npos) << error;
  EXPECT_NE(error.find("\n                      ^"), std::string::npos) << error;
}

TEST_F(ConnectionTest, ErrorKindsFollowTheExceptionType) {
  Result divide = connection_->Query("SELECT 1 / 0");
  ASSERT_TRUE(divide.HasError());
  EXPECT_EQ(divide.error_kind(), "Divide by Zero Error");
  Result cast = connection_->Query("SELECT CAST('abc' AS INT)");
  ASSERT_TRUE(cast.HasError());
  EXPECT_EQ(cast.error_kind(), "Conversion Error");
  Result table = connection_->Query("SELECT * FROM no_such_table");
  ASSERT_TRUE(table.HasError());
  EXPECT_EQ(table.error_kind(), "Catalog Error");
  // The connection stays usable after an error.
  EXPECT_EQ(Run("SELECT 7").GetValue(0, 0).int32(), 7);
}

TEST_F(ConnectionTest, SettingsValidateTheirValues) {
  std::string threads_before = Run("SET threads").GetString(0, 1);
  Result threads = connection_->Query("SET threads = 0");
  ASSERT_TRUE(threads.HasError());
  EXPECT_EQ(threads.error_kind(), "Invalid Input Error");
  EXPECT_EQ(threads.error(),
            "Invalid Input Error: invalid value for setting threads: expected an integer in [1, "
            "256], got '0'");
  Result zone = connection_->Query("SET spark.sql.session.timeZone = 'Mars/Olympus'");
  ASSERT_TRUE(zone.HasError());
  EXPECT_NE(zone.error().find("unknown time zone 'Mars/Olympus'"), std::string::npos)
      << zone.error();
  Result unknown = connection_->Query("SET floe.pruning.enable = false");
  ASSERT_TRUE(unknown.HasError());
  EXPECT_EQ(unknown.error(),
            "Invalid Input Error: unknown setting 'floe.pruning.enable'; did you mean "
            "'floe.pruning.enabled'?");
  // A rejected value leaves the setting as it was.
  EXPECT_EQ(Run("SET threads").GetString(0, 1), threads_before);
}

TEST_F(ConnectionTest, SetShowsTheNormalizedValue) {
  Result set = Run("SET floe.statement_timeout = '30s'");
  EXPECT_EQ(set.names(), (std::vector<std::string>{"key", "value"}));
  EXPECT_EQ(set.GetString(0, 1), "30000");
  EXPECT_EQ(Run("SET floe.pruning.enabled = OFF").GetString(0, 1), "false");
  Run("RESET floe.pruning.enabled");
  EXPECT_EQ(Run("SET floe.pruning.enabled").GetString(0, 1), "true");
}

TEST_F(ConnectionTest, SettingsBelongToTheirConnection) {
  Connection other(*database_);
  Run("SET spark.sql.session.timeZone = 'America/Los_Angeles'");
  Result here = Run("SELECT CAST('2026-01-15 12:00:00' AS TIMESTAMP) AS t");
  Result there = other.Query("SELECT CAST('2026-01-15 12:00:00' AS TIMESTAMP) AS t");
  ASSERT_FALSE(there.HasError()) << there.error();
  // The same wall-clock text is read in each session's zone: 8 hours apart in UTC.
  EXPECT_EQ(there.GetValue(0, 0).int64() - here.GetValue(0, 0).int64(),
            -8LL * 3600 * 1000 * 1000);
  EXPECT_EQ(here.GetString(0, 0), "2026-01-15 12:00:00");
  EXPECT_EQ(there.GetString(0, 0), "2026-01-15 12:00:00");
  EXPECT_EQ(other.Query("SET spark.sql.session.timeZone").GetString(0, 1), "UTC");
}

TEST_F(ConnectionTest, TablesOutliveTheDatabaseObject) {
  Run("CREATE TABLE ns.kept (id BIGINT, name STRING) USING iceberg");
  Run("INSERT INTO ns.kept VALUES (1, 'one'), (2, 'two')");
  connection_.reset();
  database_.reset();
  Database reopened(Options());
  Connection connection(reopened);
  Result result = connection.Query("SELECT id, name FROM ns.kept ORDER BY id");
  ASSERT_FALSE(result.HasError()) << result.error();
  ASSERT_EQ(result.RowCount(), 2u);
  EXPECT_EQ(result.GetValue(1, 0).int64(), 2);
  EXPECT_EQ(result.GetString(1, 1), "two");
}

TEST_F(ConnectionTest, ResultsMove) {
  Result a = Run("SELECT 5 AS five");
  Result b = std::move(a);
  EXPECT_EQ(b.GetValue(0, 0).int32(), 5);
  Result c;
  EXPECT_FALSE(c.HasError());
  EXPECT_EQ(c.ColumnCount(), 0u);
  c = std::move(b);
  EXPECT_EQ(c.names(), std::vector<std::string>{"five"});
}

// Warnings: what a statement did not do as asked, in its result (the shell prints them).
// Spark accepts every spark.* key and logs the hints it cannot follow; floe says the same.
TEST_F(ConnectionTest, SettingsAndHintsFloeDoesNotUseAreWarnedAbout) {
  auto warnings = [&](const std::string& sql) { return Run(sql).warnings(); };
  std::vector<std::string> w = warnings("SET spark.sql.adaptive.skewJoin.enabled = true");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].rfind("spark.sql.adaptive.skewJoin.enabled is a Spark setting floe does not use; "
                       "the value is stored, not used",
                       0),
            0u)
      << w[0];
  w = warnings("SET spark.sql.sesion.timeZone = UTC");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("(did you mean 'spark.sql.session.timeZone'?)"), std::string::npos) << w[0];
  w = warnings("SET spark.sql.adaptive.enabled = false");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "spark.sql.adaptive.enabled: floe plans each query once, with its runtime filters; the value "
                  "is stored, not used");
  // a key floe acts on, and floe's own: no warning
  EXPECT_TRUE(warnings("SET spark.sql.autoBroadcastJoinThreshold = 20MB").empty());
  EXPECT_TRUE(warnings("SET threads = 2").empty());

  w = warnings("SELECT /*+ NOT_A_HINT(t), REPARTITION(4) */ count(*) FROM range(3) t");
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0], "Unrecognized hint: NOT_A_HINT(t)");
  EXPECT_EQ(w[1], "floe runs on one machine and does not repartition rows: REPARTITION(4) changes nothing");
  w = warnings("SELECT /*+ BROADCAST(b), MERGE(a) */ count(*) FROM range(3) a JOIN range(3) c ON a.id = c.id");
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0], "Count not find relation 'b' specified in hint 'BROADCAST(b)'.");
  EXPECT_TRUE(warnings("SELECT /*+ BROADCAST(c) */ count(*) FROM range(3) a JOIN range(3) c ON a.id = c.id").empty());
  // each statement has its own
  EXPECT_TRUE(warnings("SELECT 1").empty());
}

}  // namespace
}  // namespace floe
