#include "catalog/sqlite_catalog.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include <memory>

#include "catalog/table_location.h"
#include "common/exception.h"
#include "common/utf8.h"

namespace floe {

namespace {

// A prepared statement that finalizes itself.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) {
      throw IOError(std::string("catalog: cannot prepare statement: ") + sqlite3_errmsg(db));
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement& Bind(const std::string& value) {
    sqlite3_bind_text(stmt_, ++index_, value.c_str(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    return *this;
  }
  /// Returns true while there is a row.
  bool Step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    if (rc == SQLITE_CONSTRAINT) throw CatalogError(std::string("catalog: ") + sqlite3_errmsg(db_));
    throw IOError(std::string("catalog: ") + sqlite3_errmsg(db_));
  }
  std::string Text(int column) {
    const unsigned char* text = sqlite3_column_text(stmt_, column);
    return text ? reinterpret_cast<const char*>(text) : "";
  }
  int Changes() { return sqlite3_changes(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  int index_ = 0;
};

// Holds SQLite's write lock from a name check to the insert or rename it guards, so another
// process cannot take the name in between; rolls back unless committed.
class WriteTransaction {
 public:
  explicit WriteTransaction(sqlite3* db) : db_(db) { Run("BEGIN IMMEDIATE"); }
  ~WriteTransaction() {
    if (db_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void Commit() {
    Run("COMMIT");
    db_ = nullptr;
  }

 private:
  void Run(const char* sql) {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
      throw IOError(std::string("catalog: ") + sql + ": " + sqlite3_errmsg(db_));
    }
  }
  sqlite3* db_;
};

}  // namespace

SqliteCatalog::SqliteCatalog(const std::string& path, std::string catalog_name)
    : path_(path), name_(std::move(catalog_name)) {
  struct stat st;
  bool created = ::stat(path.c_str(), &st) != 0;
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw IOError("cannot open catalog " + path + ": " + message);
  }
  // why: SQLite's file mode is masked by the umask; the catalog floe makes is 0644 regardless
  // (SQLite gives its journal files the database file's mode).
  if (created && ::chmod(path.c_str(), 0644) != 0) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw IOError("cannot set the permissions of catalog " + path + ": " + std::strerror(errno));
  }
  // Another process may be committing: wait for its lock rather than fail.
  sqlite3_busy_timeout(db_, 10000);
  Exec("CREATE TABLE IF NOT EXISTS iceberg_tables ("
       "catalog_name VARCHAR(255) NOT NULL, "
       "table_namespace VARCHAR(255) NOT NULL, "
       "table_name VARCHAR(255) NOT NULL, "
       "metadata_location VARCHAR(1000), "
       "previous_metadata_location VARCHAR(1000), "
       "PRIMARY KEY (catalog_name, table_namespace, table_name))");
  Exec("CREATE TABLE IF NOT EXISTS iceberg_namespace_properties ("
       "catalog_name VARCHAR(255) NOT NULL, "
       "namespace VARCHAR(255) NOT NULL, "
       "property_key VARCHAR(255), "
       "property_value VARCHAR(1000), "
       "PRIMARY KEY (catalog_name, namespace, property_key))");
  Exec("CREATE TABLE IF NOT EXISTS floe_file_tables ("
       "catalog_name VARCHAR(255) NOT NULL, "
       "table_namespace VARCHAR(255) NOT NULL, "
       "table_name VARCHAR(255) NOT NULL, "
       "provider VARCHAR(255) NOT NULL, "
       "location VARCHAR(1000) NOT NULL, "
       "PRIMARY KEY (catalog_name, table_namespace, table_name))");
}

SqliteCatalog::~SqliteCatalog() {
  if (db_) sqlite3_close(db_);
}

void SqliteCatalog::Exec(const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw IOError("catalog " + path_ + ": " + message);
  }
}

bool SqliteCatalog::CreateNamespace(const std::string& ns,
                                    const std::map<std::string, std::string>& properties) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  ValidateCatalogName(ns, "namespace");
  for (const auto& [k, v] : properties) {
    if (!IsValidUtf8(k) || !IsValidUtf8(v)) {
      throw InvalidInputError("namespace " + ns + ": property " + QuoteForMessage(k) + " = " + QuoteForMessage(v) +
                              " is not valid UTF-8");
    }
  }
  if (NamespaceExists(ns)) return false;
  // The JDBC catalog marks a namespace with an `exists` property.
  std::map<std::string, std::string> all = properties;
  all["exists"] = "true";
  for (const auto& [k, v] : all) {
    Statement s(db_, "INSERT INTO iceberg_namespace_properties (catalog_name, namespace, property_key, "
                     "property_value) VALUES (?, ?, ?, ?)");
    s.Bind(name_).Bind(ns).Bind(k).Bind(v).Step();
  }
  return true;
}

