// Decoding of the parquet.thrift structs floe needs (see parquet_metadata.h).

#include "common/exception.h"
#include "parquet/parquet_metadata.h"
#include "parquet/thrift_compact_reader.h"

namespace floe::parquet {

namespace {

using Reader = ThriftCompactReader;

[[noreturn]] void Corrupt(const std::string& what) {
  throw FormatError("corrupt Thrift metadata: " + what);
}

void Expect(ThriftType actual, ThriftType expected, const char* field) {
  bool ok = actual == expected;
  if (expected == ThriftType::kBoolTrue) {
    ok = actual == ThriftType::kBoolTrue || actual == ThriftType::kBoolFalse;
  }
  if (!ok) Corrupt(std::string("field ") + field + " has the wrong type");
}

// Calls fn(id, type) for each field of the struct, between BeginStruct and EndStruct.
template <typename Fn>
void ForEachField(Reader& r, Fn&& fn) {
  r.BeginStruct();
  int16_t id;
  ThriftType type;
  while (r.NextField(&id, &type)) fn(id, type);
  r.EndStruct();
}

template <typename Fn>
void ForEachElement(Reader& r, ThriftType field_type, ThriftType elem, const char* field, Fn&& fn) {
  Expect(field_type, ThriftType::kList, field);
  ThriftType et;
  uint32_t n;
  r.ReadListHeader(&et, &n);
  bool bool_list = elem == ThriftType::kBoolTrue &&
                   (et == ThriftType::kBoolTrue || et == ThriftType::kBoolFalse);
  if (et != elem && !bool_list) Corrupt(std::string("list ") + field + " has the wrong type");
  for (uint32_t i = 0; i < n; ++i) fn();
}

int32_t I32(Reader& r, ThriftType t, const char* field) {
  Expect(t, ThriftType::kI32, field);
  return r.ReadI32();
}
int64_t I64(Reader& r, ThriftType t, const char* field) {
  Expect(t, ThriftType::kI64, field);
  return r.ReadI64();
}
std::string Str(Reader& r, ThriftType t, const char* field) {
  Expect(t, ThriftType::kBinary, field);
  return std::string(r.ReadBinary());
}
bool Bool(Reader& r, ThriftType t, const char* field) {
  Expect(t, ThriftType::kBoolTrue, field);
  return r.ReadBool(t);
}

TimeUnit DecodeTimeUnit(Reader& r) {
  TimeUnit unit = TimeUnit::kMicros;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    if (t == ThriftType::kStruct && id >= 1 && id <= 3) {
      unit = id == 1 ? TimeUnit::kMillis : (id == 2 ? TimeUnit::kMicros : TimeUnit::kNanos);
    }
    r.Skip(t);
  });
  return unit;
}

LogicalTypeInfo DecodeLogicalType(Reader& r) {
  LogicalTypeInfo lt;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    if (t != ThriftType::kStruct) {
      r.Skip(t);
      return;
    }
    using K = LogicalTypeInfo::Kind;
    switch (id) {
      case 5:
        lt.kind = K::kDecimal;
        ForEachField(r, [&](int16_t fid, ThriftType ft) {
          if (fid == 1) lt.decimal_scale = I32(r, ft, "DecimalType.scale");
          else if (fid == 2) lt.decimal_precision = I32(r, ft, "DecimalType.precision");
          else r.Skip(ft);
        });
        return;
      case 7:
      case 8:
        lt.kind = id == 7 ? K::kTime : K::kTimestamp;
        ForEachField(r, [&](int16_t fid, ThriftType ft) {
          if (fid == 1) lt.is_adjusted_to_utc = Bool(r, ft, "isAdjustedToUTC");
          else if (fid == 2 && ft == ThriftType::kStruct) lt.unit = DecodeTimeUnit(r);
          else r.Skip(ft);
        });
        return;
      case 10:
        lt.kind = K::kInteger;
        ForEachField(r, [&](int16_t fid, ThriftType ft) {
          if (fid == 1) {
            Expect(ft, ThriftType::kByte, "IntType.bitWidth");
            lt.bit_width = r.ReadByte();
          } else if (fid == 2) {
            lt.is_signed = Bool(r, ft, "IntType.isSigned");
          } else {
            r.Skip(ft);
          }
        });
        return;
      case 1: case 2: case 3: case 4: case 6: case 11: case 12: case 13: case 14: case 15: case 16:
        lt.kind = static_cast<K>(id);
        break;
      default: lt.kind = K::kOther; break;
    }
    r.Skip(t);
  });
  return lt;
}

