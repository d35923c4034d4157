#include "parquet/parquet_reader.h"

#include <algorithm>
#include <cstring>
#include <new>

#include "common/exception.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

namespace {

constexpr uint64_t kFooterTail = 8;  // footer length + magic

using Ranges = std::vector<std::pair<int64_t, int64_t>>;

Ranges Intersect(const Ranges& a, const Ranges& b) {
  Ranges out;
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    int64_t lo = std::max(a[i].first, b[j].first);
    int64_t hi = std::min(a[i].second, b[j].second);
    if (lo < hi) out.emplace_back(lo, hi);
    if (a[i].second < b[j].second) ++i;
    else ++j;
  }
  return out;
}

// Returns the pages (of a row group of `rows` rows, in order) that begin in the slice and hold
// no row of `ranges`: what a read of the slice counts as skipped, so that the slices of a
// row group count each page once, as a whole read does.
int64_t SkippedPagesInSlice(const std::vector<PageLocation>& pages, int64_t rows, const Ranges& ranges,
                            RowSlice slice) {
  int64_t skipped = 0;
  size_t at = 0;
  for (size_t i = 0; i < pages.size(); ++i) {
    int64_t first = pages[i].first_row_index;
    int64_t end_row = i + 1 < pages.size() ? pages[i + 1].first_row_index : rows;
    while (at < ranges.size() && ranges[at].second <= first) ++at;
    bool overlaps = at < ranges.size() && ranges[at].first < end_row;
    if (!overlaps && first >= slice.begin && (slice.end < 0 || first < slice.end)) ++skipped;
  }
  return skipped;
}

template <typename Fn>
auto WithPath(const std::string& path, Fn&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const FormatError& e) {
    throw FormatError("Parquet file \"" + path + "\": " + e.what());
  } catch (const std::bad_alloc&) {
    throw FormatError("Parquet file \"" + path + "\": corrupt sizes (out of memory)");
  } catch (const std::length_error&) {
    throw FormatError("Parquet file \"" + path + "\": corrupt sizes");
  }
}

}  // namespace

std::unique_ptr<ParquetReader> ParquetReader::Open(FileIO& io, const std::string& path) {
  std::unique_ptr<ParquetReader> reader(new ParquetReader(io.OpenForRead(path)));
  WithPath(path, [&] { reader->Load(); });
  return reader;
}

void ParquetReader::Load() {
  uint64_t size = file_->size();
  if (size < 12) throw FormatError("too small to be a Parquet file (" + std::to_string(size) + " bytes)");
  char head[4];
  uint8_t tail[8];
  file_->ReadAt(0, 4, head);
  file_->ReadAt(size - kFooterTail, kFooterTail, tail);
  if (std::memcmp(tail + 4, "PARE", 4) == 0) {
    throw NotImplementedError("Parquet file \"" + path() + "\" is encrypted");
  }
  if (std::memcmp(head, "PAR1", 4) != 0 || std::memcmp(tail + 4, "PAR1", 4) != 0) {
    throw FormatError("not a Parquet file (bad magic bytes)");
  }
  uint32_t footer_len;
  std::memcpy(&footer_len, tail, 4);
  if (footer_len > size - kFooterTail - 4) {
    throw FormatError("footer length " + std::to_string(footer_len) + " is past the start of the file");
  }
  std::vector<uint8_t> footer(footer_len);
  file_->ReadAt(size - kFooterTail - footer_len, footer_len, footer.data());
  metadata_ = DecodeFileMetaData(footer.data(), footer.size());
  columns_ = ParquetSchema::FromElements(metadata_.schema);
  int leaves = 0;
  for (const auto& e : metadata_.schema) leaves += e.type ? 1 : 0;
  if (metadata_.num_rows < 0) throw FormatError("negative row count");
  int64_t rows = 0;
  for (const auto& rg : metadata_.row_groups) {
    if (static_cast<int>(rg.columns.size()) != leaves) {
      throw FormatError("a row group has " + std::to_string(rg.columns.size()) +
                        " column chunks but the schema has " + std::to_string(leaves) + " leaves");
    }
    if (rg.num_rows < 0) throw FormatError("negative row group row count");
    if (__builtin_add_overflow(rows, rg.num_rows, &rows)) throw FormatError("row counts overflow");
    for (const auto& c : rg.columns) {
      if (!c.has_meta_data) throw FormatError("column chunk without metadata");
      if (!c.file_path.empty()) throw NotImplementedError("column chunks in other files");
      int codec = static_cast<int>(c.meta_data.codec);
      if (codec < 0 || codec > 7) throw FormatError("unknown codec " + std::to_string(codec));
    }
  }
  if (rows != metadata_.num_rows) throw FormatError("row groups do not add up to the row count");
  for (const auto& c : columns_) has_field_ids_ |= c.field_id >= 0;
  struct_leaves_.assign(static_cast<size_t>(leaves), nullptr);
  for (const auto& c : columns_) {
    if (!c.nested) continue;
    for (const ParquetNode* leaf : NestedLeaves(*c.nested)) {
      if (leaf->leaf.max_rep == 0 && leaf->leaf.leaf_index >= 0 && leaf->leaf.leaf_index < leaves) {
        struct_leaves_[static_cast<size_t>(leaf->leaf.leaf_index)] = &leaf->leaf;
      }
    }
  }
}

