#include "execution/table_sources/parquet_metadata_tables.h"

#include "common/exception.h"
#include "execution/table_sources/file_glob.h"
#include "function/cast.h"
#include "parquet/codec.h"
#include "parquet/column_statistics.h"
#include "parquet/parquet_reader.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

namespace {

const char* PhysicalTypeName(PhysicalType type) {
  switch (type) {
    case PhysicalType::kBoolean:
      return "BOOLEAN";
    case PhysicalType::kInt32:
      return "INT32";
    case PhysicalType::kInt64:
      return "INT64";
    case PhysicalType::kInt96:
      return "INT96";
    case PhysicalType::kFloat:
      return "FLOAT";
    case PhysicalType::kDouble:
      return "DOUBLE";
    case PhysicalType::kByteArray:
      return "BYTE_ARRAY";
    case PhysicalType::kFixedLenByteArray:
      return "FIXED_LEN_BYTE_ARRAY";
  }
  return "UNKNOWN";
}

const char* EncodingName(Encoding encoding) {
  switch (encoding) {
    case Encoding::kPlain:
      return "PLAIN";
    case Encoding::kPlainDictionary:
      return "PLAIN_DICTIONARY";
    case Encoding::kRle:
      return "RLE";
    case Encoding::kBitPacked:
      return "BIT_PACKED";
    case Encoding::kDeltaBinaryPacked:
      return "DELTA_BINARY_PACKED";
    case Encoding::kDeltaLengthByteArray:
      return "DELTA_LENGTH_BYTE_ARRAY";
    case Encoding::kDeltaByteArray:
      return "DELTA_BYTE_ARRAY";
    case Encoding::kRleDictionary:
      return "RLE_DICTIONARY";
    case Encoding::kByteStreamSplit:
      return "BYTE_STREAM_SPLIT";
  }
  return "UNKNOWN";
}

const char* ConvertedTypeName(ConvertedType type) {
  static const char* const kNames[] = {"UTF8",
                                       "MAP",
                                       "MAP_KEY_VALUE",
                                       "LIST",
                                       "ENUM",
                                       "DECIMAL",
                                       "DATE",
                                       "TIME_MILLIS",
                                       "TIME_MICROS",
                                       "TIMESTAMP_MILLIS",
                                       "TIMESTAMP_MICROS",
                                       "UINT_8",
                                       "UINT_16",
                                       "UINT_32",
                                       "UINT_64",
                                       "INT_8",
                                       "INT_16",
                                       "INT_32",
                                       "INT_64",
                                       "JSON",
                                       "BSON",
                                       "INTERVAL"};
  auto i = static_cast<int>(type);
  if (i < 0 || i >= static_cast<int>(sizeof(kNames) / sizeof(kNames[0]))) return nullptr;
  return kNames[i];
}

const char* UnitName(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kMillis:
      return "MILLIS";
    case TimeUnit::kMicros:
      return "MICROS";
    case TimeUnit::kNanos:
      return "NANOS";
  }
  return "UNKNOWN";
}

// The LogicalType annotation as parquet-format names it, or NULL when absent.
Value LogicalTypeText(const LogicalTypeInfo& t) {
  using Kind = LogicalTypeInfo::Kind;
  std::string utc = t.is_adjusted_to_utc ? "true" : "false";
  switch (t.kind) {
    case Kind::kNone:
      return Value::Null(TypeId::kString);
    case Kind::kString:
      return Value::String("STRING");
    case Kind::kMap:
      return Value::String("MAP");
    case Kind::kList:
      return Value::String("LIST");
    case Kind::kEnum:
      return Value::String("ENUM");
    case Kind::kDecimal:
      return Value::String("DECIMAL(" + std::to_string(t.decimal_precision) + "," +
                           std::to_string(t.decimal_scale) + ")");
    case Kind::kDate:
      return Value::String("DATE");
    case Kind::kTime:
      return Value::String("TIME(isAdjustedToUTC=" + utc + ", unit=" + UnitName(t.unit) + ")");
    case Kind::kTimestamp:
      return Value::String("TIMESTAMP(isAdjustedToUTC=" + utc + ", unit=" + UnitName(t.unit) + ")");
    case Kind::kInteger:
      return Value::String("INTEGER(" + std::to_string(t.bit_width) + "," +
                           (t.is_signed ? "true" : "false") + ")");
    case Kind::kUnknown:
      return Value::String("UNKNOWN");
    case Kind::kJson:
      return Value::String("JSON");
    case Kind::kBson:
      return Value::String("BSON");
    case Kind::kUuid:
      return Value::String("UUID");
    case Kind::kVariant:
      return Value::String("VARIANT");
    case Kind::kFloat16:
      return Value::String("FLOAT16");
    case Kind::kOther:
      return Value::String("OTHER");
  }
  return Value::Null(TypeId::kString);
}