SchemaElement DecodeSchemaElement(Reader& r) {
  SchemaElement e;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1: {
        int32_t v = I32(r, t, "SchemaElement.type");
        if (v < 0 || v > 7) Corrupt("unknown physical type " + std::to_string(v));
        e.type = static_cast<PhysicalType>(v);
        break;
      }
      case 2: e.type_length = I32(r, t, "SchemaElement.type_length"); break;
      case 3: {
        int32_t v = I32(r, t, "SchemaElement.repetition_type");
        if (v < 0 || v > 2) Corrupt("unknown repetition " + std::to_string(v));
        e.repetition = static_cast<Repetition>(v);
        break;
      }
      case 4: e.name = Str(r, t, "SchemaElement.name"); break;
      case 5: e.num_children = I32(r, t, "SchemaElement.num_children"); break;
      case 6: e.converted_type = static_cast<ConvertedType>(I32(r, t, "converted_type")); break;
      case 7: e.scale = I32(r, t, "SchemaElement.scale"); break;
      case 8: e.precision = I32(r, t, "SchemaElement.precision"); break;
      case 9: e.field_id = I32(r, t, "SchemaElement.field_id"); break;
      case 10:
        Expect(t, ThriftType::kStruct, "SchemaElement.logicalType");
        e.logical_type = DecodeLogicalType(r);
        break;
      default: r.Skip(t);
    }
  });
  return e;
}

Statistics DecodeStatistics(Reader& r) {
  Statistics s;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1: s.max = Str(r, t, "Statistics.max"); break;
      case 2: s.min = Str(r, t, "Statistics.min"); break;
      case 3: s.null_count = I64(r, t, "Statistics.null_count"); break;
      case 4: s.distinct_count = I64(r, t, "Statistics.distinct_count"); break;
      case 5: s.max_value = Str(r, t, "Statistics.max_value"); break;
      case 6: s.min_value = Str(r, t, "Statistics.min_value"); break;
      case 9: s.nan_count = I64(r, t, "Statistics.nan_count"); break;
      default: r.Skip(t);
    }
  });
  return s;
}

ColumnMetaData DecodeColumnMetaData(Reader& r) {
  ColumnMetaData m;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1: {
        int32_t v = I32(r, t, "ColumnMetaData.type");
        if (v < 0 || v > 7) Corrupt("unknown physical type " + std::to_string(v));
        m.type = static_cast<PhysicalType>(v);
        break;
      }
      case 2:
        ForEachElement(r, t, ThriftType::kI32, "encodings",
                       [&] { m.encodings.push_back(static_cast<Encoding>(r.ReadI32())); });
        break;
      case 3:
        ForEachElement(r, t, ThriftType::kBinary, "path_in_schema",
                       [&] { m.path_in_schema.emplace_back(r.ReadBinary()); });
        break;
      case 4: m.codec = static_cast<Codec>(I32(r, t, "ColumnMetaData.codec")); break;
      case 5: m.num_values = I64(r, t, "ColumnMetaData.num_values"); break;
      case 6: m.total_uncompressed_size = I64(r, t, "total_uncompressed_size"); break;
      case 7: m.total_compressed_size = I64(r, t, "total_compressed_size"); break;
      case 9: m.data_page_offset = I64(r, t, "data_page_offset"); break;
      case 11: m.dictionary_page_offset = I64(r, t, "dictionary_page_offset"); break;
      case 12:
        Expect(t, ThriftType::kStruct, "ColumnMetaData.statistics");
        m.statistics = DecodeStatistics(r);
        break;
      case 14: m.bloom_filter_offset = I64(r, t, "bloom_filter_offset"); break;
      case 15: m.bloom_filter_length = I32(r, t, "bloom_filter_length"); break;
      default: r.Skip(t);
    }
  });
  return m;
}

ColumnChunk DecodeColumnChunk(Reader& r) {
  ColumnChunk c;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1: c.file_path = Str(r, t, "ColumnChunk.file_path"); break;
      case 2: c.file_offset = I64(r, t, "ColumnChunk.file_offset"); break;
      case 3:
        Expect(t, ThriftType::kStruct, "ColumnChunk.meta_data");
        c.meta_data = DecodeColumnMetaData(r);
        c.has_meta_data = true;
        break;
      case 4: c.offset_index_offset = I64(r, t, "offset_index_offset"); break;
      case 5: c.offset_index_length = I32(r, t, "offset_index_length"); break;
      case 6: c.column_index_offset = I64(r, t, "column_index_offset"); break;
      case 7: c.column_index_length = I32(r, t, "column_index_length"); break;
      default: r.Skip(t);
    }
  });
  return c;
}

