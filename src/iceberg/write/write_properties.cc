#include "iceberg/write/write_properties.h"

#include <string>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe::iceberg {

namespace {

parquet::Codec CodecByName(const std::string& raw) {
  std::string name = ToLower(raw);
  if (name == "zstd") return parquet::Codec::kZstd;
  if (name == "snappy") return parquet::Codec::kSnappy;
  if (name == "gzip") return parquet::Codec::kGzip;
  if (name == "lz4" || name == "lz4_raw") return parquet::Codec::kLz4Raw;
  if (name == "uncompressed" || name == "none") return parquet::Codec::kUncompressed;
  throw InvalidInputError("unknown write.parquet.compression-codec '" + raw +
                          "' (zstd, snappy, gzip, lz4, uncompressed)");
}

int64_t PositiveProperty(const TableMetadata& m, const std::string& key, const std::string& fallback) {
  std::string text = m.Property(key, fallback);
  try {
    size_t used = 0;
    int64_t v = std::stoll(text, &used);
    if (used == text.size() && v > 0) return v;
  } catch (const std::exception&) {
  }
  throw InvalidInputError("table property " + key + " must be a positive integer, not '" + text + "'");
}

// The Bloom filters asked for by write.parquet.bloom-filter-{enabled,fpp,ndv}.column.<name>
// (Iceberg's Parquet.setBloomFilterConfig): a name is a column of the current schema, dotted
// inside structs; "enabled" is true when it says true in any case (Java's Boolean.valueOf).
// As in Iceberg, a name the schema lacks is skipped.
void ApplyBloomFilterProperties(const TableMetadata& m, ParquetWriterOptions* parquet) {
  const std::string enabled = "write.parquet.bloom-filter-enabled.column.";
  parquet->bloom_filter_max_bytes = PositiveProperty(m, "write.parquet.bloom-filter-max-bytes", "1048576");
  const Schema& schema = m.CurrentSchema();
  for (const auto& [key, value] : m.properties) {
    if (!key.starts_with(enabled) || ToLower(value) != "true") continue;
    std::string column = key.substr(enabled.size());
    const NestedField* field = schema.FindFieldByName(column);
    if (!field || !field->type()->IsPrimitive()) continue;
    ParquetBloomFilterOptions bloom;
    std::string fpp_key = "write.parquet.bloom-filter-fpp.column." + column;
    std::string fpp = m.Property(fpp_key, "0.01");
    try {
      size_t used = 0;
      bloom.fpp = std::stod(fpp, &used);
      if (used != fpp.size()) bloom.fpp = 0;
    } catch (const std::exception&) {
      bloom.fpp = 0;
    }
    if (!(bloom.fpp > 0 && bloom.fpp < 1)) {
      throw InvalidInputError("table property " + fpp_key + " must be a number above 0 and below 1, not '" + fpp +
                              "'");
    }
    std::string ndv_key = "write.parquet.bloom-filter-ndv.column." + column;
    if (!m.Property(ndv_key, "").empty()) bloom.ndv = PositiveProperty(m, ndv_key, "");
    parquet->bloom_filters[field->id()] = bloom;
  }
}

}  // namespace

void ApplyWriteProperties(const TableMetadata& m, DataWriterOptions* options) {
  options->parquet.codec = CodecByName(m.Property("write.parquet.compression-codec", "zstd"));
  std::string level = m.Property("write.parquet.compression-level", "");
  if (!level.empty()) {
    // zstd takes 0 and negative (fast) levels too; the codec checks its own range.
    size_t used = 0;
    int parsed = 0;
    try {
      parsed = std::stoi(level, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != level.size()) {
      throw InvalidInputError("table property write.parquet.compression-level must be an integer, not '" + level +
                              "'");
    }
    options->parquet.compression_level = parsed;
  }
  options->parquet.row_group_size = PositiveProperty(m, "write.parquet.row-group-size-bytes", "134217728");
  ApplyBloomFilterProperties(m, &options->parquet);
  options->target_file_size = PositiveProperty(m, "write.target-file-size-bytes", "536870912");
  if (const SortOrder* order = m.DefaultSortOrder()) options->sort_order = *order;
}

}  // namespace floe::iceberg
