#include "parquet/column_writer.h"

#include <cmath>
#include <cstring>
#include <type_traits>

#include "common/exception.h"
#include "parquet/codec.h"
#include "parquet/dictionary_table.h"
#include "parquet/parquet_schema.h"
#include "parquet/physical_conversion.h"
#include "parquet/rle_encoder.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

namespace {

// Writes one column whose physical values have C++ type T: uint8_t (BOOLEAN), int32_t,
// int64_t, float, double, or StringRef (BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY).
template <typename T>
class TypedColumnWriter final : public ColumnWriter {
  static constexpr bool kIsString = std::is_same_v<T, StringRef>;
  static constexpr bool kIsFloat = std::is_floating_point_v<T>;
  using Stat = std::conditional_t<kIsString, std::string, T>;

 public:
  TypedColumnWriter(const ParquetWriterField& field, const ParquetWriterOptions& options)
      : field_(field), options_(options) {
    physical_ = ParquetSchema::PhysicalTypeFor(field.type, &type_length_);
    signed_bytes_ = physical_ == PhysicalType::kFixedLenByteArray;  // decimals
    metrics_.field_id = field.field_id;
    if (physical_ != PhysicalType::kBoolean) StartBloomFilter(field, options);
    ResetChunk();
  }

  void Write(const Vector& vector, size_t offset, size_t n) override {
    WriteValues(Physical(vector, offset, n), vector.validity(), offset, n);
  }

  void WriteLevels(const Vector& values, const uint8_t* defs, const uint8_t* reps, size_t entries) override {
    size_t present = 0;
    for (size_t i = 0; i < entries; ++i) present += defs[i] == field_.max_def;
    const T* dense = Physical(values, 0, present);
    static const Validity kAllValid;
    size_t i = 0;
    while (i < entries) {
      // whole rows, a run short enough that a page overshoots its targets by little
      auto room = static_cast<size_t>(std::max<int64_t>(1, options_.page_row_limit - page_rows_));
      size_t rows = std::min(room, size_t{512});
      size_t end = i, started = 0;
      for (; end < entries; ++end) {
        if (reps[end] == 0 && started++ == rows) break;
      }
      size_t k = 0;
      for (size_t e = i; e < end; ++e) {
        bool value = defs[e] == field_.max_def;
        if (!value && field_.max_def == 0) {
          throw ConstraintError("NULL value in required Parquet column \"" + field_.name + "\"");
        }
        k += value;
      }
      levels_.insert(levels_.end(), defs + i, defs + end);
      reps_.insert(reps_.end(), reps + i, reps + end);
      page_nulls_ += static_cast<int64_t>(end - i - k);
      page_rows_ += static_cast<int64_t>(std::min(started, rows));
      page_values_ += static_cast<int64_t>(end - i);
      AddValues<true>(dense, kAllValid, 0, k);
      dense += k;
      i = end;
      if (page_rows_ >= options_.page_row_limit || static_cast<int64_t>(PageBytes()) >= options_.page_size) {
        FlushPage();
      }
    }
    GiveUpDictionaryIfUseless();
  }

  // Returns rows [offset, offset + n) of the vector as the physical values written.
  const T* Physical(const Vector& vector, size_t offset, size_t n) {
    if constexpr (std::is_same_v<T, int32_t>) {
      // tinyint and smallint are stored as INT32 (annotated INT(8) / INT(16))
      if (field_.type.id() == TypeId::kInt8) return Widened<int8_t>(vector, offset, n);
      if (field_.type.id() == TypeId::kInt16) return Widened<int16_t>(vector, offset, n);
    }
    if (field_.type.id() != TypeId::kDecimal) return vector.Data<T>() + offset;
    // decimals are stored narrower than floe's __int128: convert a batch at a time
    converted_.resize(n);
    const int128_t* src = vector.Data<int128_t>() + offset;
    if constexpr (kIsString) {
      auto len = static_cast<size_t>(type_length_);
      flba_.resize(n * len);
      for (size_t i = 0; i < n; ++i) {
        auto* dst = reinterpret_cast<uint8_t*>(flba_.data() + i * len);
        Int128ToBigEndian(src[i], len, dst);
        converted_[i] = StringRef(reinterpret_cast<const char*>(dst), static_cast<uint32_t>(len));
      }
    } else {
      for (size_t i = 0; i < n; ++i) converted_[i] = static_cast<T>(src[i]);
    }
    return converted_.data();
  }

