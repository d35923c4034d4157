#include "floe/database.h"

#include <thread>

#include "main/database_state.h"

namespace floe {

DatabaseState::DatabaseState(DatabaseOptions options) : options_(std::move(options)) {
  int threads = options_.threads > 0 ? options_.threads
                                     : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // The pool is sized for the machine; a session may use fewer threads (SET threads).
  int pool = std::max(threads, static_cast<int>(std::thread::hardware_concurrency()));
  scheduler_ = std::make_unique<TaskScheduler>(std::max(pool, 1));
}

Database::Database(DatabaseOptions options)
    : state_(std::make_unique<DatabaseState>(std::move(options))) {}

Database::~Database() = default;

}  // namespace floe
