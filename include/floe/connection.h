#pragma once

#include <memory>
#include <string>
#include <vector>

#include "floe/database.h"
#include "floe/result.h"

namespace floe {

class ClientContext;

/// A session on a Database: its settings (time zone, threads, ...) and its statements.
class Connection {
 public:
  explicit Connection(Database& database);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  /// Runs one or more statements separated by ';' and returns the last one's result;
  /// stops at the first error and returns it.
  Result Query(const std::string& sql);
  /// Runs each statement and returns every result (stops after the first error).
  std::vector<Result> QueryAll(const std::string& sql);
  /// Cancels the statement running on this connection: it stops at its next batch
  /// boundary and returns the error "[OPERATION_CANCELED] Operation has been canceled.",
  /// a write leaving its table as it was. Safe to call from another thread or from a
  /// signal handler; does nothing when no statement runs.
  void Interrupt();

 private:
  // why: the session's internals are not API; src/main reaches them through ConnectionAccess
  friend class ConnectionAccess;
  std::unique_ptr<ClientContext> context_;
};

}  // namespace floe