  template <typename Narrow>
  const T* Widened(const Vector& vector, size_t offset, size_t n) {
    converted_.resize(n);
    const Narrow* src = vector.Data<Narrow>() + offset;
    for (size_t i = 0; i < n; ++i) converted_[i] = src[i];
    return converted_.data();
  }

  int64_t BufferedSize() const override {
    return static_cast<int64_t>(data_.size() + PageBytes() + dict_.byte_size());
  }

  int64_t EstimatedEncodedSize() const override {
    // why: a page is compressed only when flushed; until then assume the ratio so far
    double ratio = uncompressed_size_ > 0 ? static_cast<double>(data_.size()) / uncompressed_size_ : 1.0;
    double pending = static_cast<double>(PageBytes()) * ratio + static_cast<double>(dict_.byte_size()) * dict_ratio_;
    return static_cast<int64_t>(data_.size()) + static_cast<int64_t>(pending);
  }

  int64_t MemoryUsage() const override {
    return static_cast<int64_t>(data_.capacity() + levels_.capacity() + reps_.capacity() + indexes_.capacity() * 4 +
                                plain_.capacity() + body_.capacity() + compressed_.capacity() +
                                converted_.capacity() * sizeof(T) + flba_.capacity() + dict_.memory_usage() +
                                (bloom_ ? bloom_->MemoryUsage() : 0));
  }

  void FlushPages() override {
    FlushPage();
    ReleasePageBuffers();
    // why: the dictionary is compressed only when its chunk is written; its ratio so far is
    // what EstimatedEncodedSize assumes until then
    if (!dict_.values().empty()) {
      std::string plain;
      for (const T& v : dict_.values()) AppendPlain(v, &plain);
      std::string out;
      Compress(options_.codec, options_.compression_level, reinterpret_cast<const uint8_t*>(plain.data()),
               plain.size(), &out);
      dict_ratio_ = plain.empty() ? 1.0 : static_cast<double>(out.size()) / static_cast<double>(plain.size());
    }
  }

  void FlushChunk(OutputFile& file, ColumnChunk* chunk, ColumnIndex* column_index,
                  bool* has_column_index, OffsetIndex* offset_index) override {
    FlushPage();
    std::string dict_page;
    bool has_dict = !dict_.values().empty();
    if (has_dict) {
      body_.clear();
      for (const T& v : dict_.values()) AppendPlain(v, &body_);
      if constexpr (std::is_same_v<T, uint8_t>) PackBooleans();
      PageHeader h;
      h.type = PageType::kDictionaryPage;
      h.dictionary_page_header = DictionaryPageHeader{static_cast<int32_t>(dict_.values().size()),
                                                      Encoding::kPlain};
      AppendPage(h, &dict_page);
    }
    int64_t start = static_cast<int64_t>(file.position());
    file.Write(dict_page);
    file.Write(data_);
    int64_t data_start = start + static_cast<int64_t>(dict_page.size());

    ColumnMetaData& m = chunk->meta_data;
    chunk->has_meta_data = true;
    chunk->file_offset = start;
    m.type = physical_;
    m.encodings = {Encoding::kPlain, Encoding::kRle};
    if (has_dict) m.encodings.push_back(Encoding::kRleDictionary);
    m.path_in_schema = field_.path.empty() ? std::vector<std::string>{field_.name} : field_.path;
    m.codec = options_.codec;
    m.num_values = chunk_values_;
    m.total_uncompressed_size = uncompressed_size_;
    m.total_compressed_size = static_cast<int64_t>(dict_page.size() + data_.size());
    m.data_page_offset = data_start;
    if (has_dict) m.dictionary_page_offset = start;
    Statistics s;
    s.null_count = chunk_nulls_;
    // parquet-format 2.13: written for FLOAT and DOUBLE, zero too, so readers may trust it
    if constexpr (kIsFloat) s.nan_count = chunk_nans_;
    if (chunk_has_minmax_) {
      s.min_value = EncodeStat(View(chunk_min_), true);
      s.max_value = EncodeStat(View(chunk_max_), false);
    }
    m.statistics = s;

    *offset_index = OffsetIndex();
    for (PageLocation loc : locations_) {
      loc.offset += data_start;
      offset_index->page_locations.push_back(loc);
    }
    index_.boundary_order = ascending_    ? BoundaryOrder::kAscending
                            : descending_ ? BoundaryOrder::kDescending
                                          : BoundaryOrder::kUnordered;
    *has_column_index = index_valid_;
    *column_index = std::move(index_);

    metrics_.column_size += m.total_compressed_size;
    metrics_.value_count += chunk_values_;
    metrics_.null_count += chunk_nulls_;
    if (chunk_has_minmax_) {
      if (!file_has_minmax_ || Less(View(chunk_min_), View(file_min_))) file_min_ = chunk_min_;
      if (!file_has_minmax_ || Less(View(file_max_), View(chunk_max_))) file_max_ = chunk_max_;
      file_has_minmax_ = true;
      metrics_.lower_bound = ToValue(WidenZero(View(file_min_), true));
      metrics_.upper_bound = ToValue(WidenZero(View(file_max_), false));
    }
    FinishBloomFilter();
    ResetChunk();
  }

