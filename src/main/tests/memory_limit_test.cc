// Issue 13, memory limit: an ORDER BY over more rows than memory_limit holds sorts them in
// runs it spills to the local state folder and merges them back (an external merge sort);
// a GROUP BY spills its partitioned rows, a file per partition, and groups one partition
// at a time; a hash join spills both sides by key hash partition and joins one partition
// at a time. The same rows as in memory, a peak RSS within the limit plus a fixed margin,
// and no spill file left afterwards, nor any a killed process left.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "common/tests/torture_scale.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class MemoryLimitTest : public testing::WarehouseTest {
 protected:
  // The spill files in the state folder.
  size_t SpillFiles() {
    size_t n = 0;
    if (!fs::exists(dir_ / "state" / "tmp")) return 0;
    for (const auto& e : fs::directory_iterator(dir_ / "state" / "tmp")) n += e.path().filename().string().rfind("spill-", 0) == 0;
    return n;
  }

  // Runs the one-row query `sql` on two threads in memory, then under memory_limit `limit`:
  // every column equals the in-memory answer, EXPLAIN ANALYZE under the limit says
  // `analyzed` (that it spilled), and no spill file is left. Returns the in-memory answer.
  Result ExpectSpilledEqualsInMemory(const std::string& sql, const std::string& limit, const std::string& analyzed) {
    Run("SET threads = 2");
    Result in_memory = connection_->Query(sql);
    EXPECT_FALSE(in_memory.HasError()) << in_memory.error();
    if (in_memory.HasError()) return in_memory;
    Run("SET memory_limit = '" + limit + "'");
    Result spilled = connection_->Query(sql);
    EXPECT_FALSE(spilled.HasError()) << spilled.error();
    if (spilled.HasError()) return in_memory;
    for (size_t c = 0; c < in_memory.ColumnCount(); ++c) {
      EXPECT_EQ(spilled.GetValue(0, c).ToString(), in_memory.GetValue(0, c).ToString()) << "column " << c;
    }
    Result plan = connection_->Query("EXPLAIN ANALYZE " + sql);
    EXPECT_FALSE(plan.HasError()) << plan.error();
    if (!plan.HasError()) {
      EXPECT_NE(plan.GetValue(0, 0).ToString().find(analyzed), std::string::npos) << plan.GetValue(0, 0).ToString();
    }
    EXPECT_EQ(SpillFiles(), 0u);
    return in_memory;
  }

  // Prints the process's peak RSS for `what` (a cap of the issue) and expects it below the
  // limit + 150 MB, with no spill file left.
  void ExpectPeakRssUnder(int64_t limit_mb, const std::string& what) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    int64_t peak_mb = usage.ru_maxrss / 1024;
    std::printf("%s under memory_limit %lld MB: peak RSS %lld MB\n", what.c_str(), static_cast<long long>(limit_mb),
                static_cast<long long>(peak_mb));
    EXPECT_LT(peak_mb, limit_mb + 150);
    EXPECT_EQ(SpillFiles(), 0u);
  }
};

// `n` rows of an id and a string whose order is not the ids', of 3 to 15 bytes.
std::string GeneratedRows(int n) {
  return "SELECT id, CAST((id * 7919) % 1000003 AS STRING) || '-' || CAST(id AS STRING) AS s FROM range(" +
         std::to_string(n) + ")";
}

