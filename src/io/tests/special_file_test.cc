// Reads are bounded: a FIFO, a device, a socket or a folder is refused by name, without
// blocking and without reading a byte; a whole-file read is bounded by the file's size and
// by kMaxMetadataFileBytes; a file that shrinks while read is an error, not garbage.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "common/exception.h"
#include "io/instrumented_file_io.h"
#include "io/local_file_io.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

// Expects `fn` to throw IOError whose message holds each of `parts`.
void ExpectIOError(const std::function<void()>& fn, const std::vector<std::string>& parts) {
  try {
    fn();
    ADD_FAILURE() << "expected IOError";
  } catch (const IOError& e) {
    for (const auto& part : parts) EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

class SpecialFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::temp_directory_path() / ("floe_special_file_test_" + std::to_string(::getpid()))).string();
    fs::remove_all(root_);
    fs::create_directories(root_);
    // why: a read that blocks would hang the test run; the alarm ends it as a failure
    ::alarm(30);
  }
  void TearDown() override {
    ::alarm(0);
    fs::remove_all(root_);
  }
  std::string Path(const std::string& rel) const { return root_ + "/" + rel; }

  // Expects every way of reading `path` to be refused with `kind` named.
  void ExpectRefused(const std::string& path, const std::string& kind) {
    std::vector<std::string> parts{"\"" + path + "\"", "it is " + kind + ", not a regular file"};
    ExpectIOError([&] { io_.OpenForRead(path); }, parts);
    ExpectIOError([&] { io_.ReadAll(path); }, parts);
    ExpectIOError([&] { io_.FileSize(path); }, parts);
    EXPECT_FALSE(io_.Stat(path).has_value());
    // through the counting FileIO the SQL tests use too
    InstrumentedFileIO counted(std::make_shared<LocalFileIO>());
    ExpectIOError([&] { counted.ReadAll(path); }, parts);
  }

  std::string root_;
  LocalFileIO io_;
};

TEST_F(SpecialFileTest, AFifoIsRefusedWithoutWaitingForAWriter) {
  std::string path = Path("pipe");
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0) << std::strerror(errno);
  ExpectRefused(path, "a FIFO");
  EXPECT_TRUE(io_.Exists(path));  // something is there: opening it says what
  EXPECT_TRUE(io_.List(root_).empty());
}

TEST_F(SpecialFileTest, AFolderIsRefused) {
  fs::create_directories(Path("folder/inside"));
  ExpectRefused(Path("folder"), "a directory");
  EXPECT_FALSE(io_.Exists(Path("folder")));
}

TEST_F(SpecialFileTest, DevicesAreRefused) {
  for (const char* device : {"/dev/zero", "/dev/urandom", "/dev/null"}) {
    if (!fs::exists(device)) GTEST_SKIP() << device << " is missing";
    ExpectRefused(device, "a character device");
  }
}

TEST_F(SpecialFileTest, ASocketIsRefused) {
  std::string path = Path("socket");
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof(address.sun_path));
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0) << std::strerror(errno);
  ExpectRefused(path, "a socket");
  ::close(fd);
}

TEST_F(SpecialFileTest, AFileTruncatedWhileReadIsAnErrorNotGarbage) {
  std::string path = Path("shrinks.json");
  io_.WriteAtomically(path, std::string(4096, 's'));
  auto in = io_.OpenForRead(path);
  ASSERT_EQ(in->size(), 4096u);
  ASSERT_EQ(::truncate(path.c_str(), 100), 0);
  ExpectIOError([&] { in->ReadAll(); },
                {"\"" + path + "\"", "ends at byte 100", "4096 bytes it had when opened", "truncated while being read"});
  try {
    in->ReadAll();
  } catch (const IOError& e) {
    EXPECT_EQ(std::string(e.what()).find("sss"), std::string::npos) << "the file's bytes are not shown";
  }
}

TEST_F(SpecialFileTest, AWholeFileReadIsCappedBeforeAllocating) {
  // A sparse file one byte over the cap: no disk space, and ReadAll must refuse it by size.
  std::string path = Path("huge.metadata.json");
  io_.WriteAtomically(path, "{");
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(kMaxMetadataFileBytes + 1)), 0);
  ExpectIOError([&] { io_.ReadAll(path); },
                {"\"" + path + "\"", std::to_string(kMaxMetadataFileBytes + 1) + " bytes",
                 "more than the 1 GiB a metadata file may be"});
  // Data files are read by ranges and have no such cap.
  auto in = io_.OpenForRead(path);
  EXPECT_EQ(in->size(), kMaxMetadataFileBytes + 1);
  char last = 'x';
  in->ReadAt(kMaxMetadataFileBytes, 1, &last);
  EXPECT_EQ(last, '\0');
}

TEST_F(SpecialFileTest, AMissingFileIsStillReportedAsMissing) {
  ExpectIOError([&] { io_.OpenForRead(Path("missing")); }, {"cannot open file", "No such file or directory"});
  EXPECT_FALSE(io_.Exists(Path("missing")));
}

}  // namespace
}  // namespace floe
