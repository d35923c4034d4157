#pragma once

#include "floe/connection.h"
#include "floe/database.h"
#include "main/client_context.h"
#include "main/database_state.h"

namespace floe {

/// The engine's side of a Database, which the public header does not show: for
/// src/main and the tests of the engine.
class DatabaseAccess {
 public:
  static DatabaseState& State(Database& database) { return *database.state_; }
};

/// The engine's side of a Connection, which the public header does not show.
class ConnectionAccess {
 public:
  static ClientContext& Context(Connection& connection) { return *connection.context_; }
};

}  // namespace floe
