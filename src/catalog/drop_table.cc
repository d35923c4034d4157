// DROP TABLE [PURGE] of a catalog table.
#include "catalog/drop_table.h"

#include <exception>
#include <filesystem>
#include <set>

#include "common/exception.h"
#include "iceberg/reachable_files.h"
#include "io/path_confinement.h"

namespace floe {

namespace {

namespace fs = std::filesystem;

// Returns how many folders `path` lies below `root` (which contains it).
size_t DepthUnder(const std::string& root, const std::string& path) {
  fs::path relative = fs::path(path).lexically_normal().lexically_relative(fs::path(root).lexically_normal());
  size_t depth = 0;
  for (const auto& part : relative) depth += !part.empty() && part != ".";
  return depth;
}

// The folders a purge may delete files in: the warehouse, and the table's own location
// and data path wherever they are (a location says so). A file the metadata names
// elsewhere is another table's or the user's, never the purge's to delete.
class PurgeScope {
 public:
  PurgeScope(FileIO& io, std::string warehouse, const iceberg::TableMetadata& m,
             const iceberg::LocationRemapper& remapper)
      : io_(io), warehouse_(std::move(warehouse)), location_(remapper.Remap(m.location)) {
    roots_ = {warehouse_, location_};
    if (auto it = m.properties.find("write.data.path"); it != m.properties.end()) {
      roots_.push_back(remapper.Remap(it->second));
    }
  }

  bool MayDelete(const std::string& path) const {
    // why: a crafted metadata file may name the catalog itself
    if (fs::path(path).filename().string().rfind("catalog.db", 0) == 0 &&
        IsLexicallyWithin(fs::path(path).parent_path().string(), warehouse_)) {
      return false;
    }
    // why: the database's ConfinedFileIO refuses a delete through a link out of the warehouse
    // too, but a whole request at once (one such file would keep a batch's others), and it
    // lets pass the table's own location outside the warehouse, which is checked here
    for (const auto& root : roots_) {
      if (IsLexicallyWithin(root, path) && path != root && !EscapesThroughLink(root, path) &&
          !EscapesThroughLink(warehouse_, path)) {
        return true;
      }
    }
    return false;
  }

  /// Removes the folders that deleting `file` left empty: inside the table's location
  /// (not the location itself unless it is a table folder of the warehouse), and in the
  /// warehouse down to <namespace>/<table> (never a namespace folder or the warehouse).
  void RemoveEmptyFolders(const std::string& file) const {
    for (fs::path folder = fs::path(file).parent_path();; folder = folder.parent_path()) {
      std::string f = folder.string();
      bool in_location = IsLexicallyWithin(location_, f) && !IsLexicallyWithin(f, location_);
      bool table_folder = IsLexicallyWithin(warehouse_, f) && DepthUnder(warehouse_, f) >= 2;
      if (!in_location && !table_folder) return;
      if (EscapesThroughLink(warehouse_, f)) return;
      try {
        // why: only an empty folder is deleted, never anything in it
        if (!io_.DeleteEmptyFolder(f)) return;
      } catch (const std::exception&) {
        // why: the table is already out of the catalog: a folder left is no error of the DROP
        return;
      }
    }
  }

 private:
  FileIO& io_;
  std::string warehouse_;
  std::string location_;
  std::vector<std::string> roots_;
};

}  // namespace

void DropTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
               const ResolvedTableName& name, bool purge) {
  if (!purge) {
    tables.catalog().DropTable(name.namespace_name, name.table_name);
    return;
  }
  // PURGE deletes exactly the files the metadata references (Spark's SparkCatalog.purgeTable
  // and DeleteReachableFiles), gathered before the catalog entry goes: a table whose files
  // cannot be listed stays as it was.
  LoadedTable table = tables.Load(name, remapper);
  const iceberg::TableMetadata& m = *table.metadata;
  if (m.Property("gc.enabled", "true") == "false") {
    throw InvalidInputError("Cannot purge table " + name.ToString() +
                            ": GC is disabled (deleting files may corrupt other tables)");
  }
  iceberg::ReachableFiles files;
  try {
    files = iceberg::FindReachableFiles(io, m, table.metadata_location, remapper);
  } catch (const Exception& e) {
    throw IOError("cannot purge " + name.ToString() + ": " + e.what() +
                  " (DROP TABLE without PURGE removes it from the catalog and keeps its files)");
  }
  tables.catalog().DropTable(name.namespace_name, name.table_name);
  PurgeScope scope(io, tables.warehouse(), m, remapper);
  std::set<std::string> deleted;
  for (const auto* kind : {&files.content_files, &files.manifests, &files.manifest_lists, &files.statistics_files,
                           &files.metadata_files}) {
    std::vector<std::string> batch;
    for (const auto& path : *kind) {
      std::string local = remapper.Remap(path);
      if (scope.MayDelete(local)) batch.push_back(std::move(local));
    }
    // why: the table is already out of the catalog; a file that cannot be deleted is an orphan
    DeleteQuietly(io, batch);
    deleted.insert(batch.begin(), batch.end());
  }
  for (auto it = deleted.rbegin(); it != deleted.rend(); ++it) scope.RemoveEmptyFolders(*it);
}

size_t DeleteTableFiles(FileIO& io, const std::string& warehouse, const iceberg::TableMetadata& m,
                        const iceberg::LocationRemapper& remapper, const std::vector<std::string>& paths) {
  PurgeScope scope(io, warehouse, m, remapper);
  std::vector<std::string> batch;
  for (const auto& path : paths) {
    std::string local = remapper.Remap(path);
    if (scope.MayDelete(local)) batch.push_back(std::move(local));
  }
  return batch.empty() ? 0 : io.Delete(batch);
}

}  // namespace floe
