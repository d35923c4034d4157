#include "parquet/column_reader.h"

#include <algorithm>
#include <cstring>

#include "common/exception.h"
#include "parquet/codec.h"
#include "parquet/delta_decoder.h"
#include "common/uuid_text.h"
#include "parquet/physical_conversion.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

namespace {

constexpr size_t kMaxPageSize = size_t{1} << 30;
constexpr size_t kScratchBytes = kBatchSize * 16;
// The most level entries (list elements at the leaf) one batch of nested rows may hold.
constexpr size_t kMaxBatchEntries = size_t{1} << 27;

[[noreturn]] void Corrupt(const std::string& column, const std::string& what) {
  throw FormatError("column \"" + column + "\": " + what);
}

size_t PhysicalWidth(PhysicalType t) {
  switch (t) {
    case PhysicalType::kBoolean: return 1;
    case PhysicalType::kInt32:
    case PhysicalType::kFloat: return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble: return 8;
    case PhysicalType::kInt96: return 12;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray: return sizeof(StringRef);
  }
  return 8;
}

// Copies element i of src to element j of dst, for the widths vectors use.
template <size_t W>
struct Slot {
  uint8_t bytes[W];
};

template <size_t W>
void GatherWidth(const uint8_t* dict, const uint32_t* idx, size_t n, uint8_t* dst) {
  auto* d = reinterpret_cast<Slot<W>*>(dst);
  auto* s = reinterpret_cast<const Slot<W>*>(dict);
  for (size_t i = 0; i < n; ++i) d[i] = s[idx[i]];
}

// dst[i] = src[idx[i]] for values of `width` bytes; false for a width vectors do not use.
bool GatherByWidth(size_t width, const uint8_t* src, const uint32_t* idx, size_t n, uint8_t* dst) {
  switch (width) {
    case 1: GatherWidth<1>(src, idx, n, dst); return true;
    case 2: GatherWidth<2>(src, idx, n, dst); return true;
    case 4: GatherWidth<4>(src, idx, n, dst); return true;
    case 8: GatherWidth<8>(src, idx, n, dst); return true;
    case 16: GatherWidth<16>(src, idx, n, dst); return true;
    default: return false;
  }
}

template <size_t W>
void ScatterWidth(const uint8_t* dense, const uint8_t* levels, size_t n, uint8_t* dst) {
  auto* d = reinterpret_cast<Slot<W>*>(dst);
  auto* s = reinterpret_cast<const Slot<W>*>(dense);
  size_t j = 0;
  for (size_t i = 0; i < n; ++i) {
    if (levels[i]) {
      d[i] = s[j++];
    } else {
      d[i] = Slot<W>{};
    }
  }
}

// Copies the rows [0, k) of src but those at the `gone` positions `left` lists (ascending,
// each in first + [0, k)) to dst, run by run between them. A run is copied 8 values at a
// time, the last 8 past its end too, where src holds `src_rows` values and dst `room`
// (the next run overwrites what was copied past this one).
template <size_t W>
void CopyKeptRuns(const uint8_t* src, size_t src_rows, size_t k, const int64_t* left, size_t gone, int64_t first,
                  uint8_t* dst, size_t room) {
  auto* d = reinterpret_cast<Slot<W>*>(dst);
  auto* s = reinterpret_cast<const Slot<W>*>(src);
  size_t j = 0;
  size_t from = 0;
  auto copy = [&](size_t to) {  // rows [from, to)
    size_t len = to - from;
    if (j + len + 8 <= room && from + len + 8 <= src_rows) {
      for (size_t r = 0; r < len; r += 8) std::memcpy(d + j + r, s + from + r, 8 * W);
    } else {
      std::memcpy(d + j, s + from, len * W);
    }
    j += len;
  };
  for (size_t x = 0; x < gone; ++x) {
    auto row = static_cast<size_t>(left[x] - first);
    copy(row);
    from = row + 1;
  }
  copy(k);
}

// CopyKeptRuns for values of `width` bytes; false for a width vectors do not use.
bool CopyKeptByWidth(size_t width, const uint8_t* src, size_t src_rows, size_t k, const int64_t* left, size_t gone,
                     int64_t first, uint8_t* dst, size_t room) {
  switch (width) {
    case 1: CopyKeptRuns<1>(src, src_rows, k, left, gone, first, dst, room); return true;
    case 2: CopyKeptRuns<2>(src, src_rows, k, left, gone, first, dst, room); return true;
    case 4: CopyKeptRuns<4>(src, src_rows, k, left, gone, first, dst, room); return true;
    case 8: CopyKeptRuns<8>(src, src_rows, k, left, gone, first, dst, room); return true;
    case 16: CopyKeptRuns<16>(src, src_rows, k, left, gone, first, dst, room); return true;
    default: return false;
  }
}

}  // namespace

