#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "common/exception.h"
#include "io/instrumented_file_io.h"
#include "io/local_file_io.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

class FileIOTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::temp_directory_path() / ("floe_file_io_test_" + std::to_string(::getpid()))).string();
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string Path(const std::string& rel) const { return root_ + "/" + rel; }

  std::string root_;
  LocalFileIO io_;
};

TEST_F(FileIOTest, CreateReadAndRanges) {
  auto out = io_.Create(Path("a/b/data.bin"));  // folders made on the way
  out->Write("0123456789");
  EXPECT_EQ(out->position(), 10u);
  out->Close();
  EXPECT_TRUE(io_.Exists(Path("a/b/data.bin")));
  EXPECT_FALSE(io_.Exists(Path("a/b")));  // a folder is not a file
  EXPECT_EQ(io_.FileSize(Path("a/b/data.bin")), 10u);
  EXPECT_EQ(io_.ReadAll(Path("a/b/data.bin")), "0123456789");
  auto in = io_.OpenForRead(Path("a/b/data.bin"));
  std::string x(3, ' '), y(2, ' ');
  in->ReadRanges({{1, 3}, {8, 2}}, {x.data(), y.data()});
  EXPECT_EQ(x, "123");
  EXPECT_EQ(y, "89");
  EXPECT_THROW(in->ReadAt(9, 2, x.data()), IOError);
  EXPECT_THROW(io_.OpenForRead(Path("missing")), IOError);
  EXPECT_FALSE(io_.Stat(Path("missing")).has_value());
  ASSERT_TRUE(io_.Stat(Path("a/b/data.bin")).has_value());
  EXPECT_EQ(io_.Stat(Path("a/b/data.bin"))->size, 10u);
}

TEST_F(FileIOTest, WholeFileWritesListRenameDelete) {
  io_.WriteAtomically(Path("m/1.json"), "one");
  io_.WriteAtomically(Path("m/1.json"), "uno");  // replaces
  EXPECT_EQ(io_.ReadAll(Path("m/1.json")), "uno");
  EXPECT_TRUE(io_.CreateIfAbsent(Path("m/2.json"), "two"));
  EXPECT_FALSE(io_.CreateIfAbsent(Path("m/2.json"), "deux"));  // exists: nothing written
  EXPECT_EQ(io_.ReadAll(Path("m/2.json")), "two");
  io_.Rename(Path("m/2.json"), Path("m/sub/3.json"));
  auto listed = io_.List(Path("m"));
  ASSERT_EQ(listed.size(), 2u);  // sorted, recursive, no temporary files left
  EXPECT_EQ(listed[0].path, Path("m/1.json"));
  EXPECT_EQ(listed[1].path, Path("m/sub/3.json"));
  EXPECT_EQ(listed[1].size, 3u);
  EXPECT_TRUE(io_.List(Path("nowhere")).empty());
  EXPECT_EQ(io_.Delete({Path("m/1.json"), Path("m/never.json"), Path("m/sub/3.json")}), 2u);
  EXPECT_TRUE(io_.DeleteEmptyFolder(Path("m/sub")));
  EXPECT_FALSE(io_.DeleteEmptyFolder(Path("nowhere")));
  EXPECT_TRUE(io_.CreateFolder(Path("m/new")));
  EXPECT_FALSE(io_.CreateFolder(Path("m/new")));
}

