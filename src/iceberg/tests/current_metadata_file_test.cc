#include "iceberg/current_metadata_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/exception.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

namespace fs = std::filesystem;

// A table folder with metadata files of the given names and last-updated-ms, and an
// optional version hint file.
class CurrentMetadataFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("floe_current_metadata_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "metadata");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void Write(const std::string& name, const std::string& text) { std::ofstream(dir_ / "metadata" / name) << text; }
  void Metadata(const std::string& name, int64_t updated) {
    Write(name, "{\"format-version\": 2, \"last-updated-ms\": " + std::to_string(updated) + "}");
  }
  std::string Find() {
    std::string found = FindCurrentMetadataFile(::floe::testing::TestIO(), LocationRemapper(), dir_.string());
    return found.substr(found.find_last_of('/') + 1);
  }
  fs::path dir_;
};

TEST_F(CurrentMetadataFileTest, TheHintNamesTheVersion) {
  Metadata("v1.metadata.json", 300);  // newer, yet the hint decides
  Metadata("v2.metadata.json", 200);
  Write("version-hint.text", "2\n");
  EXPECT_EQ(Find(), "v2.metadata.json");
}

TEST_F(CurrentMetadataFileTest, AHintNamedTxtCounts) {
  Metadata("v1.metadata.json", 100);
  Metadata("v2.gz.metadata.json", 50);
  Write("version-hint.txt", " 2 ");
  EXPECT_EQ(Find(), "v2.gz.metadata.json");
}

TEST_F(CurrentMetadataFileTest, AnEmptyOrWrongHintOrNoneTakesTheNewestFile) {
  Metadata("v1.metadata.json", 100);
  Metadata("v2.metadata.json", 300);
  Metadata("v3.metadata.json", 200);
  Write("not-metadata.json", "{\"last-updated-ms\": 999}");
  EXPECT_EQ(Find(), "v2.metadata.json");  // no hint
  Write("version-hint.text", "");
  EXPECT_EQ(Find(), "v2.metadata.json");  // empty
  Write("version-hint.text", "7");
  EXPECT_EQ(Find(), "v2.metadata.json");  // names no file
  Write("version-hint.text", "x");
  EXPECT_EQ(Find(), "v2.metadata.json");  // not a number
}

TEST_F(CurrentMetadataFileTest, UuidNamedFilesWithoutAHint) {
  Metadata("00000-a.metadata.json", 100);
  Metadata("00001-b.metadata.json", 200);
  Write("00002-c.metadata.json", "{ not json");  // unreadable: not the current one
  EXPECT_EQ(Find(), "00001-b.metadata.json");
}

TEST_F(CurrentMetadataFileTest, AFolderWithoutMetadataIsAnError) {
  EXPECT_THROW(Find(), IOError);
}

}  // namespace
}  // namespace floe::iceberg