size_t KeptOffsets(size_t rows, const int64_t* left, size_t count, int64_t first, std::vector<uint32_t>* out) {
  // each run between the positions left out written 8 at a time (those written past a run
  // are overwritten by the next, or lie past the end)
  out->resize(rows + 8);
  uint32_t* at = out->data();
  size_t kept = 0;
  uint32_t from = 0;
  auto write_run = [&](uint32_t to) {
    for (uint32_t row = from; row < to; row += 8) {
      uint32_t* run = at + kept + (row - from);
      for (uint32_t t = 0; t < 8; ++t) run[t] = row + t;
    }
    kept += to > from ? to - from : 0;
  };
  for (size_t x = 0; x < count; ++x) {
    auto row = static_cast<uint32_t>(left[x] - first);
    write_run(row);
    from = row + 1;
  }
  write_run(static_cast<uint32_t>(rows));
  out->resize(kept);
  return kept;
}

ColumnReader::ColumnReader(const ParquetColumn& column, Codec codec, Vector chunk_holder,
                           const uint8_t* chunk, size_t chunk_size, ScanCounters* counters)
    : column_(column),
      codec_(codec),
      physical_width_(PhysicalWidth(column.physical_type)),
      output_width_(PhysicalSize(column.type.id())),
      identity_(column.conversion == ParquetConversion::kNone &&
                PhysicalWidth(column.physical_type) == PhysicalSize(column.type.id())),
      counters_(counters),
      chunk_holder_(std::move(chunk_holder)),
      chunk_(chunk),
      chunk_size_(chunk_size),
      levels_(kBatchSize),
      indexes_(kBatchSize),
      phys_scratch_(new uint64_t[kScratchBytes / 8]),
      out_scratch_(new uint64_t[kScratchBytes / 8]) {}

const uint8_t* ColumnReader::Decompress(const PageHeader& h, const uint8_t* body, size_t size,
                                        size_t uncompressed, Vector& holder) {
  if (codec_ == Codec::kUncompressed) {
    if (size != uncompressed) Corrupt(column_.name, "page sizes differ in an uncompressed page");
    return body;
  }
  if (uncompressed > kMaxPageSize || uncompressed > size * 32768 + (64 << 20)) {
    Corrupt(column_.name, "implausible uncompressed page size " + std::to_string(uncompressed));
  }
  auto* out = reinterpret_cast<uint8_t*>(holder.heap().Allocate(uncompressed + 8));
  parquet::Decompress(codec_, body, size, out, uncompressed);
  return out;
}

void ColumnReader::LoadDictionary(const PageHeader& h, const uint8_t* body) {
  if (!h.dictionary_page_header) Corrupt(column_.name, "dictionary page without its header");
  if (has_dict_) Corrupt(column_.name, "a second dictionary page");
  const auto& dh = *h.dictionary_page_header;
  if (dh.encoding != Encoding::kPlain && dh.encoding != Encoding::kPlainDictionary) {
    Corrupt(column_.name, "dictionary page encoding is not PLAIN");
  }
  if (dh.num_values < 0) Corrupt(column_.name, "negative dictionary size");
  Vector holder(column_.type, 0);
  const uint8_t* p = Decompress(h, body, static_cast<size_t>(h.compressed_page_size),
                                static_cast<size_t>(h.uncompressed_page_size), holder);
  size_t n = static_cast<size_t>(dh.num_values);
  // A PLAIN value takes its width, a string its 4-byte length, a boolean a bit: this
  // bounds the dictionary's allocation by the page's size.
  size_t usize = static_cast<size_t>(h.uncompressed_page_size);
  size_t min_bytes = physical_width_;
  if (column_.physical_type == PhysicalType::kByteArray) min_bytes = 4;
  if (column_.physical_type == PhysicalType::kFixedLenByteArray) {
    min_bytes = static_cast<size_t>(std::max(column_.type_length, 0));
  }
  bool bits = column_.physical_type == PhysicalType::kBoolean || min_bytes == 0;
  if (n > (bits ? usize * 8 + 1 : usize / min_bytes)) {
    Corrupt(column_.name, "dictionary holds more values (" + std::to_string(n) + ") than its page of " +
                              std::to_string(usize) + " bytes can");
  }
  dict_ = Vector(column_.type, std::max<size_t>(n, 1));
  dict_.ShareHeapsOf(holder);
  if (codec_ == Codec::kUncompressed) dict_.ShareHeapsOf(chunk_holder_);
  encoding_ = Encoding::kPlain;
  values_ = p;
  values_end_ = p + h.uncompressed_page_size;
  bool_bit_ = 0;
  std::vector<uint64_t> phys((n * physical_width_ + 7) / 8 + 1);
  uint8_t* dst = identity_ ? dict_.RawData() : reinterpret_cast<uint8_t*>(phys.data());
  DecodePhysical(n, dst, dict_);
  if (!identity_) Convert(reinterpret_cast<uint8_t*>(phys.data()), n, dict_.RawData());
  dict_size_ = n;
  has_dict_ = true;
}