 private:
  static T View(const Stat& s) {
    if constexpr (kIsString) {
      return StringRef(s.data(), static_cast<uint32_t>(s.size()));
    } else {
      return s;
    }
  }
  static Stat Own(const T& v) {
    if constexpr (kIsString) {
      return std::string(v.view());
    } else {
      return v;
    }
  }

  bool Less(const T& a, const T& b) const {
    if constexpr (kIsString) {
      if (signed_bytes_ && a.size > 0 && b.size > 0 && a.data[0] != b.data[0]) {
        return static_cast<int8_t>(a.data[0]) < static_cast<int8_t>(b.data[0]);
      }
      return a.Compare(b) < 0;
    } else {
      return a < b;
    }
  }

  void WriteValues(const T* values, const Validity& validity, size_t offset, size_t n) {
    size_t i = 0;
    while (i < n) {
      // runs short enough that a page overshoots its targets by little
      auto room = static_cast<size_t>(std::max<int64_t>(1, options_.page_row_limit - page_rows_));
      size_t k = std::min({n - i, room, size_t{512}});
      if (validity.AllValid()) {
        WriteRun<true>(values + i, validity, offset + i, k);
      } else {
        WriteRun<false>(values + i, validity, offset + i, k);
      }
      i += k;
      if (page_rows_ >= options_.page_row_limit ||
          static_cast<int64_t>(PageBytes()) >= options_.page_size) {
        FlushPage();
      }
    }
    GiveUpDictionaryIfUseless();
  }

  // Gives up the dictionary when it grows past its limit, or when nearly every value is new
  // (a dictionary of distinct values only adds indexes).
  void GiveUpDictionaryIfUseless() {
    if (dict_mode_ &&
        (static_cast<int64_t>(dict_.byte_size()) > options_.dictionary_size_limit ||
         (dict_values_seen_ >= 8192 && dict_.values().size() * 4 > dict_values_seen_ * 3))) {
      FlushPage();  // pages so far stay dictionary-encoded; the rest of the chunk is PLAIN
      dict_mode_ = false;
    }
  }

  template <bool kAllValid>
  void WriteRun(const T* values, const Validity& validity, size_t offset, size_t n) {
    if (kAllValid) {
      if (field_.nullable) levels_.insert(levels_.end(), n, 1);
    } else {
      for (size_t i = 0; i < n; ++i) {
        bool valid = validity.IsValid(offset + i);
        if (!valid && !field_.nullable) {
          throw ConstraintError("NULL value in required Parquet column \"" + field_.name + "\"");
        }
        if (field_.nullable) levels_.push_back(valid ? 1 : 0);
        page_nulls_ += valid ? 0 : 1;
      }
    }
    page_rows_ += static_cast<int64_t>(n);
    AddValues<kAllValid>(values, validity, offset, n);
  }