TEST_F(MemoryLimitTest, OrderBySpillsRunsAndMergesThemInOrder) {
  Run("SET memory_limit = '8MB'");
  Run("SET threads = 2");
  Result r = connection_->Query("SELECT s, id FROM (" + GeneratedRows(300000) + ") ORDER BY s DESC, id");
  ASSERT_FALSE(r.HasError()) << r.error();
  ASSERT_EQ(r.RowCount(), 300000u);
  std::string previous;
  int64_t id_sum = 0;
  size_t row = 0;
  for (const auto& chunk : r.chunks()) {
    for (size_t i = 0; i < chunk->size(); ++i, ++row) {
      std::string s = chunk->column(0).GetValue(i).ToString();
      if (row > 0) {
        ASSERT_LE(s, previous) << "row " << row;
      }
      previous = s;
      id_sum += chunk->column(1).GetValue(i).int64();
    }
  }
  EXPECT_EQ(id_sum, int64_t{300000} * 299999 / 2);
  // It did spill, and the files went with the statement.
  Result analyzed = connection_->Query("EXPLAIN ANALYZE SELECT s FROM (" + GeneratedRows(300000) + ") ORDER BY s");
  ASSERT_FALSE(analyzed.HasError()) << analyzed.error();
  EXPECT_NE(analyzed.GetValue(0, 0).ToString().find("spilled: "), std::string::npos)
      << analyzed.GetValue(0, 0).ToString();
  EXPECT_EQ(SpillFiles(), 0u);
}

TEST_F(MemoryLimitTest, OrderByWithNullsAndSeveralKeysMatchesTheInMemorySort) {
  std::string sql = "SELECT CASE WHEN id % 7 = 0 THEN NULL ELSE CAST(id % 100 AS STRING) END AS a, "
                    "CAST(id % 3 AS INT) AS b, id FROM range(200000) ORDER BY a NULLS LAST, b DESC, id";
  Result in_memory = connection_->Query(sql);
  ASSERT_FALSE(in_memory.HasError()) << in_memory.error();
  Run("SET memory_limit = '4MB'");
  Result spilled = connection_->Query(sql);
  ASSERT_FALSE(spilled.HasError()) << spilled.error();
  ASSERT_EQ(spilled.RowCount(), in_memory.RowCount());
  for (size_t row = 0; row < in_memory.RowCount(); row += 997) {
    for (size_t c = 0; c < 3; ++c) {
      ASSERT_EQ(spilled.GetValue(row, c).ToString(), in_memory.GetValue(row, c).ToString()) << row << "," << c;
    }
  }
  EXPECT_EQ(spilled.GetValue(spilled.RowCount() - 1, 0).ToString(), in_memory.GetValue(in_memory.RowCount() - 1, 0).ToString());
}

// The cap: ORDER BY of 20M rows with a string column under memory_limit = 300MB
// peaks below the limit + 150 MB (`make torture`; `make test` sorts 4M rows under 100MB).
TEST_F(MemoryLimitTest, OrderByPeakRssStaysUnderTheLimit) {
  int scale = testing::TortureScale();
  int rows = scale > 1 ? 20000000 : 4000000;
  int64_t limit_mb = scale > 1 ? 300 : 100;
  Run("SET memory_limit = '" + std::to_string(limit_mb) + "MB'");
  Result r = connection_->Query("SELECT count(*), count(DISTINCT id % 10) FROM (SELECT s, id FROM (" + GeneratedRows(rows) +
                                ") ORDER BY s)");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int64(), rows);
  ExpectPeakRssUnder(limit_mb, "ORDER BY of " + std::to_string(rows) + " rows");
}

// Groups repeated across threads and batches, FILTER, count, sum and a string max: the
// spilled aggregate's every figure equals the in-memory one's.
TEST_F(MemoryLimitTest, GroupBySpillsPartitionsAndMatchesTheInMemoryResult) {
  std::string sql =
      "SELECT count(*), sum(c), sum(f), min(m), max(m), sum(length(m)), sum(length(k)) FROM ("
      "SELECT k, count(*) AS c, sum(id) FILTER (WHERE id % 3 = 0) AS f, max(v) AS m FROM ("
      "SELECT CAST(id % 250000 AS STRING) || '-k' AS k, id, CAST((id * 7919) % 1000003 AS STRING) AS v "
      "FROM range(900000)) GROUP BY k)";
  Result in_memory = ExpectSpilledEqualsInMemory(sql, "8MB", "partition files");
  ASSERT_FALSE(in_memory.HasError());
  EXPECT_EQ(in_memory.GetValue(0, 0).int64(), 250000);
  EXPECT_EQ(in_memory.GetValue(0, 1).int64(), 900000);
}

