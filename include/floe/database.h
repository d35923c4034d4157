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
  /// The local state folder (temporary files, the shell's history, caches), outside the
  /// warehouse since a warehouse may be read-only or in a bucket; empty: DefaultStateFolder().
  std::string state_folder;
  /// Counts every storage request and byte (system.file_io shows them) and lets tests
  /// inject faults; the SQL logic tests run with it on.
  bool count_file_io = false;
};

/// Returns $FLOE_HOME when set, else $XDG_CACHE_HOME/floe, else ~/.cache/floe (empty when
/// none of them is known).
std::string DefaultStateFolder();

/// An embedded floe instance: the catalog, the worker pool, the temporary objects.
class Database {
 public:
  explicit Database(DatabaseOptions options = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

 private:
  // why: the engine's state is not API; src/main reaches it through DatabaseAccess
  friend class DatabaseAccess;
  std::unique_ptr<DatabaseState> state_;
};

}  // namespace floe