void ColumnReader::InitValues(Encoding encoding, const uint8_t* p, const uint8_t* end, size_t page_values) {
  encoding_ = encoding;
  values_ = p;
  values_end_ = end;
  bool_bit_ = 0;
  predecoded_pos_ = 0;
  size_t size = static_cast<size_t>(end - p);
  PhysicalType pt = column_.physical_type;
  switch (encoding) {
    case Encoding::kPlain: return;
    case Encoding::kPlainDictionary:
    case Encoding::kRleDictionary: {
      if (!has_dict_) Corrupt(column_.name, "dictionary-encoded page without a dictionary");
      if (size < 1) Corrupt(column_.name, "dictionary page data is empty");
      int bw = p[0];
      if (bw > 32) Corrupt(column_.name, "dictionary index bit width above 32");
      value_rle_ = RleDecoder(p + 1, size - 1, bw);
      encoding_ = Encoding::kRleDictionary;
      return;
    }
    case Encoding::kRle: {
      if (pt != PhysicalType::kBoolean) Corrupt(column_.name, "RLE encoding of a non-boolean");
      if (size < 4) Corrupt(column_.name, "RLE length past the end");
      uint32_t len;
      std::memcpy(&len, p, 4);
      if (len > size - 4) Corrupt(column_.name, "RLE length past the end");
      value_rle_ = RleDecoder(p + 4, len, 1);
      return;
    }
    case Encoding::kDeltaBinaryPacked:
      if (pt != PhysicalType::kInt32 && pt != PhysicalType::kInt64) {
        Corrupt(column_.name, "DELTA_BINARY_PACKED of a non-integer");
      }
      DeltaDecoder::DecodeBinaryPacked(p, size, page_values, &delta_ints_);
      return;
    case Encoding::kDeltaLengthByteArray:
      if (pt != PhysicalType::kByteArray) Corrupt(column_.name, "DELTA_LENGTH_BYTE_ARRAY type");
      DeltaDecoder::DecodeLengthByteArray(p, size, page_values, &predecoded_strings_);
      return;
    case Encoding::kDeltaByteArray:
      if (pt != PhysicalType::kByteArray && pt != PhysicalType::kFixedLenByteArray) {
        Corrupt(column_.name, "DELTA_BYTE_ARRAY of a non-binary");
      }
      DeltaDecoder::DecodeByteArray(p, size, page_values, &page_holder_.heap(), &predecoded_strings_);
      return;
    case Encoding::kByteStreamSplit: {
      size_t w = pt == PhysicalType::kFixedLenByteArray ? static_cast<size_t>(column_.type_length)
                                                       : physical_width_;
      if (pt == PhysicalType::kBoolean || pt == PhysicalType::kByteArray ||
          pt == PhysicalType::kInt96 || w == 0 || size % w != 0) {
        Corrupt(column_.name, "bad BYTE_STREAM_SPLIT data");
      }
      size_t k = size / w;
      auto* out = reinterpret_cast<uint8_t*>(page_holder_.heap().Allocate(size + 8));
      for (size_t b = 0; b < w; ++b) {
        const uint8_t* stream = p + b * k;
        for (size_t i = 0; i < k; ++i) out[i * w + b] = stream[i];
      }
      split_ = out;
      split_count_ = k;
      return;
    }
    default:
      Corrupt(column_.name, "unsupported encoding " + std::to_string(static_cast<int>(encoding)));
  }
}

