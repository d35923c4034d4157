// Issue 13, "Proof at scale": the FileIO fault mode on writes of every kind. Each write
// (INSERT INTO, INSERT OVERWRITE dynamic and static, DELETE of rows and of a partition,
// rewrite_data_files, ALTER TABLE ADD / RENAME / DROP COLUMN, INSERT and DELETE on a
// branch, CREATE TABLE AS, CREATE OR REPLACE TABLE AS, ALTER TABLE RENAME TO, DROP TABLE
// [PURGE]) runs with one random fault scheduled at a random
// point: an error on create, write, close, write_atomically, create_if_absent, rename,
// delete, open, read, list, exists, stat, file_size or create_folder; a torn write (half
// the bytes, then an error); a short read (a file looking truncated); a delay. Some faults
// stay until cleared (a disk gone), most hit once. After each write:
//  - it succeeded and the tables equal the model after it, or it failed with an error that
//    names the injected fault or the file, and the tables are exactly as before: the same
//    current metadata file of every table (so the same current snapshot) and the same rows;
//    a failed write leaves no file behind unless the fault was on its cleanup (delete);
//  - no acknowledged write is lost and no row appears that no write made (the model holds
//    every row by id: statement N writes ids N * 10000 + i);
//  - a fresh Database without faults, on the same warehouse, reads the same tables and
//    metadata files; every 25 writes it also reads every snapshot of ns.t.
// N = 150 writes, or 10 x FLOE_TORTURE_SCALE under `make torture` (1,000 at 100); a fresh
// set of tables every 100 writes bounds the snapshots. FLOE_FAULT_SEED replays a run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "common/tests/torture_scale.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

struct Row {
  int64_t id;
  int64_t b;
  int64_t k;
  auto operator<=>(const Row&) const = default;
};

// What the tables hold: the rows of each (sorted by id), ns.t's columns and the rows of its
// branch audit.
struct TablesState {
  std::map<std::string, std::vector<Row>> tables;
  std::vector<std::string> columns;
  std::vector<Row> branch;
  bool operator==(const TablesState&) const = default;
};

std::string Describe(const TablesState& s) {
  std::string out;
  for (const auto& [name, rows] : s.tables) {
    int64_t sum = 0;
    for (const Row& r : rows) sum += r.id;
    out += name + ": " + std::to_string(rows.size()) + " rows, id sum " + std::to_string(sum) + "; ";
  }
  out += "branch audit: " + std::to_string(s.branch.size()) + " rows; ";
  out += "columns:";
  for (const auto& c : s.columns) out += " " + c;
  return out;
}

std::vector<Row> Batch(int64_t n, int64_t size, int64_t partition) {
  std::vector<Row> rows;
  for (int64_t i = 0; i < size; ++i) rows.push_back({n * 10000 + i, n, partition < 0 ? i % 4 : partition});
  return rows;
}

template <class Keep>
std::vector<Row> Filter(const std::vector<Row>& rows, Keep keep) {
  std::vector<Row> out;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(out), keep);
  return out;
}

// One write: its kind, its SQL and the state after it.
struct Write {
  std::string kind;
  std::string sql;
  TablesState after;
};

class WriteFaultsTest : public testing::WarehouseTest {
 protected:
  // Reads the tables through a connection: their rows, ns.t's columns and each table's
  // current metadata file (into `metadata`).
  static TablesState Observe(Connection& c, std::map<std::string, std::string>* metadata) {
    TablesState s;
    Result tables = c.Query("SHOW TABLES IN ns");
    EXPECT_FALSE(tables.HasError()) << tables.error();
    for (size_t i = 0; i < tables.RowCount(); ++i) {
      std::string name = tables.GetString(i, 1);
      Result rows = c.Query("SELECT id, b, k FROM ns." + name + " ORDER BY id");
      EXPECT_FALSE(rows.HasError()) << name << ": " << rows.error();
      auto& out = s.tables[name];
      for (size_t r = 0; r < rows.RowCount(); ++r) {
        out.push_back({rows.GetValue(r, 0).int64(), rows.GetValue(r, 1).int64(), rows.GetValue(r, 2).int64()});
      }
      Result log = c.Query("SELECT file FROM ns." + name + ".metadata_log_entries");
      EXPECT_FALSE(log.HasError()) << name << ": " << log.error();
      std::string current;
      for (size_t r = 0; r < log.RowCount(); ++r) {
        std::string file = log.GetString(r, 0);
        if (fs::path(file).filename() > fs::path(current).filename()) current = file;
      }
      if (metadata) (*metadata)[name] = current;
    }
    if (!s.tables.count("t")) return s;  // (before the first tables)
    Result branch = c.Query("SELECT id, b, k FROM ns.t.branch_audit ORDER BY id");
    EXPECT_FALSE(branch.HasError()) << branch.error();
    for (size_t r = 0; r < branch.RowCount(); ++r) {
      s.branch.push_back({branch.GetValue(r, 0).int64(), branch.GetValue(r, 1).int64(), branch.GetValue(r, 2).int64()});
    }
    Result columns = c.Query("SELECT * FROM ns.t LIMIT 0");
    EXPECT_FALSE(columns.HasError()) << columns.error();
    s.columns = columns.names();
    return s;
  }

