#include "catalog/table_catalog.h"

#include "catalog/catalog_table_operations.h"
#include "catalog/table_location.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "common/utf8.h"
#include "iceberg/metadata_tables/metadata_table.h"

namespace floe {

TableCatalog::TableCatalog(SqliteCatalog& catalog, std::string warehouse, FileIO& io)
    : catalog_(catalog), warehouse_(std::move(warehouse)), io_(io) {}

std::string TableCatalog::DefaultLocation(const std::string& ns, const std::string& table) {
  ValidateCatalogName(ns, "namespace");
  ValidateCatalogName(table, "table");
  // why: a name cut to fit a folder keeps a hash of itself; two such names could share one,
  // so a new table's folder must not be another table's.
  std::string ns_folder = PathSegmentForName(ns), table_folder = PathSegmentForName(table);
  if (IsHashedPathSegment(ns_folder)) {
    for (const auto& other : catalog_.ListNamespaces()) {
      if (other != ns && PathSegmentForName(other) == ns_folder) {
        throw CatalogError("namespace " + QuoteForMessage(ns) + " would share its folder with namespace " +
                           QuoteForMessage(other) + ": choose another name");
      }
    }
  }
  if (IsHashedPathSegment(table_folder)) {
    for (const auto& other : catalog_.ListTables(ns)) {
      if (other != table && PathSegmentForName(other) == table_folder) {
        throw CatalogError("table " + QuoteForMessage(table) + " would share its folder with table " +
                           QuoteForMessage(other) + ": choose another name");
      }
    }
  }
  return DefaultTableLocation(warehouse_, ns, table);
}

void TableCatalog::CheckWritable(const iceberg::TableMetadata& metadata,
                                 const iceberg::LocationRemapper& remapper) const {
  CheckTableWritable(warehouse_, metadata, remapper);
}

ResolvedTableName TableCatalog::ResolveForCreate(const QualifiedName& name, const std::string& current) {
  const auto& p = name.parts;
  if (p.size() == 1) return {current, p[0], ""};
  if (p.size() == 2) return {p[0], p[1], ""};
  if (p.size() == 3 && ToLower(p[0]) == ToLower(catalog_.name())) return {p[1], p[2], ""};
  throw CatalogError("[REQUIRES_SINGLE_PART_NAMESPACE] table name " + name.ToString() +
                     " must be table, namespace.table or " + catalog_.name() + ".namespace.table");
}

std::optional<std::pair<ResolvedTableName, std::string>> TableCatalog::ResolveEntry(const QualifiedName& name,
                                                                                    const std::string& current) {
  std::vector<std::string> p = name.parts;
  if (p.size() >= 3 && ToLower(p[0]) == ToLower(catalog_.name())) p.erase(p.begin());
  auto lookup = [&](const std::string& ns, const std::string& t,
                    const std::string& suffix) -> std::optional<std::pair<ResolvedTableName, std::string>> {
    auto entry = catalog_.LoadTable(ns, t);
    if (!entry) return std::nullopt;
    ResolvedTableName resolved{ns, t, "", "", false};
    std::string lower = ToLower(suffix);
    if (iceberg::IsMetadataTableName(lower)) {
      resolved.metadata_table = lower;
    } else if (lower.rfind("branch_", 0) == 0 && lower.size() > 7) {
      resolved.ref = suffix.substr(7);
      resolved.ref_is_branch = true;
    } else if (lower.rfind("tag_", 0) == 0 && lower.size() > 4) {
      resolved.ref = suffix.substr(4);
    } else if (!suffix.empty()) {
      return std::nullopt;
    }
    return std::make_pair(std::move(resolved), entry->metadata_location);
  };
  // As Spark: the whole name as a table first, then its last part as a suffix of the rest.
  if (p.size() == 1) return lookup(current, p[0], "");
  if (p.size() == 2) {
    if (auto found = lookup(p[0], p[1], "")) return found;
    return lookup(current, p[0], p[1]);
  }
  if (p.size() == 3) return lookup(p[0], p[1], p[2]);
  return std::nullopt;
}

std::optional<ResolvedTableName> TableCatalog::Resolve(const QualifiedName& name, const std::string& current) {
  auto found = ResolveEntry(name, current);
  if (!found) return std::nullopt;
  return found->first;
}

std::optional<LoadedTable> TableCatalog::Find(const QualifiedName& name, const std::string& current,
                                              const iceberg::LocationRemapper& remapper) {
  auto found = ResolveEntry(name, current);
  if (!found) return std::nullopt;
  LoadedTable table = LoadFrom(found->first, found->second, remapper);
  if (!found->first.ref.empty()) {
    auto ref = table.metadata->refs.find(found->first.ref);
    if (ref == table.metadata->refs.end() || ref->second.is_branch != found->first.ref_is_branch) return std::nullopt;
  }
  return table;
}

std::optional<FileTableEntry> TableCatalog::FindFileTable(const QualifiedName& name, const std::string& current) {
  std::vector<std::string> p = name.parts;
  if (p.size() == 3 && ToLower(p[0]) == ToLower(catalog_.name())) p.erase(p.begin());
  if (p.size() == 1) return catalog_.LoadFileTable(current, p[0]);
  if (p.size() == 2) return catalog_.LoadFileTable(p[0], p[1]);
  return std::nullopt;
}

void TableCatalog::RefuseFileTable(const QualifiedName& name, const std::string& current, const std::string& action) {
  auto file_table = FindFileTable(name, current);
  if (!file_table) return;
  std::string table = file_table->name();
  throw NotImplementedError("cannot " + action + " " + table +
                            ": it is a parquet table, which floe reads but does not write or change "
                            "(CALL system.migrate('" + table + "') converts it to Iceberg in place)");
}

LoadedTable TableCatalog::Load(const ResolvedTableName& name, const iceberg::LocationRemapper& remapper) {
  auto entry = catalog_.LoadTable(name.namespace_name, name.table_name);
  if (!entry) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + name.ToString());
  return LoadFrom(name, entry->metadata_location, remapper);
}

LoadedTable TableCatalog::LoadFrom(const ResolvedTableName& name, const std::string& metadata_location,
                                   const iceberg::LocationRemapper& remapper) {
  LoadedTable table;
  table.name = name;
  table.metadata_location = metadata_location;
  table.metadata = ReadTableMetadata(io_, remapper, metadata_location, name.ToString());
  return table;
}

}  // namespace floe