bool SqliteCatalog::NamespaceExists(const std::string& ns) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement a(db_, "SELECT 1 FROM iceberg_namespace_properties WHERE catalog_name = ? AND namespace = ? LIMIT 1");
  a.Bind(name_).Bind(ns);
  if (a.Step()) return true;
  Statement b(db_, "SELECT 1 FROM iceberg_tables WHERE catalog_name = ? AND table_namespace = ? UNION ALL "
                   "SELECT 1 FROM floe_file_tables WHERE catalog_name = ? AND table_namespace = ? LIMIT 1");
  b.Bind(name_).Bind(ns).Bind(name_).Bind(ns);
  return b.Step();
}

bool SqliteCatalog::DropNamespace(const std::string& ns) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (!NamespaceExists(ns)) return false;
  if (!ListTables(ns).empty()) {
    throw CatalogError("[SCHEMA_NOT_EMPTY] Cannot drop namespace " + ns + " because it contains tables");
  }
  Statement s(db_, "DELETE FROM iceberg_namespace_properties WHERE catalog_name = ? AND namespace = ?");
  s.Bind(name_).Bind(ns).Step();
  return true;
}

std::vector<std::string> SqliteCatalog::ListNamespaces() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement s(db_, "SELECT namespace FROM iceberg_namespace_properties WHERE catalog_name = ? UNION "
                   "SELECT table_namespace FROM iceberg_tables WHERE catalog_name = ? UNION "
                   "SELECT table_namespace FROM floe_file_tables WHERE catalog_name = ? ORDER BY 1");
  s.Bind(name_).Bind(name_).Bind(name_);
  std::vector<std::string> out;
  while (s.Step()) out.push_back(s.Text(0));
  return out;
}

std::map<std::string, std::string> SqliteCatalog::NamespaceProperties(const std::string& ns) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement s(db_, "SELECT property_key, property_value FROM iceberg_namespace_properties "
                   "WHERE catalog_name = ? AND namespace = ?");
  s.Bind(name_).Bind(ns);
  std::map<std::string, std::string> out;
  while (s.Step()) out[s.Text(0)] = s.Text(1);
  return out;
}

std::optional<CatalogTableEntry> SqliteCatalog::LoadTable(const std::string& ns, const std::string& table) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement s(db_, "SELECT metadata_location, previous_metadata_location FROM iceberg_tables "
                   "WHERE catalog_name = ? AND table_namespace = ? AND table_name = ?");
  s.Bind(name_).Bind(ns).Bind(table);
  if (!s.Step()) return std::nullopt;
  return CatalogTableEntry{ns, table, s.Text(0), s.Text(1)};
}

bool SqliteCatalog::CreateTable(const std::string& ns, const std::string& table,
                                const std::string& metadata_location, const FileTableBackup* replacing) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  ValidateCatalogName(ns, "namespace");
  ValidateCatalogName(table, "table");
  ++swaps_;
  WriteTransaction txn(db_);
  if (replacing) {
    if (!LoadFileTable(ns, table)) {
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Cannot find source table '" + ns + "." + table + "'");
    }
    if (replacing->drop) {
      DropFileTable(ns, table);
    } else {
      ValidateCatalogName(replacing->backup_table, "table");
      if (NameTaken(ns, replacing->backup_table)) {
        throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot rename " + ns + "." + table + " as " + ns + "." +
                           replacing->backup_table + " for backup. The backup table already exists.");
      }
      MoveEntry("floe_file_tables", ns, table, ns, replacing->backup_table);
    }
  }
  if (NameTaken(ns, table)) return false;
  Statement s(db_, "INSERT INTO iceberg_tables (catalog_name, table_namespace, table_name, "
                   "metadata_location, previous_metadata_location) VALUES (?, ?, ?, ?, NULL)");
  s.Bind(name_).Bind(ns).Bind(table).Bind(metadata_location);
  try {
    s.Step();
  } catch (const CatalogError&) {
    return false;  // a concurrent CREATE won
  }
  txn.Commit();
  return true;
}

bool SqliteCatalog::CommitTable(const std::string& ns, const std::string& table,
                                const std::string& expected, const std::string& location) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  ++swaps_;
  Statement s(db_, "UPDATE iceberg_tables SET metadata_location = ?, previous_metadata_location = ? "
                   "WHERE catalog_name = ? AND table_namespace = ? AND table_name = ? AND "
                   "metadata_location = ?");
  s.Bind(location).Bind(expected).Bind(name_).Bind(ns).Bind(table).Bind(expected);
  s.Step();
  return s.Changes() == 1;
}

