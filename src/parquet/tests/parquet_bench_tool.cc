// parquet_bench_tool: times floe's Parquet writer and reader on generated data.
//   parquet_bench_tool write <file> <rows> [zstd|snappy|uncompressed]
//   parquet_bench_tool scan <file>
//   parquet_bench_tool copy <in> <out>   (rewrites any flat file with floe's writer)
// Columns: id bigint (sequential), x double, k int (low cardinality), s string
// (low cardinality), price decimal(12,2) nullable, ts timestamp.

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "parquet/parquet_reader.h"
#include "parquet/parquet_writer.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int Write(const std::string& path, int64_t rows, const std::string& codec) {
  std::vector<ParquetWriterField> fields = {
      {"id", 1, TypeId::kInt64, false},   {"x", 2, TypeId::kDouble, true},
      {"k", 3, TypeId::kInt32, true},     {"s", 4, TypeId::kString, true},
      {"price", 5, LogicalType::Decimal(12, 2), true}, {"ts", 6, TypeId::kTimestamp, true},
  };
  ParquetWriterOptions options;
  options.codec = codec == "snappy"         ? parquet::Codec::kSnappy
                  : codec == "uncompressed" ? parquet::Codec::kUncompressed
                                            : parquet::Codec::kZstd;
  std::vector<LogicalType> types;
  for (const auto& f : fields) types.push_back(f.type);
  DataChunk chunk(types);
  const char* names[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
  auto start = std::chrono::steady_clock::now();
  ParquetWriter writer(::floe::testing::TestIO(), path, fields, options);
  uint64_t state = 88172645463325252ULL;
  for (int64_t base = 0; base < rows; base += kBatchSize) {
    size_t n = std::min<int64_t>(kBatchSize, rows - base);
    chunk.Reset();
    auto* id = chunk.column(0).Data<int64_t>();
    auto* x = chunk.column(1).Data<double>();
    auto* k = chunk.column(2).Data<int32_t>();
    auto* s = chunk.column(3).Data<StringRef>();
    auto* price = chunk.column(4).Data<int128_t>();
    auto* ts = chunk.column(5).Data<int64_t>();
    for (size_t i = 0; i < n; ++i) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      int64_t r = base + static_cast<int64_t>(i);
      id[i] = r;
      x[i] = static_cast<double>(state % 1000000) / 100.0;
      k[i] = static_cast<int32_t>(state % 100);
      const char* name = names[state % 8];
      s[i] = StringRef(name, static_cast<uint32_t>(std::strlen(name)));
      price[i] = static_cast<int128_t>(state % 10000000);
      if (r % 10 == 0) chunk.column(4).SetNull(i, true);
      ts[i] = 1700000000000000LL + r * 1000;
    }
    chunk.SetSize(n);
    writer.Write(chunk);
  }
  auto metrics = writer.Close();
  std::printf("write %lld rows: %.3f s, %lld bytes\n", static_cast<long long>(rows), Seconds(start),
              static_cast<long long>(metrics.file_size));
  return 0;
}

int Scan(const std::string& path) {
  auto start = std::chrono::steady_clock::now();
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  std::vector<int> projection;
  for (size_t i = 0; i < reader->columns().size(); ++i) projection.push_back(static_cast<int>(i));
  DataChunk chunk;
  ScanCounters counters;
  int64_t checksum = 0;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    auto rg = reader->ReadRowGroup(g, projection, {}, &counters);
    while (rg->Next(chunk)) checksum += static_cast<int64_t>(chunk.size());
  }
  std::printf("scan %lld rows: %.3f s (checksum %lld, %lld bytes read)\n",
              static_cast<long long>(counters.rows_read), Seconds(start),
              static_cast<long long>(checksum), static_cast<long long>(counters.bytes_read));
  return 0;
}

int Copy(const std::string& in, const std::string& out) {
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), in);
  std::vector<int> projection;
  std::vector<ParquetWriterField> fields;
  for (size_t i = 0; i < reader->columns().size(); ++i) {
    const auto& c = reader->columns()[i];
    projection.push_back(static_cast<int>(i));
    fields.push_back({c.name, c.field_id >= 0 ? c.field_id : static_cast<int>(i) + 1, c.type, c.optional});
  }
  auto start = std::chrono::steady_clock::now();
  ParquetWriter writer(::floe::testing::TestIO(), out, fields);
  DataChunk chunk;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    auto rg = reader->ReadRowGroup(g, projection, {});
    while (rg->Next(chunk)) writer.Write(chunk);
  }
  auto metrics = writer.Close();
  std::printf("copy %lld rows: %.3f s, %lld bytes (input %llu bytes)\n",
              static_cast<long long>(metrics.record_count), Seconds(start),
              static_cast<long long>(metrics.file_size),
              static_cast<unsigned long long>(reader->file_size()));
  return 0;
}

}  // namespace
}  // namespace floe

int main(int argc, char** argv) {
  if (argc >= 4 && std::string(argv[1]) == "write") {
    return floe::Write(argv[2], std::stoll(argv[3]), argc > 4 ? argv[4] : "zstd");
  }
  if (argc == 3 && std::string(argv[1]) == "scan") return floe::Scan(argv[2]);
  if (argc == 4 && std::string(argv[1]) == "copy") return floe::Copy(argv[2], argv[3]);
  std::fprintf(stderr, "usage: %s write <file> <rows> [codec] | scan <file> | copy <in> <out>\n",
               argv[0]);
  return 2;
}