// Grouping sets put the grouping id among the keys of the spilled rows.
TEST_F(MemoryLimitTest, RollupSpillsAndMatchesTheInMemoryResult) {
  std::string sql =
      "SELECT count(*), sum(c), count(a), count(b), max(m) FROM ("
      "SELECT a, b, count(*) AS c, max(v) AS m FROM ("
      "SELECT CAST(id % 1000 AS STRING) AS a, id % 397 AS b, CAST(id AS STRING) AS v FROM range(600000)) "
      "GROUP BY ROLLUP (a, b))";
  ExpectSpilledEqualsInMemory(sql, "4MB", "partition files");
}

// The cap: GROUP BY of 6M distinct string keys with a max() of a string under
// memory_limit = 300MB peaks below the limit + 150 MB (`make torture`; `make test` groups
// 2M keys under 100MB).
TEST_F(MemoryLimitTest, GroupByPeakRssStaysUnderTheLimit) {
  int scale = testing::TortureScale();
  int keys = scale > 1 ? 6000000 : 2000000;
  int64_t limit_mb = scale > 1 ? 300 : 100;
  Run("SET memory_limit = '" + std::to_string(limit_mb) + "MB'");
  Result r = connection_->Query(
      "SELECT count(*), max(m), sum(length(k)) FROM (SELECT CAST(id AS STRING) || '-key' AS k, "
      "max(CAST(id * 7 AS STRING) || 'v') AS m FROM range(" + std::to_string(keys) + ") GROUP BY k)");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int64(), keys);
  EXPECT_EQ(r.GetValue(0, 1).ToString(), "999999v");
  ExpectPeakRssUnder(limit_mb, "GROUP BY of " + std::to_string(keys) + " string keys");
}

// A join whose build side is over the limit spills both sides by key hash partition and
// joins a partition at a time: the in-memory answer, EXPLAIN ANALYZE says so, and no spill
// file is left (test/sql/joins/join_spill.test checks every join type against DuckDB).
TEST_F(MemoryLimitTest, HashJoinSpillsPartitionsAndMatchesTheInMemoryResult) {
  std::string sql =
      "SELECT count(*), count(b.k), sum(length(b.s)), sum(a.id) FROM range(300000) a LEFT JOIN ("
      "SELECT id * 3 AS k, CAST(id AS STRING) || '-b' AS s FROM range(200000)) b ON a.id = b.k";
  Result in_memory = ExpectSpilledEqualsInMemory(sql, "4MB", "200000 build rows");
  ASSERT_FALSE(in_memory.HasError());
  EXPECT_EQ(in_memory.GetValue(0, 1).int64(), 100000);
}

// The cap: a hash join whose build side is twice the limit (as floe counts its
// rows: 8 + 16 + 26 bytes each) under memory_limit = 300MB peaks below the limit + 150 MB
// (`make torture`; `make test` builds 200MB under 100MB).
TEST_F(MemoryLimitTest, HashJoinPeakRssStaysUnderTheLimit) {
  int scale = testing::TortureScale();
  int64_t limit_mb = scale > 1 ? 300 : 100;
  int64_t rows = 2 * limit_mb * 1000000 / 50;
  Run("SET memory_limit = '" + std::to_string(limit_mb) + "MB'");
  std::string n = std::to_string(rows);
  Result r = connection_->Query("SELECT count(*), count(b.k), sum(length(b.s)) FROM range(" + n +
                                ") a LEFT JOIN (SELECT id AS k, CAST(id AS STRING) || '-build-side-padding' AS s "
                                "FROM range(" + n + ")) b ON a.id = b.k");
  ASSERT_FALSE(r.HasError()) << r.error();
  int64_t lengths = 0;
  for (int64_t digits = 1, low = 0, high = 10; low < rows; ++digits, low = high, high *= 10) {
    lengths += (std::min(high, rows) - low) * (digits + 19);
  }
  EXPECT_EQ(r.GetValue(0, 0).int64(), rows);
  EXPECT_EQ(r.GetValue(0, 1).int64(), rows);
  EXPECT_EQ(r.GetValue(0, 2).int64(), lengths);
  ExpectPeakRssUnder(limit_mb, "hash join of a " + n + "-row build side");
}

