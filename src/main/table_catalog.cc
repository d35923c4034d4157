#include "main/table_catalog.h"

#include <filesystem>

#include "common/exception.h"
#include "iceberg/local_file.h"
#include "planner/bind_scope.h"

namespace floe {

bool IsMetadataTableName(const std::string& name) {
  static const char* const kNames[] = {"snapshots", "history", "files", "data_files", "delete_files",
                                       "manifests", "partitions", "entries", "metadata_log_entries",
                                       "refs", "all_data_files", "all_manifests"};
  std::string lower = ToLower(name);
  for (const char* n : kNames) {
    if (lower == n) return true;
  }
  return false;
}

TableCatalog::TableCatalog(SqliteCatalog& catalog, std::string warehouse)
    : catalog_(catalog), warehouse_(std::move(warehouse)) {}

std::string TableCatalog::DefaultLocation(const std::string& ns, const std::string& table) const {
  return warehouse_ + "/" + ns + "/" + table;
}

ResolvedTableName TableCatalog::ResolveForCreate(const QualifiedName& name, const std::string& current) {
  const auto& p = name.parts;
  if (p.size() == 1) return {current, p[0], ""};
  if (p.size() == 2) return {p[0], p[1], ""};
  if (p.size() == 3 && ToLower(p[0]) == ToLower(catalog_.name())) return {p[1], p[2], ""};
  throw CatalogError("[REQUIRES_SINGLE_PART_NAMESPACE] table name " + name.ToString() +
                     " must be table, namespace.table or " + catalog_.name() + ".namespace.table");
}

std::optional<ResolvedTableName> TableCatalog::Resolve(const QualifiedName& name, const std::string& current) {
  std::vector<std::string> p = name.parts;
  if (p.size() >= 3 && ToLower(p[0]) == ToLower(catalog_.name())) p.erase(p.begin());
  auto exists = [&](const std::string& ns, const std::string& t) {
    return catalog_.LoadTable(ns, t).has_value();
  };
  if (p.size() == 1) {
    if (exists(current, p[0])) return ResolvedTableName{current, p[0], ""};
    return std::nullopt;
  }
  if (p.size() == 2) {
    if (exists(p[0], p[1])) return ResolvedTableName{p[0], p[1], ""};
    if (IsMetadataTableName(p[1]) && exists(current, p[0])) {
      return ResolvedTableName{current, p[0], ToLower(p[1])};
    }
    return std::nullopt;
  }
  if (p.size() == 3 && IsMetadataTableName(p[2]) && exists(p[0], p[1])) {
    return ResolvedTableName{p[0], p[1], ToLower(p[2])};
  }
  return std::nullopt;
}

LoadedTable TableCatalog::Load(const ResolvedTableName& name, const iceberg::LocationRemapper& remapper) {
  auto entry = catalog_.LoadTable(name.namespace_name, name.table_name);
  if (!entry) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + name.ToString());
  LoadedTable table;
  table.name = name;
  table.metadata_location = entry->metadata_location;
  std::string local = remapper.Remap(entry->metadata_location);
  table.metadata = std::make_shared<iceberg::TableMetadata>(
      iceberg::TableMetadata::Parse(iceberg::LocalFile::Read(local), local));
  return table;
}

}  // namespace floe
