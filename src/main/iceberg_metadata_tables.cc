// Metadata tables of Iceberg tables (t.snapshots, t.files, ...): built by
// iceberg/metadata_tables, served as memory tables.
#include <algorithm>

#include "execution/table_sources/memory_table.h"
#include "iceberg/metadata_tables/metadata_table.h"
#include "main/client_context.h"

namespace floe {

std::shared_ptr<TableSource> ClientContext::MakeMetadataTable(const LoadedTable& table,
                                                              const iceberg::Snapshot* snapshot) {
  iceberg::LocationRemapper remapper = Remapper();
  iceberg::MetadataTableSource source{Io(), remapper, *table.metadata, table.metadata_location, snapshot};
  iceberg::MetadataTableRows rows = iceberg::BuildMetadataTable(table.name.metadata_table, source);
  const std::vector<LogicalType>& types = rows.types();
  auto out = std::make_shared<MemoryTable>(table.name.ToString() + "." + table.name.metadata_table, rows.names(),
                                           types, std::vector<bool>(types.size(), false));
  std::vector<std::shared_ptr<DataChunk>> chunks;
  for (size_t start = 0; start < rows.rows().size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, rows.rows().size() - start);
    auto chunk = std::make_shared<DataChunk>(types, n);
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < types.size(); ++c) chunk->column(c).SetValue(r, rows.rows()[start + r][c]);
    }
    chunk->SetSize(n);
    chunks.push_back(std::move(chunk));
  }
  out->Append(std::move(chunks));
  return out;
}

}  // namespace floe