// The cap: an INSERT of 20M rows over 20,000 partitions under memory_limit = 300MB
// peaks below the limit + 150 MB (`make torture`; `make test` writes 2M rows under 100MB).
// The write turns clustered: every row lands, each partition in at most two files, and no
// spill file is left.
TEST_F(MemoryLimitTest, PartitionedInsertPeakRssStaysUnderTheLimit) {
  int scale = testing::TortureScale();
  int64_t rows = scale > 1 ? 20000000 : 2000000;
  int64_t limit_mb = scale > 1 ? 300 : 100;
  Run("CREATE NAMESPACE ns");
  Run("CREATE TABLE ns.parts (id BIGINT, p INT, s STRING) USING iceberg PARTITIONED BY (p)");
  Run("SET memory_limit = '" + std::to_string(limit_mb) + "MB'");
  std::string n = std::to_string(rows);
  Run("INSERT INTO ns.parts SELECT id, CAST(id % 20000 AS INT), CAST(id * 7919 AS STRING) || '-x' FROM range(" + n +
      ")");
  ExpectPeakRssUnder(limit_mb, "INSERT of " + n + " rows over 20,000 partitions");
  Result r = connection_->Query("SELECT count(*), count(DISTINCT p), sum(id), sum(CAST(p AS BIGINT)) FROM ns.parts");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int64(), rows);
  EXPECT_EQ(r.GetValue(0, 1).int64(), 20000);
  EXPECT_EQ(r.GetValue(0, 2).ToString(), std::to_string(rows * (rows - 1) / 2));
  EXPECT_EQ(r.GetValue(0, 3).int64(), rows / 20000 * (19999 * 20000 / 2));
  Result files = connection_->Query("SELECT count(*), max(file_count) FROM ns.parts.partitions");
  ASSERT_FALSE(files.HasError()) << files.error();
  EXPECT_EQ(files.GetValue(0, 0).int64(), 20000);
  EXPECT_LE(files.GetValue(0, 1).int64(), 2);
}

// Window functions over more rows than the limit holds go on over an external sort and are
// computed as its sorted rows stream out: the in-memory answer, EXPLAIN ANALYZE says so, and
// no spill file is left (test/sql/window/window_spill.test checks each function against
// DuckDB).
TEST_F(MemoryLimitTest, WindowStreamsOverAnExternalSortAndMatchesTheInMemoryResult) {
  std::string sql =
      "SELECT count(*), sum(rn), sum(r), sum(x), max(m), sum(l) FROM (SELECT row_number() OVER w AS rn, "
      "rank() OVER w AS r, sum(id) OVER w AS x, max(s) OVER w AS m, lag(id, 2, 0) OVER w AS l FROM ("
      "SELECT id, id % 5 AS g, id % 1000 AS k, CAST(id * 7 AS STRING) AS s FROM range(400000)) "
      "WINDOW w AS (PARTITION BY g ORDER BY k, id))";
  ExpectSpilledEqualsInMemory(sql, "4MB", "streamed over an external sort");
}