bool SqliteCatalog::DropTable(const std::string& ns, const std::string& table) {
  return DropEntry("iceberg_tables", ns, table);
}

bool SqliteCatalog::RenameTable(const std::string& ns, const std::string& table, const std::string& new_ns,
                                const std::string& new_table) {
  return RenameEntry("iceberg_tables", ns, table, new_ns, new_table);
}

bool SqliteCatalog::DropEntry(const char* kind_table, const std::string& ns, const std::string& table) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement s(db_, std::string("DELETE FROM ") + kind_table +
                       " WHERE catalog_name = ? AND table_namespace = ? AND table_name = ?");
  s.Bind(name_).Bind(ns).Bind(table);
  s.Step();
  return s.Changes() == 1;
}

bool SqliteCatalog::RenameEntry(const char* kind_table, const std::string& ns, const std::string& table,
                                const std::string& new_ns, const std::string& new_table) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  ValidateCatalogName(new_ns, "namespace");
  ValidateCatalogName(new_table, "table");
  WriteTransaction txn(db_);
  // one name is one table of either kind
  if (NameTaken(new_ns, new_table)) {
    throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot rename " + ns + "." + table + " to " +
                       new_ns + "." + new_table + " because it already exists");
  }
  bool renamed = MoveEntry(kind_table, ns, table, new_ns, new_table);
  txn.Commit();
  return renamed;
}

bool SqliteCatalog::MoveEntry(const char* kind_table, const std::string& ns, const std::string& table,
                              const std::string& new_ns, const std::string& new_table) {
  Statement s(db_, std::string("UPDATE ") + kind_table +
                       " SET table_namespace = ?, table_name = ? WHERE catalog_name = ? AND table_namespace = ? "
                       "AND table_name = ?");
  s.Bind(new_ns).Bind(new_table).Bind(name_).Bind(ns).Bind(table);
  s.Step();
  return s.Changes() == 1;
}

bool SqliteCatalog::NameTaken(const std::string& ns, const std::string& table) {
  return LoadTable(ns, table).has_value() || LoadFileTable(ns, table).has_value();
}

std::vector<std::string> SqliteCatalog::ListTables(const std::string& ns) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement s(db_, "SELECT table_name FROM iceberg_tables WHERE catalog_name = ? AND table_namespace = ? "
                   "UNION ALL SELECT table_name FROM floe_file_tables WHERE catalog_name = ? AND "
                   "table_namespace = ? ORDER BY table_name");
  s.Bind(name_).Bind(ns).Bind(name_).Bind(ns);
  std::vector<std::string> out;
  while (s.Step()) out.push_back(s.Text(0));
  return out;
}

std::optional<FileTableEntry> SqliteCatalog::LoadFileTable(const std::string& ns, const std::string& table) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  Statement s(db_, "SELECT provider, location FROM floe_file_tables "
                   "WHERE catalog_name = ? AND table_namespace = ? AND table_name = ?");
  s.Bind(name_).Bind(ns).Bind(table);
  if (!s.Step()) return std::nullopt;
  return FileTableEntry{ns, table, s.Text(0), s.Text(1)};
}

bool SqliteCatalog::CreateFileTable(const FileTableEntry& entry) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  ValidateCatalogName(entry.namespace_name, "namespace");
  ValidateCatalogName(entry.table_name, "table");
  if (!IsValidUtf8(entry.location)) {
    throw InvalidInputError("table " + entry.table_name + ": its location is not valid UTF-8");
  }
  WriteTransaction txn(db_);
  if (NameTaken(entry.namespace_name, entry.table_name)) return false;
  Statement s(db_, "INSERT INTO floe_file_tables (catalog_name, table_namespace, table_name, provider, location) "
                   "VALUES (?, ?, ?, ?, ?)");
  s.Bind(name_).Bind(entry.namespace_name).Bind(entry.table_name).Bind(entry.provider).Bind(entry.location).Step();
  txn.Commit();
  return true;
}

bool SqliteCatalog::DropFileTable(const std::string& ns, const std::string& table) {
  return DropEntry("floe_file_tables", ns, table);
}

bool SqliteCatalog::RenameFileTable(const std::string& ns, const std::string& table, const std::string& new_ns,
                                    const std::string& new_table) {
  return RenameEntry("floe_file_tables", ns, table, new_ns, new_table);
}

}  // namespace floe
