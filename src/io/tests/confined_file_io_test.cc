// Issue 13, the security suite: no write or delete under the warehouse goes through a
// symbolic link that leads out of it, whichever folder or file the link replaces.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "common/exception.h"
#include "io/confined_file_io.h"
#include "io/local_file_io.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class ConfinedFileIOTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("floe_confined_file_io_test_" + std::to_string(::getpid()));
    fs::remove_all(base_);
    fs::create_directories(base_ / "warehouse" / "ns" / "t" / "data");
    fs::create_directories(base_ / "outside" / "metadata");
    std::ofstream(base_ / "outside" / "precious.txt") << "keep me";
    std::ofstream(base_ / "outside" / "metadata" / "v1.metadata.json") << "{}";
    // the metadata folder, and a data file, are links leading out
    fs::create_directory_symlink(base_ / "outside" / "metadata", base_ / "warehouse" / "ns" / "t" / "metadata");
    fs::create_symlink(base_ / "outside" / "precious.txt", base_ / "warehouse" / "ns" / "t" / "data" / "f.parquet");
    io_ = std::make_unique<ConfinedFileIO>(std::make_shared<LocalFileIO>(), W(""));
  }
  void TearDown() override { fs::remove_all(base_); }
  std::string W(const std::string& rel) const { return (base_ / "warehouse").string() + rel; }
  std::string Outside() const {
    std::string out;
    for (const auto& e : fs::recursive_directory_iterator(base_ / "outside")) out += e.path().string() + "\n";
    return out;
  }
  // Expects an IOError saying a link leads out.
  template <class F>
  void ExpectRefused(F f, const std::string& what) {
    try {
      f();
      ADD_FAILURE() << what << " was not refused";
    } catch (const IOError& e) {
      EXPECT_NE(std::string(e.what()).find("leads outside it"), std::string::npos) << what << ": " << e.what();
    }
  }

  fs::path base_;
  std::unique_ptr<ConfinedFileIO> io_;
};

TEST_F(ConfinedFileIOTest, RefusesWritesAndDeletesThroughLinksLeadingOut) {
  std::string before = Outside();
  ExpectRefused([&] { io_->Create(W("/ns/t/metadata/m0.avro")); }, "a file in a linked folder");
  ExpectRefused([&] { io_->WriteAtomically(W("/ns/t/metadata/snap-1.avro"), "x"); }, "an atomic write");
  ExpectRefused([&] { io_->CreateIfAbsent(W("/ns/t/metadata/v2.metadata.json"), "{}"); }, "a metadata file");
  ExpectRefused([&] { io_->Create(W("/ns/t/data/f.parquet")); }, "opening a link to outside for writing");
  ExpectRefused([&] { io_->CreateFolder(W("/ns/t/metadata/sub")); }, "a folder in a linked folder");
  ExpectRefused([&] { io_->Rename(W("/ns/t/data/x"), W("/ns/t/metadata/v1.metadata.json")); }, "a rename into it");
  ExpectRefused([&] { io_->Delete({W("/ns/t/metadata/v1.metadata.json")}); }, "a delete in a linked folder");
  ExpectRefused([&] { io_->DeleteEmptyFolder(W("/ns/t/metadata/sub")); }, "removing a folder in it");
  EXPECT_EQ(Outside(), before);
  EXPECT_EQ(fs::file_size(base_ / "outside" / "precious.txt"), 7u);
}

TEST_F(ConfinedFileIOTest, PassesReadsLinksThemselvesAndPathsOutside) {
  // reads follow links
  EXPECT_EQ(io_->ReadAll(W("/ns/t/metadata/v1.metadata.json")), "{}");
  EXPECT_EQ(io_->ReadAll(W("/ns/t/data/f.parquet")), "keep me");
  // deleting a link deletes the link, not what it leads to
  EXPECT_EQ(io_->Delete({W("/ns/t/data/f.parquet")}), 1u);
  EXPECT_TRUE(fs::exists(base_ / "outside" / "precious.txt"));
  // writes in the warehouse's own folders, and outside it (a LOCATION elsewhere), pass
  io_->WriteAtomically(W("/ns/t/data/k=1/g.parquet"), "g");
  EXPECT_EQ(io_->ReadAll(W("/ns/t/data/k=1/g.parquet")), "g");
  std::string elsewhere = (base_ / "elsewhere" / "h.parquet").string();
  auto out = io_->Create(elsewhere);
  out->Write("h");
  out->Close();
  EXPECT_EQ(io_->Delete({elsewhere, W("/ns/t/data/k=1/g.parquet")}), 2u);
}

}  // namespace
}  // namespace floe
