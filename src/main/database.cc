#include "floe/database.h"

#include <cstdlib>
#include <filesystem>
#include <thread>

#include "common/exception.h"
#include "io/confined_file_io.h"
#include "io/local_file_io.h"
#include "io/local_file_system.h"
#include "io/spill_file.h"
#include "main/database_state.h"

namespace floe {

std::string DefaultStateFolder() {
  auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v ? v : "";
  };
  if (std::string home = env("FLOE_HOME"); !home.empty()) return home;
  if (std::string cache = env("XDG_CACHE_HOME"); !cache.empty()) return cache + "/floe";
  if (std::string home = env("HOME"); !home.empty()) return home + "/.cache/floe";
  return "";
}

DatabaseState::DatabaseState(DatabaseOptions options) : options_(std::move(options)) {
  // why: the shell's --threads and SET threads take 1 to 256; a program's options the same
  if (options_.threads < 0 || options_.threads > 256) {
    throw InvalidInputError("DatabaseOptions::threads must be 0 (one per core) or 1 to 256, not " +
                            std::to_string(options_.threads));
  }
  int threads = options_.threads > 0 ? options_.threads
                                     : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // The pool is sized for the machine; a session may use fewer threads (SET threads).
  int pool = std::max(threads, static_cast<int>(std::thread::hardware_concurrency()));
  scheduler_ = std::make_unique<TaskScheduler>(std::max(pool, 1));
  if (options_.state_folder.empty()) options_.state_folder = DefaultStateFolder();
  warehouse_ = std::filesystem::absolute(options_.warehouse).lexically_normal().string();
  while (warehouse_.size() > 1 && warehouse_.back() == '/') warehouse_.pop_back();
  // why: every write and delete under the warehouse, whichever code makes it, is refused
  // when a link under the warehouse leads it out (issue 13, the security suite)
  file_io_ = std::make_shared<ConfinedFileIO>(std::make_shared<LocalFileIO>(), warehouse_);
  if (options_.count_file_io) {
    instrumented_file_io_ = std::make_shared<InstrumentedFileIO>(file_io_);
    file_io_ = instrumented_file_io_;
  }
  if (!options_.state_folder.empty()) {
    spill_folder_ = options_.state_folder + "/tmp";
    DeleteOrphanSpillFiles(*file_io_, spill_folder_);
  }
}

SqliteCatalog& DatabaseState::catalog() {
  std::lock_guard<std::mutex> lock(catalog_mutex_);
  if (!catalog_) {
    CreateDirectories(warehouse_);
    catalog_ = std::make_unique<SqliteCatalog>(warehouse_ + "/catalog.db", options_.catalog_name);
  }
  return *catalog_;
}

Database::Database(DatabaseOptions options)
    : state_(std::make_unique<DatabaseState>(std::move(options))) {}

Database::~Database() = default;

}  // namespace floe
