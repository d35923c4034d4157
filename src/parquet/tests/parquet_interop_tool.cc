// parquet_interop_tool: the floe side of test/interop/parquet_interop.mjs.
//
//   parquet_interop_tool write <dir>   writes floe_<codec>.parquet files (and a plain,
//                                      dictionary-less one) of every type, and the
//                                      values written, canonicalized, to <dir>/expected.jsonl
//   parquet_interop_tool copy <in> <out>   reads a Parquet file with floe and writes it again
//   parquet_interop_tool dump <file>   reads a Parquet file with floe and prints a header
//                                      line {"columns": [...], "skipped": [...]} and then
//                                      one JSON array of canonical values per row
//
// Canonical values: null; booleans "true"/"false"; integers, dates (days since epoch)
// and timestamps (microseconds since epoch, nanosecond ones nanoseconds) as decimal strings; decimals as DuckDB
// prints them; strings as is; binary as upper-case hex; floats as numbers ("NaN",
// "Infinity", "-Infinity" for the others).

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/date_time.h"
#include "common/decimal.h"
#include "common/exception.h"
#include "parquet/codec.h"
#include "parquet/parquet_reader.h"
#include "parquet/parquet_writer.h"
#include "io/tests/test_file_io.h"

namespace floe {
namespace {

using nlohmann::json;

json Canonical(const Value& v) {
  if (v.is_null()) return nullptr;
  switch (v.type().id()) {
    case TypeId::kBoolean: return v.boolean() ? "true" : "false";
    case TypeId::kInt32:
    case TypeId::kDate: return std::to_string(v.int32());
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTime: return std::to_string(v.int64());
    case TypeId::kFloat:
    case TypeId::kDouble: {
      double d = v.float64();
      if (std::isnan(d)) return "NaN";
      if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
      return d;
    }
    case TypeId::kDecimal: return DecimalToString(v.decimal(), v.type().scale());
    case TypeId::kString: return v.str();
    case TypeId::kBinary: {
      static const char* hex = "0123456789ABCDEF";
      std::string out;
      for (unsigned char c : v.str()) {
        out.push_back(hex[c >> 4]);
        out.push_back(hex[c & 15]);
      }
      return out;
    }
    case TypeId::kStruct: {
      // nested values as test/interop/parquet_interop.mjs makes DuckDB's: objects, arrays,
      // maps as arrays of {key, value}, leaves canonical as above
      json out = json::object();
      for (size_t i = 0; i < v.children().size(); ++i) out[v.type().fields()[i].first] = Canonical(v.children()[i]);
      return out;
    }
    case TypeId::kList: {
      json out = json::array();
      for (const Value& e : v.children()) out.push_back(Canonical(e));
      return out;
    }
    case TypeId::kMap: {
      json out = json::array();
      for (size_t i = 0; i + 1 < v.children().size(); i += 2) {
        out.push_back(json{{"key", Canonical(v.children()[i])}, {"value", Canonical(v.children()[i + 1])}});
      }
      return out;
    }
    default: return v.ToString();
  }
}

std::vector<ParquetWriterField> Fields() {
  return {
      {"c_bool", 1, TypeId::kBoolean, true},
      {"c_int", 2, TypeId::kInt32, true},
      {"c_long", 3, TypeId::kInt64, true},
      {"c_float", 4, TypeId::kFloat, true},
      {"c_double", 5, TypeId::kDouble, true},
      {"c_dec_9_2", 6, LogicalType::Decimal(9, 2), true},
      {"c_dec_18_4", 7, LogicalType::Decimal(18, 4), true},
      {"c_dec_38_6", 8, LogicalType::Decimal(38, 6), true},
      {"c_dec_20_0", 9, LogicalType::Decimal(20, 0), true},
      {"c_string", 10, TypeId::kString, true},
      {"c_binary", 11, TypeId::kBinary, true},
      {"c_date", 12, TypeId::kDate, true},
      {"c_ts", 13, TypeId::kTimestamp, true},
      {"c_ts_ntz", 14, TypeId::kTimestampNtz, true},
      {"c_required", 15, TypeId::kInt64, false},
      {"c_all_null", 16, TypeId::kInt32, true},
      {"c_time", 17, TypeId::kTime, true},
  };
}

std::vector<Value> Row(int64_t r) {
  auto null_if = [&](bool cond, Value v) { return cond ? Value::Null(v.type()) : v; };
  bool n = r % 11 == 5;
  int64_t x = (r * 2654435761LL) % 1000003 - 500000;
  std::string s = r % 4 == 0 ? "" : r % 4 == 1 ? "ünïcødé " + std::to_string(r % 97)
                                  : r % 4 == 2 ? std::string(200 + r % 50, 'x') : "s" + std::to_string(x);
  int128_t big = static_cast<int128_t>(x) * 1000000000000000000LL * 1000000 + r;
  return {
      null_if(n, Value::Boolean(r % 3 == 0)),
      null_if(n, Value::Int32(r == 1 ? INT32_MIN : r == 2 ? INT32_MAX : static_cast<int32_t>(x))),
      null_if(n, Value::Int64(r == 1 ? INT64_MIN : r == 2 ? INT64_MAX : x * 1000003)),
      null_if(n, Value::Float(r == 3 ? INFINITY : static_cast<float>(x) / 8)),
      null_if(n, Value::Double(r == 3 ? -INFINITY : static_cast<double>(x) / 3)),
      null_if(n, Value::Decimal(x, 9, 2)),
      null_if(n, Value::Decimal(static_cast<int128_t>(x) * 1000000007, 18, 4)),
      null_if(n, Value::Decimal(r == 2 ? Pow10(38) - 1 : big, 38, 6)),
      null_if(n, Value::Decimal(static_cast<int128_t>(x) * 100000000000LL, 20, 0)),
      null_if(n, Value::String(s)),
      null_if(n, Value::Binary(std::string("\x00\x7f\xff", 3) + std::to_string(r % 13))),
      null_if(n, Value::Date(static_cast<int32_t>(x / 10))),  // about 1833..2106
      null_if(n, Value::Timestamp(x * 3600000123LL)),
      null_if(n, Value::TimestampNtz(x * 1000000 - 1)),
      Value::Int64(r),
      Value::Null(TypeId::kInt32),
      null_if(n, Value::Time(r == 1 ? 0 : r == 2 ? 86399999999 : FloorMod(x * 172801, 86400000000))),
  };
}

int Write(const std::string& dir) {
  std::filesystem::create_directories(dir);
  auto fields = Fields();
  const int64_t kRows = 5000;
  std::ofstream expected(dir + "/expected.jsonl");
  for (int64_t r = 0; r < kRows; ++r) {
    json row = json::array();
    for (const auto& v : Row(r)) row.push_back(Canonical(v));
    expected << row.dump() << "\n";
  }
  struct Variant {
    std::string name;
    parquet::Codec codec;
    bool dictionary;
  };
  std::vector<Variant> variants = {
      {"zstd", parquet::Codec::kZstd, true},        {"snappy", parquet::Codec::kSnappy, true},
      {"gzip", parquet::Codec::kGzip, true},        {"lz4_raw", parquet::Codec::kLz4Raw, true},
      {"uncompressed", parquet::Codec::kUncompressed, true},
      {"zstd_plain", parquet::Codec::kZstd, false},
  };
  std::vector<LogicalType> types;
  for (const auto& f : fields) types.push_back(f.type);
  for (const auto& variant : variants) {
    ParquetWriterOptions options;
    options.codec = variant.codec;
    options.enable_dictionary = variant.dictionary;
    options.page_row_limit = 1000;
    options.row_group_size = variant.dictionary ? options.row_group_size : 100 * 1024;
    options.key_value_metadata = {{"iceberg.schema", "{\"type\":\"struct\",\"fields\":[]}"}};
    ParquetWriter writer(::floe::testing::TestIO(), dir + "/floe_" + variant.name + ".parquet", fields, options);
    DataChunk chunk(types);
    for (int64_t start = 0; start < kRows; start += kBatchSize) {
      chunk.Reset();
      size_t n = std::min<int64_t>(kBatchSize, kRows - start);
      for (size_t i = 0; i < n; ++i) {
        auto row = Row(start + static_cast<int64_t>(i));
        for (size_t c = 0; c < row.size(); ++c) chunk.column(c).SetValue(i, row[c]);
      }
      chunk.SetSize(n);
      writer.Write(chunk);
    }
    writer.Close();
  }
  return 0;
}

int Dump(const std::string& path) {
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), path);
  json header;
  header["columns"] = json::array();
  header["skipped"] = json::array();
  std::vector<int> projection;
  for (size_t i = 0; i < reader->columns().size(); ++i) {
    const auto& c = reader->columns()[i];
    if (c.unsupported.empty()) {
      projection.push_back(static_cast<int>(i));
      header["columns"].push_back(c.name);
    } else {
      header["skipped"].push_back(c.name);
    }
  }
  std::cout << header.dump() << "\n";
  DataChunk chunk;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    auto rg = reader->ReadRowGroup(g, projection, {});
    while (rg->Next(chunk)) {
      for (size_t r = 0; r < chunk.size(); ++r) {
        json row = json::array();
        for (size_t c = 0; c < chunk.ColumnCount(); ++c) row.push_back(Canonical(chunk.column(c).GetValue(r)));
        std::cout << row.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
      }
    }
  }
  return 0;
}

