// DESCRIBE of a table: its columns, partitioning and, EXTENDED, its detailed information.
#include "catalog/describe_table.h"

#include "iceberg/type.h"

namespace floe {

TextRows DescribeTable(TableCatalog& tables, const LoadedTable& table, bool extended) {
  const iceberg::TableMetadata& m = *table.metadata;
  TextRows out{{"col_name", "data_type", "comment"}, {}};
  auto& rows = out.rows;
  for (const auto& f : m.CurrentSchema().fields()) {
    rows.push_back({f.name(), f.type()->ToSqlName(), f.doc()});
  }
  const iceberg::PartitionSpec& spec = m.DefaultSpec();
  if (!spec.fields().empty()) {
    rows.push_back({"", "", ""});
    rows.push_back({"# Partitioning", "", ""});
    for (size_t i = 0; i < spec.fields().size(); ++i) {
      const auto& pf = spec.fields()[i];
      std::string source = m.CurrentSchema().FindColumnName(pf.source_id());
      std::string text = pf.transform().IsIdentity() ? source : pf.transform().ToString() + "(" + source + ")";
      rows.push_back({"Part " + std::to_string(i), text, ""});
    }
  }
  if (!extended) return out;
  rows.push_back({"", "", ""});
  rows.push_back({"# Metadata Columns", "", ""});
  rows.push_back({"", "", ""});
  rows.push_back({"# Detailed Table Information", "", ""});
  rows.push_back({"Name", tables.catalog().name() + "." + table.name.ToString(), ""});
  rows.push_back({"Type", "MANAGED", ""});
  rows.push_back({"Location", m.location, ""});
  rows.push_back({"Provider", "iceberg", ""});
  rows.push_back({"Format version", std::to_string(m.format_version), ""});
  rows.push_back({"Partition spec id", std::to_string(m.default_spec_id), ""});
  std::string order_text;
  if (const iceberg::SortOrder* order = m.DefaultSortOrder()) {
    for (const auto& sf : order->fields()) {
      if (!order_text.empty()) order_text += ", ";
      order_text += m.CurrentSchema().FindColumnName(sf.source_id) +
                    (sf.direction == iceberg::SortDirection::kAscending ? " ASC" : " DESC") +
                    (sf.null_order == iceberg::NullOrder::kNullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }
  }
  rows.push_back({"Sort order", order_text.empty() ? "unsorted" : order_text, ""});
  const iceberg::Snapshot* current = m.CurrentSnapshot();
  rows.push_back({"Current snapshot", current ? std::to_string(current->snapshot_id) : "none", ""});
  std::string props;
  for (const auto& [k, v] : m.properties) props += (props.empty() ? "" : ",") + k + "=" + v;
  rows.push_back({"Table Properties", "[" + props + "]", ""});
  return out;
}

TextRows DescribeColumns(const std::vector<std::string>& names, const std::vector<LogicalType>& types) {
  TextRows out{{"col_name", "data_type", "comment"}, {}};
  for (size_t i = 0; i < names.size(); ++i) out.rows.push_back({names[i], types[i].ToString(), ""});
  return out;
}

}  // namespace floe
