#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "common/exception.h"
#include "io/local_file_reader.h"
#include "io/local_file_writer.h"

namespace floe {
namespace {

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("floe_io_" + name)).string();
}

TEST(LocalFileTest, WriteThenReadRanges) {
  std::string path = TempPath("ranges.bin");
  std::string big(3 << 20, 'x');
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7);
  {
    LocalFileWriter w(path);
    w.Write("head", 4);
    w.Write(big);
    EXPECT_EQ(w.position(), 4 + big.size());
    w.Close();
  }
  auto r = LocalFileReader::Open(path);
  ASSERT_EQ(r->size(), 4 + big.size());
  char head[4];
  r->ReadAt(0, 4, head);
  EXPECT_EQ(std::string(head, 4), "head");
  std::string mid(1000, '\0');
  r->ReadAt(4 + 123456, 1000, mid.data());
  EXPECT_EQ(mid, big.substr(123456, 1000));
  std::filesystem::remove(path);
}

TEST(LocalFileTest, ReadPastEndThrowsIOError) {
  std::string path = TempPath("short.bin");
  {
    LocalFileWriter w(path);
    w.Write("abc", 3);
    w.Close();
  }
  auto r = LocalFileReader::Open(path);
  char buf[8];
  EXPECT_THROW(r->ReadAt(2, 2, buf), IOError);
  EXPECT_THROW(r->ReadAt(~uint64_t{0}, 2, buf), IOError);
  std::filesystem::remove(path);
}

TEST(LocalFileTest, MissingFileNamesThePath) {
  try {
    LocalFileReader::Open("/nonexistent/floe/file.parquet");
    FAIL() << "expected IOError";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/floe/file.parquet"), std::string::npos);
  }
}

}  // namespace
}  // namespace floe