// Reads every column floe can read and writes them to a new file with floe's writer (in
// pages of at most 1000 rows and small row groups, so long lists span pages).
int Copy(const std::string& in, const std::string& out) {
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), in);
  std::vector<int> projection;
  std::vector<ParquetWriterField> fields;
  for (size_t i = 0; i < reader->columns().size(); ++i) {
    const auto& c = reader->columns()[i];
    if (!c.unsupported.empty()) continue;
    projection.push_back(static_cast<int>(i));
    fields.push_back({c.name, static_cast<int>(i) + 1, c.type, c.optional});
  }
  ParquetWriterOptions options;
  options.page_row_limit = 1000;
  options.row_group_size = 64 << 10;
  ParquetWriter writer(::floe::testing::TestIO(), out, fields, options);
  DataChunk chunk;
  for (int g = 0; g < reader->num_row_groups(); ++g) {
    auto rg = reader->ReadRowGroup(g, projection, {});
    while (rg->Next(chunk)) writer.Write(chunk);
  }
  writer.Close();
  return 0;
}

}  // namespace
}  // namespace floe

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: %s write <dir> | dump <file.parquet> | copy <in.parquet> <out.parquet>\n", argv[0]);
    return 2;
  }
  std::string mode = argv[1];
  try {
    if (mode == "write") return floe::Write(argv[2]);
    if (mode == "dump") return floe::Dump(argv[2]);
    if (mode == "copy" && argc == 4) return floe::Copy(argv[2], argv[3]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
  return 2;
}
