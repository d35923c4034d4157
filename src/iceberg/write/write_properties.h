#pragma once

#include "iceberg/table_metadata.h"
#include "iceberg/write/partitioned_data_writer.h"

namespace floe::iceberg {

/// Sets what a table's properties say of how its data files are written, as Iceberg's
/// writers read them: write.parquet.compression-codec (default zstd, as Iceberg 1.4+),
/// write.parquet.compression-level, write.parquet.row-group-size-bytes (128 MiB),
/// write.target-file-size-bytes (512 MiB), the Bloom filters of
/// write.parquet.bloom-filter-enabled.column.<name> (with -fpp.column.<name>, default 0.01,
/// -ndv.column.<name>, and write.parquet.bloom-filter-max-bytes, default 1 MiB), and the
/// default sort order. Throws
/// InvalidInputError for a value that is not one of these properties' values.
void ApplyWriteProperties(const TableMetadata& metadata, DataWriterOptions* options);

}  // namespace floe::iceberg
