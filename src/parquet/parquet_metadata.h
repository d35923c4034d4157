#pragma once

// The Parquet footer, page header and page index structs floe reads and writes, with
// the field numbers of parquet.thrift. Optional Thrift fields are std::optional or
// have a has_ flag; fields floe does not need are skipped when read.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floe::parquet {

/// Physical storage types.
enum class PhysicalType : int32_t {
  kBoolean = 0,
  kInt32 = 1,
  kInt64 = 2,
  kInt96 = 3,
  kFloat = 4,
  kDouble = 5,
  kByteArray = 6,
  kFixedLenByteArray = 7,
};

/// Legacy logical annotations (kNone when absent).
enum class ConvertedType : int32_t {
  kNone = -1,
  kUtf8 = 0,
  kMap = 1,
  kMapKeyValue = 2,
  kList = 3,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint16 = 12,
  kUint32 = 13,
  kUint64 = 14,
  kInt8 = 15,
  kInt16 = 16,
  kInt32 = 17,
  kInt64 = 18,
  kJson = 19,
  kBson = 20,
  kInterval = 21,
};

/// Field repetition.
enum class Repetition : int32_t { kRequired = 0, kOptional = 1, kRepeated = 2 };

/// Value and level encodings.
enum class Encoding : int32_t {
  kPlain = 0,
  kPlainDictionary = 2,
  kRle = 3,
  kBitPacked = 4,
  kDeltaBinaryPacked = 5,
  kDeltaLengthByteArray = 6,
  kDeltaByteArray = 7,
  kRleDictionary = 8,
  kByteStreamSplit = 9,
};

/// Compression codecs with their parquet.thrift numbers.
enum class Codec : int32_t {
  kUncompressed = 0,
  kSnappy = 1,
  kGzip = 2,
  kLzo = 3,
  kBrotli = 4,
  kLz4 = 5,
  kZstd = 6,
  kLz4Raw = 7,
};

/// Kinds of pages in a column chunk.
enum class PageType : int32_t {
  kDataPage = 0,
  kIndexPage = 1,
  kDictionaryPage = 2,
  kDataPageV2 = 3,
};

/// Units of TIME and TIMESTAMP logical types.
enum class TimeUnit : int8_t { kMillis, kMicros, kNanos };

/// The LogicalType union; `kind` names the member that is set.
struct LogicalTypeInfo {
  enum class Kind : int8_t {
    kNone = 0,
    kString = 1,
    kMap = 2,
    kList = 3,
    kEnum = 4,
    kDecimal = 5,
    kDate = 6,
    kTime = 7,
    kTimestamp = 8,
    kInteger = 10,
    kUnknown = 11,
    kJson = 12,
    kBson = 13,
    kUuid = 14,
    kFloat16 = 15,
    kVariant = 16,
    kOther = 99,
  };
  Kind kind = Kind::kNone;
  int32_t decimal_scale = 0;
  int32_t decimal_precision = 0;
  bool is_adjusted_to_utc = false;
  TimeUnit unit = TimeUnit::kMicros;
  int8_t bit_width = 0;
  bool is_signed = true;
};

/// One node of the flattened schema tree.
struct SchemaElement {
  std::optional<PhysicalType> type;
  int32_t type_length = 0;
  std::optional<Repetition> repetition;
  std::string name;
  int32_t num_children = 0;
  ConvertedType converted_type = ConvertedType::kNone;
  int32_t scale = 0;
  int32_t precision = 0;
  std::optional<int32_t> field_id;
  LogicalTypeInfo logical_type;
};

/// Column chunk or page statistics, values PLAIN-encoded.
struct Statistics {
  std::optional<std::string> max;  // legacy, signed order
  std::optional<std::string> min;  // legacy, signed order
  std::optional<int64_t> null_count;
  std::optional<int64_t> distinct_count;
  std::optional<std::string> max_value;
  std::optional<std::string> min_value;
  /// NaN values, FLOAT and DOUBLE only (parquet-format 2.13); absent: NaNs may be present.
  std::optional<int64_t> nan_count;
};

/// Where a column chunk's pages are and what they hold.
struct ColumnMetaData {
  PhysicalType type = PhysicalType::kInt32;
  std::vector<Encoding> encodings;
  std::vector<std::string> path_in_schema;
  Codec codec = Codec::kUncompressed;
  int64_t num_values = 0;
  int64_t total_uncompressed_size = 0;
  int64_t total_compressed_size = 0;
  int64_t data_page_offset = 0;
  std::optional<int64_t> dictionary_page_offset;
  std::optional<Statistics> statistics;
  /// Where the chunk's Bloom filter (header and bitset) starts, and its length when the
  /// writer recorded it.
  std::optional<int64_t> bloom_filter_offset;
  std::optional<int32_t> bloom_filter_length;
};

/// A column chunk of a row group, with its page index locations.
struct ColumnChunk {
  std::string file_path;
  int64_t file_offset = 0;
  ColumnMetaData meta_data;
  bool has_meta_data = false;
  std::optional<int64_t> offset_index_offset;
  int32_t offset_index_length = 0;
  std::optional<int64_t> column_index_offset;
  int32_t column_index_length = 0;
};

