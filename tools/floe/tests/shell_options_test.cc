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

}  // namespace
}  // namespace floe::shell