  // Every file under the warehouse but the catalog.
  std::set<std::string> Files() {
    std::set<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir_ / "warehouse")) {
      if (e.is_regular_file() && e.path().filename().string().rfind("catalog.db", 0) != 0) {
        out.insert(e.path().string());
      }
    }
    return out;
  }

  // Drops every table and starts again: ns.t with 1,000 rows, ns.r its partition 0.
  void FreshTables(TablesState* model) {
    std::map<std::string, std::string> none;
    for (const auto& [name, rows] : Observe(*connection_, &none).tables) Run("DROP TABLE ns." + name + " PURGE");
    Run("CREATE TABLE ns.t (id BIGINT, b BIGINT, k BIGINT) USING iceberg PARTITIONED BY (k) "
        "TBLPROPERTIES ('commit.manifest.min-count-to-merge' = '4')");
    Run("INSERT INTO ns.t (id, b, k) SELECT id, 0, id % 4 FROM range(1000)");
    Run("ALTER TABLE ns.t CREATE BRANCH audit");
    Run("CREATE TABLE ns.r USING iceberg AS SELECT id, b, k FROM ns.t WHERE k = 0");
    *model = {};
    model->tables["t"] = Batch(0, 1000, -1);
    model->tables["r"] = Filter(model->tables["t"], [](const Row& r) { return r.k == 0; });
    model->columns = {"id", "b", "k"};
    model->branch = model->tables["t"];
  }

  // Picks write number n, given the state before it.
  static Write PlanWrite(const TablesState& before, int64_t n, std::mt19937& rng) {
    auto pick = [&](int64_t bound) { return static_cast<int64_t>(rng() % static_cast<uint64_t>(bound)); };
    Write w{"", "", before};
    const std::vector<Row>& t = before.tables.at("t");
    std::string ns = std::to_string(n);
    int64_t p = pick(4);
    std::string ctas;
    for (const auto& [name, rows] : before.tables) {
      if (name[0] == 'c') ctas = name;
    }
    int64_t choice = pick(22);
    if (t.size() > 30000 && choice < 8) choice = 9;  // keep the table small: delete a partition
    if (choice < 4) {
      int64_t size = 1 + pick(3000);
      w.kind = "insert";
      w.sql = "INSERT INTO ns.t (id, b, k) SELECT " + ns + " * 10000 + id, " + ns + ", id % 4 FROM range(" +
              std::to_string(size) + ")";
      auto batch = Batch(n, size, -1);
      w.after.tables["t"].insert(w.after.tables["t"].end(), batch.begin(), batch.end());
    } else if (choice < 7) {
      int64_t size = 1 + pick(2000);
      bool dynamic = choice < 6;
      w.kind = dynamic ? "overwrite_dynamic" : "overwrite_static";
      w.sql = dynamic ? "INSERT OVERWRITE ns.t (id, b, k) SELECT " + ns + " * 10000 + id, " + ns + ", " +
                            std::to_string(p) + " FROM range(" + std::to_string(size) + ")"
                      : "INSERT OVERWRITE ns.t PARTITION (k = " + std::to_string(p) + ") (id, b) SELECT " + ns +
                            " * 10000 + id, " + ns + " FROM range(" + std::to_string(size) + ")";
      auto kept = Filter(t, [&](const Row& r) { return r.k != p; });
      auto batch = Batch(n, size, p);
      kept.insert(kept.end(), batch.begin(), batch.end());
      w.after.tables["t"] = kept;
    } else if (choice < 9) {
      int64_t m = 2 + pick(6), r = pick(m);
      bool in_partition = pick(2) == 1;
      w.kind = "delete_rows";
      w.sql = "DELETE FROM ns.t WHERE " + (in_partition ? "k = " + std::to_string(p) + " AND " : std::string()) +
              "id % " + std::to_string(m) + " = " + std::to_string(r);
      w.after.tables["t"] =
          Filter(t, [&](const Row& row) { return !((!in_partition || row.k == p) && row.id % m == r); });
    } else if (choice < 10) {
      w.kind = "delete_partition";
      w.sql = "DELETE FROM ns.t WHERE k = " + std::to_string(p);
      w.after.tables["t"] = Filter(t, [&](const Row& r) { return r.k != p; });
    } else if (choice < 12) {
      w.kind = "rewrite";
      w.sql = pick(2) ? "CALL floe.system.rewrite_data_files(table => 'ns.t', options => map('rewrite-all', 'true'))"
                      : "CALL floe.system.rewrite_data_files(table => 'ns.t', where => 'k = " + std::to_string(p) +
                            "', options => map('rewrite-all', 'true'))";
    } else if (choice < 15) {
      w.kind = "alter_schema";
      if (before.columns.size() == 3) {
        w.sql = "ALTER TABLE ns.t ADD COLUMN c" + ns + " INT";
        w.after.columns.push_back("c" + ns);
      } else if (pick(2)) {
        w.sql = "ALTER TABLE ns.t RENAME COLUMN " + before.columns[3] + " TO c" + ns;
        w.after.columns[3] = "c" + ns;
      } else {
        w.sql = "ALTER TABLE ns.t DROP COLUMN " + before.columns[3];
        w.after.columns.pop_back();
      }
    } else if ((choice < 17 && before.tables.size() < 5) || (choice == 17 && ctas.empty())) {
      int64_t m = 2 + pick(3);
      w.kind = "ctas";
      w.sql = "CREATE TABLE ns.c" + ns + " USING iceberg PARTITIONED BY (k) AS SELECT id, b, k FROM ns.t WHERE id % " +
              std::to_string(m) + " = 0";
      w.after.tables["c" + ns] = Filter(t, [&](const Row& r) { return r.id % m == 0; });
    } else if (choice < 18) {
      w.kind = "drop_table";
      w.sql = "DROP TABLE ns." + ctas + (pick(4) ? " PURGE" : "");
      w.after.tables.erase(ctas);
    } else if (choice < 20) {
      w.kind = "branch_write";
      if (pick(2)) {
        int64_t size = 1 + pick(2000);
        w.sql = "INSERT INTO ns.t.branch_audit (id, b, k) SELECT " + ns + " * 10000 + id, " + ns +
                ", id % 4 FROM range(" + std::to_string(size) + ")";
        auto batch = Batch(n, size, -1);
        w.after.branch.insert(w.after.branch.end(), batch.begin(), batch.end());
      } else {
        int64_t m = 2 + pick(6), r = pick(m);
        w.sql = "DELETE FROM ns.t.branch_audit WHERE id % " + std::to_string(m) + " = " + std::to_string(r);
        w.after.branch = Filter(before.branch, [&](const Row& row) { return row.id % m != r; });
      }
    } else if (choice < 21 && !ctas.empty()) {
      w.kind = "rename_table";
      w.sql = "ALTER TABLE ns." + ctas + " RENAME TO ns.c" + ns;
      w.after.tables["c" + ns] = w.after.tables[ctas];
      w.after.tables.erase(ctas);
    } else {
      w.kind = "replace";
      w.sql = "CREATE OR REPLACE TABLE ns.r USING iceberg AS SELECT id, b, k FROM ns.t WHERE k = " +
              std::to_string(p);
      w.after.tables["r"] = Filter(t, [&](const Row& r) { return r.k == p; });
    }
    return w;
  }

  // One random fault: which request, what it does, where in the statement. `seen` holds the
  // requests of each operation a write of the same kind made before (empty the first time):
  // mostly the fault picks one of those operations and a request among them, so that it
  // lands at a random point of the write; else any operation, blind.
  static FaultRule PlanFault(std::mt19937& rng, const std::map<FileOperation, int64_t>& seen, std::string* what) {
    static const FileOperation kOps[] = {
        FileOperation::kCreate,         FileOperation::kWrite,  FileOperation::kClose,
        FileOperation::kWriteAtomically, FileOperation::kCreateIfAbsent, FileOperation::kRename,
        FileOperation::kDelete,         FileOperation::kOpenForRead,     FileOperation::kRead,
        FileOperation::kList,           FileOperation::kExists, FileOperation::kStat,
        FileOperation::kFileSize,       FileOperation::kCreateFolder};
    static const char* kPaths[] = {"", "", ".parquet", ".avro", "/snap-", ".metadata.json"};
    auto pick = [&](int64_t bound) { return static_cast<int64_t>(rng() % static_cast<uint64_t>(bound)); };
    FaultRule rule;
    rule.operation = kOps[pick(std::size(kOps))];
    rule.path_contains = kPaths[pick(std::size(kPaths))];
    rule.skip = pick(6);
    std::vector<std::pair<FileOperation, int64_t>> made;
    for (const auto& [op, requests] : seen) {
      if (requests > 0) made.push_back({op, requests});
    }
    if (!made.empty() && pick(5) != 0) {
      auto [op, requests] = made[pick(static_cast<int64_t>(made.size()))];
      rule.operation = op;
      rule.path_contains = "";
      rule.skip = pick(requests);
    }
    rule.times = pick(8) == 0 ? -1 : 1;
    int64_t kind = pick(20);
    if (kind < 3) {
      rule.kind = FaultKind::kDelay;
      rule.delay = std::chrono::milliseconds(1 + pick(10));
    } else if (kind < 6 && (rule.operation == FileOperation::kOpenForRead || rule.operation == FileOperation::kRead)) {
      rule.operation = FileOperation::kOpenForRead;
      rule.kind = FaultKind::kShortRead;
    } else if (kind < 9 && rule.operation == FileOperation::kWrite) {
      rule.kind = FaultKind::kTornWrite;
    } else {
      rule.kind = FaultKind::kError;
    }
    static const char* kKinds[] = {"error", "short read", "delay", "callback", "torn write"};
    *what = std::string(kKinds[static_cast<int>(rule.kind)]) + " on " + FileOperationName(rule.operation);
    return rule;
  }
};