/// A horizontal slice of the file.
struct RowGroup {
  std::vector<ColumnChunk> columns;
  int64_t total_byte_size = 0;
  int64_t num_rows = 0;
  std::optional<int64_t> file_offset;
  std::optional<int64_t> total_compressed_size;
  std::optional<int16_t> ordinal;
};

/// One footer key-value entry.
struct KeyValue {
  std::string key;
  std::string value;
};

/// The footer.
struct FileMetaData {
  int32_t version = 1;
  std::vector<SchemaElement> schema;
  int64_t num_rows = 0;
  std::vector<RowGroup> row_groups;
  std::vector<KeyValue> key_value_metadata;
  std::string created_by;
  /// Number of column orders written (all TYPE_ORDER); 0 when absent.
  int32_t column_orders = 0;
};

/// Header of a v1 data page.
struct DataPageHeader {
  int32_t num_values = 0;
  Encoding encoding = Encoding::kPlain;
  Encoding definition_level_encoding = Encoding::kRle;
  Encoding repetition_level_encoding = Encoding::kRle;
};

/// Header of a dictionary page.
struct DictionaryPageHeader {
  int32_t num_values = 0;
  Encoding encoding = Encoding::kPlain;
};

/// Header of a v2 data page (levels stored uncompressed, before the values).
struct DataPageHeaderV2 {
  int32_t num_values = 0;
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  Encoding encoding = Encoding::kPlain;
  int32_t definition_levels_byte_length = 0;
  int32_t repetition_levels_byte_length = 0;
  bool is_compressed = true;
};

/// Header in front of every page.
struct PageHeader {
  PageType type = PageType::kDataPage;
  int32_t uncompressed_page_size = 0;
  int32_t compressed_page_size = 0;
  std::optional<DataPageHeader> data_page_header;
  std::optional<DictionaryPageHeader> dictionary_page_header;
  std::optional<DataPageHeaderV2> data_page_header_v2;
};

/// Ordering of the page bounds in a ColumnIndex.
enum class BoundaryOrder : int32_t { kUnordered = 0, kAscending = 1, kDescending = 2 };

/// Per-page statistics of a column chunk (page index).
struct ColumnIndex {
  std::vector<bool> null_pages;
  std::vector<std::string> min_values;
  std::vector<std::string> max_values;
  BoundaryOrder boundary_order = BoundaryOrder::kUnordered;
  std::vector<int64_t> null_counts;
  /// NaN values per page, FLOAT and DOUBLE only (parquet-format 2.13); empty when unknown.
  std::vector<int64_t> nan_counts;
};

/// Where one page lives and the first row it holds.
struct PageLocation {
  int64_t offset = 0;
  int32_t compressed_page_size = 0;
  int64_t first_row_index = 0;
};

/// Page locations of a column chunk (page index).
struct OffsetIndex {
  std::vector<PageLocation> page_locations;
};

/// The header in front of a Bloom filter's bitset. The three unions are each told apart
/// by the field set: floe knows split blocks (1), XXH64 (1) and uncompressed (1), and
/// records 0 for a member it does not know.
struct BloomFilterHeader {
  int32_t num_bytes = 0;
  int16_t algorithm = 0;
  int16_t hash = 0;
  int16_t compression = 0;
};

/// Decodes a FileMetaData; throws FormatError on malformed bytes.
FileMetaData DecodeFileMetaData(const uint8_t* data, size_t size);
/// Decodes a PageHeader at the start of the buffer and returns its encoded length.
size_t DecodePageHeader(const uint8_t* data, size_t size, PageHeader* out);
/// Decodes a ColumnIndex; throws FormatError on malformed bytes.
ColumnIndex DecodeColumnIndex(const uint8_t* data, size_t size);
/// Decodes an OffsetIndex; throws FormatError on malformed bytes.
OffsetIndex DecodeOffsetIndex(const uint8_t* data, size_t size);

/// Decodes a BloomFilterHeader at the start of the buffer and returns its encoded length;
/// throws FormatError on malformed bytes (a header cut short among them).
size_t DecodeBloomFilterHeader(const uint8_t* data, size_t size, BloomFilterHeader* out);

/// Appends the encoded FileMetaData to out.
void EncodeFileMetaData(const FileMetaData& md, std::string* out);
/// Appends the encoded PageHeader to out.
void EncodePageHeader(const PageHeader& header, std::string* out);
/// Appends the encoded ColumnIndex to out.
void EncodeColumnIndex(const ColumnIndex& index, std::string* out);
/// Appends the encoded OffsetIndex to out.
void EncodeOffsetIndex(const OffsetIndex& index, std::string* out);
/// Appends the encoded BloomFilterHeader to out.
void EncodeBloomFilterHeader(const BloomFilterHeader& header, std::string* out);

}  // namespace floe::parquet