RowGroup DecodeRowGroup(Reader& r) {
  RowGroup g;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1:
        ForEachElement(r, t, ThriftType::kStruct, "RowGroup.columns",
                       [&] { g.columns.push_back(DecodeColumnChunk(r)); });
        break;
      case 2: g.total_byte_size = I64(r, t, "RowGroup.total_byte_size"); break;
      case 3: g.num_rows = I64(r, t, "RowGroup.num_rows"); break;
      case 5: g.file_offset = I64(r, t, "RowGroup.file_offset"); break;
      case 6: g.total_compressed_size = I64(r, t, "RowGroup.total_compressed_size"); break;
      case 7:
        Expect(t, ThriftType::kI16, "RowGroup.ordinal");
        g.ordinal = r.ReadI16();
        break;
      default: r.Skip(t);
    }
  });
  return g;
}

}  // namespace

FileMetaData DecodeFileMetaData(const uint8_t* data, size_t size) {
  Reader r(data, size);
  FileMetaData md;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1: md.version = I32(r, t, "FileMetaData.version"); break;
      case 2:
        ForEachElement(r, t, ThriftType::kStruct, "FileMetaData.schema",
                       [&] { md.schema.push_back(DecodeSchemaElement(r)); });
        break;
      case 3: md.num_rows = I64(r, t, "FileMetaData.num_rows"); break;
      case 4:
        ForEachElement(r, t, ThriftType::kStruct, "FileMetaData.row_groups",
                       [&] { md.row_groups.push_back(DecodeRowGroup(r)); });
        break;
      case 5:
        ForEachElement(r, t, ThriftType::kStruct, "key_value_metadata", [&] {
          KeyValue kv;
          ForEachField(r, [&](int16_t fid, ThriftType ft) {
            if (fid == 1) kv.key = Str(r, ft, "KeyValue.key");
            else if (fid == 2) kv.value = Str(r, ft, "KeyValue.value");
            else r.Skip(ft);
          });
          md.key_value_metadata.push_back(std::move(kv));
        });
        break;
      case 6: md.created_by = Str(r, t, "FileMetaData.created_by"); break;
      case 7:
        ForEachElement(r, t, ThriftType::kStruct, "column_orders", [&] {
          r.Skip(ThriftType::kStruct);
          ++md.column_orders;
        });
        break;
      default: r.Skip(t);
    }
  });
  return md;
}

size_t DecodePageHeader(const uint8_t* data, size_t size, PageHeader* out) {
  Reader r(data, size);
  PageHeader& h = *out;
  h = PageHeader();
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1: h.type = static_cast<PageType>(I32(r, t, "PageHeader.type")); break;
      case 2: h.uncompressed_page_size = I32(r, t, "uncompressed_page_size"); break;
      case 3: h.compressed_page_size = I32(r, t, "compressed_page_size"); break;
      case 5: {
        Expect(t, ThriftType::kStruct, "data_page_header");
        DataPageHeader d;
        ForEachField(r, [&](int16_t fid, ThriftType ft) {
          switch (fid) {
            case 1: d.num_values = I32(r, ft, "num_values"); break;
            case 2: d.encoding = static_cast<Encoding>(I32(r, ft, "encoding")); break;
            case 3: d.definition_level_encoding = static_cast<Encoding>(I32(r, ft, "dl")); break;
            case 4: d.repetition_level_encoding = static_cast<Encoding>(I32(r, ft, "rl")); break;
            default: r.Skip(ft);
          }
        });
        h.data_page_header = d;
        break;
      }
      case 7: {
        Expect(t, ThriftType::kStruct, "dictionary_page_header");
        DictionaryPageHeader d;
        ForEachField(r, [&](int16_t fid, ThriftType ft) {
          if (fid == 1) d.num_values = I32(r, ft, "num_values");
          else if (fid == 2) d.encoding = static_cast<Encoding>(I32(r, ft, "encoding"));
          else r.Skip(ft);
        });
        h.dictionary_page_header = d;
        break;
      }
      case 8: {
        Expect(t, ThriftType::kStruct, "data_page_header_v2");
        DataPageHeaderV2 d;
        ForEachField(r, [&](int16_t fid, ThriftType ft) {
          switch (fid) {
            case 1: d.num_values = I32(r, ft, "num_values"); break;
            case 2: d.num_nulls = I32(r, ft, "num_nulls"); break;
            case 3: d.num_rows = I32(r, ft, "num_rows"); break;
            case 4: d.encoding = static_cast<Encoding>(I32(r, ft, "encoding")); break;
            case 5: d.definition_levels_byte_length = I32(r, ft, "dl_length"); break;
            case 6: d.repetition_levels_byte_length = I32(r, ft, "rl_length"); break;
            case 7: d.is_compressed = Bool(r, ft, "is_compressed"); break;
            default: r.Skip(ft);
          }
        });
        h.data_page_header_v2 = d;
        break;
      }
      default: r.Skip(t);
    }
  });
  return r.Consumed(data);
}