TEST_F(WriteFaultsTest, EveryWriteLandsWhollyOrLeavesTheTablesAsTheyWere) {
  const int scale = testing::TortureScale();
  const int64_t writes = scale > 15 ? 10 * static_cast<int64_t>(scale) : 150;
  const char* seed_text = std::getenv("FLOE_FAULT_SEED");
  const uint32_t seed = seed_text ? static_cast<uint32_t>(std::strtoul(seed_text, nullptr, 10)) : std::random_device{}();
  std::printf("seed %u (FLOE_FAULT_SEED replays it), %lld writes\n", seed, static_cast<long long>(writes));
  std::mt19937 rng(seed);

  DatabaseOptions fresh_options;
  fresh_options.warehouse = (dir_ / "warehouse").string();
  fresh_options.state_folder = (dir_ / "fresh_state").string();

  Run("SET spark.sql.sources.partitionOverwriteMode = dynamic");  // the overwrites without PARTITION (k = p)
  TablesState model;
  std::map<std::string, int64_t> succeeded, failed, failed_by_fault, orphans_by_fault;
  std::map<std::string, std::map<FileOperation, int64_t>> requests_by_kind;
  int64_t faults_hit = 0, unreached = 0, orphans = 0, snapshots_read = 0;
  std::set<std::string> errors_seen;
  for (int64_t n = 1; n <= writes; ++n) {
    if (n % 100 == 1) FreshTables(&model);
    Write w = PlanWrite(model, n, rng);
    std::string what;
    FaultRule rule = PlanFault(rng, requests_by_kind[w.kind], &what);
    std::map<std::string, std::string> metadata_before;
    TablesState before = Observe(*connection_, &metadata_before);
    ASSERT_EQ(before, model) << "write " << n << ": the tables drifted from the model before " << w.sql;
    std::set<std::string> files_before = Files();

    int64_t hits_before = Io().FaultsHit();
    auto counts_before = Io().Counts();
    Io().AddFault(rule);
    Result r = connection_->Query(w.sql);
    Io().ClearFaults();
    if (!r.HasError()) {
      for (const auto& [op, count] : Io().Counts()) {
        requests_by_kind[w.kind][op] = count.requests - counts_before[op].requests;
      }
    }
    bool hit = Io().FaultsHit() > hits_before;
    faults_hit += hit ? 1 : 0;
    unreached += hit ? 0 : 1;
    std::string context = "write " + std::to_string(n) + " (" + w.sql + ") with " + what + " on '" +
                          rule.path_contains + "' after " + std::to_string(rule.skip) + ": ";

    std::map<std::string, std::string> metadata_after;
    TablesState after = Observe(*connection_, &metadata_after);
    if (r.HasError()) {
      ++failed[w.kind];
      ++failed_by_fault[what];
      ASSERT_TRUE(hit) << context << "failed with no fault hit: " << r.error();
      bool names_it = r.error().find("injected fault") != std::string::npos ||
                      r.error().find((dir_ / "warehouse").string()) != std::string::npos;
      EXPECT_TRUE(names_it) << context << "an error that names neither the fault nor a file: " << r.error();
      EXPECT_EQ(r.error().find("Internal"), std::string::npos) << context << r.error();
      errors_seen.insert(r.error().substr(0, r.error().find(':')));
      ASSERT_EQ(after, before) << context << "failed (" << r.error() << ") but changed the tables: "
                               << Describe(before) << " -> " << Describe(after);
      ASSERT_EQ(metadata_after, metadata_before) << context << "failed (" << r.error()
                                                 << ") but moved a table's metadata";
      std::set<std::string> files_after = Files();
      std::vector<std::string> left;
      std::set_difference(files_after.begin(), files_after.end(), files_before.begin(), files_before.end(),
                          std::back_inserter(left));
      orphans += static_cast<int64_t>(left.size());
      if (!left.empty()) orphans_by_fault[what] += static_cast<int64_t>(left.size());
      if (rule.operation != FileOperation::kDelete) {
        EXPECT_TRUE(left.empty()) << context << "failed (" << r.error() << ") and left " << left.size()
                                  << " files, the first " << (left.empty() ? "" : left.front());
      }
    } else {
      ++succeeded[w.kind];
      ASSERT_EQ(after, w.after) << context << "succeeded but the tables are not as it wrote them: "
                                << Describe(w.after) << " expected, " << Describe(after) << " read";
      model = w.after;
    }

    // A fresh Database without faults reads the same tables from the same metadata files.
    Database fresh(fresh_options);
    Connection c(fresh);
    std::map<std::string, std::string> metadata_fresh;
    ASSERT_EQ(Observe(c, &metadata_fresh), model) << context << "a fresh Database reads other tables";
    ASSERT_EQ(metadata_fresh, metadata_after) << context << "a fresh Database sees other metadata files";
    if (n % 25 == 0 || n == writes) {
      Result snapshots = c.Query("SELECT snapshot_id FROM ns.t.snapshots");
      ASSERT_FALSE(snapshots.HasError()) << snapshots.error();
      for (size_t i = 0; i < snapshots.RowCount(); ++i) {
        std::string id = snapshots.GetString(i, 0);
        Result read = c.Query("SELECT count(*), sum(id) FROM ns.t VERSION AS OF " + id);
        ASSERT_FALSE(read.HasError()) << context << "snapshot " << id << " does not read: " << read.error();
        ++snapshots_read;
      }
    }
  }

  std::printf("%lld writes: %lld with a fault hit, %lld where it was not reached; %lld snapshots read back\n",
              static_cast<long long>(writes), static_cast<long long>(faults_hit), static_cast<long long>(unreached),
              static_cast<long long>(snapshots_read));
  for (const auto& [kind, count] : succeeded) {
    std::printf("  %-18s %4lld succeeded, %4lld failed\n", kind.c_str(), static_cast<long long>(count),
                static_cast<long long>(failed[kind]));
  }
  for (const auto& [kind, count] : failed) {
    if (!succeeded.count(kind)) std::printf("  %-18s    0 succeeded, %4lld failed\n", kind.c_str(), static_cast<long long>(count));
  }
  for (const auto& [what, count] : failed_by_fault) {
    std::printf("  failed by %-28s %4lld (files left: %lld)\n", what.c_str(), static_cast<long long>(count),
                static_cast<long long>(orphans_by_fault[what]));
  }
  std::printf("files left by failed writes: %lld; errors seen by kind:", static_cast<long long>(orphans));
  for (const auto& e : errors_seen) std::printf(" [%s]", e.c_str());
  std::printf("\n");
  // the faults must have bitten: most writes meet theirs
  EXPECT_GT(faults_hit, writes / 2);
}

}  // namespace
}  // namespace floe
