#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace floe {

/// A table's entry in the catalog.
struct CatalogTableEntry {
  std::string namespace_name;
  std::string table_name;
  std::string metadata_location;
  std::string previous_metadata_location;
};

/// The embedded catalog: one SQLite database per warehouse with the schema of Iceberg's
/// JDBC catalog (also PyIceberg's SQL catalog), so other Iceberg tools can open it.
/// Commits are a compare-and-swap of metadata_location.
class SqliteCatalog {
 public:
  /// Opens (creating when missing) `path` for the catalog named `catalog_name`.
  SqliteCatalog(const std::string& path, std::string catalog_name);
  ~SqliteCatalog();
  SqliteCatalog(const SqliteCatalog&) = delete;
  SqliteCatalog& operator=(const SqliteCatalog&) = delete;

  const std::string& name() const { return name_; }
  const std::string& path() const { return path_; }

  /// Creates a namespace; returns false when it already exists.
  bool CreateNamespace(const std::string& ns, const std::map<std::string, std::string>& properties);
  /// Returns true when the namespace has properties or tables.
  bool NamespaceExists(const std::string& ns);
  /// Drops an empty namespace; returns false when it does not exist. Throws when not empty.
  bool DropNamespace(const std::string& ns);
  std::vector<std::string> ListNamespaces();
  std::map<std::string, std::string> NamespaceProperties(const std::string& ns);

  /// Returns the table's entry, or nothing when there is no such table.
  std::optional<CatalogTableEntry> LoadTable(const std::string& ns, const std::string& table);
  /// Registers a new table; returns false when the name is taken.
  bool CreateTable(const std::string& ns, const std::string& table, const std::string& metadata_location);
  /// Swaps the metadata pointer from `expected` to `location`; false when another commit
  /// changed it first (the caller re-reads and retries).
  bool CommitTable(const std::string& ns, const std::string& table, const std::string& expected,
                   const std::string& location);
  /// Removes a table's entry; returns false when it did not exist.
  bool DropTable(const std::string& ns, const std::string& table);
  /// Renames a table; false when the source is missing. Throws when the target exists.
  bool RenameTable(const std::string& ns, const std::string& table, const std::string& new_ns,
                   const std::string& new_table);
  std::vector<std::string> ListTables(const std::string& ns);

  /// The number of metadata-pointer swaps attempted (CommitTable and CreateTable calls),
  /// for tests that check one swap per commit.
  int64_t swaps() const { return swaps_.load(); }

 private:
  void Exec(const std::string& sql);

  std::string path_;
  std::string name_;
  sqlite3* db_ = nullptr;
  /// why: a statement's change count and error message are the handle's, not the
  /// statement's; connections on other threads share the handle
  std::recursive_mutex mutex_;
  std::atomic<int64_t> swaps_{0};
};

}  // namespace floe