const ParquetColumn* ParquetReader::StructLeaf(int leaf_index) const {
  if (leaf_index < 0 || static_cast<size_t>(leaf_index) >= struct_leaves_.size()) return nullptr;
  return struct_leaves_[static_cast<size_t>(leaf_index)];
}

std::optional<std::string> ParquetReader::KeyValue(const std::string& key) const {
  for (const auto& kv : metadata_.key_value_metadata) {
    if (kv.key == key) return kv.value;
  }
  return std::nullopt;
}

int ParquetReader::FindColumn(int field_id, const std::string& name) const {
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (has_field_ids_ ? columns_[i].field_id == field_id : columns_[i].name == name) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

const ColumnChunk& ParquetReader::Chunk(int row_group, int column) const {
  return metadata_.row_groups.at(row_group).columns.at(columns_.at(column).leaf_index);
}

ColumnStatistics ParquetReader::RowGroupStatistics(int row_group, int column) const {
  return Statistics(row_group, columns_.at(column));
}

ColumnStatistics ParquetReader::Statistics(int row_group, const ParquetColumn& col) const {
  const ColumnChunk& c = metadata_.row_groups.at(row_group).columns.at(col.leaf_index);
  // why: a nested column's first chunk is one of its leaves; its statistics are not the column's
  if (!c.meta_data.statistics || !col.unsupported.empty() || col.nested ||
      c.meta_data.type != col.physical_type) {
    ColumnStatistics s;
    s.num_values = c.meta_data.num_values;
    return s;
  }
  return DecodeColumnStatistics(col, *c.meta_data.statistics, c.meta_data.num_values);
}

bool ParquetReader::RowGroupMayMatch(int row_group, const std::vector<ColumnPredicate>& predicates,
                                     bool* by_bloom) const {
  if (by_bloom) *by_bloom = false;
  auto column_of = [&](const ColumnPredicate& p) -> const ParquetColumn* {
    if (p.column < 0 || p.column >= static_cast<int>(columns_.size())) {
      throw InvalidInputError("predicate on column " + std::to_string(p.column) + " of " +
                              std::to_string(columns_.size()));
    }
    return p.leaf_index >= 0 ? StructLeaf(p.leaf_index) : &columns_[p.column];
  };
  return WithPath(path(), [&] {
    for (const auto& p : predicates) {
      const ParquetColumn* col = column_of(p);
      if (col && !p.MayMatch(Statistics(row_group, *col))) return false;
    }
    // why: a Bloom filter costs a read; it is asked only once the statistics let the group
    // through, and only about values it can answer for
    for (const auto& p : predicates) {
      if (!p.CanAskBloom()) continue;
      const ParquetColumn* col = column_of(p);
      if (!col || col->nested) continue;
      std::shared_ptr<const BloomFilter> bloom = ChunkBloomFilter(row_group, *col);
      if (bloom && !p.MayMatchBloom(*col, *bloom)) {
        if (by_bloom) *by_bloom = true;
        return false;
      }
    }
    return true;
  });
}

std::shared_ptr<const BloomFilter> ParquetReader::ChunkBloomFilter(int row_group, const ParquetColumn& col) const {
  // parquet-java refuses bitsets above 128 MiB (BlockSplitBloomFilter.UPPER_BOUND_BYTES)
  constexpr int64_t kMaxBitset = int64_t{128} << 20;
  constexpr int64_t kHeaderRead = 64;
  const ColumnMetaData& m = metadata_.row_groups.at(row_group).columns.at(col.leaf_index).meta_data;
  if (!m.bloom_filter_offset) return nullptr;
  // (keyed by offset: chunks a corrupt footer points at one filter share it)
  int64_t offset = *m.bloom_filter_offset;
  {
    std::lock_guard<std::mutex> lock(bloom_mutex_);
    auto it = bloom_filters_.find(offset);
    if (it != bloom_filters_.end()) return it->second;
  }
  auto size = static_cast<int64_t>(file_->size());
  std::string where = "the Bloom filter of column \"" + col.name + "\" in row group " + std::to_string(row_group);
  if (offset < 4 || offset >= size) throw FormatError(where + " starts past the end of the file");
  int64_t length = m.bloom_filter_length ? *m.bloom_filter_length : -1;
  if (m.bloom_filter_length && (length <= 0 || length > size - offset || length > kMaxBitset + kHeaderRead)) {
    throw FormatError(where + " has a length of " + std::to_string(length) + " bytes, past the end of the file or " +
                      "128 MiB");
  }
  // with a recorded length, header and bitset in one read; else the header first
  std::vector<uint8_t> head(static_cast<size_t>(std::min(length < 0 ? kHeaderRead : length, size - offset)));
  file_->ReadAt(static_cast<uint64_t>(offset), head.size(), head.data());
  BloomFilterHeader header;
  int64_t header_size = 0;
  try {
    header_size = static_cast<int64_t>(DecodeBloomFilterHeader(head.data(), head.size(), &header));
  } catch (const FormatError& e) {
    throw FormatError(where + ": " + e.what());
  }
  if (header.num_bytes <= 0 || header.num_bytes % 32 != 0 || header.num_bytes > kMaxBitset) {
    throw FormatError(where + " has a bitset of " + std::to_string(header.num_bytes) +
                      " bytes (a positive multiple of 32, at most 128 MiB)");
  }
  if (header_size + header.num_bytes > (length < 0 ? size - offset : length)) {
    throw FormatError(where + " ends past " + (length < 0 ? "the end of the file" : "its recorded length"));
  }
  std::shared_ptr<const BloomFilter> bloom;
  // split blocks, XXH64, uncompressed: the only kinds parquet-format defines so far
  if (header.algorithm == 1 && header.hash == 1 && header.compression == 1) {
    const uint8_t* bitset = head.data() + header_size;
    std::vector<uint8_t> rest;
    if (length < 0) {
      rest.resize(static_cast<size_t>(header.num_bytes));
      file_->ReadAt(static_cast<uint64_t>(offset + header_size), rest.size(), rest.data());
      bitset = rest.data();
    }
    bloom = std::make_shared<const BloomFilter>(
        BloomFilter::FromBitset(bitset, static_cast<size_t>(header.num_bytes)));
  }
  std::lock_guard<std::mutex> lock(bloom_mutex_);
  return bloom_filters_.emplace(offset, std::move(bloom)).first->second;
}

Ranges ParquetReader::MatchingRows(int row_group, const std::vector<ColumnPredicate>& predicates,
                                   ScanCounters* counters) const {
  int64_t rg_rows = metadata_.row_groups[row_group].num_rows;
  Ranges result{{0, rg_rows}};
  for (const auto& p : predicates) {
    if (p.leaf_index >= 0) continue;  // a struct's leaf prunes row groups, not pages
    const ColumnChunk& c = Chunk(row_group, p.column);
    const ParquetColumn& col = columns_[p.column];
    if (!c.column_index_offset || !c.offset_index_offset || !col.unsupported.empty() || col.nested ||
        c.meta_data.type != col.physical_type) {
      continue;
    }
    auto read = [&](int64_t offset, int32_t length) {
      if (offset < 0 || length < 0 || static_cast<uint64_t>(offset) > file_->size() ||
          static_cast<uint64_t>(length) > file_->size() - static_cast<uint64_t>(offset)) {
        throw FormatError("page index of column \"" + col.name + "\" is past the end of the file");
      }
      std::vector<uint8_t> bytes(static_cast<size_t>(length));
      file_->ReadAt(static_cast<uint64_t>(offset), bytes.size(), bytes.data());
      counters->bytes_read += length;
      return bytes;
    };
    auto ci_bytes = read(*c.column_index_offset, c.column_index_length);
    auto oi_bytes = read(*c.offset_index_offset, c.offset_index_length);
    ColumnIndex ci = DecodeColumnIndex(ci_bytes.data(), ci_bytes.size());
    OffsetIndex oi = DecodeOffsetIndex(oi_bytes.data(), oi_bytes.size());
    const auto& pages = oi.page_locations;
    if (pages.size() != ci.null_pages.size()) {
      throw FormatError("column \"" + col.name + "\": column index and offset index disagree");
    }
    Ranges matching;
    for (size_t i = 0; i < pages.size(); ++i) {
      int64_t first = pages[i].first_row_index;
      int64_t last = i + 1 < pages.size() ? pages[i + 1].first_row_index : rg_rows;
      if (first < 0 || last > rg_rows || first > last || (i == 0 && first != 0)) {
        throw FormatError("column \"" + col.name + "\": bad first_row_index in the offset index");
      }
      ColumnStatistics s;
      s.num_values = last - first;
      if (!ci.null_counts.empty()) s.null_count = ci.null_counts[i];
      bool floating = col.physical_type == PhysicalType::kFloat || col.physical_type == PhysicalType::kDouble;
      if (floating && !ci.nan_counts.empty()) s.nan_count = ci.nan_counts[i];
      if (ci.null_pages[i]) {
        s.null_count = last - first;
      } else if (col.stats_usable) {
        s.min = DecodeStatisticsValue(col, ci.min_values[i]);
        s.max = DecodeStatisticsValue(col, ci.max_values[i]);
        if (!s.min || !s.max) s.min.reset(), s.max.reset();
      }
      if (!p.MayMatch(s)) continue;
      if (!matching.empty() && matching.back().second == first) {
        matching.back().second = last;
      } else if (first < last) {
        matching.emplace_back(first, last);
      }
    }
    result = Intersect(result, matching);
  }
  return result;
}

std::unique_ptr<RowGroupReader> ParquetReader::ReadRowGroup(
    int row_group, const std::vector<int>& projection,
    const std::vector<ColumnPredicate>& predicates, ScanCounters* sink,
    const std::vector<LogicalType>* read_types,
    const std::vector<std::shared_ptr<const ParquetNode>>* read_nodes, RowSlice slice) const {
  if (row_group < 0 || row_group >= num_row_groups()) {
    throw InvalidInputError("row group " + std::to_string(row_group) + " of Parquet file \"" +
                            path() + "\" does not exist");
  }
  if (read_types && read_types->size() != projection.size()) {
    throw InvalidInputError("read types do not match the projection");
  }
  std::vector<LogicalType> types;
  std::vector<ParquetColumn> read_columns;
  for (int c : projection) {
    if (c < 0 || c >= static_cast<int>(columns_.size())) {
      throw InvalidInputError("column " + std::to_string(c) + " of Parquet file \"" + path() +
                              "\" does not exist");
    }
    if (!columns_[c].unsupported.empty()) {
      throw NotImplementedError("Parquet file \"" + path() + "\": " + columns_[c].unsupported);
    }
    size_t i = types.size();
    if (read_nodes && i < read_nodes->size() && (*read_nodes)[i]) {
      if (!columns_[c].nested) {
        throw FormatError("Parquet file \"" + path() + "\": column \"" + columns_[c].name + "\" is not nested");
      }
      read_columns.push_back(columns_[c]);
      read_columns.back().nested = (*read_nodes)[i];
      read_columns.back().type = (*read_nodes)[i]->type;
    } else {
      read_columns.push_back(read_types ? ParquetSchema::Promote(columns_[c], (*read_types)[i]) : columns_[c]);
    }
    types.push_back(read_columns.back().type);
  }
  auto counters = std::make_unique<ScanCounters>();
  Ranges ranges;
  std::vector<std::unique_ptr<ColumnReader>> readers;
  std::vector<std::unique_ptr<NestedColumnReader>> nested;
  bool counts = slice.begin == 0;  // the slice that counts the row group
  bool by_bloom = false;
  bool may_match = RowGroupMayMatch(row_group, predicates, &by_bloom);  // (its errors name the file)
  WithPath(path(), [&] {
    if (!may_match) {
      if (counts) counters->row_groups_skipped++;
      if (counts && by_bloom) counters->row_groups_bloom_skipped++;
      return;
    }
    int64_t rg_rows = metadata_.row_groups[row_group].num_rows;
    Ranges matching = MatchingRows(row_group, predicates, counters.get());
    if (counts) ++(matching.empty() ? counters->row_groups_skipped : counters->row_groups_read);
    if (matching.empty()) return;
    slice.end = slice.end < 0 ? rg_rows : std::min(slice.end, rg_rows);
    ranges = Intersect(matching, {{slice.begin, slice.end}});
    if (ranges.empty()) {
      // the row group is read, only not in this slice: its pages here are skipped, none read
      const auto& chunks = metadata_.row_groups[row_group].columns;
      for (const ParquetColumn& col : read_columns) {
        if (col.nested || col.leaf_index < 0 || static_cast<size_t>(col.leaf_index) >= chunks.size()) continue;
        OffsetIndex oi = ReadOffsetIndex(chunks[col.leaf_index], col, counters.get());
        counters->pages_skipped += SkippedPagesInSlice(oi.page_locations, rg_rows, matching, slice);
      }
      return;
    }
    bool partial = !(ranges.size() == 1 && ranges[0].first == 0 && ranges[0].second == rg_rows);
    for (size_t i = 0; i < projection.size(); ++i) {
      if (read_columns[i].nested) {
        std::vector<std::unique_ptr<ColumnReader>> leaves;
        for (const ParquetNode* leaf : NestedLeaves(*read_columns[i].nested)) {
          leaves.push_back(OpenColumn(row_group, leaf->leaf, nullptr, counters.get()));
        }
        nested.push_back(std::make_unique<NestedColumnReader>(read_columns[i].nested, std::move(leaves)));
        readers.push_back(nullptr);
        continue;
      }
      nested.push_back(nullptr);
      readers.push_back(OpenColumn(row_group, read_columns[i], partial ? &matching : nullptr, counters.get(), slice));
    }
  });
  if (readers.empty() && !projection.empty()) ranges.clear();
  return std::make_unique<RowGroupReader>(path(), std::move(types), std::move(readers), std::move(nested),
                                          std::move(ranges), std::move(counters), sink);
}

OffsetIndex ParquetReader::ReadOffsetIndex(const ColumnChunk& chunk, const ParquetColumn& col,
                                           ScanCounters* counters) const {
  if (!chunk.offset_index_offset || chunk.offset_index_length <= 0) return {};
  int64_t oi_offset = *chunk.offset_index_offset;
  int32_t oi_length = chunk.offset_index_length;
  if (oi_offset < 0 || static_cast<uint64_t>(oi_offset) > file_->size() ||
      static_cast<uint64_t>(oi_length) > file_->size() - static_cast<uint64_t>(oi_offset)) {
    throw FormatError("offset index of column \"" + col.name + "\" is past the end of the file");
  }
  std::vector<uint8_t> bytes(static_cast<size_t>(oi_length));
  file_->ReadAt(static_cast<uint64_t>(oi_offset), bytes.size(), bytes.data());
  if (counters) counters->bytes_read += oi_length;
  return DecodeOffsetIndex(bytes.data(), bytes.size());
}

std::vector<RowSlice> ParquetReader::SliceRowGroup(int row_group, const std::vector<int>& projection,
                                                   int64_t rows_per_slice) const {
  int64_t rows = RowGroupNumRows(row_group);
  // a slice per rows_per_slice rows, the last one up to half a slice longer
  int64_t count = rows_per_slice > 0 ? (rows + rows_per_slice / 2) / rows_per_slice : 1;
  if (count <= 1 || projection.empty()) return {RowSlice{}};
  const auto& chunks = metadata_.row_groups.at(row_group).columns;
  for (int c : projection) {
    if (c < 0 || c >= static_cast<int>(columns_.size())) return {RowSlice{}};
    const ParquetColumn& col = columns_[c];
    if (col.nested || col.leaf_index < 0 || static_cast<size_t>(col.leaf_index) >= chunks.size()) return {RowSlice{}};
    const ColumnChunk& chunk = chunks[col.leaf_index];
    if (!chunk.offset_index_offset || chunk.offset_index_length <= 0) return {RowSlice{}};
  }
  std::vector<RowSlice> slices;
  for (int64_t i = 0; i < count; ++i) {
    slices.push_back({rows * i / count, i + 1 == count ? -1 : rows * (i + 1) / count});
  }
  return slices;
}

std::unique_ptr<ColumnReader> ParquetReader::OpenColumn(int row_group, const ParquetColumn& col,
                                                      const Ranges* ranges, ScanCounters* counters,
                                                      RowSlice slice) const {
  const auto& chunks = metadata_.row_groups.at(row_group).columns;
  if (col.leaf_index < 0 || static_cast<size_t>(col.leaf_index) >= chunks.size()) {
    throw FormatError("column \"" + col.name + "\": the row group lacks its column chunk");
  }
  const ColumnChunk& chunk = chunks[col.leaf_index];
  const ColumnMetaData& m = chunk.meta_data;
  if (m.type != col.physical_type) {
    throw FormatError("column \"" + col.name + "\": chunk type differs from the schema");
  }
  int64_t start = m.data_page_offset;
  if (m.dictionary_page_offset && *m.dictionary_page_offset > 0 &&
      *m.dictionary_page_offset < start) {
    start = *m.dictionary_page_offset;
  }
  int64_t length = m.total_compressed_size;
  uint64_t limit = file_->size() - kFooterTail;
  if (start < 4 || length < 0 || static_cast<uint64_t>(start) > limit ||
      static_cast<uint64_t>(length) > limit - static_cast<uint64_t>(start)) {
    throw FormatError("column \"" + col.name + "\": column chunk is past the end of the file");
  }
  // With row ranges and an offset index, read the dictionary and the pages that hold
  // rows of the ranges in the slice; the others are never read (a page that holds no row
  // of the ranges is counted skipped by the slice that holds its first row).
  std::vector<std::pair<int64_t, int64_t>> spans{{start, length}};
  std::vector<int64_t> first_rows;
  int64_t skipped_pages = 0;
  bool sparse = false;
  if (ranges && chunk.offset_index_offset && chunk.offset_index_length > 0) {
    OffsetIndex oi = ReadOffsetIndex(chunk, col, counters);
    const auto& pages = oi.page_locations;
    int64_t rg_rows = metadata_.row_groups[row_group].num_rows;
    bool valid = !pages.empty() && pages[0].offset >= start;
    for (size_t i = 0; valid && i < pages.size(); ++i) {
      int64_t end_row = i + 1 < pages.size() ? pages[i + 1].first_row_index : rg_rows;
      valid = pages[i].compressed_page_size > 0 && pages[i].offset >= start &&
              pages[i].offset <= start + length &&
              pages[i].compressed_page_size <= start + length - pages[i].offset &&
              pages[i].first_row_index < end_row && (i > 0 || pages[i].first_row_index == 0) &&
              (i == 0 || pages[i].offset >= pages[i - 1].offset + pages[i - 1].compressed_page_size);
    }
    if (valid) {
      spans.clear();
      if (pages[0].offset > start) spans.emplace_back(start, pages[0].offset - start);
      int64_t slice_end = slice.end < 0 ? rg_rows : slice.end;
      Ranges in_slice = Intersect(*ranges, {{slice.begin, slice_end}});
      skipped_pages = SkippedPagesInSlice(pages, rg_rows, *ranges, slice);
      size_t r = 0;
      for (size_t i = 0; i < pages.size(); ++i) {
        int64_t first = pages[i].first_row_index;
        int64_t end_row = i + 1 < pages.size() ? pages[i + 1].first_row_index : rg_rows;
        // (read: the pages holding a row of the ranges in the slice)
        while (r < in_slice.size() && in_slice[r].second <= first) ++r;
        if (r == in_slice.size() || in_slice[r].first >= end_row) {
          sparse = true;
          continue;
        }
        first_rows.push_back(first);
        if (!spans.empty() && spans.back().first + spans.back().second == pages[i].offset) {
          spans.back().second += pages[i].compressed_page_size;
        } else {
          spans.emplace_back(pages[i].offset, pages[i].compressed_page_size);
        }
      }
    }
  }
  int64_t total = 0;
  for (const auto& span : spans) total += span.second;
  Vector holder(TypeId::kBinary, 0);
  auto* buffer = reinterpret_cast<uint8_t*>(holder.heap().Allocate(static_cast<size_t>(total) + 8));
  int64_t at = 0;
  for (const auto& [offset, size] : spans) {
    file_->ReadAt(static_cast<uint64_t>(offset), static_cast<uint64_t>(size), buffer + at);
    at += size;
  }
  counters->bytes_read += total;
  counters->pages_skipped += skipped_pages;
  auto reader = std::make_unique<ColumnReader>(col, m.codec, std::move(holder), buffer,
                                               static_cast<size_t>(total), counters);
  if (!first_rows.empty() || sparse) reader->SetSparsePages(std::move(first_rows));
  return reader;
}

}  // namespace floe
