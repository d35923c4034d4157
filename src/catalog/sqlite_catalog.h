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

/// A table of files that the catalog names but floe does not own: Spark's `USING parquet`
/// table over a folder. Only its provider and location are kept; its columns and hive
/// partitions are read from the files. Such tables are read, dropped, renamed and migrated
/// (CALL system.migrate) to Iceberg; never written.
struct FileTableEntry {
  std::string namespace_name;
  std::string table_name;
  std::string provider;  // "parquet"
  std::string location;
  std::string name() const { return namespace_name + "." + table_name; }
};

/// What the creation of an Iceberg table does, in the same catalog transaction, to the
/// parquet table of the same name it replaces (CALL system.migrate): renames it to
/// `backup_table` in its namespace, or removes it when `drop`.
struct FileTableBackup {
  std::string backup_table;
  bool drop = false;
};

/// The embedded catalog: one SQLite database per warehouse with the schema of Iceberg's
/// JDBC catalog (also PyIceberg's SQL catalog), so other Iceberg tools can open it.
/// Commits are a compare-and-swap of metadata_location. File tables live in a table of
/// their own (floe_file_tables), which those tools do not read; one name is one table of
/// either kind.
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
  /// Registers a new table; returns false when the name is taken. With `replacing`, the name
  /// is the parquet table's the new table replaces, backed up or dropped in the same
  /// transaction; throws when it is gone or the backup name is taken.
  bool CreateTable(const std::string& ns, const std::string& table, const std::string& metadata_location,
                   const FileTableBackup* replacing = nullptr);
  /// Swaps the metadata pointer from `expected` to `location`; false when another commit
  /// changed it first (the caller re-reads and retries).
  bool CommitTable(const std::string& ns, const std::string& table, const std::string& expected,
                   const std::string& location);
  /// Removes a table's entry; returns false when it did not exist.
  bool DropTable(const std::string& ns, const std::string& table);
  /// Renames a table; false when the source is missing. Throws when the target exists.
  bool RenameTable(const std::string& ns, const std::string& table, const std::string& new_ns,
                   const std::string& new_table);
  /// The names of the namespace's tables of both kinds.
  std::vector<std::string> ListTables(const std::string& ns);

  std::optional<FileTableEntry> LoadFileTable(const std::string& ns, const std::string& table);
  /// Registers a file table; returns false when the name is taken (by a table of either kind).
  bool CreateFileTable(const FileTableEntry& entry);
  /// Removes a file table's entry (never its files); returns false when it did not exist.
  bool DropFileTable(const std::string& ns, const std::string& table);
  /// Renames a file table; false when it is missing. Throws when the target name is taken.
  bool RenameFileTable(const std::string& ns, const std::string& table, const std::string& new_ns,
                       const std::string& new_table);
  /// Whether a table of either kind has the name.
  bool NameTaken(const std::string& ns, const std::string& table);

  /// The number of metadata-pointer swaps attempted (CommitTable and CreateTable calls),
  /// for tests that check one swap per commit.
  int64_t swaps() const { return swaps_.load(); }

 private:
  void Exec(const std::string& sql);
  /// Drop and rename of an entry of `kind_table` (iceberg_tables or floe_file_tables).
  bool DropEntry(const char* kind_table, const std::string& ns, const std::string& table);
  bool RenameEntry(const char* kind_table, const std::string& ns, const std::string& table, const std::string& new_ns,
                   const std::string& new_table);
  /// The rename itself, inside the caller's transaction and checks; true when a row moved.
  bool MoveEntry(const char* kind_table, const std::string& ns, const std::string& table, const std::string& new_ns,
                 const std::string& new_table);

  std::string path_;
  std::string name_;
  sqlite3* db_ = nullptr;
  /// why: a statement's change count and error message are the handle's, not the
  /// statement's; connections on other threads share the handle
  std::recursive_mutex mutex_;
  std::atomic<int64_t> swaps_{0};
};

}  // namespace floe
