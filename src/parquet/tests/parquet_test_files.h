#pragma once

// Test helpers: temporary paths, and writing / reading whole Parquet files as rows.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/vector.h"
#include "parquet/parquet_reader.h"
#include "parquet/parquet_writer.h"
#include "io/tests/test_file_io.h"

namespace floe::testing {

/// Returns a fresh path in the temp directory for this test process.
inline std::string TempParquetPath(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("floe_parquet_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return (dir / (name + ".parquet")).string();
}

/// Writes rows (one Value per field) to a Parquet file, batch by batch.
inline ParquetFileMetrics WriteRows(const std::string& path,
                                    const std::vector<ParquetWriterField>& fields,
                                    const std::vector<std::vector<Value>>& rows,
                                    ParquetWriterOptions options = {}) {
  ParquetWriter writer(::floe::testing::TestIO(), path, fields, options);
  std::vector<LogicalType> types;
  for (const auto& f : fields) types.push_back(f.type);
  DataChunk chunk(types);
  for (size_t start = 0; start < rows.size(); start += kBatchSize) {
    size_t n = std::min(kBatchSize, rows.size() - start);
    chunk.Reset();
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < fields.size(); ++c) chunk.column(c).SetValue(r, rows[start + r][c]);
    }
    chunk.SetSize(n);
    writer.Write(chunk);
  }
  return writer.Close();
}

/// Reads every row of the projected columns (all when empty) of every row group.
inline std::vector<std::vector<Value>> ReadRows(const ParquetReader& reader,
                                                std::vector<int> projection = {},
                                                const std::vector<ColumnPredicate>& predicates = {},
                                                ScanCounters* counters = nullptr) {
  if (projection.empty()) {
    for (size_t i = 0; i < reader.columns().size(); ++i) projection.push_back(static_cast<int>(i));
  }
  std::vector<std::vector<Value>> rows;
  DataChunk chunk;
  for (int g = 0; g < reader.num_row_groups(); ++g) {
    auto rg = reader.ReadRowGroup(g, projection, predicates, counters);
    while (rg->Next(chunk)) {
      EXPECT_LE(chunk.size(), kBatchSize);
      for (size_t r = 0; r < chunk.size(); ++r) rows.push_back(chunk.GetRow(r));
    }
  }
  return rows;
}

/// Opens a file and reads all of it.
inline std::vector<std::vector<Value>> ReadFile(const std::string& path) {
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  return ReadRows(*reader);
}

}  // namespace floe::testing
