// Issue 12: Ctrl-C in the interactive shell cancels the running statement and keeps the
// shell (it used to kill it), abandons a half-typed statement at the prompt, and the
// history is appended after each statement, so a shell that is killed keeps it. Drives
// the real executable through a pseudo-terminal, as a user at a terminal does.
#include <gtest/gtest.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

class InteractiveShellTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("floe_pty_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "home");
    std::string warehouse = (dir_ / "warehouse").string();
    std::string home = (dir_ / "home").string();
    pid_ = forkpty(&fd_, nullptr, nullptr, nullptr);
    ASSERT_GE(pid_, 0);
    if (pid_ == 0) {
      setenv("FLOE_HOME", home.c_str(), 1);
      setenv("TERM", "dumb", 1);
      execl(FLOE_SHELL_BINARY, FLOE_SHELL_BINARY, "--warehouse", warehouse.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
  }
  void TearDown() override {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
    fs::remove_all(dir_);
  }

  // Reads the terminal until `text` appears after what was read before; false on timeout.
  bool WaitFor(const std::string& text, std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
      if (output_.find(text, consumed_) != std::string::npos) {
        consumed_ = output_.find(text, consumed_) + text.size();
        return true;
      }
      fd_set set;
      FD_ZERO(&set);
      FD_SET(fd_, &set);
      timeval tv{0, 20000};
      if (select(fd_ + 1, &set, nullptr, nullptr, &tv) > 0) {
        char buf[4096];
        ssize_t n = read(fd_, buf, sizeof(buf));
        if (n <= 0) return false;
        output_.append(buf, static_cast<size_t>(n));
      }
    }
    return false;
  }
  void Type(const std::string& text) { ASSERT_EQ(write(fd_, text.data(), text.size()), static_cast<ssize_t>(text.size())); }

  fs::path dir_;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string output_;
  size_t consumed_ = 0;
};

TEST_F(InteractiveShellTest, CtrlCCancelsTheStatementAndKeepsTheShell) {
  ASSERT_TRUE(WaitFor("floe> ")) << output_;
  Type("SELECT sum(id % 7) FROM range(10000000000);\n");
  ASSERT_TRUE(WaitFor("range(10000000000);"));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  auto interrupted = Clock::now();
  Type("\x03");  // Ctrl-C: the terminal sends SIGINT to the shell
  ASSERT_TRUE(WaitFor("[OPERATION_CANCELED] Operation has been canceled.")) << output_;
  double cancel_ms = std::chrono::duration<double, std::milli>(Clock::now() - interrupted).count();
  EXPECT_LT(cancel_ms, 1000.0);
  ASSERT_TRUE(WaitFor("floe> ")) << output_;
  // The shell is still there, and so is its session.
  Type("SELECT 40 + 2 AS answer;\n");
  ASSERT_TRUE(WaitFor("42")) << output_;
  ASSERT_TRUE(WaitFor("floe> ")) << output_;
  // Ctrl-C at a continuation prompt abandons the half-typed statement.
  Type("SELECT 1 +\n");
  ASSERT_TRUE(WaitFor("...> ")) << output_;
  Type("\x03");
  ASSERT_TRUE(WaitFor("floe> ")) << output_;
  Type("SELECT 7 * 6 AS again;\n");
  ASSERT_TRUE(WaitFor("again")) << output_;
  ASSERT_TRUE(WaitFor("42")) << output_;
  ASSERT_TRUE(WaitFor("floe> ")) << output_;
  // Killed without a clean exit, the shell has still written every statement it ran.
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
  std::ifstream in(dir_ / "home" / "history");
  std::stringstream history;
  history << in.rdbuf();
  // libedit's file format escapes spaces as \040
  std::string text = history.str();
  for (size_t at; (at = text.find("\\040")) != std::string::npos;) text.replace(at, 4, " ");
  history.str(text);
  EXPECT_NE(history.str().find("range(10000000000)"), std::string::npos) << history.str();
  EXPECT_NE(history.str().find("SELECT 40 + 2 AS answer;"), std::string::npos) << history.str();
  EXPECT_NE(history.str().find("SELECT 7 * 6 AS again;"), std::string::npos) << history.str();
  EXPECT_EQ(fs::status(dir_ / "home" / "history").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

}  // namespace
