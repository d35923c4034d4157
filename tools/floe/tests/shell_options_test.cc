#include "shell_options.h"

#include <gtest/gtest.h>

namespace floe::shell {
namespace {

ShellOptions ParseArgs(std::vector<const char*> args) {
  args.insert(args.begin(), "floe");
  return ShellOptions::Parse(static_cast<int>(args.size()), args.data());
}

TEST(ShellOptionsTest, DefaultsToTheTableModeOnLocalWarehouse) {
  ShellOptions options = ParseArgs({});
  EXPECT_EQ(options.warehouse, "./warehouse");
  EXPECT_EQ(options.mode, OutputMode::kTable);
  EXPECT_TRUE(options.commands.empty());
}

TEST(ShellOptionsTest, ReadsCommandsFilesAndModes) {
  ShellOptions options = ParseArgs({"--warehouse", "/tmp/w", "-c", "SELECT 1", "-json", "-f",
                                    "a.sql", "--catalog=prod", "-c", "SELECT 2", "--timer"});
  EXPECT_EQ(options.warehouse, "/tmp/w");
  EXPECT_EQ(options.catalog, "prod");
  EXPECT_EQ(options.commands, (std::vector<std::string>{"SELECT 1", "SELECT 2"}));
  EXPECT_EQ(options.files, (std::vector<std::string>{"a.sql"}));
  EXPECT_EQ(options.mode, OutputMode::kJson);
  EXPECT_TRUE(options.timer);
  EXPECT_EQ(ParseArgs({"-csv"}).mode, OutputMode::kCsv);
  EXPECT_EQ(ParseArgs({"--mode", "line"}).mode, OutputMode::kLine);
}

TEST(ShellOptionsTest, RejectsUnknownOptionsAndMissingValues) {
  EXPECT_THROW(ParseArgs({"--frobnicate"}), std::invalid_argument);
  EXPECT_THROW(ParseArgs({"-c"}), std::invalid_argument);
  EXPECT_THROW(ParseArgs({"--mode", "xml"}), std::invalid_argument);
  EXPECT_THROW(ParseArgs({"--threads", "many"}), std::invalid_argument);
}

TEST(ShellOptionsTest, ThreadsMustBeInTheRangeOfSetThreads) {
  EXPECT_EQ(ParseArgs({"--threads", "1"}).threads, 1);
  EXPECT_EQ(ParseArgs({"--threads=256"}).threads, 256);
  for (const char* bad : {"0", "257", "-1", "many", "4x", "", "99999999999"}) {
    try {
      ParseArgs({"--threads", bad});
      ADD_FAILURE() << "--threads " << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), "--threads: expected an integer in [1, 256], got '" + std::string(bad) + "'");
    }
  }
}

}  // namespace
}  // namespace floe::shell
