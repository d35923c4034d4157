#include "line_editor.h"

#include <editline/readline.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace floe::shell {
namespace {

constexpr int kHistoryEntries = 1000;

int g_interrupt_fd = -1;

// Reads one key for libedit; a byte on the interrupt pipe (Ctrl-C) ends the line. libedit's
// own reader retries an interrupted read, and a flag checked around read() would miss a
// signal that comes just before it: the pipe closes that window.
int ReadKey(FILE* in) {
  for (;;) {
    pollfd fds[2] = {{fileno(in), POLLIN, 0}, {g_interrupt_fd, POLLIN, 0}};
    int ready = ::poll(fds, g_interrupt_fd >= 0 ? 2 : 1, -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return EOF;
    if (g_interrupt_fd >= 0 && fds[1].revents != 0) return EOF;
    unsigned char c;
    ssize_t n = ::read(fileno(in), &c, 1);
    if (n == 1) return c;
    if (n < 0 && errno == EINTR) continue;
    return EOF;
  }
}

}  // namespace

LineEditor::LineEditor(std::string history_path, int interrupt_fd) : history_path_(std::move(history_path)) {
  rl_readline_name = const_cast<char*>("floe");
  g_interrupt_fd = interrupt_fd;
  rl_getc_function = ReadKey;
  using_history();
  stifle_history(kHistoryEntries);
  if (history_path_.empty()) return;
  read_history(history_path_.c_str());
  // why: statements may hold secrets; the history is the user's alone, as bash's is
  if (FILE* f = std::fopen(history_path_.c_str(), "a")) std::fclose(f);
  ::chmod(history_path_.c_str(), 0600);
}

LineEditor::~LineEditor() = default;

std::optional<std::string> LineEditor::ReadLine(const std::string& prompt) {
  // why: a Ctrl-C that came while a statement ran is not one for this line
  char drained[64];
  while (g_interrupt_fd >= 0 && ::read(g_interrupt_fd, drained, sizeof(drained)) > 0) {
  }
  char* line = readline(prompt.c_str());
  if (line == nullptr) return std::nullopt;
  std::string text(line);
  free(line);
  return text;
}

void LineEditor::AddHistory(const std::string& entry) {
  if (entry.empty()) return;
  add_history(entry.c_str());
  // why: written at once, so a shell that is killed keeps what was typed before (the whole
  // file, at most 1,000 entries: libedit's append_history repeats the entry before)
  if (!history_path_.empty()) write_history(history_path_.c_str());
}

std::string LineEditor::HistoryPath(const std::string& state_folder) {
  return state_folder.empty() ? "" : state_folder + "/history";
}

}  // namespace floe::shell