bool ColumnReader::NextPage(size_t skippable_rows) {
  while (true) {
    if (chunk_pos_ >= chunk_size_) Corrupt(column_.name, "column chunk ended before its rows");
    PageHeader h;
    size_t hlen = DecodePageHeader(chunk_ + chunk_pos_, chunk_size_ - chunk_pos_, &h);
    size_t left = chunk_size_ - chunk_pos_ - hlen;
    if (h.compressed_page_size < 0 || h.uncompressed_page_size < 0 ||
        static_cast<size_t>(h.compressed_page_size) > left) {
      Corrupt(column_.name, "page size past the end of the column chunk");
    }
    const uint8_t* body = chunk_ + chunk_pos_ + hlen;
    size_t csize = static_cast<size_t>(h.compressed_page_size);
    size_t usize = static_cast<size_t>(h.uncompressed_page_size);
    chunk_pos_ += hlen + csize;
    if (h.type == PageType::kDictionaryPage) {
      LoadDictionary(h, body);
      continue;
    }
    if (h.type != PageType::kDataPage && h.type != PageType::kDataPageV2) continue;
    int64_t rows;
    if (h.type == PageType::kDataPage) {
      if (!h.data_page_header) Corrupt(column_.name, "data page without its header");
      rows = h.data_page_header->num_values;
    } else {
      if (!h.data_page_header_v2) Corrupt(column_.name, "data page v2 without its header");
      rows = h.data_page_header_v2->num_rows;
    }
    if (rows < 0) Corrupt(column_.name, "negative row count in a page");
    ++data_pages_seen_;
    if (rows == 0) continue;
    if (static_cast<size_t>(rows) <= skippable_rows) {
      page_rows_left_ = rows;
      counters_->pages_skipped++;
      return false;
    }
    counters_->pages_read++;
    page_holder_ = Vector(column_.type, 0);
    const uint8_t* p;
    const uint8_t* end;
    Encoding encoding;
    page_has_defs_ = column_.optional;
    bool nested = column_.max_def >= 0;
    if (h.type == PageType::kDataPage) {
      const auto& d = *h.data_page_header;
      p = Decompress(h, body, csize, usize, page_holder_);
      end = p + usize;
      encoding = d.encoding;
      if (nested) {
        if ((column_.max_def > 0 && d.definition_level_encoding != Encoding::kRle) ||
            (column_.max_rep > 0 && d.repetition_level_encoding != Encoding::kRle)) {
          throw NotImplementedError("column \"" + column_.name + "\": BIT_PACKED levels");
        }
        // v1 pages: repetition levels, then definition levels, each behind its 4-byte length
        const uint8_t* level[2] = {nullptr, nullptr};
        size_t level_size[2] = {0, 0};
        int max_level[2] = {column_.max_rep, column_.max_def};
        for (int k = 0; k < 2; ++k) {
          if (max_level[k] == 0) continue;
          if (end - p < 4) Corrupt(column_.name, "levels past the end of the page");
          uint32_t len;
          std::memcpy(&len, p, 4);
          if (len > static_cast<size_t>(end - p - 4)) Corrupt(column_.name, "levels past the end of the page");
          level[k] = p + 4;
          level_size[k] = len;
          p += 4 + len;
        }
        DecodePageLevels(level[0], level_size[0], level[1], level_size[1], static_cast<size_t>(rows));
        page_has_defs_ = false;
      } else if (page_has_defs_) {
        if (d.definition_level_encoding != Encoding::kRle) {
          throw NotImplementedError("column \"" + column_.name +
                                    "\": BIT_PACKED definition levels");
        }
        if (end - p < 4) Corrupt(column_.name, "definition levels past the end of the page");
        uint32_t len;
        std::memcpy(&len, p, 4);
        if (len > static_cast<size_t>(end - p - 4)) {
          Corrupt(column_.name, "definition levels past the end of the page");
        }
        def_decoder_ = RleDecoder(p + 4, len, 1);
        p += 4 + len;
      }
    } else {
      const auto& d = *h.data_page_header_v2;
      if (d.definition_levels_byte_length < 0 || d.repetition_levels_byte_length < 0 ||
          (!nested && d.repetition_levels_byte_length != 0) ||
          static_cast<size_t>(d.definition_levels_byte_length) + static_cast<size_t>(d.repetition_levels_byte_length) > csize ||
          static_cast<size_t>(d.definition_levels_byte_length) + static_cast<size_t>(d.repetition_levels_byte_length) > usize) {
        Corrupt(column_.name, "bad level lengths in a data page v2");
      }
      size_t rl = static_cast<size_t>(d.repetition_levels_byte_length);
      size_t dl = static_cast<size_t>(d.definition_levels_byte_length);
      if (nested) {
        if (d.num_values < 0) Corrupt(column_.name, "negative value count in a page");
        rows = d.num_values;
        DecodePageLevels(body, rl, body + rl, dl, static_cast<size_t>(rows));
        page_has_defs_ = false;
        dl += rl;
      } else if (page_has_defs_) {
        def_decoder_ = RleDecoder(body, dl, 1);
      }
      encoding = d.encoding;
      if (d.is_compressed && codec_ != Codec::kUncompressed) {
        p = Decompress(h, body + dl, csize - dl, usize - dl, page_holder_);
      } else {
        if (csize != usize) Corrupt(column_.name, "page sizes differ in an uncompressed page");
        p = body + dl;
      }
      end = p + (usize - dl);
    }
    InitValues(encoding, p, end, static_cast<size_t>(rows));
    page_rows_left_ = rows;
    return true;
  }
}

static int LevelBitWidth(int max_level) {
  int width = 0;
  while ((1 << width) <= max_level) ++width;
  return width;
}

void ColumnReader::DecodePageLevels(const uint8_t* rep, size_t rep_size, const uint8_t* def, size_t def_size,
                                    size_t count) {
  // why: the page header's count sizes the level buffers; a run encodes many levels in a few
  // bytes, so a page may hold a million levels whatever its size, and 64 per byte past that
  if (count > std::max<size_t>(size_t{1} << 20, (rep_size + def_size) * 64)) {
    Corrupt(column_.name, "more levels than the page holds");
  }
  page_reps_.assign(count, 0);
  page_defs_.assign(count, 0);
  if (column_.max_rep > 0) RleDecoder(rep, rep_size, LevelBitWidth(column_.max_rep)).GetBatch(page_reps_.data(), count);
  if (column_.max_def > 0) RleDecoder(def, def_size, LevelBitWidth(column_.max_def)).GetBatch(page_defs_.data(), count);
  for (size_t i = 0; i < count; ++i) {
    if (page_reps_[i] > column_.max_rep || page_defs_[i] > column_.max_def) {
      Corrupt(column_.name, "a level above the column's greatest");
    }
  }
  if (count > 0 && column_.max_rep > 0 && page_reps_[0] != 0 && data_pages_seen_ == 1) {
    Corrupt(column_.name, "the first entry continues a row");
  }
  page_level_pos_ = 0;
}