  // Adds the valid ones of n values to the page's statistics and values.
  template <bool kAllValid>
  void AddValues(const T* values, const Validity& validity, size_t offset, size_t n) {
    if (bloom_) {
      for (size_t i = 0; i < n; ++i) {
        if (kAllValid || validity.IsValid(offset + i)) bloom_->Add(BloomHash(values[i]));
      }
    }
    for (size_t i = 0; i < n; ++i) {
      if (!kAllValid && !validity.IsValid(offset + i)) continue;
      const T& v = values[i];
      if constexpr (kIsFloat) {
        if (std::isnan(v)) {
          ++metrics_.nan_count;
          ++page_nans_;
          continue;
        }
      }
      if (!page_has_minmax_) {
        page_min_ = Own(v);
        page_max_ = Own(v);
        page_has_minmax_ = true;
      } else {
        if (Less(v, View(page_min_))) page_min_ = Own(v);
        if (Less(View(page_max_), v)) page_max_ = Own(v);
      }
    }
    if (dict_mode_) {
      size_t before = indexes_.size();
      for (size_t i = 0; i < n; ++i) {
        if (kAllValid || validity.IsValid(offset + i)) indexes_.push_back(dict_.GetOrInsert(values[i]));
      }
      dict_values_seen_ += indexes_.size() - before;
    } else if constexpr (!kIsString) {
      if (kAllValid) {
        plain_.append(reinterpret_cast<const char*>(values), n * sizeof(T));
      } else {
        for (size_t i = 0; i < n; ++i) {
          if (validity.IsValid(offset + i)) AppendPlain(values[i], &plain_);
        }
      }
    } else {
      for (size_t i = 0; i < n; ++i) {
        if (kAllValid || validity.IsValid(offset + i)) AppendPlain(values[i], &plain_);
      }
    }
  }

  // The XXH64 of the value's PLAIN bytes (a BYTE_ARRAY's without their length).
  static uint64_t BloomHash(const T& v) {
    if constexpr (kIsString) {
      return ParquetBloomHash(v.view());
    } else {
      return ParquetBloomHash(std::string_view(reinterpret_cast<const char*>(&v), sizeof(T)));
    }
  }

  size_t PageBytes() const {
    return dict_mode_ ? indexes_.size() * 2 + levels_.size() / 8 : plain_.size() + levels_.size() / 8;
  }

  void AppendPlain(const T& v, std::string* out) {
    if constexpr (kIsString) {
      if (physical_ == PhysicalType::kByteArray) {
        uint32_t len = v.size;
        out->append(reinterpret_cast<const char*>(&len), 4);
      }
      out->append(v.data, v.size);
    } else {
      out->append(reinterpret_cast<const char*>(&v), sizeof(T));
    }
  }

  // Booleans are buffered one per byte; PLAIN packs them 8 to a byte.
  void PackBooleans() {
    std::string packed((body_.size() + 7) / 8, '\0');
    for (size_t i = 0; i < body_.size(); ++i) {
      if (body_[i]) packed[i / 8] = static_cast<char>(packed[i / 8] | (1 << (i % 8)));
    }
    body_ = std::move(packed);
  }

  // Returns a bound with a zero widened to -0.0 when a lower and +0.0 when an upper bound:
  // -0.0 and +0.0 are equal, so either may hide behind the other, and a reader ordering
  // -0.0 below +0.0 (Parquet's rule for min/max, Iceberg Java's comparators) must see both.
  static T WidenZero(const T& v, bool is_min) {
    if constexpr (kIsFloat) {
      if (v == 0) return is_min ? -T(0) : T(0);
    }
    return v;
  }

