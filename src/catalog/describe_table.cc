// DESCRIBE of a table: its columns, partitioning and, EXTENDED, its detailed information.
#include "catalog/describe_table.h"

#include <map>

#include "common/exception.h"
#include "iceberg/column_statistics.h"
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

TextRows DescribeColumn(const LoadedTable& table, const std::vector<std::string>& column, bool extended) {
  const iceberg::TableMetadata& m = *table.metadata;
  std::string name;
  for (const std::string& part : column) name += (name.empty() ? "" : ".") + part;
  const iceberg::NestedField* field = m.CurrentSchema().FindFieldByName(name, false);
  if (!field) {
    throw CatalogError("[UNRESOLVED_COLUMN] A column with name `" + name + "` cannot be resolved in table " +
                       table.name.ToString());
  }
  TextRows out{{"info_name", "info_value"}, {}};
  out.rows.push_back({"col_name", m.CurrentSchema().FindColumnName(field->id())});
  out.rows.push_back({"data_type", field->type()->ToSqlName()});
  out.rows.push_back({"comment", field->doc().empty() ? "NULL" : field->doc()});
  if (!extended) return out;
  // the statistics of the newest statistics file that sketches the column: the current
  // snapshot's, else an older one's (stale): the ndv Iceberg keeps, and the others floe
  // keeps beside it (compute_table_stats)
  const iceberg::Snapshot* current = m.CurrentSnapshot();
  std::string distinct = "NULL";
  std::map<std::string, std::string> others = {
      {"min", "NULL"}, {"max", "NULL"}, {"num_nulls", "NULL"}, {"avg_col_len", "NULL"}, {"max_col_len", "NULL"}};
  std::optional<int64_t> current_id;
  if (current) current_id = current->snapshot_id;
  if (auto blob = iceberg::FindColumnStatistics(m, field->id(), current_id)) {
    static const std::map<std::string, std::string> kProperty = {{"min", "floe.min"},
                                                                 {"max", "floe.max"},
                                                                 {"num_nulls", "floe.null-count"},
                                                                 {"avg_col_len", "floe.avg-len"},
                                                                 {"max_col_len", "floe.max-len"}};
    distinct = blob->Property("ndv").value_or("NULL");
    for (auto& [info, value] : others) value = blob->Property(kProperty.at(info)).value_or("NULL");
    if (!current || blob->snapshot_id != current->snapshot_id) {
      // every statistic of the blob is as old as its snapshot
      std::string note = " (stale: computed for snapshot " + std::to_string(blob->snapshot_id) + "; the table is at " +
                         (current ? "snapshot " + std::to_string(current->snapshot_id) : std::string("no snapshot")) +
                         ")";
      distinct += note;
      for (auto& [info, value] : others) {
        if (value != "NULL") value += note;
      }
    }
  }
  for (const char* info : {"min", "max", "num_nulls"}) out.rows.push_back({info, others.at(info)});
  out.rows.push_back({"distinct_count", distinct});
  for (const char* info : {"avg_col_len", "max_col_len"}) out.rows.push_back({info, others.at(info)});
  out.rows.push_back({"histogram", "NULL"});
  return out;
}

}  // namespace floe
