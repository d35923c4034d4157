#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "common/vector.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_schema.h"
#include "parquet/rle_decoder.h"
#include "parquet/scan_counters.h"

namespace floe {

/// Writes to *out the offsets in [0, rows) of the rows at positions first + [0, rows) that
/// are not at the `count` positions `left` lists (strictly ascending, each among those rows);
/// returns how many there are (the rows a read leaving those out keeps).
size_t KeptOffsets(size_t rows, const int64_t* left, size_t count, int64_t first, std::vector<uint32_t>* out);

/// Decodes one column chunk of a flat column, page by page, straight into vectors.
/// Malformed pages throw FormatError (without the file name; the caller adds it).
class ColumnReader {
 public:
  /// Takes the chunk's bytes (all its pages, from the first page header on).
  ColumnReader(const ParquetColumn& column, parquet::Codec codec, Vector chunk_holder,
               const uint8_t* chunk, size_t chunk_size, ScanCounters* counters);

  /// Declares that the chunk bytes hold only some data pages (after any dictionary
  /// page), starting at these rows of the row group; the rows between them are absent
  /// and may only be skipped.
  void SetSparsePages(std::vector<int64_t> first_rows) { sparse_first_rows_ = std::move(first_rows); }

  /// Decodes the next n rows into rows [0, n) of out.
  void Read(size_t n, Vector& out);
  /// Reads the next n rows, those at positions first + [0, n), and writes to rows
  /// [0, n - left_out.size()) of out, which must hold them, the rows not at the positions
  /// `left_out` lists (strictly ascending, each among those n): the rows left out are
  /// decompressed and their levels read, but their values are not copied out (deletes).
  void Read(size_t n, Vector& out, std::span<const int64_t> left_out, int64_t first);
  /// Skips n rows, passing over whole pages without decompressing them.
  void Skip(size_t n);

  /// A leaf of a nested column (max_def >= 0): reads the entries of the next `rows` rows,
  /// appending their definition and repetition levels to defs and reps and their values
  /// (the entries at the greatest definition level) densely to `values` from row
  /// *value_count on, which it advances; `values` grows as needed.
  void ReadLevels(size_t rows, std::vector<uint8_t>* defs, std::vector<uint8_t>* reps, Vector& values,
                  size_t* value_count);
  /// A leaf of a nested column inside structs only (max_rep 0: an entry per row): decodes
  /// the next n rows (at most kBatchSize) into rows [0, n) of out, NULL below the greatest
  /// definition level, and writes their definition levels to defs[0, n). Returns true when
  /// every row is at the greatest level (no NULL on the way down).
  bool ReadStructLeaf(size_t n, Vector& out, uint8_t* defs);

 private:
  bool NextPage(size_t skippable_rows);
  // Starts the next page when the current one is done and decodes the definition levels
  // (to levels_) of the next rows of a read of n of which `done` are read: as many as the
  // page still has (at most kBatchSize), which it returns, their values not yet decoded;
  // *non_null is how many of them have a value.
  size_t NextRows(size_t n, size_t done, size_t* non_null);
  void LoadDictionary(const parquet::PageHeader& h, const uint8_t* body);
  void InitValues(parquet::Encoding encoding, const uint8_t* p, const uint8_t* end, size_t page_values);
  const uint8_t* Decompress(const parquet::PageHeader& h, const uint8_t* body, size_t size,
                            size_t uncompressed, Vector& holder);
  void DecodeToOutput(size_t n, uint8_t* dst, Vector& out);
  // Decodes the non_null values of k rows into rows [at, at + k) of out, NULL where
  // present[i] is 0 (flat columns and leaves inside structs).
  void DecodeRows(size_t k, const uint8_t* present, size_t non_null, uint8_t* out_data, Vector& out, size_t at);
  // DecodeRows for the next k rows, at positions first + [0, k), but the `gone` rows at the
  // positions `left` lists (ascending, at least one): writes the others to rows
  // [at, at + k - gone) of out and passes over these.
  void DecodeLeavingOut(size_t k, const uint8_t* present, size_t non_null, const int64_t* left, size_t gone,
                        int64_t first, uint8_t* out_data, Vector& out, size_t at);
  // DecodeLeavingOut for a page part with NULLs, given the `count` rows to keep as `sel`
  // (ascending, in [0, k)): writes them to rows [at, at + count) of out and passes over the
  // others.
  void DecodeSelectedRows(size_t k, const uint8_t* present, size_t non_null, const uint32_t* sel, size_t count,
                          uint8_t* out_data, Vector& out, size_t at);
  // Turns the 16-byte uuids of rows [from, to) of v into their text (kUuidToString only).
  void UuidsToText(Vector& v, size_t from, size_t to);
  void DecodePhysical(size_t n, uint8_t* dst, Vector& out);
  // Decodes the next n dictionary indexes of the page (to indexes_, which it returns), each
  // checked against the dictionary's size.
  uint32_t* NextDictionaryIndexes(size_t n);
  // Writes the dictionary values of indexes idx[0, n) to dst (out's rows), sharing the
  // dictionary's strings with out.
  void LookUpDictionary(const uint32_t* idx, size_t n, uint8_t* dst, Vector& out);
  void Convert(const uint8_t* phys, size_t n, uint8_t* dst);

  ParquetColumn column_;
  parquet::Codec codec_;
  size_t physical_width_;
  size_t output_width_;
  bool identity_;
  ScanCounters* counters_;

  Vector chunk_holder_;  // its heap owns the chunk bytes
  const uint8_t* chunk_;
  size_t chunk_size_;
  size_t chunk_pos_ = 0;
  int64_t row_ = 0;  // the row group row the next Read returns
  std::vector<int64_t> sparse_first_rows_;
  size_t data_pages_seen_ = 0;

  Vector dict_;  // the dictionary, already converted to the output type
  size_t dict_size_ = 0;
  bool has_dict_ = false;

  Vector page_holder_;  // its heap owns the current page's decompressed bytes
  int64_t page_rows_left_ = 0;
  parquet::Encoding encoding_ = parquet::Encoding::kPlain;
  bool page_has_defs_ = false;
  parquet::RleDecoder def_decoder_;
  parquet::RleDecoder value_rle_;
  const uint8_t* values_ = nullptr;
  const uint8_t* values_end_ = nullptr;
  size_t bool_bit_ = 0;
  std::vector<int64_t> delta_ints_;
  std::vector<StringRef> predecoded_strings_;
  const uint8_t* split_ = nullptr;  // BYTE_STREAM_SPLIT values, re-interleaved
  size_t split_count_ = 0;
  size_t predecoded_pos_ = 0;

  std::vector<uint8_t> levels_;
  // a nested leaf: the current page's levels, decoded whole, and how many are consumed
  std::vector<uint8_t> page_defs_;
  std::vector<uint8_t> page_reps_;
  size_t page_level_pos_ = 0;
  void DecodePageLevels(const uint8_t* rep, size_t rep_size, const uint8_t* def, size_t def_size,
                        size_t count);
  std::vector<uint32_t> indexes_;
  std::vector<uint32_t> page_selection_;  // a batch's kept rows within one page's rows
  std::unique_ptr<uint64_t[]> phys_scratch_;
  std::unique_ptr<uint64_t[]> out_scratch_;
  Vector skip_vector_;
};

}  // namespace floe
