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
  options->target_file_size = PositiveProperty(m, "write.target-file-size-bytes", "536870912");
  if (const SortOrder* order = m.DefaultSortOrder()) options->sort_order = *order;
}

}  // namespace floe::iceberg
