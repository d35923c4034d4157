// Rewrites the metadata of fixture tables with floe (manifests, manifest list, metadata
// JSON) over copies of their Parquet files, then checks the result with the independent
// JavaScript tools of ../shared/peers/iceberg-js: check_table.mjs (avsc, hyparquet and
// re-computed partition transforms) and icebird (read_iceberg.mjs), paths taken as written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_list_writer.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/snapshot_summary_builder.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

// Returns the peer tools copied next to a node_modules link, or "" when unavailable.
fs::path PeerTools(const fs::path& work) {
  fs::path peers = fs::path(FLOE_SOURCE_DIR) / ".." / "shared" / "peers" / "iceberg-js";
  fs::path modules = fs::path(FLOE_SOURCE_DIR) / "test" / "interop" / "node_modules";
  if (!fs::exists(peers / "check_table.mjs") || !fs::exists(modules / "icebird") ||
      std::system("node --version > /dev/null 2>&1") != 0) {
    return "";
  }
  fs::path dir = work / "peers";
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(peers)) {
    if (e.path().extension() == ".mjs") fs::copy_file(e.path(), dir / e.path().filename());
  }
  fs::create_directory_symlink(fs::canonical(modules), dir / "node_modules");
  return dir;
}

// Runs a command and returns its exit status, with its output in *output.
int RunCommand(const std::string& cmd, std::string* output) {
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  if (!pipe) return -1;
  char buf[4096];
  size_t n;
  output->clear();
  while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) output->append(buf, n);
  int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Returns the lines of text, sorted.
std::vector<std::string> SortedLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Writes a one-snapshot copy of the fixture's current state into `out`; returns the rows.
int64_t RewriteTable(const fs::path& fixture, const fs::path& out) {
  auto path = testing::LatestMetadataFile(fixture);
  TableMetadata base = TableMetadata::Parse(testing::ReadFile(path), path.string());
  LocationRemapper to_fixture, to_copy;
  to_fixture.Add(base.location, fixture.string());
  to_copy.Add(base.location, out.string());
  fs::create_directories(out / "metadata");
  fs::copy(fixture / "data", out / "data", fs::copy_options::recursive);

  TableMetadata fresh = base;
  fresh.location = out.string();
  fresh.snapshots.clear();
  fresh.refs.clear();
  fresh.snapshot_log.clear();
  fresh.metadata_log.clear();
  fresh.statistics = nlohmann::json::array();
  fresh.current_snapshot_id = TableMetadata::kNoSnapshot;
  fresh.last_sequence_number = 0;
  TableMetadataBuilder builder(fresh, "");

  const int64_t snapshot_id = 4242;
  std::map<int, std::unique_ptr<ManifestWriter>> writers;  // one manifest per spec
  SnapshotSummaryBuilder summary;
  int64_t rows = 0;
  for (const auto& mf : ManifestListReader::Open(::floe::testing::TestIO(), to_fixture.Remap(base.CurrentSnapshot()->manifest_list))) {
    for (auto e : ManifestReader::Open(::floe::testing::TestIO(), to_fixture.Remap(mf.manifest_path), mf).LiveEntries()) {
      int spec_id = e.data_file.spec_id;
      auto& w = writers[spec_id];
      if (!w) w = std::make_unique<ManifestWriter>(base.CurrentSchema(), *base.SpecById(spec_id), snapshot_id);
      e.data_file.file_path = to_copy.Remap(e.data_file.file_path);
      w->Add(e.data_file);
      summary.AddedFile(e.data_file);
      rows += e.data_file.record_count;
    }
  }
  std::string list_path = (out / "metadata" / "snap-4242-1-floe.avro").string();
  ManifestListWriter list(snapshot_id, std::nullopt, builder.NextSequenceNumber());
  for (auto& [spec_id, w] : writers) {
    std::string manifest = (out / "metadata" / ("floe-m" + std::to_string(spec_id) + ".avro")).string();
    list.Add(w->WriteTo(::floe::testing::TestIO(), manifest, manifest));
  }
  list.WriteTo(::floe::testing::TestIO(), list_path);
  Snapshot snap;
  snap.snapshot_id = snapshot_id;
  snap.sequence_number = builder.NextSequenceNumber();
  snap.timestamp_ms = base.last_updated_ms + 1;
  snap.manifest_list = list_path;
  snap.summary = summary.Build("append", {});
  snap.schema_id = base.current_schema_id;
  builder.AddSnapshot(snap);
  ::floe::testing::TestIO().WriteAtomically((out / "metadata" / "v1.metadata.json").string(), builder.Build(snap.timestamp_ms).ToJsonString());
  ::floe::testing::TestIO().WriteAtomically((out / "metadata" / "version-hint.text").string(), "1");
  return rows;
}

TEST(TableRewriteInteropTest, PeersAcceptFloeWrittenMetadata) {
  fs::path work = fs::temp_directory_path() / ("floe_rewrite_" + std::to_string(::getpid()));
  fs::remove_all(work);
  fs::create_directories(work);
  fs::path peers = PeerTools(work);
  if (peers.empty()) GTEST_SKIP() << "node, the peer tools or test/interop/node_modules not available";
  int tables = 0, icebird_tables = 0;
  for (const auto& fixture : testing::FirstSetFixtureTables()) {
    auto path = testing::LatestMetadataFile(fixture);
    TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
    if (!m.CurrentSnapshot() || m.CurrentSnapshot()->summary.at("total-delete-files") != "0") continue;
    SCOPED_TRACE(fixture.filename().string());
    fs::path out = work / fixture.filename();
    int64_t rows = RewriteTable(fixture, out);
    std::string output;
    int rc = RunCommand("cd '" + peers.string() + "' && node check_table.mjs '" + out.string() + "' --strict", &output);
    EXPECT_EQ(rc, 0) << output;
    EXPECT_NE(output.find(" 0 warnings, 0 errors"), std::string::npos) << output;
    // icebird reads the copy exactly when it reads the original (it has no Avro "fixed",
    // used by decimal and uuid partition values), and then gets as many rows.
    std::string original;
    int original_rc = RunCommand("cd '" + peers.string() + "' && node read_iceberg.mjs '" + fixture.string() +
                                     "' --limit 0 --rows-only",
                                 &original);
    rc = RunCommand("cd '" + peers.string() + "' && node read_iceberg.mjs '" + out.string() + "' --strict --limit 0 --rows-only",
                    &output);
    EXPECT_EQ(rc, original_rc) << output;
    if (rc == 0) {
      int64_t lines = std::count(output.begin(), output.end(), '\n');
      EXPECT_EQ(lines, rows) << output.substr(0, 2000);
      EXPECT_EQ(SortedLines(output), SortedLines(original));  // manifests may come in another order
      ++icebird_tables;
    }
    ++tables;
  }
  EXPECT_GE(tables, 5);
  EXPECT_GE(icebird_tables, 3);
  if (!std::getenv("FLOE_KEEP_TEST_TABLES")) fs::remove_all(work);
}

}  // namespace
}  // namespace floe::iceberg