Value OptionalInt(const std::optional<int64_t>& v) {
  return v ? Value::Int64(*v) : Value::Null(TypeId::kInt64);
}

// A statistics value shown as its logical value, NULL when absent or undecodable.
Value StatText(const ParquetColumn* column, const std::optional<std::string>& bytes) {
  if (!bytes || !column) return Value::Null(TypeId::kString);
  std::optional<Value> v = DecodeStatisticsValue(*column, *bytes);
  if (!v) return Value::Null(TypeId::kString);
  return Value::String(v->ToString());
}

std::shared_ptr<MemoryTable> BuildTable(
    const std::string& name, const std::vector<std::pair<std::string, LogicalType>>& columns,
    const std::vector<std::vector<Value>>& rows) {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  for (const auto& [n, t] : columns) {
    names.push_back(n);
    types.push_back(t);
  }
  auto table =
      std::make_shared<MemoryTable>(name, names, types, std::vector<bool>(names.size(), false));
  table->AppendRows(rows);
  return table;
}

}  // namespace

std::shared_ptr<MemoryTable> ParquetMetadataTables::Metadata(FileIO& io, const std::string& pattern) {
  const LogicalType kBig = TypeId::kInt64;
  const LogicalType kText = TypeId::kString;
  std::vector<std::pair<std::string, LogicalType>> columns = {{"file_name", kText},
                                                              {"row_group_id", kBig},
                                                              {"row_group_num_rows", kBig},
                                                              {"row_group_num_columns", kBig},
                                                              {"row_group_bytes", kBig},
                                                              {"column_id", kBig},
                                                              {"file_offset", kBig},
                                                              {"num_values", kBig},
                                                              {"path_in_schema", kText},
                                                              {"type", kText},
                                                              {"stats_min", kText},
                                                              {"stats_max", kText},
                                                              {"stats_null_count", kBig},
                                                              {"stats_distinct_count", kBig},
                                                              {"stats_min_value", kText},
                                                              {"stats_max_value", kText},
                                                              {"compression", kText},
                                                              {"encodings", kText},
                                                              {"index_page_offset", kBig},
                                                              {"dictionary_page_offset", kBig},
                                                              {"data_page_offset", kBig},
                                                              {"total_compressed_size", kBig},
                                                              {"total_uncompressed_size", kBig},
                                                              {"bloom_filter_offset", kBig},
                                                              {"bloom_filter_length", kBig}};
  std::vector<std::vector<Value>> rows;
  for (const std::string& path : FileGlob::Expand(io, pattern)) {
    auto reader = ParquetReader::Open(io, path);
    const FileMetaData& md = reader->metadata();
    // leaf chunk index -> the flat column it holds (none for the leaves of nested columns)
    std::vector<const ParquetColumn*> leaf_columns;
    for (const ParquetColumn& c : reader->columns()) {
      if (!c.unsupported.empty()) continue;
      if (leaf_columns.size() <= static_cast<size_t>(c.leaf_index))
        leaf_columns.resize(c.leaf_index + 1);
      leaf_columns[c.leaf_index] = &c;
    }
    for (size_t g = 0; g < md.row_groups.size(); ++g) {
      const RowGroup& rg = md.row_groups[g];
      for (size_t c = 0; c < rg.columns.size(); ++c) {
        const ColumnChunk& chunk = rg.columns[c];
        const ColumnMetaData& m = chunk.meta_data;
        const ParquetColumn* column = c < leaf_columns.size() ? leaf_columns[c] : nullptr;
        std::string path_in_schema, encodings;
        for (const auto& p : m.path_in_schema)
          path_in_schema += (path_in_schema.empty() ? "" : ".") + p;
        for (Encoding e : m.encodings)
          encodings += (encodings.empty() ? "" : ", ") + std::string(EncodingName(e));
        Statistics stats = m.statistics.value_or(Statistics());
        rows.push_back({Value::String(path),
                        Value::Int64(static_cast<int64_t>(g)),
                        Value::Int64(rg.num_rows),
                        Value::Int64(static_cast<int64_t>(rg.columns.size())),
                        Value::Int64(rg.total_byte_size),
                        Value::Int64(static_cast<int64_t>(c)),
                        Value::Int64(chunk.file_offset),
                        Value::Int64(m.num_values),
                        Value::String(path_in_schema),
                        Value::String(PhysicalTypeName(m.type)),
                        StatText(column, stats.min),
                        StatText(column, stats.max),
                        OptionalInt(stats.null_count),
                        OptionalInt(stats.distinct_count),
                        StatText(column, stats.min_value),
                        StatText(column, stats.max_value),
                        Value::String(parquet::CodecName(m.codec)),
                        Value::String(encodings),
                        Value::Null(kBig),
                        OptionalInt(m.dictionary_page_offset),
                        Value::Int64(m.data_page_offset),
                        Value::Int64(m.total_compressed_size),
                        Value::Int64(m.total_uncompressed_size),
                        OptionalInt(m.bloom_filter_offset),
                        m.bloom_filter_length ? Value::Int64(*m.bloom_filter_length) : Value::Null(kBig)});
      }
    }
  }
  return BuildTable("parquet_metadata", columns, rows);
}