  std::string EncodeStat(const T& v, bool is_min) const {
    if constexpr (kIsString) {
      return std::string(v.view());
    } else {
      T x = WidenZero(v, is_min);
      return std::string(reinterpret_cast<const char*>(&x), sizeof(T));
    }
  }

  Value ToValue(const T& v) const {
    const LogicalType& t = field_.type;
    if constexpr (kIsString) {
      if (t.id() == TypeId::kDecimal) {
        return Value::Decimal(BigEndianToInt128(reinterpret_cast<const uint8_t*>(v.data), v.size),
                              t.precision(), t.scale());
      }
      return t.id() == TypeId::kString ? Value::String(v.str()) : Value::Binary(v.str());
    } else if constexpr (std::is_same_v<T, uint8_t>) {
      return Value::Boolean(v != 0);
    } else if constexpr (std::is_same_v<T, float>) {
      return Value::Float(v);
    } else if constexpr (std::is_same_v<T, double>) {
      return Value::Double(v);
    } else {
      switch (t.id()) {
        case TypeId::kDecimal: return Value::Decimal(v, t.precision(), t.scale());
        case TypeId::kDate: return Value::Date(static_cast<int32_t>(v));
        case TypeId::kTimestamp: return Value::Timestamp(v);
        case TypeId::kTimestampNtz: return Value::TimestampNtz(v);
        case TypeId::kTimestampNs: return Value::TimestampNs(v);
        case TypeId::kTimestampNtzNs: return Value::TimestampNtzNs(v);
        case TypeId::kTime: return Value::Time(v);
        case TypeId::kInt8: return Value::Int8(static_cast<int8_t>(v));
        case TypeId::kInt16: return Value::Int16(static_cast<int16_t>(v));
        case TypeId::kInt32: return Value::Int32(static_cast<int32_t>(v));
        default: return Value::Int64(v);
      }
    }
  }

  // Shortens long string bounds in the column index, as parquet-mr does: a prefix is
  // still a lower bound, and a prefix with its last byte incremented an upper bound.
  std::string IndexBound(std::string bound, bool is_min) const {
    constexpr size_t kMaxIndexBound = 64;
    if (physical_ != PhysicalType::kByteArray || bound.size() <= kMaxIndexBound) return bound;
    std::string prefix = bound.substr(0, kMaxIndexBound);
    if (is_min) return prefix;
    while (!prefix.empty() && static_cast<uint8_t>(prefix.back()) == 0xff) prefix.pop_back();
    if (prefix.empty()) return bound;
    prefix.back() = static_cast<char>(static_cast<uint8_t>(prefix.back()) + 1);
    return prefix;
  }

  // Compresses body_ behind a page header and appends both to out.
  void AppendPage(PageHeader& h, std::string* out) {
    compressed_.clear();
    Compress(options_.codec, options_.compression_level,
             reinterpret_cast<const uint8_t*>(body_.data()), body_.size(), &compressed_);
    h.uncompressed_page_size = static_cast<int32_t>(body_.size());
    h.compressed_page_size = static_cast<int32_t>(compressed_.size());
    size_t before = out->size();
    EncodePageHeader(h, out);
    uncompressed_size_ += static_cast<int64_t>(out->size() - before + body_.size());
    out->append(compressed_);
  }

