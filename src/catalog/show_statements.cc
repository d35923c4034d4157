// SHOW statements on the catalog: namespaces, tables, a table's properties and the
// CREATE TABLE statement that makes it.
#include "catalog/show_statements.h"

#include <map>

#include "catalog/show_pattern.h"
#include "common/exception.h"
#include "common/sql_text.h"
#include "iceberg/type.h"

namespace floe {

namespace {

LoadedTable FindOrThrow(TableCatalog& tables, const iceberg::LocationRemapper& remapper, const QualifiedName& name,
                        const std::string& current_namespace) {
  auto found = tables.Find(name, current_namespace, remapper);
  if (!found) tables.RefuseFileTable(name, current_namespace, "show");
  if (!found) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + name.ToString());
  return std::move(*found);
}

// A partition field as Spark's PARTITIONED BY writes it: bucket(16, id), days(ts), ...
std::string PartitionClause(const iceberg::PartitionField& field, const std::string& source) {
  const iceberg::Transform& t = field.transform();
  switch (t.kind()) {
    case iceberg::TransformKind::kIdentity: return source;
    case iceberg::TransformKind::kBucket: return "bucket(" + std::to_string(t.param()) + ", " + source + ")";
    case iceberg::TransformKind::kTruncate: return "truncate(" + std::to_string(t.param()) + ", " + source + ")";
    default: return t.ToString() + "s(" + source + ")";
  }
}

}  // namespace

TextRows ShowNamespaces(TableCatalog& tables, const ShowStatement& statement) {
  TextRows out{{"namespace"}, {}};
  for (const auto& ns : tables.catalog().ListNamespaces()) {
    if (ShowPatternMatches(statement.pattern, ns)) out.rows.push_back({ns});
  }
  return out;
}

TextRows ShowTables(TableCatalog& tables, const ShowStatement& statement, const std::string& current_namespace) {
  TextRows out{{"namespace", "tableName", "isTemporary"}, {}};
  std::string ns = statement.target.parts.empty() ? current_namespace : statement.target.parts.back();
  for (const auto& t : tables.catalog().ListTables(ns)) {
    if (ShowPatternMatches(statement.pattern, t)) out.rows.push_back({ns, t, "false"});
  }
  return out;
}

TextRows ShowTblProperties(TableCatalog& tables, const iceberg::LocationRemapper& remapper,
                           const ShowStatement& statement, const std::string& current_namespace) {
  LoadedTable table = FindOrThrow(tables, remapper, statement.target, current_namespace);
  const iceberg::TableMetadata& m = *table.metadata;
  std::map<std::string, std::string> props = m.properties;
  props["format"] = "iceberg/parquet";
  props["current-snapshot-id"] = m.CurrentSnapshot() ? std::to_string(m.CurrentSnapshot()->snapshot_id) : "none";
  props["format-version"] = std::to_string(m.format_version);
  TextRows out{{"key", "value"}, {}};
  for (const auto& [k, v] : props) {
    if (!statement.property_key || *statement.property_key == k) out.rows.push_back({k, v});
  }
  return out;
}

TextRows ShowCreateTable(TableCatalog& tables, const iceberg::LocationRemapper& remapper,
                         const ShowStatement& statement, const std::string& current_namespace) {
  LoadedTable table = FindOrThrow(tables, remapper, statement.target, current_namespace);
  const iceberg::TableMetadata& m = *table.metadata;
  std::string sql = "CREATE TABLE " + tables.catalog().name() + "." + table.name.ToString() + " (\n";
  const auto& fields = m.CurrentSchema().fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    sql += "  " + fields[i].name() + " " + fields[i].type()->ToSqlName(true);
    if (fields[i].required()) sql += " NOT NULL";
    if (!fields[i].doc().empty()) sql += " COMMENT " + SqlStringLiteral(fields[i].doc());
    sql += i + 1 < fields.size() ? ",\n" : ")\n";
  }
  sql += "USING iceberg\n";
  const auto& spec = m.DefaultSpec();
  if (!spec.fields().empty()) {
    sql += "PARTITIONED BY (";
    for (size_t i = 0; i < spec.fields().size(); ++i) {
      const auto& pf = spec.fields()[i];
      sql += (i ? ", " : "") + PartitionClause(pf, m.CurrentSchema().FindColumnName(pf.source_id()));
    }
    sql += ")\n";
  }
  sql += "LOCATION " + SqlStringLiteral(m.location) + "\n";
  if (!m.properties.empty()) {
    sql += "TBLPROPERTIES (\n";
    size_t i = 0;
    for (const auto& [k, v] : m.properties) {
      sql += "  " + SqlStringLiteral(k) + " = " + SqlStringLiteral(v) + (++i < m.properties.size() ? ",\n" : ")\n");
    }
  }
  return TextRows{{"createtab_stmt"}, {{sql}}};
}

}  // namespace floe