std::shared_ptr<MemoryTable> ParquetMetadataTables::BloomProbe(FileIO& io, const std::string& pattern,
                                                             const std::string& column, const Value& value) {
  std::vector<std::pair<std::string, LogicalType>> columns = {
      {"file_name", TypeId::kString}, {"row_group_id", TypeId::kInt64}, {"bloom_filter_excludes", TypeId::kBoolean}};
  std::vector<std::vector<Value>> rows;
  for (const std::string& path : FileGlob::Expand(io, pattern)) {
    auto reader = ParquetReader::Open(io, path);
    int index = -1;
    for (size_t i = 0; i < reader->columns().size(); ++i) {
      if (reader->columns()[i].name == column) index = static_cast<int>(i);
    }
    if (index < 0) throw BinderError("parquet_bloom_probe: Parquet file \"" + path + "\" has no column " + column);
    const ParquetColumn& col = reader->columns()[static_cast<size_t>(index)];
    if (col.nested || !col.unsupported.empty()) {
      throw BinderError("parquet_bloom_probe: column " + column + " of Parquet file \"" + path + "\" is not flat");
    }
    ColumnPredicate equals;
    equals.column = index;
    equals.values = {CastValue(value, col.type, FunctionContext())};
    for (int g = 0; g < reader->num_row_groups(); ++g) {
      bool excludes = false;
      if (reader->metadata().row_groups[static_cast<size_t>(g)].columns[static_cast<size_t>(col.leaf_index)]
              .meta_data.bloom_filter_offset) {
        std::shared_ptr<const BloomFilter> bloom;
        try {
          bloom = reader->ChunkBloomFilter(g, col);
        } catch (const FormatError& e) {
          throw FormatError("Parquet file \"" + path + "\": " + e.what());
        }
        excludes = bloom && !equals.MayMatchBloom(col, *bloom);
      }
      rows.push_back({Value::String(path), Value::Int64(g), Value::Boolean(excludes)});
    }
  }
  return BuildTable("parquet_bloom_probe", columns, rows);
}

std::shared_ptr<MemoryTable> ParquetMetadataTables::Schema(FileIO& io, const std::string& pattern) {
  const LogicalType kBig = TypeId::kInt64;
  const LogicalType kText = TypeId::kString;
  std::vector<std::pair<std::string, LogicalType>> columns = {{"file_name", kText},
                                                              {"name", kText},
                                                              {"type", kText},
                                                              {"type_length", kText},
                                                              {"repetition_type", kText},
                                                              {"num_children", kBig},
                                                              {"converted_type", kText},
                                                              {"scale", kBig},
                                                              {"precision", kBig},
                                                              {"field_id", kBig},
                                                              {"logical_type", kText}};
  std::vector<std::vector<Value>> rows;
  for (const std::string& path : FileGlob::Expand(io, pattern)) {
    auto reader = ParquetReader::Open(io, path);
    for (const SchemaElement& e : reader->metadata().schema) {
      Value repetition = Value::Null(kText);
      if (e.repetition) {
        repetition = Value::String(*e.repetition == Repetition::kRequired   ? "REQUIRED"
                                   : *e.repetition == Repetition::kOptional ? "OPTIONAL"
                                                                            : "REPEATED");
      }
      const char* converted = ConvertedTypeName(e.converted_type);
      bool decimal = e.converted_type == ConvertedType::kDecimal;
      rows.push_back(
          {Value::String(path), Value::String(e.name),
           e.type ? Value::String(PhysicalTypeName(*e.type)) : Value::Null(kText),
           e.type == PhysicalType::kFixedLenByteArray ? Value::String(std::to_string(e.type_length))
                                                      : Value::Null(kText),
           repetition,
           e.num_children > 0 || !e.type ? Value::Int64(e.num_children) : Value::Null(kBig),
           converted ? Value::String(converted) : Value::Null(kText),
           decimal ? Value::Int64(e.scale) : Value::Null(kBig),
           decimal ? Value::Int64(e.precision) : Value::Null(kBig),
           e.field_id ? Value::Int64(*e.field_id) : Value::Null(kBig),
           LogicalTypeText(e.logical_type)});
    }
  }
  return BuildTable("parquet_schema", columns, rows);
}

}  // namespace floe
