// Encoding of the parquet.thrift structs floe writes (see parquet_metadata.h).

#include "parquet/parquet_metadata.h"
#include "parquet/thrift_compact_writer.h"

namespace floe::parquet {

namespace {

using Writer = ThriftCompactWriter;

void EncodeLogicalType(Writer& w, const LogicalTypeInfo& lt) {
  using K = LogicalTypeInfo::Kind;
  w.BeginStructField(10);
  w.BeginStructField(static_cast<int16_t>(lt.kind));
  switch (lt.kind) {
    case K::kDecimal:
      w.FieldI32(1, lt.decimal_scale);
      w.FieldI32(2, lt.decimal_precision);
      break;
    case K::kTime:
    case K::kTimestamp:
      w.FieldBool(1, lt.is_adjusted_to_utc);
      w.BeginStructField(2);
      w.BeginStructField(lt.unit == TimeUnit::kMillis ? 1 : (lt.unit == TimeUnit::kMicros ? 2 : 3));
      w.EndStruct();
      w.EndStruct();
      break;
    case K::kInteger:
      w.FieldI8(1, lt.bit_width);
      w.FieldBool(2, lt.is_signed);
      break;
    case K::kVariant: w.FieldI8(1, 1); break;  // VariantType.specification_version
    default: break;
  }
  w.EndStruct();
  w.EndStruct();
}

void EncodeSchemaElement(Writer& w, const SchemaElement& e) {
  w.BeginStruct();
  if (e.type) w.FieldI32(1, static_cast<int32_t>(*e.type));
  if (e.type == PhysicalType::kFixedLenByteArray) w.FieldI32(2, e.type_length);
  if (e.repetition) w.FieldI32(3, static_cast<int32_t>(*e.repetition));
  w.FieldBinary(4, e.name);
  if (!e.type) w.FieldI32(5, e.num_children);
  if (e.converted_type != ConvertedType::kNone) {
    w.FieldI32(6, static_cast<int32_t>(e.converted_type));
    if (e.converted_type == ConvertedType::kDecimal) {
      w.FieldI32(7, e.scale);
      w.FieldI32(8, e.precision);
    }
  }
  if (e.field_id) w.FieldI32(9, *e.field_id);
  if (e.logical_type.kind != LogicalTypeInfo::Kind::kNone) EncodeLogicalType(w, e.logical_type);
  w.EndStruct();
}

void EncodeStatistics(Writer& w, int16_t field, const Statistics& s) {
  w.BeginStructField(field);
  if (s.max) w.FieldBinary(1, *s.max);
  if (s.min) w.FieldBinary(2, *s.min);
  if (s.null_count) w.FieldI64(3, *s.null_count);
  if (s.distinct_count) w.FieldI64(4, *s.distinct_count);
  if (s.max_value) w.FieldBinary(5, *s.max_value);
  if (s.min_value) w.FieldBinary(6, *s.min_value);
  if (s.nan_count) w.FieldI64(9, *s.nan_count);
  w.EndStruct();
}

void EncodeColumnChunk(Writer& w, const ColumnChunk& c) {
  w.BeginStruct();
  if (!c.file_path.empty()) w.FieldBinary(1, c.file_path);
  w.FieldI64(2, c.file_offset);
  const ColumnMetaData& m = c.meta_data;
  w.BeginStructField(3);
  w.FieldI32(1, static_cast<int32_t>(m.type));
  w.ListField(2, ThriftType::kI32, static_cast<uint32_t>(m.encodings.size()));
  for (Encoding e : m.encodings) w.ElementI64(static_cast<int32_t>(e));
  w.ListField(3, ThriftType::kBinary, static_cast<uint32_t>(m.path_in_schema.size()));
  for (const auto& p : m.path_in_schema) w.ElementBinary(p);
  w.FieldI32(4, static_cast<int32_t>(m.codec));
  w.FieldI64(5, m.num_values);
  w.FieldI64(6, m.total_uncompressed_size);
  w.FieldI64(7, m.total_compressed_size);
  w.FieldI64(9, m.data_page_offset);
  if (m.dictionary_page_offset) w.FieldI64(11, *m.dictionary_page_offset);
  if (m.statistics) EncodeStatistics(w, 12, *m.statistics);
  if (m.bloom_filter_offset) w.FieldI64(14, *m.bloom_filter_offset);
  if (m.bloom_filter_length) w.FieldI32(15, *m.bloom_filter_length);
  w.EndStruct();
  if (c.offset_index_offset) {
    w.FieldI64(4, *c.offset_index_offset);
    w.FieldI32(5, c.offset_index_length);
  }
  if (c.column_index_offset) {
    w.FieldI64(6, *c.column_index_offset);
    w.FieldI32(7, c.column_index_length);
  }
  w.EndStruct();
}

}  // namespace

void EncodeFileMetaData(const FileMetaData& md, std::string* out) {
  Writer w(out);
  w.BeginStruct();
  w.FieldI32(1, md.version);
  w.ListField(2, ThriftType::kStruct, static_cast<uint32_t>(md.schema.size()));
  for (const auto& e : md.schema) EncodeSchemaElement(w, e);
  w.FieldI64(3, md.num_rows);
  w.ListField(4, ThriftType::kStruct, static_cast<uint32_t>(md.row_groups.size()));
  for (const auto& g : md.row_groups) {
    w.BeginStruct();
    w.ListField(1, ThriftType::kStruct, static_cast<uint32_t>(g.columns.size()));
    for (const auto& c : g.columns) EncodeColumnChunk(w, c);
    w.FieldI64(2, g.total_byte_size);
    w.FieldI64(3, g.num_rows);
    if (g.file_offset) w.FieldI64(5, *g.file_offset);
    if (g.total_compressed_size) w.FieldI64(6, *g.total_compressed_size);
    if (g.ordinal) w.FieldI16(7, *g.ordinal);
    w.EndStruct();
  }
  if (!md.key_value_metadata.empty()) {
    w.ListField(5, ThriftType::kStruct, static_cast<uint32_t>(md.key_value_metadata.size()));
    for (const auto& kv : md.key_value_metadata) {
      w.BeginStruct();
      w.FieldBinary(1, kv.key);
      w.FieldBinary(2, kv.value);
      w.EndStruct();
    }
  }
  if (!md.created_by.empty()) w.FieldBinary(6, md.created_by);
  if (md.column_orders > 0) {
    w.ListField(7, ThriftType::kStruct, static_cast<uint32_t>(md.column_orders));
    for (int i = 0; i < md.column_orders; ++i) {
      w.BeginStruct();
      w.BeginStructField(1);  // TYPE_ORDER
      w.EndStruct();
      w.EndStruct();
    }
  }
  w.EndStruct();
}

void EncodePageHeader(const PageHeader& h, std::string* out) {
  Writer w(out);
  w.BeginStruct();
  w.FieldI32(1, static_cast<int32_t>(h.type));
  w.FieldI32(2, h.uncompressed_page_size);
  w.FieldI32(3, h.compressed_page_size);
  if (h.data_page_header) {
    const auto& d = *h.data_page_header;
    w.BeginStructField(5);
    w.FieldI32(1, d.num_values);
    w.FieldI32(2, static_cast<int32_t>(d.encoding));
    w.FieldI32(3, static_cast<int32_t>(d.definition_level_encoding));
    w.FieldI32(4, static_cast<int32_t>(d.repetition_level_encoding));
    w.EndStruct();
  }
  if (h.dictionary_page_header) {
    w.BeginStructField(7);
    w.FieldI32(1, h.dictionary_page_header->num_values);
    w.FieldI32(2, static_cast<int32_t>(h.dictionary_page_header->encoding));
    w.EndStruct();
  }
  if (h.data_page_header_v2) {
    const auto& d = *h.data_page_header_v2;
    w.BeginStructField(8);
    w.FieldI32(1, d.num_values);
    w.FieldI32(2, d.num_nulls);
    w.FieldI32(3, d.num_rows);
    w.FieldI32(4, static_cast<int32_t>(d.encoding));
    w.FieldI32(5, d.definition_levels_byte_length);
    w.FieldI32(6, d.repetition_levels_byte_length);
    w.FieldBool(7, d.is_compressed);
    w.EndStruct();
  }
  w.EndStruct();
}

void EncodeColumnIndex(const ColumnIndex& ci, std::string* out) {
  Writer w(out);
  w.BeginStruct();
  w.ListField(1, ThriftType::kBoolTrue, static_cast<uint32_t>(ci.null_pages.size()));
  for (bool b : ci.null_pages) w.ElementBool(b);
  w.ListField(2, ThriftType::kBinary, static_cast<uint32_t>(ci.min_values.size()));
  for (const auto& v : ci.min_values) w.ElementBinary(v);
  w.ListField(3, ThriftType::kBinary, static_cast<uint32_t>(ci.max_values.size()));
  for (const auto& v : ci.max_values) w.ElementBinary(v);
  w.FieldI32(4, static_cast<int32_t>(ci.boundary_order));
  if (!ci.null_counts.empty()) {
    w.ListField(5, ThriftType::kI64, static_cast<uint32_t>(ci.null_counts.size()));
    for (int64_t n : ci.null_counts) w.ElementI64(n);
  }
  if (!ci.nan_counts.empty()) {
    w.ListField(8, ThriftType::kI64, static_cast<uint32_t>(ci.nan_counts.size()));
    for (int64_t n : ci.nan_counts) w.ElementI64(n);
  }
  w.EndStruct();
}

void EncodeOffsetIndex(const OffsetIndex& oi, std::string* out) {
  Writer w(out);
  w.BeginStruct();
  w.ListField(1, ThriftType::kStruct, static_cast<uint32_t>(oi.page_locations.size()));
  for (const auto& loc : oi.page_locations) {
    w.BeginStruct();
    w.FieldI64(1, loc.offset);
    w.FieldI32(2, loc.compressed_page_size);
    w.FieldI64(3, loc.first_row_index);
    w.EndStruct();
  }
  w.EndStruct();
}

void EncodeBloomFilterHeader(const BloomFilterHeader& h, std::string* out) {
  Writer w(out);
  w.BeginStruct();
  w.FieldI32(1, h.num_bytes);
  // each union holds one empty struct: the member its field id names
  for (auto [id, member] : {std::pair<int16_t, int16_t>{2, h.algorithm}, {3, h.hash}, {4, h.compression}}) {
    w.BeginStructField(id);
    w.BeginStructField(member);
    w.EndStruct();
    w.EndStruct();
  }
  w.EndStruct();
}

}  // namespace floe::parquet