void ColumnReader::ReadLevels(size_t rows, std::vector<uint8_t>* defs, std::vector<uint8_t>* reps, Vector& values,
                              size_t* value_count) {
  size_t rows_started = 0;
  while (true) {
    if (page_level_pos_ >= page_defs_.size()) {
      if (rows_started == rows && chunk_pos_ >= chunk_size_) break;  // the chunk is done
      page_defs_.clear();
      page_reps_.clear();
      page_level_pos_ = 0;
      if (chunk_pos_ >= chunk_size_) {
        if (rows_started < rows) Corrupt(column_.name, "column chunk ended before its rows");
        break;
      }
      NextPage(0);
      continue;
    }
    // the entries of this page up to the start of row `rows` + 1
    size_t begin = page_level_pos_;
    size_t end = begin;
    while (end < page_defs_.size()) {
      if (page_reps_[end] == 0) {
        if (rows_started == rows) break;
        ++rows_started;
      } else if (rows_started == 0 && defs->empty() && end == begin) {
        Corrupt(column_.name, "an entry continues a row before any started");
      }
      ++end;
    }
    size_t present = 0;
    for (size_t i = begin; i < end; ++i) present += page_defs_[i] == column_.max_def;
    // why: one row's list may span many pages; a batch's entries are bounded all the same
    if (defs->size() + (end - begin) > kMaxBatchEntries) {
      Corrupt(column_.name, "a batch of rows holds more than " + std::to_string(kMaxBatchEntries) + " list elements");
    }
    defs->insert(defs->end(), page_defs_.begin() + begin, page_defs_.begin() + end);
    reps->insert(reps->end(), page_reps_.begin() + begin, page_reps_.begin() + end);
    if (values.capacity() < *value_count + present + 1) {
      values.Reserve(std::max(*value_count + present + 1, values.capacity() * 2));
    }
    size_t width = PhysicalSize(values.type().id());
    for (size_t done = 0; done < present;) {
      size_t k = std::min(present - done, kBatchSize);
      DecodeToOutput(k, values.RawData() + (*value_count + done) * width, values);
      done += k;
    }
    UuidsToText(values, *value_count, *value_count + present);
    *value_count += present;
    page_level_pos_ = end;
    if (end < page_defs_.size()) break;  // stopped at the start of the next row
  }
  row_ += static_cast<int64_t>(rows);
}

void ColumnReader::DecodeRows(size_t k, const uint8_t* present, size_t non_null, uint8_t* out_data, Vector& out,
                              size_t at) {
  uint8_t* dst = out_data + at * output_width_;
  if (non_null == k) return DecodeToOutput(k, dst, out);
  auto* dense = reinterpret_cast<uint8_t*>(out_scratch_.get());
  DecodeToOutput(non_null, dense, out);
  switch (output_width_) {
    case 1: ScatterWidth<1>(dense, present, k, dst); break;
    case 2: ScatterWidth<2>(dense, present, k, dst); break;
    case 4: ScatterWidth<4>(dense, present, k, dst); break;
    case 8: ScatterWidth<8>(dense, present, k, dst); break;
    case 16: ScatterWidth<16>(dense, present, k, dst); break;
    default: Corrupt(column_.name, "unexpected value width");
  }
  for (size_t i = 0; i < k; ++i) {
    if (!present[i]) out.SetNull(at + i, true);
  }
}

void ColumnReader::DecodeLeavingOut(size_t k, const uint8_t* present, size_t non_null, const int64_t* left,
                                    size_t gone, int64_t first, uint8_t* out_data, Vector& out, size_t at) {
  if (non_null < k) {
    // with NULLs: the kept rows' offsets, as a selection
    size_t count = KeptOffsets(k, left, gone, first, &page_selection_);
    return DecodeSelectedRows(k, present, non_null, page_selection_.data(), count, out_data, out, at);
  }
  uint8_t* dst = out_data + at * output_width_;
  if (encoding_ == Encoding::kRleDictionary) {
    // every index is decoded (and checked); only the kept look their value up
    uint32_t* idx = NextDictionaryIndexes(k);
    size_t count = KeptOffsets(k, left, gone, first, &page_selection_);
    const uint32_t* sel = page_selection_.data();
    for (size_t j = 0; j < count; ++j) idx[j] = idx[sel[j]];  // (sel[j] >= j: in place)
    LookUpDictionary(idx, count, dst, out);
    return;
  }
  bool plain = encoding_ == Encoding::kPlain;
  if (plain && column_.physical_type == PhysicalType::kByteArray && column_.conversion == ParquetConversion::kNone) {
    // PLAIN strings: every length read, only the kept rows' references written
    auto* refs = reinterpret_cast<StringRef*>(dst);
    const uint8_t* p = values_;
    const int64_t* next = left;  // the next row left out, as an offset
    size_t next_row = static_cast<size_t>(*next - first);
    size_t j = 0;
    for (size_t i = 0; i < k; ++i) {
      if (values_end_ - p < 4) Corrupt(column_.name, "values past the end of the page");
      uint32_t len;
      std::memcpy(&len, p, 4);
      p += 4;
      if (len > static_cast<size_t>(values_end_ - p)) Corrupt(column_.name, "string length past the end of the page");
      if (i == next_row) {
        ++next;
        next_row = next == left + gone ? k : static_cast<size_t>(*next - first);
      } else {
        refs[j++] = StringRef(reinterpret_cast<const char*>(p), len);
      }
      p += len;
    }
    values_ = p;
    out.ShareHeapsOf(page_holder_);
    out.ShareHeapsOf(chunk_holder_);
    return;
  }
  // the kept values copied run by run: PLAIN fixed-width ones from the page itself, the
  // others decoded densely first
  bool fixed = column_.physical_type != PhysicalType::kBoolean && column_.physical_type != PhysicalType::kByteArray &&
               column_.physical_type != PhysicalType::kFixedLenByteArray;
  bool from_page = plain && identity_ && fixed;
  const uint8_t* src;
  size_t src_rows;
  if (from_page) {
    src = values_;
    src_rows = static_cast<size_t>(values_end_ - values_) / physical_width_;
    if (k > src_rows) Corrupt(column_.name, "values past the end of the page");
  } else {
    auto* dense = reinterpret_cast<uint8_t*>(out_scratch_.get());
    DecodeToOutput(k, dense, out);
    src = dense;
    src_rows = k;
  }
  if (!CopyKeptByWidth(output_width_, src, src_rows, k, left, gone, first, dst, out.capacity() - at)) {
    Corrupt(column_.name, "unexpected value width");
  }
  if (from_page) values_ += k * physical_width_;
}

