// The system tables: what the database remembers of its queries and its storage requests.
#include "execution/table_sources/system_tables.h"

#include "execution/table_sources/memory_table.h"

namespace floe {

std::shared_ptr<TableSource> MakeSystemTable(const std::string& name, const QueryHistory& history,
                                             const InstrumentedFileIO* file_io) {
  std::vector<QueryRecord> queries = history.Recent();
  if (name == "last_scan" && queries.size() > 1) queries.erase(queries.begin(), queries.end() - 1);
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> rows;
  if (name == "queries") {
    names = {"query_id", "query", "started_at", "elapsed_ms", "rows", "scans"};
    types = {TypeId::kInt64, TypeId::kString, TypeId::kTimestamp, TypeId::kDouble, TypeId::kInt64, TypeId::kInt32};
    for (const auto& q : queries) {
      rows.push_back({Value::Int64(q.query_id), Value::String(q.sql), Value::Timestamp(q.started_us),
                      Value::Double(q.elapsed_ms), Value::Int64(q.rows),
                      Value::Int32(static_cast<int32_t>(q.scans.size()))});
    }
  } else if (name == "scans" || name == "last_scan") {
    names = {"query_id", "scan_index", "table_name", "metric", "value"};
    types = {TypeId::kInt64, TypeId::kInt32, TypeId::kString, TypeId::kString, TypeId::kString};
    for (const auto& q : queries) {
      for (size_t s = 0; s < q.scans.size(); ++s) {
        for (const auto& [k, v] : q.scans[s].metrics) {
          rows.push_back({Value::Int64(q.query_id), Value::Int32(static_cast<int32_t>(s)),
                          Value::String(q.scans[s].table), Value::String(k), Value::String(v)});
        }
      }
    }
  } else if (name == "file_io") {
    names = {"operation", "requests", "bytes"};
    types = {TypeId::kString, TypeId::kInt64, TypeId::kInt64};
    if (file_io) {
      for (const auto& [op, count] : file_io->Counts()) {
        rows.push_back({Value::String(FileOperationName(op)), Value::Int64(count.requests), Value::Int64(count.bytes)});
      }
    }
  } else {
    return nullptr;
  }
  auto table = std::make_shared<MemoryTable>(name == "last_scan" ? "last_scan()" : "system." + name, names, types,
                                             std::vector<bool>(names.size(), false));
  table->AppendRows(rows);
  return table;
}

}  // namespace floe
