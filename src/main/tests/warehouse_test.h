// A test fixture for the engine's tests of main: a database over a fresh warehouse and
// local state folder of its own (in a folder named after the test, removed afterwards),
// with the counting FileIO, and a connection to run SQL on.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "floe/connection.h"
#include "floe/database.h"
#include "floe/result.h"
#include "main/database_access.h"

namespace floe::testing {

class WarehouseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = "floe_" + std::string(test->test_suite_name()) + "_" + std::to_string(::getpid()) + "_" +
                       test->name();
    std::replace(name.begin(), name.end(), '/', '_');  // parameterized tests' names hold slashes
    dir_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(dir_);
    DatabaseOptions options;
    options.warehouse = (dir_ / "warehouse").string();
    options.state_folder = (dir_ / "state").string();
    options.count_file_io = true;
    database_ = std::make_unique<Database>(options);
    connection_ = std::make_unique<Connection>(*database_);
  }
  void TearDown() override {
    connection_.reset();
    database_.reset();
    std::filesystem::remove_all(dir_);
  }

  /// Runs SQL that must succeed.
  void Run(const std::string& sql) {
    Result r = connection_->Query(sql);
    ASSERT_FALSE(r.HasError()) << sql << ": " << r.error();
  }
  /// Runs SQL that must fail; returns its error.
  std::string ErrorOf(const std::string& sql) {
    Result r = connection_->Query(sql);
    EXPECT_TRUE(r.HasError()) << sql << " succeeded";
    return r.HasError() ? r.error() : "";
  }
  /// Runs a query and returns its first value as a number (-1 after an error).
  int64_t Count(const std::string& sql) {
    Result r = connection_->Query(sql);
    EXPECT_FALSE(r.HasError()) << sql << ": " << r.error();
    return r.HasError() ? -1 : r.GetValue(0, 0).int64();
  }
  /// Runs a query that must succeed; returns its rows, each as its values' text joined by |.
  std::vector<std::string> Rows(const std::string& sql) {
    Result r = connection_->Query(sql);
    EXPECT_FALSE(r.HasError()) << sql << ": " << r.error();
    std::vector<std::string> rows;
    for (size_t i = 0; !r.HasError() && i < r.RowCount(); ++i) {
      std::string row;
      for (size_t c = 0; c < r.ColumnCount(); ++c) row += (c ? "|" : "") + r.GetString(i, c);
      rows.push_back(row);
    }
    return rows;
  }
  /// Writes the newest metadata file of the table folder `table_dir`, as `edit` changes it,
  /// beside it as 99999-edited.metadata.json (as another writer's metadata would be, for a
  /// table floe wrote); returns its path, to register.
  std::filesystem::path EditMetadata(const std::filesystem::path& table_dir,
                                     const std::function<void(nlohmann::json&)>& edit) {
    std::filesystem::path metadata_dir = table_dir / "metadata";
    std::filesystem::path newest;
    for (const auto& e : std::filesystem::directory_iterator(metadata_dir)) {
      if (e.path().string().find(".metadata.json") != std::string::npos && e.path() > newest) newest = e.path();
    }
    EXPECT_FALSE(newest.empty()) << "no metadata file in " << metadata_dir;
    nlohmann::json m = nlohmann::json::parse(std::ifstream(newest));
    edit(m);
    std::filesystem::path edited = metadata_dir / "99999-edited.metadata.json";
    std::ofstream(edited) << m.dump();
    return edited;
  }
  /// Returns the newest metadata file of the table folder `table_dir`, as JSON.
  nlohmann::json NewestMetadata(const std::filesystem::path& table_dir) {
    nlohmann::json out;
    std::filesystem::remove(EditMetadata(table_dir, [&](nlohmann::json& m) { out = m; }));
    return out;
  }
  /// Copies a table folder of the shared fixtures (`source`) to `name` under the test folder
  /// and maps `prefix`, the location its metadata names, to the copy; returns the copy.
  std::filesystem::path CopyFixture(const std::filesystem::path& source, const std::string& name,
                                    const std::string& prefix) {
    std::filesystem::create_directories(dir_);
    std::filesystem::path copy = dir_ / name;
    std::filesystem::copy(source, copy, std::filesystem::copy_options::recursive);
    Run("SET floe.location_map = '" + prefix + "/=" + copy.string() + "/'");
    return copy;
  }
  /// The database's counting (and fault-injecting) FileIO.
  InstrumentedFileIO& Io() { return *DatabaseAccess::State(*database_).instrumented_file_io(); }

  /// Runs `a_sql` on this connection while another writer commits: `b` runs on a second
  /// connection, on its own thread as another writer's would be, when A writes its new
  /// metadata file (after A read the table and decided its change, before its
  /// compare-and-swap). Returns A's result; `b_error` gets what `b` returned ("" when it
  /// ran cleanly, "B did not run" when A wrote no metadata file).
  Result QueryWhileAnotherCommits(const std::string& a_sql, const std::function<std::string(Connection&)>& b,
                                  std::string* b_error) {
    Connection other(*database_);
    *b_error = "B did not run";
    FaultRule rule;
    rule.operation = FileOperation::kCreateIfAbsent;
    rule.path_contains = ".metadata.json";
    rule.times = 1;
    rule.kind = FaultKind::kCallback;
    // why: A's thread waits in the FileIO while B runs to its end
    rule.callback = [&](const std::string&) { std::thread([&] { *b_error = b(other); }).join(); };
    Io().AddFault(rule);
    Result result = connection_->Query(a_sql);
    Io().ClearFaults();
    return result;
  }
  /// Returns a statement's error, "" when it succeeds (a `b` for QueryWhileAnotherCommits).
  static std::string ErrorOrEmpty(Connection& c, const std::string& sql) {
    Result r = c.Query(sql);
    return r.HasError() ? r.error() : "";
  }

  std::filesystem::path dir_;
  std::unique_ptr<Database> database_;
  std::unique_ptr<Connection> connection_;
};

}  // namespace floe::testing