void ColumnReader::DecodeSelectedRows(size_t k, const uint8_t* present, size_t non_null, const uint32_t* sel,
                                      size_t count, uint8_t* out_data, Vector& out, size_t at) {
  uint8_t* dst = out_data + at * output_width_;
  // the present values decoded densely, then the kept rows taken from them
  auto* dense = reinterpret_cast<uint8_t*>(out_scratch_.get());
  DecodeToOutput(non_null, dense, out);
  size_t row = 0;
  size_t rank = 0;  // the dense index of row `row`
  for (size_t j = 0; j < count; ++j) {
    for (; row < sel[j]; ++row) rank += present[row];
    if (present[row]) {
      std::memcpy(dst + j * output_width_, dense + rank * output_width_, output_width_);
    } else {
      std::memset(dst + j * output_width_, 0, output_width_);
      out.SetNull(at + j, true);
    }
  }
}

void ColumnReader::UuidsToText(Vector& v, size_t from, size_t to) {
  if (column_.conversion != ParquetConversion::kUuidToString) return;
  StringRef* values = v.Data<StringRef>();
  for (size_t i = from; i < to; ++i) {
    if (v.IsNull(i)) continue;
    if (values[i].size != 16) Corrupt(column_.name, "a uuid value of " + std::to_string(values[i].size) + " bytes");
    v.SetString(i, UuidToText(values[i].view()));
  }
}

bool ColumnReader::ReadStructLeaf(size_t n, Vector& out, uint8_t* defs) {
  if (column_.max_rep != 0 || n > levels_.size()) Corrupt(column_.name, "not a leaf of structs only");
  uint8_t* out_data = out.RawData();
  size_t done = 0;
  bool all_present = true;
  while (done < n) {
    if (page_level_pos_ >= page_defs_.size()) {
      page_defs_.clear();
      page_reps_.clear();
      page_level_pos_ = 0;
      if (chunk_pos_ >= chunk_size_) Corrupt(column_.name, "column chunk ended before its rows");
      NextPage(0);
      continue;
    }
    size_t k = std::min(n - done, page_defs_.size() - page_level_pos_);
    const uint8_t* d = page_defs_.data() + page_level_pos_;
    std::memcpy(defs + done, d, k);
    uint8_t* present = levels_.data();
    size_t non_null = 0;
    auto max_def = static_cast<uint8_t>(column_.max_def);
    for (size_t i = 0; i < k; ++i) non_null += present[i] = d[i] == max_def;
    all_present = all_present && non_null == k;
    DecodeRows(k, present, non_null, out_data, out, done);
    page_level_pos_ += k;
    done += k;
  }
  UuidsToText(out, 0, n);
  row_ += static_cast<int64_t>(n);
  return all_present;
}