  void FlushPage() {
    if (page_rows_ == 0) return;
    body_.clear();
    auto append_levels = [&](const std::vector<uint8_t>& levels, int max_level) {
      size_t at = body_.size();
      body_.append(4, '\0');
      RleEncoder::Encode(levels.data(), levels.size(), std::max(1, RleEncoder::BitWidth(max_level)), &body_);
      auto len = static_cast<uint32_t>(body_.size() - at - 4);
      std::memcpy(body_.data() + at, &len, 4);
    };
    bool leveled = field_.max_def >= 0;
    if (leveled) {
      if (field_.max_rep > 0) append_levels(reps_, field_.max_rep);
      if (field_.max_def > 0) append_levels(levels_, field_.max_def);
    } else if (field_.nullable) {
      append_levels(levels_, 1);
    }
    int64_t page_entries = leveled ? page_values_ : page_rows_;
    DataPageHeader d;
    d.num_values = static_cast<int32_t>(page_entries);
    // a page of only NULLs before any value has no dictionary to point into: PLAIN
    if (dict_mode_ && !dict_.values().empty()) {
      int bw = std::max(1, RleEncoder::BitWidth(dict_.values().size() - 1));
      body_.push_back(static_cast<char>(bw));
      RleEncoder::Encode(indexes_.data(), indexes_.size(), bw, &body_);
      d.encoding = Encoding::kRleDictionary;
    } else {
      if constexpr (std::is_same_v<T, uint8_t>) {
        std::string levels_part = body_;
        body_ = plain_;
        PackBooleans();
        body_ = levels_part + body_;
      } else {
        body_.append(plain_);
      }
      d.encoding = Encoding::kPlain;
    }
    PageHeader h;
    h.type = PageType::kDataPage;
    h.data_page_header = d;
    PageLocation loc;
    loc.offset = static_cast<int64_t>(data_.size());
    loc.first_row_index = chunk_rows_;
    AppendPage(h, &data_);
    loc.compressed_page_size = static_cast<int32_t>(data_.size() - static_cast<size_t>(loc.offset));
    locations_.push_back(loc);

    bool null_page = page_nulls_ == page_entries;
    index_.null_pages.push_back(null_page);
    index_.null_counts.push_back(page_nulls_);
    if constexpr (kIsFloat) index_.nan_counts.push_back(page_nans_);
    if (page_has_minmax_) {
      index_.min_values.push_back(IndexBound(EncodeStat(View(page_min_), true), true));
      index_.max_values.push_back(IndexBound(EncodeStat(View(page_max_), false), false));
      if (last_page_has_minmax_) {
        if (Less(View(page_min_), View(last_page_min_)) || Less(View(page_max_), View(last_page_max_))) {
          ascending_ = false;
        }
        if (Less(View(last_page_min_), View(page_min_)) || Less(View(last_page_max_), View(page_max_))) {
          descending_ = false;
        }
      }
      last_page_min_ = page_min_;
      last_page_max_ = page_max_;
      last_page_has_minmax_ = true;
      if (!chunk_has_minmax_ || Less(View(page_min_), View(chunk_min_))) chunk_min_ = page_min_;
      if (!chunk_has_minmax_ || Less(View(chunk_max_), View(page_max_))) chunk_max_ = page_max_;
      chunk_has_minmax_ = true;
    } else {
      index_.min_values.emplace_back();
      index_.max_values.emplace_back();
      if (!null_page) index_valid_ = false;  // only NaNs: no bounds to give
    }
    chunk_rows_ += page_rows_;
    chunk_values_ += page_entries;
    chunk_nulls_ += page_nulls_;
    chunk_nans_ += page_nans_;
    page_rows_ = 0;
    page_values_ = 0;
    page_nulls_ = 0;
    page_nans_ = 0;
    page_has_minmax_ = false;
    levels_.clear();
    reps_.clear();
    indexes_.clear();
    plain_.clear();
  }

  void ReleasePageBuffers() {
    std::vector<uint8_t>().swap(levels_);
    std::vector<uint8_t>().swap(reps_);
    std::vector<uint32_t>().swap(indexes_);
    std::string().swap(plain_);
    std::string().swap(body_);
    std::string().swap(compressed_);
    std::vector<T>().swap(converted_);
    std::string().swap(flba_);
  }

  void ResetChunk() {
    // why: a writer may stay open long after its row group is written (one per partition);
    // it keeps no buffer capacity from one row group to the next
    std::string().swap(data_);
    ReleasePageBuffers();
    locations_.clear();
    index_ = ColumnIndex();
    index_valid_ = true;
    ascending_ = true;
    descending_ = true;
    last_page_has_minmax_ = false;
    dict_.Clear();
    dict_values_seen_ = 0;
    dict_mode_ = options_.enable_dictionary && !std::is_same_v<T, uint8_t>;
    chunk_rows_ = 0;
    chunk_values_ = 0;
    chunk_nulls_ = 0;
    chunk_nans_ = 0;
    chunk_has_minmax_ = false;
    uncompressed_size_ = 0;
  }