ColumnIndex DecodeColumnIndex(const uint8_t* data, size_t size) {
  Reader r(data, size);
  ColumnIndex ci;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1:
        ForEachElement(r, t, ThriftType::kBoolTrue, "null_pages",
                       [&] { ci.null_pages.push_back(r.ReadBoolElement()); });
        break;
      case 2:
        ForEachElement(r, t, ThriftType::kBinary, "min_values",
                       [&] { ci.min_values.emplace_back(r.ReadBinary()); });
        break;
      case 3:
        ForEachElement(r, t, ThriftType::kBinary, "max_values",
                       [&] { ci.max_values.emplace_back(r.ReadBinary()); });
        break;
      case 4: ci.boundary_order = static_cast<BoundaryOrder>(I32(r, t, "boundary_order")); break;
      case 5:
        ForEachElement(r, t, ThriftType::kI64, "null_counts",
                       [&] { ci.null_counts.push_back(r.ReadI64()); });
        break;
      case 8:
        ForEachElement(r, t, ThriftType::kI64, "nan_counts", [&] { ci.nan_counts.push_back(r.ReadI64()); });
        break;
      default: r.Skip(t);
    }
  });
  size_t n = ci.null_pages.size();
  if (ci.min_values.size() != n || ci.max_values.size() != n ||
      (!ci.null_counts.empty() && ci.null_counts.size() != n) ||
      (!ci.nan_counts.empty() && ci.nan_counts.size() != n)) {
    Corrupt("ColumnIndex lists have different lengths");
  }
  return ci;
}

OffsetIndex DecodeOffsetIndex(const uint8_t* data, size_t size) {
  Reader r(data, size);
  OffsetIndex oi;
  ForEachField(r, [&](int16_t id, ThriftType t) {
    if (id != 1) {
      r.Skip(t);
      return;
    }
    ForEachElement(r, t, ThriftType::kStruct, "page_locations", [&] {
      PageLocation loc;
      ForEachField(r, [&](int16_t fid, ThriftType ft) {
        if (fid == 1) loc.offset = I64(r, ft, "PageLocation.offset");
        else if (fid == 2) loc.compressed_page_size = I32(r, ft, "compressed_page_size");
        else if (fid == 3) loc.first_row_index = I64(r, ft, "first_row_index");
        else r.Skip(ft);
      });
      oi.page_locations.push_back(loc);
    });
  });
  return oi;
}

size_t DecodeBloomFilterHeader(const uint8_t* data, size_t size, BloomFilterHeader* out) {
  Reader r(data, size);
  BloomFilterHeader& h = *out;
  h = BloomFilterHeader();
  bool has_size = false;
  // A union: the id of the one field set (an empty struct for every member floe knows).
  auto member = [&](ThriftType t, const char* field) {
    Expect(t, ThriftType::kStruct, field);
    int16_t chosen = 0;
    ForEachField(r, [&](int16_t id, ThriftType ft) {
      chosen = id;
      r.Skip(ft);
    });
    return chosen;
  };
  ForEachField(r, [&](int16_t id, ThriftType t) {
    switch (id) {
      case 1:
        h.num_bytes = I32(r, t, "BloomFilterHeader.numBytes");
        has_size = true;
        break;
      case 2: h.algorithm = member(t, "BloomFilterHeader.algorithm"); break;
      case 3: h.hash = member(t, "BloomFilterHeader.hash"); break;
      case 4: h.compression = member(t, "BloomFilterHeader.compression"); break;
      default: r.Skip(t);
    }
  });
  if (!has_size) Corrupt("BloomFilterHeader without numBytes");
  return r.Consumed(data);
}

}  // namespace floe::parquet
