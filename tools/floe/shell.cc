#include "shell.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "floe/connection.h"
#include "floe/database.h"
#include "floe/result.h"
#include "line_editor.h"

namespace floe::shell {
namespace {

constexpr const char* kPrompt = "floe> ";
constexpr const char* kContinuationPrompt = "   ...> ";

constexpr const char* kHelp =
    ".help                 show this help\n"
    ".quit, .exit          leave the shell\n"
    ".mode MODE            output mode: table (default), csv, json, line\n"
    ".timer on|off         print each statement's run time (wall clock, and the CPU time of all threads)\n"
    ".stats on|off         print each query's scan statistics\n"
    ".maxrows N            rows shown in table mode (0: all; default 40)\n"
    ".read FILE            run the statements in FILE\n"
    "SQL statements end with ';' and may span lines.\n";

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

// The user and system CPU time the process has used, every thread's.
struct CpuSeconds {
  double user = 0;
  double sys = 0;
};

CpuSeconds ProcessCpuSeconds() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return {};
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return {seconds(usage.ru_utime), seconds(usage.ru_stime)};
}

// Reads "on" / "off" into `flag`; false when the word is neither.
bool ParseOnOff(const std::vector<std::string>& words, bool* flag) {
  if (words.size() != 2 || (words[1] != "on" && words[1] != "off")) return false;
  *flag = words[1] == "on";
  return true;
}

// The connection running a statement at the terminal, for Ctrl-C to cancel, and whether
// Ctrl-C came (at the prompt it abandons the statement being typed).
std::atomic<Connection*> g_running{nullptr};
volatile std::sig_atomic_t g_interrupted = 0;
int g_interrupt_pipe[2] = {-1, -1};

// why: only async-signal-safe work here: stores and a write (Interrupt is one atomic store)
extern "C" void OnInterrupt(int) {
  g_interrupted = 1;
  if (Connection* connection = g_running.load()) connection->Interrupt();
  if (g_interrupt_pipe[1] >= 0) {
    int saved = errno;
    [[maybe_unused]] ssize_t n = ::write(g_interrupt_pipe[1], "c", 1);
    errno = saved;
  }
}

// Ctrl-C cancels the running statement, or abandons the line being typed, and keeps the
// shell; the handler also writes to a pipe the line editor watches. Returns the pipe's
// read end (-1 without one).
int CatchInterrupts() {
  if (::pipe(g_interrupt_pipe) == 0) {
    for (int fd : g_interrupt_pipe) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  struct sigaction action {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  return g_interrupt_pipe[0];
}

// Returns the result's statistics text when the engine provides it.
template <typename R>
std::string StatsText(const R& result) {
  if constexpr (requires { result.StatsText(); }) {
    return result.StatsText();
  } else {
    return "";
  }
}

}  // namespace

Shell::Shell(ShellOptions options)
    : options_(std::move(options)), printer_(options_.mode), timer_(options_.timer) {}

Shell::~Shell() = default;

int Shell::Run() {
  DatabaseOptions db_options;
  db_options.warehouse = options_.warehouse;
  if (!options_.catalog.empty()) db_options.catalog_name = options_.catalog;
  db_options.threads = options_.threads;
  try {
    database_ = std::make_unique<Database>(db_options);
    connection_ = std::make_unique<Connection>(*database_);
  } catch (const std::exception& e) {
    std::cerr << "floe: cannot open the warehouse " << options_.warehouse << ": " << e.what()
              << "\n";
    return 1;
  }

  if (!options_.commands.empty() || !options_.files.empty()) {
    for (const std::string& command : options_.commands) {
      if (!RunText(command)) return 1;
      if (quit_) return 0;
    }
    for (const std::string& file : options_.files) {
      std::ifstream in(file);
      if (!in) {
        std::cerr << "floe: cannot open " << file << "\n";
        return 1;
      }
      if (!RunStream(in)) return 1;
      if (quit_) return 0;
    }
    return 0;
  }
  if (isatty(STDIN_FILENO)) return RunInteractive();
  return RunStream(std::cin) ? 0 : 1;
}

bool Shell::RunText(const std::string& text) {
  std::istringstream in(text);
  return RunStream(in);
}

bool Shell::RunStream(std::istream& in) {
  std::string line;
  while (!quit_ && std::getline(in, line)) {
    if (!FeedLine(line, nullptr)) {
      splitter_.TakePending();
      return false;
    }
  }
  return FlushPending();
}

bool Shell::FlushPending() {
  std::string pending = splitter_.TakePending();
  if (pending.empty() || quit_) return true;
  return ExecuteStatement(pending);
}

int Shell::RunInteractive() {
  std::cout << "floe shell. Enter \".help\" for usage hints; statements end with ';'.\n";
  std::string state_folder = DefaultStateFolder();
  std::error_code ignored;
  if (!state_folder.empty()) std::filesystem::create_directories(state_folder, ignored);
  LineEditor editor(LineEditor::HistoryPath(state_folder), CatchInterrupts());
  std::string entry;  // the statement being typed, for the history
  while (!quit_) {
    bool continuing = splitter_.HasPending();
    g_interrupted = 0;
    auto line = editor.ReadLine(continuing ? kContinuationPrompt : kPrompt);
    if (g_interrupted) {
      // Ctrl-C at the prompt: the statement being typed is abandoned, the shell stays
      std::cout << "^C\n" << std::flush;
      splitter_.TakePending();
      entry.clear();
      continue;
    }
    if (!line) {
      std::cout << "\n";
      break;
    }
    if (!continuing) entry.clear();
    entry += (entry.empty() ? "" : "\n") + *line;
    FeedLine(*line, &editor);
    if (!splitter_.HasPending()) {
      editor.AddHistory(Trim(entry));
      entry.clear();
    }
  }
  return 0;
}

bool Shell::FeedLine(const std::string& line, LineEditor* editor) {
  std::string trimmed = Trim(line);
  if (!splitter_.HasPending() && !trimmed.empty() && trimmed[0] == '.') {
    return ExecuteDotCommand(trimmed);
  }
  bool ok = true;
  for (const std::string& statement : splitter_.Append(line + "\n")) {
    if (!ExecuteStatement(statement)) {
      ok = false;
      // In a script the first error stops the run; at a terminal, keep going.
      if (editor == nullptr) break;
    }
  }
  return ok;
}

bool Shell::ExecuteStatement(const std::string& sql) {
  auto start = std::chrono::steady_clock::now();
  CpuSeconds cpu_start = ProcessCpuSeconds();
  g_running = connection_.get();
  Result result = connection_->Query(sql);
  g_running = nullptr;
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CpuSeconds cpu = ProcessCpuSeconds();
  for (const std::string& warning : result.warnings()) std::cerr << "Warning: " << warning << "\n";
  if (result.HasError()) {
    std::cerr << result.error() << "\n";
    return false;
  }
  printer_.Print(result, std::cout);
  if (stats_) PrintStats(result);
  if (timer_) {
    // (as SQLite's .timer: the CPU time of every thread of the process, the statement's)
    char buf[128];
    snprintf(buf, sizeof(buf), "Run Time: real %.3f s user %.3f s sys %.3f s\n", seconds, cpu.user - cpu_start.user,
             cpu.sys - cpu_start.sys);
    std::cout << buf << std::flush;
  }
  return true;
}

void Shell::PrintStats(const Result& result) {
  std::string stats = StatsText(result);
  std::cout << (stats.empty() ? "(no statistics for this statement)" : stats) << "\n";
}

bool Shell::ExecuteDotCommand(const std::string& line) {
  std::vector<std::string> words = Words(line);
  const std::string& command = words[0];
  if (command == ".quit" || command == ".exit" || command == ".q") {
    quit_ = true;
    return true;
  }
  if (command == ".help") {
    std::cout << kHelp;
    return true;
  }
  if (command == ".mode") {
    if (words.size() == 1) {
      std::cout << OutputModeName(printer_.mode()) << "\n";
      return true;
    }
    auto mode = words.size() == 2 ? ParseOutputMode(words[1]) : std::nullopt;
    if (!mode) {
      std::cerr << "usage: .mode table|csv|json|line\n";
      return false;
    }
    printer_.set_mode(*mode);
    return true;
  }
  if (command == ".timer") {
    if (ParseOnOff(words, &timer_)) return true;
    std::cerr << "usage: .timer on|off\n";
    return false;
  }
  if (command == ".stats") {
    if (ParseOnOff(words, &stats_)) return true;
    std::cerr << "usage: .stats on|off\n";
    return false;
  }
  if (command == ".maxrows") {
    try {
      if (words.size() == 2) {
        printer_.set_max_rows(std::stoul(words[1]));
        return true;
      }
    } catch (const std::exception&) {
    }
    std::cerr << "usage: .maxrows N\n";
    return false;
  }
  if (command == ".read") {
    std::ifstream in(words.size() == 2 ? words[1] : "");
    if (words.size() != 2 || !in) {
      std::cerr << (words.size() == 2 ? "cannot open " + words[1] : "usage: .read FILE") << "\n";
      return false;
    }
    StatementSplitter outer = std::move(splitter_);
    splitter_ = StatementSplitter();
    bool ok = RunStream(in);
    splitter_ = std::move(outer);
    return ok;
  }
  std::cerr << "unknown command " << command << "; enter .help for the list\n";
  return false;
}

}  // namespace floe::shell
