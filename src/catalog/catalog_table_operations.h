#pragma once

#include <optional>
#include <string>

#include "catalog/sqlite_catalog.h"
#include "iceberg/write/table_operations.h"

namespace floe {

/// Throws IOError when the table's location (or its write.data.path) lies under the
/// warehouse but a symbolic link on the way leads out of it.
void CheckTableWritable(const std::string& warehouse, const iceberg::TableMetadata& metadata,
                        const iceberg::LocationRemapper& remapper);

/// The TableOperations of a table of the SQLite catalog: its metadata pointer is the
/// catalog's row, swapped by compare-and-swap (creating the row for a new table).
class CatalogTableOperations : public iceberg::TableOperations {
 public:
  /// `catalog` and `io` must outlive the operations.
  CatalogTableOperations(SqliteCatalog& catalog, std::string ns, std::string table, std::string warehouse,
                         FileIO& io, iceberg::LocationRemapper remapper);

  std::string name() const override { return ns_ + "." + table_; }
  FileIO& io() override { return io_; }
  const iceberg::LocationRemapper& remapper() const override { return remapper_; }
  iceberg::TableState Refresh() override;
  void CheckWritable(const iceberg::TableMetadata& metadata) override;
  bool Swap(const std::string& base_location, const std::string& new_location) override;
  /// Makes the creation of the table replace the parquet table of its name (migrate).
  void ReplaceFileTable(FileTableBackup backup) { replacing_ = std::move(backup); }

 private:
  SqliteCatalog& catalog_;
  std::string ns_;
  std::string table_;
  std::string warehouse_;
  FileIO& io_;
  iceberg::LocationRemapper remapper_;
  std::optional<FileTableBackup> replacing_;
};

/// Reads the metadata file at `metadata_location` (as the catalog names it) for table
/// `name`; throws FormatError or IOError naming the table.
std::shared_ptr<const iceberg::TableMetadata> ReadTableMetadata(FileIO& io, const iceberg::LocationRemapper& remapper,
                                                                const std::string& metadata_location,
                                                                const std::string& name);

}  // namespace floe