// Of many writers racing to create one name, exactly one wins and its bytes are the file.
TEST_F(FileIOTest, CreateIfAbsentHasOneWinner) {
  std::atomic<int> wins{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      if (io_.CreateIfAbsent(Path("race/00001.metadata.json"), "writer " + std::to_string(t))) ++wins;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(wins.load(), 1);
  EXPECT_EQ(io_.ReadAll(Path("race/00001.metadata.json")).rfind("writer ", 0), 0u);
  EXPECT_EQ(io_.List(Path("race")).size(), 1u);
}

TEST_F(FileIOTest, InstrumentedCountsRequestsAndBytes) {
  InstrumentedFileIO io(std::make_shared<LocalFileIO>());
  auto out = io.Create(Path("c/f.bin"));
  out->Write("abcdef");
  out->Close();
  io.WriteAtomically(Path("c/m.json"), "{}");
  auto in = io.OpenForRead(Path("c/f.bin"));
  char buf[4];
  in->ReadAt(0, 4, buf);
  in->ReadRanges({{0, 1}, {2, 2}}, {buf, buf + 1});
  io.Delete({Path("c/f.bin"), Path("c/m.json")});
  auto counts = io.Counts();
  EXPECT_EQ(counts[FileOperation::kCreate].requests, 1);
  EXPECT_EQ(counts[FileOperation::kWrite].bytes, 6);
  EXPECT_EQ(counts[FileOperation::kWriteAtomically].bytes, 2);
  EXPECT_EQ(counts[FileOperation::kOpenForRead].requests, 1);
  EXPECT_EQ(counts[FileOperation::kRead].requests, 2);  // one ReadAt, one ReadRanges
  EXPECT_EQ(counts[FileOperation::kRead].bytes, 7);
  EXPECT_EQ(counts[FileOperation::kDelete].bytes, 2);  // files in the one request
  EXPECT_STREQ(FileOperationName(FileOperation::kOpenForRead), "open_for_read");
}

TEST_F(FileIOTest, InstrumentedInjectsFaultsOnASchedule) {
  InstrumentedFileIO io(std::make_shared<LocalFileIO>());
  for (int i = 0; i < 4; ++i) io.WriteAtomically(Path("f/" + std::to_string(i)), "0123456789");
  // the second write of a manifest fails, once
  io.AddFault({FileOperation::kWriteAtomically, "manifest", 1, 1, FaultKind::kError, {}});
  io.WriteAtomically(Path("f/manifest-a"), "x");
  EXPECT_THROW(io.WriteAtomically(Path("f/manifest-b"), "x"), IOError);
  io.WriteAtomically(Path("f/manifest-c"), "x");
  EXPECT_FALSE(io.Exists(Path("f/manifest-b")));
  // a short read: the file looks truncated to half
  io.AddFault({FileOperation::kOpenForRead, "f/1", 0, 1, FaultKind::kShortRead, {}});
  EXPECT_EQ(io.OpenForRead(Path("f/1"))->size(), 5u);
  EXPECT_EQ(io.OpenForRead(Path("f/1"))->size(), 10u);
  // a delay
  io.AddFault({FileOperation::kRead, "f/2", 0, 1, FaultKind::kDelay, std::chrono::milliseconds(50)});
  auto in = io.OpenForRead(Path("f/2"));
  char buf[2];
  auto start = std::chrono::steady_clock::now();
  in->ReadAt(0, 2, buf);
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(50));
  // every request of a kind, until cleared
  io.AddFault({FileOperation::kList, "", 0, -1, FaultKind::kError, {}});
  EXPECT_THROW(io.List(Path("f")), IOError);
  EXPECT_THROW(io.List(Path("f")), IOError);
  io.ClearFaults();
  EXPECT_EQ(io.List(Path("f")).size(), 6u);
}

// A torn write leaves half its bytes in the file and throws; a failing close comes after
// every byte was written; FaultsHit counts the faults that hit.
TEST_F(FileIOTest, InstrumentedTearsWritesAndFailsCloses) {
  InstrumentedFileIO io(std::make_shared<LocalFileIO>());
  io.AddFault({FileOperation::kWrite, "torn", 1, 1, FaultKind::kTornWrite, {}});
  auto out = io.Create(Path("t/torn.bin"));
  out->Write("abcd");
  try {
    out->Write("0123456789");
    FAIL() << "the torn write did not throw";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("injected fault after 5 of 10 bytes"), std::string::npos) << e.what();
  }
  out.reset();
  EXPECT_EQ(io.ReadAll(Path("t/torn.bin")), "abcd01234");
  // on another request, a torn-write rule fails it as an error
  io.AddFault({FileOperation::kWriteAtomically, "torn", 0, 1, FaultKind::kTornWrite, {}});
  EXPECT_THROW(io.WriteAtomically(Path("t/torn.json"), "{}"), IOError);
  EXPECT_FALSE(io.Exists(Path("t/torn.json")));
  io.AddFault({FileOperation::kClose, "closed", 0, 1, FaultKind::kError, {}});
  out = io.Create(Path("t/closed.bin"));
  out->Write("xyz");
  EXPECT_THROW(out->Close(), IOError);
  EXPECT_EQ(io.ReadAll(Path("t/closed.bin")), "xyz");
  EXPECT_EQ(io.FaultsHit(), 3);
  EXPECT_EQ(io.Counts()[FileOperation::kClose].requests, 1);
  EXPECT_STREQ(FileOperationName(FileOperation::kClose), "close");
}

// A callback runs once before the request it hits, free to make requests of its own.
TEST_F(FileIOTest, InstrumentedRunsACallbackBeforeTheRequest) {
  InstrumentedFileIO io(std::make_shared<LocalFileIO>());
  std::vector<std::string> seen;
  FaultRule rule{FileOperation::kCreateIfAbsent, ".metadata.json", 0, 1, FaultKind::kCallback, {}};
  rule.callback = [&](const std::string& path) {
    seen.push_back(path);
    // the other writer's file, through the same FileIO: the rule is spent, no recursion
    EXPECT_TRUE(io.CreateIfAbsent(Path("m/00001-b.metadata.json"), "b"));
  };
  io.AddFault(rule);
  EXPECT_TRUE(io.CreateIfAbsent(Path("m/00001-a.metadata.json"), "a"));
  EXPECT_TRUE(io.CreateIfAbsent(Path("m/00002-a.metadata.json"), "a"));
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0], Path("m/00001-a.metadata.json"));
  EXPECT_EQ(io.List(Path("m")).size(), 3u);
  // a callback that throws fails the request
  rule.callback = [](const std::string&) { throw IOError("refused"); };
  io.AddFault(rule);
  EXPECT_THROW(io.CreateIfAbsent(Path("m/00003-a.metadata.json"), "a"), IOError);
  EXPECT_FALSE(io.Exists(Path("m/00003-a.metadata.json")));
}

}  // namespace
}  // namespace floe
