#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "common/exception.h"
#include "io/local_file_io.h"
#include "io/local_file_system.h"
#include "io/local_file_writer.h"
#include "io/path_confinement.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class LocalFileSystemTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("floe_fs_test_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  static unsigned Mode(const fs::path& p) {
    struct stat st;
    EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
    return st.st_mode & 0777;
  }

  fs::path root_;
};

// Files floe creates are 0644 and folders 0755 whatever the umask (issue 11).
TEST_F(LocalFileSystemTest, ModesIgnoreTheUmask) {
  for (mode_t mask : {0077, 0000, 0022}) {
    mode_t old = ::umask(mask);
    fs::path folder = root_ / ("m" + std::to_string(mask)) / "a" / "b";
    CreateDirectories(folder.string());
    {
      LocalFileWriter w((folder / "f.bin").string());
      w.Write("x", 1);
      w.Close();
    }
    LocalFileIO().WriteAtomically((folder / "g.json").string(), "{}");
    EXPECT_TRUE(CreateDirectory((folder / "c").string()));
    EXPECT_FALSE(CreateDirectory((folder / "c").string()));
    ::umask(old);
    EXPECT_EQ(Mode(folder), 0755u) << "umask " << mask;
    EXPECT_EQ(Mode(folder.parent_path()), 0755u);
    EXPECT_EQ(Mode(folder / "c"), 0755u);
    EXPECT_EQ(Mode(folder / "f.bin"), 0644u);
    EXPECT_EQ(Mode(folder / "g.json"), 0644u);
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 3);  // no temporary left
  }
}

TEST_F(LocalFileSystemTest, ExistingFoldersKeepTheirModes) {
  fs::path mine = root_ / "mine";
  fs::create_directories(mine);
  fs::permissions(mine, fs::perms(0700));
  CreateDirectories((mine / "new").string());
  EXPECT_EQ(Mode(mine), 0700u);
  EXPECT_EQ(Mode(mine / "new"), 0755u);
}

TEST_F(LocalFileSystemTest, CreateDirectoryOverAFileFails) {
  LocalFileIO().WriteAtomically((root_ / "file").string(), "x");
  EXPECT_THROW(CreateDirectories((root_ / "file" / "sub").string()), IOError);
  EXPECT_THROW(CreateDirectory((root_ / "file").string()), IOError);
}

TEST(PathConfinementTest, LexicalContainment) {
  EXPECT_TRUE(IsLexicallyWithin("/w", "/w"));
  EXPECT_TRUE(IsLexicallyWithin("/w", "/w/a/b"));
  EXPECT_TRUE(IsLexicallyWithin("/w/", "/w/a/../b"));
  EXPECT_FALSE(IsLexicallyWithin("/w", "/w/../x"));
  EXPECT_FALSE(IsLexicallyWithin("/w", "/wx/a"));
  EXPECT_FALSE(IsLexicallyWithin("/w/a", "/w"));
}

TEST_F(LocalFileSystemTest, LinksLeadingOutAreRefused) {
  fs::path warehouse = root_ / "warehouse", outside = root_ / "outside";
  fs::create_directories(warehouse / "ns");
  fs::create_directories(outside);
  EXPECT_FALSE(EscapesThroughLink(warehouse.string(), (warehouse / "ns" / "t" / "data").string()));
  fs::remove_all(warehouse / "ns");
  fs::create_directory_symlink(outside, warehouse / "ns");
  EXPECT_TRUE(EscapesThroughLink(warehouse.string(), (warehouse / "ns" / "t" / "data").string()));
  EXPECT_THROW(CheckConfined(warehouse.string(), (warehouse / "ns" / "t").string(), "write table files under"),
               IOError);
  // A link that stays inside is fine, and paths outside the warehouse are not its business.
  fs::create_directories(warehouse / "real");
  fs::create_directory_symlink(warehouse / "real", warehouse / "alias");
  EXPECT_FALSE(EscapesThroughLink(warehouse.string(), (warehouse / "alias" / "t").string()));
  EXPECT_FALSE(EscapesThroughLink(warehouse.string(), (outside / "t").string()));
  // The warehouse itself reached through a link is still the warehouse.
  fs::create_directory_symlink(warehouse, root_ / "wlink");
  EXPECT_FALSE(EscapesThroughLink((root_ / "wlink").string(), (root_ / "wlink" / "real" / "t").string()));
}

}  // namespace
}  // namespace floe
