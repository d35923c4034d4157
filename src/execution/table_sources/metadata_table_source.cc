#include "execution/table_sources/metadata_table_source.h"

#include "execution/table_sources/memory_table.h"
#include "iceberg/metadata_tables/metadata_table.h"

namespace floe {

std::shared_ptr<TableSource> MakeMetadataTableSource(FileIO& io, const iceberg::LocationRemapper& remapper,
                                                     const LoadedTable& table, const iceberg::Snapshot* snapshot) {
  iceberg::MetadataTableSource source{io, remapper, *table.metadata, table.metadata_location, snapshot};
  iceberg::MetadataTableRows rows = iceberg::BuildMetadataTable(table.name.metadata_table, source);
  auto out = std::make_shared<MemoryTable>(table.name.ToString() + "." + table.name.metadata_table, rows.names(),
                                           rows.types(), std::vector<bool>(rows.types().size(), false));
  out->AppendRows(rows.rows());
  return out;
}

}  // namespace floe