void ColumnReader::DecodePhysical(size_t n, uint8_t* dst, Vector& out) {
  size_t left = static_cast<size_t>(values_end_ - values_);
  switch (encoding_) {
    case Encoding::kPlain:
      switch (column_.physical_type) {
        case PhysicalType::kBoolean: {
          if ((bool_bit_ + n + 7) / 8 > left) Corrupt(column_.name, "values past the end of the page");
          for (size_t i = 0; i < n; ++i, ++bool_bit_) {
            dst[i] = (values_[bool_bit_ >> 3] >> (bool_bit_ & 7)) & 1;
          }
          return;
        }
        case PhysicalType::kByteArray: {
          auto* refs = reinterpret_cast<StringRef*>(dst);
          const uint8_t* p = values_;
          for (size_t i = 0; i < n; ++i) {
            if (values_end_ - p < 4) Corrupt(column_.name, "values past the end of the page");
            uint32_t len;
            std::memcpy(&len, p, 4);
            p += 4;
            if (len > static_cast<size_t>(values_end_ - p)) {
              Corrupt(column_.name, "string length past the end of the page");
            }
            refs[i] = StringRef(reinterpret_cast<const char*>(p), len);
            p += len;
          }
          values_ = p;
          out.ShareHeapsOf(page_holder_);
          out.ShareHeapsOf(chunk_holder_);
          return;
        }
        case PhysicalType::kFixedLenByteArray: {
          auto len = static_cast<size_t>(column_.type_length);
          if (n * len > left) Corrupt(column_.name, "values past the end of the page");
          auto* refs = reinterpret_cast<StringRef*>(dst);
          for (size_t i = 0; i < n; ++i) {
            refs[i] = StringRef(reinterpret_cast<const char*>(values_ + i * len),
                                static_cast<uint32_t>(len));
          }
          values_ += n * len;
          out.ShareHeapsOf(page_holder_);
          out.ShareHeapsOf(chunk_holder_);
          return;
        }
        default: {
          size_t bytes = n * physical_width_;
          if (bytes > left) Corrupt(column_.name, "values past the end of the page");
          std::memcpy(dst, values_, bytes);
          values_ += bytes;
          return;
        }
      }
    case Encoding::kRle: value_rle_.GetBatch(dst, n); return;
    case Encoding::kDeltaBinaryPacked: {
      if (predecoded_pos_ + n > delta_ints_.size()) Corrupt(column_.name, "fewer values than rows");
      const int64_t* src = delta_ints_.data() + predecoded_pos_;
      if (column_.physical_type == PhysicalType::kInt32) {
        auto* d = reinterpret_cast<int32_t*>(dst);
        for (size_t i = 0; i < n; ++i) d[i] = static_cast<int32_t>(src[i]);
      } else {
        std::memcpy(dst, src, n * 8);
      }
      predecoded_pos_ += n;
      return;
    }
    case Encoding::kDeltaLengthByteArray:
    case Encoding::kDeltaByteArray: {
      if (predecoded_pos_ + n > predecoded_strings_.size()) {
        Corrupt(column_.name, "fewer values than rows");
      }
      if (column_.physical_type == PhysicalType::kFixedLenByteArray) {
        for (size_t i = 0; i < n; ++i) {
          if (predecoded_strings_[predecoded_pos_ + i].size != static_cast<uint32_t>(column_.type_length)) {
            Corrupt(column_.name, "fixed-length value of the wrong length");
          }
        }
      }
      std::memcpy(dst, predecoded_strings_.data() + predecoded_pos_, n * sizeof(StringRef));
      predecoded_pos_ += n;
      out.ShareHeapsOf(page_holder_);
      out.ShareHeapsOf(chunk_holder_);
      return;
    }
    case Encoding::kByteStreamSplit: {
      if (predecoded_pos_ + n > split_count_) Corrupt(column_.name, "fewer values than rows");
      if (column_.physical_type == PhysicalType::kFixedLenByteArray) {
        auto len = static_cast<size_t>(column_.type_length);
        auto* refs = reinterpret_cast<StringRef*>(dst);
        for (size_t i = 0; i < n; ++i) {
          refs[i] = StringRef(reinterpret_cast<const char*>(split_ + (predecoded_pos_ + i) * len),
                              static_cast<uint32_t>(len));
        }
        out.ShareHeapsOf(page_holder_);
      } else {
        std::memcpy(dst, split_ + predecoded_pos_ * physical_width_, n * physical_width_);
      }
      predecoded_pos_ += n;
      return;
    }
    default: Corrupt(column_.name, "unsupported encoding");
  }
}

void ColumnReader::Convert(const uint8_t* phys, size_t n, uint8_t* dst) {
  auto* out64 = reinterpret_cast<int64_t*>(dst);
  auto* out128 = reinterpret_cast<int128_t*>(dst);
  auto* in32 = reinterpret_cast<const int32_t*>(phys);
  auto* in64 = reinterpret_cast<const int64_t*>(phys);
  switch (column_.conversion) {
    case ParquetConversion::kNone:
    case ParquetConversion::kUuidToString: std::memcpy(dst, phys, n * output_width_); return;
    case ParquetConversion::kUint32ToInt64:
      for (size_t i = 0; i < n; ++i) out64[i] = static_cast<uint32_t>(in32[i]);
      return;
    case ParquetConversion::kInt32ToInt64:
      for (size_t i = 0; i < n; ++i) out64[i] = in32[i];
      return;
    case ParquetConversion::kInt32ToInt8: {
      auto* out8 = reinterpret_cast<int8_t*>(dst);
      for (size_t i = 0; i < n; ++i) out8[i] = static_cast<int8_t>(in32[i]);
      return;
    }
    case ParquetConversion::kInt32ToInt16: {
      auto* out16 = reinterpret_cast<int16_t*>(dst);
      for (size_t i = 0; i < n; ++i) out16[i] = static_cast<int16_t>(in32[i]);
      return;
    }
    case ParquetConversion::kFloatToDouble: {
      auto* in = reinterpret_cast<const float*>(phys);
      auto* out = reinterpret_cast<double*>(dst);
      for (size_t i = 0; i < n; ++i) out[i] = in[i];
      return;
    }
    case ParquetConversion::kTimeMillisToMicros:
      for (size_t i = 0; i < n; ++i) out64[i] = int64_t{in32[i]} * 1000;
      return;
    case ParquetConversion::kInt32ToInt128:
      for (size_t i = 0; i < n; ++i) out128[i] = in32[i];
      return;
    case ParquetConversion::kInt64ToInt128:
      for (size_t i = 0; i < n; ++i) out128[i] = in64[i];
      return;
    case ParquetConversion::kUint64ToInt128:
      for (size_t i = 0; i < n; ++i) out128[i] = static_cast<uint64_t>(in64[i]);
      return;
    case ParquetConversion::kMillisToMicros:
      for (size_t i = 0; i < n; ++i) out64[i] = MillisToMicros(in64[i]);
      return;
    case ParquetConversion::kNanosToMicros:
      for (size_t i = 0; i < n; ++i) out64[i] = FloorDiv(in64[i], 1000);
      return;
    case ParquetConversion::kInt96ToMicros:
      for (size_t i = 0; i < n; ++i) out64[i] = Int96ToMicros(phys + 12 * i);
      return;
    case ParquetConversion::kBytesToInt128: {
      auto* refs = reinterpret_cast<const StringRef*>(phys);
      for (size_t i = 0; i < n; ++i) {
        if (refs[i].size > 16) Corrupt(column_.name, "decimal value wider than 16 bytes");
        out128[i] = BigEndianToInt128(reinterpret_cast<const uint8_t*>(refs[i].data), refs[i].size);
      }
      return;
    }
  }
}