// The cap: window functions over 20M rows in one partition, with a string column,
// under memory_limit = 300MB peak below the limit + 150 MB (`make torture`; `make test`:
// 4M rows under 100MB).
TEST_F(MemoryLimitTest, WindowPeakRssStaysUnderTheLimit) {
  int scale = testing::TortureScale();
  int64_t rows = scale > 1 ? 20000000 : 4000000;
  int64_t limit_mb = scale > 1 ? 300 : 100;
  Run("SET memory_limit = '" + std::to_string(limit_mb) + "MB'");
  Result r = connection_->Query(
      "SELECT count(*), sum(rn), max(run), sum(d), max(m) FROM (SELECT row_number() OVER (ORDER BY id) AS rn, "
      "sum(id) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS run, "
      "id - lag(id) OVER (ORDER BY id) AS d, max(s) OVER (ORDER BY id) AS m FROM ("
      "SELECT id, CAST(id * 7 AS STRING) || '-window-padding' AS s FROM range(" + std::to_string(rows) + ")))");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 0).int64(), rows);
  EXPECT_EQ(r.GetValue(0, 1).ToString(), std::to_string(rows * (rows + 1) / 2));
  EXPECT_EQ(r.GetValue(0, 2).ToString(), std::to_string(rows * (rows - 1) / 2));
  EXPECT_EQ(r.GetValue(0, 3).ToString(), std::to_string(rows - 1));
  // the largest string: of the id whose id * 7 has the most digits and the largest first ones
  EXPECT_EQ(r.GetValue(0, 4).ToString(), scale > 1 ? "99999998-window-padding" : "9999997-window-padding");
  ExpectPeakRssUnder(limit_mb, "window functions over " + std::to_string(rows) + " rows in one partition");
}

// A state folder where no spill file can be made: the statement fails naming the folder,
// and nothing is left.
TEST_F(MemoryLimitTest, ASpillFolderThatCannotBeMadeFailsTheStatementCleanly) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "not_a_folder") << "x";
  DatabaseOptions options;
  options.warehouse = (dir_ / "warehouse2").string();
  options.state_folder = (dir_ / "not_a_folder").string();
  Database database(options);
  Connection connection(database);
  ASSERT_FALSE(connection.Query("SET memory_limit = '4MB'").HasError());
  Result r = connection.Query("SELECT s FROM (" + GeneratedRows(300000) + ") ORDER BY s");
  ASSERT_TRUE(r.HasError());
  EXPECT_NE(r.error().find("not_a_folder"), std::string::npos) << r.error();
}

TEST_F(MemoryLimitTest, SpillFilesOfADeadProcessAreDeletedAtStartUp) {
  fs::create_directories(dir_ / "state" / "tmp");
  // pid 999999999 cannot run (pid_max is at most 2^22); our own pid's files stay
  std::ofstream(dir_ / "state" / "tmp" / "spill-999999999-0.bin") << "x";
  std::string mine = "spill-" + std::to_string(::getpid()) + "-999.bin";
  std::ofstream(dir_ / "state" / "tmp" / mine) << "x";
  std::ofstream(dir_ / "state" / "tmp" / "notes.txt") << "x";
  DatabaseOptions options;
  options.warehouse = (dir_ / "warehouse").string();
  options.state_folder = (dir_ / "state").string();
  Database database(options);
  EXPECT_FALSE(fs::exists(dir_ / "state" / "tmp" / "spill-999999999-0.bin"));
  EXPECT_TRUE(fs::exists(dir_ / "state" / "tmp" / mine));
  EXPECT_TRUE(fs::exists(dir_ / "state" / "tmp" / "notes.txt"));
  fs::remove(dir_ / "state" / "tmp" / mine);
}

TEST_F(MemoryLimitTest, MemoryLimitTakesSizes) {
  Run("SET memory_limit = '300MB'");
  Result r = connection_->Query("SET memory_limit");
  ASSERT_FALSE(r.HasError()) << r.error();
  EXPECT_EQ(r.GetValue(0, 1).ToString(), "300000000");
  Run("SET memory_limit = '2GiB'");
  EXPECT_EQ(connection_->Query("SET memory_limit").GetValue(0, 1).ToString(), "2147483648");
  Run("SET memory_limit = '1.5 gb'");
  EXPECT_EQ(connection_->Query("SET memory_limit").GetValue(0, 1).ToString(), "1500000000");
  EXPECT_NE(ErrorOf("SET memory_limit = 'lots'").find("expected a size"), std::string::npos);
  EXPECT_NE(ErrorOf("SET memory_limit = '10KB'").find("at least 1MB"), std::string::npos);
  EXPECT_NE(ErrorOf("SET memory_limit = '-5GB'").find("expected a size"), std::string::npos);
}

}  // namespace
}  // namespace floe
