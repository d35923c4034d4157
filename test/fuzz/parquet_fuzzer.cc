// Fuzz target: the bytes are a Parquet file, read as a scan reads one (through FileIO):
// the footer and schema, each row group's statistics and pruning by them, then every
// readable column of every row group decoded twice, whole and through the page index
// (a predicate on the first column), touching every value.
//
// Accepted outcomes: the file reads, or FormatError / NotImplementedError (a flipped byte
// can make a valid file floe does not support: the LZO codec, a nested type). Anything
// else is a finding: a sanitizer report, a crash, a hang, an allocation past libFuzzer's
// malloc limit, or another exception (libFuzzer reports it as an abort).

#include <cstdint>
#include <string>
#include <vector>

#include "common/exception.h"
#include "memory_file_io.h"
#include "parquet/parquet_reader.h"

namespace {

// Decodes the projected columns of one row group, pruning pages by `predicates`.
void ReadRowGroup(const floe::ParquetReader& reader, int row_group, const std::vector<int>& projection,
                  const std::vector<floe::ColumnPredicate>& predicates) {
  floe::ScanCounters counters;
  auto rows = reader.ReadRowGroup(row_group, projection, predicates, &counters);
  floe::DataChunk chunk;
  while (rows->Next(chunk)) {
    for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
      // why: GetValue reads each string and decimal, so a bad reference is caught here
      for (size_t r = 0; r < chunk.size(); ++r) chunk.column(c).GetValue(r);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.parquet";
  floe::fuzz::MemoryFileIO io(path, std::string_view(reinterpret_cast<const char*>(data), size));
  try {
    auto reader = floe::ParquetReader::Open(io, path);
    reader->KeyValue("iceberg.schema");
    std::vector<int> projection;
    for (size_t i = 0; i < reader->columns().size(); ++i) {
      if (reader->columns()[i].unsupported.empty()) projection.push_back(static_cast<int>(i));
    }
    for (int g = 0; g < reader->num_row_groups(); ++g) {
      std::vector<floe::ColumnPredicate> predicates;
      for (int column : projection) {
        floe::ColumnStatistics stats = reader->RowGroupStatistics(g, column);
        if (stats.min) predicates.push_back({column, floe::ColumnPredicate::Op::kGe, {*stats.min}});
        if (stats.max) predicates.push_back({column, floe::ColumnPredicate::Op::kLe, {*stats.max}});
        predicates.push_back({column, floe::ColumnPredicate::Op::kIsNotNull, {}});
      }
      reader->RowGroupMayMatch(g, predicates);
      ReadRowGroup(*reader, g, projection, {});
      if (!predicates.empty()) ReadRowGroup(*reader, g, projection, {predicates.front()});
    }
  } catch (const floe::FormatError&) {
  } catch (const floe::NotImplementedError&) {
  }
  return 0;
}