uint32_t* ColumnReader::NextDictionaryIndexes(size_t n) {
  uint32_t* idx = indexes_.data();
  value_rle_.GetBatch(idx, n);
  uint32_t max_index = 0;
  for (size_t i = 0; i < n; ++i) max_index = std::max(max_index, idx[i]);
  if (max_index >= dict_size_) Corrupt(column_.name, "dictionary index out of range");
  return idx;
}

void ColumnReader::LookUpDictionary(const uint32_t* idx, size_t n, uint8_t* dst, Vector& out) {
  if (!GatherByWidth(output_width_, dict_.RawData(), idx, n, dst)) Corrupt(column_.name, "unexpected value width");
  if (column_.type.HasStringStorage()) out.ShareHeapsOf(dict_);
}

void ColumnReader::DecodeToOutput(size_t n, uint8_t* dst, Vector& out) {
  if (n == 0) return;
  if (encoding_ == Encoding::kRleDictionary) {
    LookUpDictionary(NextDictionaryIndexes(n), n, dst, out);
    return;
  }
  if (identity_) {
    DecodePhysical(n, dst, out);
  } else {
    auto* phys = reinterpret_cast<uint8_t*>(phys_scratch_.get());
    DecodePhysical(n, phys, out);
    Convert(phys, n, dst);
  }
}

size_t ColumnReader::NextRows(size_t n, size_t done, size_t* non_null) {
  if (page_rows_left_ == 0) {
    if (data_pages_seen_ < sparse_first_rows_.size() &&
        sparse_first_rows_[data_pages_seen_] != row_ + static_cast<int64_t>(done)) {
      Corrupt(column_.name, "the offset index does not match the pages");
    }
    NextPage(0);
  }
  size_t k = std::min<size_t>({n - done, static_cast<size_t>(page_rows_left_), kBatchSize});
  *non_null = k;
  if (page_has_defs_) {
    uint8_t* levels = levels_.data();
    def_decoder_.GetBatch(levels, k);
    *non_null = 0;
    for (size_t i = 0; i < k; ++i) *non_null += levels[i];
  }
  page_rows_left_ -= static_cast<int64_t>(k);
  return k;
}

void ColumnReader::Read(size_t n, Vector& out) {
  uint8_t* out_data = out.RawData();
  size_t non_null;
  for (size_t done = 0; done < n;) {
    size_t k = NextRows(n, done, &non_null);
    DecodeRows(k, levels_.data(), non_null, out_data, out, done);
    done += k;
  }
  UuidsToText(out, 0, n);
  row_ += static_cast<int64_t>(n);
}

void ColumnReader::Read(size_t n, Vector& out, std::span<const int64_t> left_out, int64_t first) {
  const int64_t* left = left_out.data();
  const int64_t* left_end = left + left_out.size();
  size_t written = 0;
  uint8_t* out_data = out.RawData();
  size_t non_null;
  for (size_t done = 0; done < n;) {
    size_t k = NextRows(n, done, &non_null);
    // the rows left out among these k
    int64_t part = first + static_cast<int64_t>(done);
    const int64_t* part_end =
        done + k == n ? left_end : std::lower_bound(left, left_end, part + static_cast<int64_t>(k));
    auto gone = static_cast<size_t>(part_end - left);
    if (gone == 0) {
      DecodeRows(k, levels_.data(), non_null, out_data, out, written);
    } else {
      DecodeLeavingOut(k, levels_.data(), non_null, left, gone, part, out_data, out, written);
    }
    written += k - gone;
    left = part_end;
    done += k;
  }
  UuidsToText(out, 0, written);
  row_ += static_cast<int64_t>(n);
}

void ColumnReader::Skip(size_t n) {
  while (n > 0) {
    if (page_rows_left_ == 0 && data_pages_seen_ < sparse_first_rows_.size() &&
        sparse_first_rows_[data_pages_seen_] > row_) {
      // rows of pages that were not read at all
      auto gap = std::min<int64_t>(static_cast<int64_t>(n), sparse_first_rows_[data_pages_seen_] - row_);
      row_ += gap;
      n -= static_cast<size_t>(gap);
      continue;
    }
    if (page_rows_left_ == 0 && !NextPage(n)) {
      n -= static_cast<size_t>(page_rows_left_);
      row_ += page_rows_left_;
      page_rows_left_ = 0;
      continue;
    }
    size_t k = std::min({n, static_cast<size_t>(page_rows_left_), kBatchSize});
    if (skip_vector_.capacity() == 0) skip_vector_ = Vector(column_.type, kBatchSize);
    skip_vector_.Reset();
    Read(k, skip_vector_);
    n -= k;
  }
}

}  // namespace floe
