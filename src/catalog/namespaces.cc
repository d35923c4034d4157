// Namespaces of the catalog: CREATE NAMESPACE, DROP NAMESPACE, the namespace USE selects.
#include "catalog/namespaces.h"

#include <map>
#include <vector>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe {

namespace {

// The name's parts without a leading catalog name (floe.ns is ns).
std::vector<std::string> WithoutCatalogName(TableCatalog& tables, const QualifiedName& name) {
  std::vector<std::string> parts = name.parts;
  if (parts.size() == 2 && ToLower(parts[0]) == ToLower(tables.catalog().name())) parts.erase(parts.begin());
  return parts;
}

}  // namespace

void CreateNamespace(TableCatalog& tables, const CreateNamespaceStatement& statement) {
  std::vector<std::string> parts = WithoutCatalogName(tables, statement.name);
  if (parts.size() != 1) {
    throw NotImplementedError("nested namespaces are not supported: " + statement.name.ToString());
  }
  std::map<std::string, std::string> properties(statement.properties.begin(), statement.properties.end());
  if (statement.comment) properties["comment"] = *statement.comment;
  if (statement.location) properties["location"] = *statement.location;
  if (!tables.catalog().CreateNamespace(parts[0], properties) && !statement.if_not_exists) {
    throw CatalogError("[SCHEMA_ALREADY_EXISTS] Cannot create namespace " + parts[0] + " because it already exists");
  }
}

std::string DropNamespace(TableCatalog& tables, const DropStatement& statement) {
  std::string ns = statement.name.parts.back();
  if (statement.cascade) {
    for (const auto& t : tables.catalog().ListTables(ns)) tables.catalog().DropTable(ns, t);
  }
  if (!tables.catalog().DropNamespace(ns)) {
    if (statement.if_exists) return "";
    throw CatalogError("[SCHEMA_NOT_FOUND] The namespace " + ns + " cannot be found");
  }
  return ns;
}

std::string NamespaceToUse(TableCatalog& tables, const UseStatement& statement) {
  std::vector<std::string> parts = WithoutCatalogName(tables, statement.name);
  if (parts.size() == 1 && ToLower(parts[0]) == ToLower(tables.catalog().name())) return "default";
  if (parts.size() != 1) throw NotImplementedError("nested namespaces are not supported");
  if (!tables.catalog().NamespaceExists(parts[0]) && parts[0] != "default") {
    throw CatalogError("[SCHEMA_NOT_FOUND] The namespace " + parts[0] + " cannot be found");
  }
  return parts[0];
}

}  // namespace floe
