#pragma once

#include <memory>
#include <string>

namespace floe {

class DatabaseState;

/// Options for opening a database.
struct DatabaseOptions {
  /// The warehouse folder: catalog.db and table files live under it.
  std::string warehouse = "./warehouse";
  /// The catalog's name (tables resolve as catalog.namespace.table).
  std::string catalog_name = "floe";
  /// Worker threads; 0 means one per core.
  int threads = 0;
};

/// An embedded floe instance: the catalog, the worker pool, the temporary objects.
class Database {
 public:
  explicit Database(DatabaseOptions options = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  DatabaseState& state() { return *state_; }

 private:
  std::unique_ptr<DatabaseState> state_;
};

}  // namespace floe