  ParquetWriterField field_;
  ParquetWriterOptions options_;
  PhysicalType physical_;
  int type_length_ = 0;
  bool signed_bytes_ = false;

  std::vector<T> converted_;
  std::string flba_;

  // the current page
  std::vector<uint8_t> levels_;  // definition levels
  std::vector<uint8_t> reps_;    // repetition levels (a nested leaf's)
  std::vector<uint32_t> indexes_;
  std::string plain_;
  int64_t page_rows_ = 0;
  int64_t page_values_ = 0;  // entries (a nested leaf's level pairs)
  int64_t page_nulls_ = 0;
  int64_t page_nans_ = 0;
  Stat page_min_{}, page_max_{};
  bool page_has_minmax_ = false;

  // the current chunk
  DictionaryTable<T> dict_;
  bool dict_mode_ = true;
  size_t dict_values_seen_ = 0;
  std::string data_;
  std::vector<PageLocation> locations_;
  ColumnIndex index_;
  bool index_valid_ = true;
  bool ascending_ = true, descending_ = true;
  Stat last_page_min_{}, last_page_max_{};
  bool last_page_has_minmax_ = false;
  int64_t chunk_rows_ = 0;
  int64_t chunk_values_ = 0;
  int64_t chunk_nulls_ = 0;
  int64_t chunk_nans_ = 0;
  Stat chunk_min_{}, chunk_max_{};
  bool chunk_has_minmax_ = false;
  int64_t uncompressed_size_ = 0;
  double dict_ratio_ = 1.0;  // compressed / plain bytes of the dictionary when last measured

  // the file
  Stat file_min_{}, file_max_{};
  bool file_has_minmax_ = false;

  std::string body_;
  std::string compressed_;
};

}  // namespace

std::unique_ptr<ColumnWriter> ColumnWriter::Make(const ParquetWriterField& field,
                                                 const ParquetWriterOptions& options) {
  int type_length;
  switch (ParquetSchema::PhysicalTypeFor(field.type, &type_length)) {
    case PhysicalType::kBoolean: return std::make_unique<TypedColumnWriter<uint8_t>>(field, options);
    case PhysicalType::kInt32: return std::make_unique<TypedColumnWriter<int32_t>>(field, options);
    case PhysicalType::kInt64: return std::make_unique<TypedColumnWriter<int64_t>>(field, options);
    case PhysicalType::kFloat: return std::make_unique<TypedColumnWriter<float>>(field, options);
    case PhysicalType::kDouble: return std::make_unique<TypedColumnWriter<double>>(field, options);
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      return std::make_unique<TypedColumnWriter<StringRef>>(field, options);
    default: throw InternalError("no Parquet column writer for " + field.type.ToString());
  }
}

void ColumnWriter::StartBloomFilter(const ParquetWriterField& field, const ParquetWriterOptions& options) {
  auto it = field.field_id >= 0 ? options.bloom_filters.find(field.field_id) : options.bloom_filters.end();
  if (it == options.bloom_filters.end()) return;
  bloom_ = std::make_unique<ParquetBloomFilterBuilder>(it->second.fpp,
                                                       static_cast<size_t>(options.bloom_filter_max_bytes));
  bloom_ndv_ = it->second.ndv;
}

void ColumnWriter::FinishBloomFilter() {
  bloom_bytes_.clear();
  // why: a chunk of only NULLs has no values to find (parquet-java writes no filter then)
  if (!bloom_ || bloom_->empty()) return;
  EncodeParquetBloomFilter(bloom_->Finish(bloom_ndv_), &bloom_bytes_);
}

bool ColumnWriter::TakeBloomFilter(std::string* out) {
  if (bloom_bytes_.empty()) return false;
  *out = std::move(bloom_bytes_);
  bloom_bytes_.clear();
  return true;
}

}  // namespace floe
