#include "catalog/catalog_table_operations.h"

#include "common/exception.h"
#include "io/path_confinement.h"

namespace floe {

void CheckTableWritable(const std::string& warehouse, const iceberg::TableMetadata& metadata,
                        const iceberg::LocationRemapper& remapper) {
  const std::string action = "write table files under";
  CheckConfined(warehouse, remapper.Remap(metadata.location), action);
  if (auto it = metadata.properties.find("write.data.path"); it != metadata.properties.end()) {
    CheckConfined(warehouse, remapper.Remap(it->second), action);
  }
}

std::shared_ptr<const iceberg::TableMetadata> ReadTableMetadata(FileIO& io, const iceberg::LocationRemapper& remapper,
                                                                const std::string& metadata_location,
                                                                const std::string& name) {
  std::string local = remapper.Remap(metadata_location);
  try {
    return std::make_shared<iceberg::TableMetadata>(iceberg::TableMetadata::Parse(io.ReadAll(local), local));
  } catch (const FormatError& e) {
    throw FormatError("cannot read table " + name + ": " + e.what());
  } catch (const IOError& e) {
    throw IOError("cannot read table " + name + ": " + e.what());
  }
}

CatalogTableOperations::CatalogTableOperations(SqliteCatalog& catalog, std::string ns, std::string table,
                                               std::string warehouse, FileIO& io,
                                               iceberg::LocationRemapper remapper)
    : catalog_(catalog),
      ns_(std::move(ns)),
      table_(std::move(table)),
      warehouse_(std::move(warehouse)),
      io_(io),
      remapper_(std::move(remapper)) {}

iceberg::TableState CatalogTableOperations::Refresh() {
  auto entry = catalog_.LoadTable(ns_, table_);
  if (!entry) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + name());
  return {entry->metadata_location, ReadTableMetadata(io_, remapper_, entry->metadata_location, name())};
}

void CatalogTableOperations::CheckWritable(const iceberg::TableMetadata& metadata) {
  CheckTableWritable(warehouse_, metadata, remapper_);
}

bool CatalogTableOperations::Swap(const std::string& base_location, const std::string& new_location) {
  if (!base_location.empty()) return catalog_.CommitTable(ns_, table_, base_location, new_location);
  if (!catalog_.NamespaceExists(ns_)) catalog_.CreateNamespace(ns_, {});
  if (!catalog_.CreateTable(ns_, table_, new_location, replacing_ ? &*replacing_ : nullptr)) {
    throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table " + name() + " because it already exists");
  }
  return true;
}

}  // namespace floe
