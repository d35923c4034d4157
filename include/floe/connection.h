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

  ClientContext& context() { return *context_; }

 private:
  std::unique_ptr<ClientContext> context_;
};

}  // namespace floe
