#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/bloom_filter.h"
#include "common/value.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_schema.h"

// Parquet's Bloom filters (parquet-format BloomFilter.md): a split-block filter per column
// chunk over the XXH64 (seed 0) of each distinct non-NULL value's PLAIN encoding (a
// BYTE_ARRAY without its length), stored as a BloomFilterHeader and the bitset. floe's
// BloomFilter is the same split-block layout, so one class serves runtime filters and files.

namespace floe {

/// The hash Parquet's Bloom filters take of a value's plain bytes.
uint64_t ParquetBloomHash(std::string_view plain);

/// Appends to `hashes` the hashes of `value` (of the column's floe type, not NULL) as the
/// column stores it: one, or two for a floating-point zero (0.0 equals -0.0 and each has
/// its own bits). Returns false, appending nothing, when no stored form of the value can
/// be asked about: NaN (every NaN equals every other), a value the column's conversion
/// rounds (nanoseconds read as microseconds), INT96, BOOLEAN, a decimal stored in variable
/// length bytes, or a value outside the stored type's range.
bool ParquetBloomHashes(const ParquetColumn& column, const Value& value, std::vector<uint64_t>* hashes);

/// Returns the bytes of a filter for `distinct` values at false-positive rate `fpp`, as
/// parquet-java sizes it (BlockSplitBloomFilter.optimalNumOfBits): -8 n / ln(1 - p^(1/8))
/// bits, rounded up to a power of two, at least 32 and at most `max_bytes` (rounded down to a
/// power of two, and never above parquet-java's 128 MiB).
size_t ParquetBloomFilterBytes(double distinct, double fpp, size_t max_bytes);

/// Appends a filter as Parquet stores it: its header (split blocks, XXH64, uncompressed)
/// and the bitset.
void EncodeParquetBloomFilter(const BloomFilter& filter, std::string* out);

/// Collects a column chunk's value hashes and makes its filter, in memory bounded by about
/// twice the largest filter: the distinct hashes are kept exactly while they take less room
/// than a filter of `max_bytes`, then go straight into one; Finish sizes the filter for the
/// distinct values seen (counted, or estimated from the full filter) and `fpp`.
class ParquetBloomFilterBuilder {
 public:
  /// `max_bytes` is rounded down to a power of two, from 32 bytes to 128 MiB.
  ParquetBloomFilterBuilder(double fpp, size_t max_bytes);

  /// Adds one value's hash.
  void Add(uint64_t hash) {
    if (filter_) {
      filter_->Insert(hash);
      return;
    }
    hashes_.push_back(hash);
    if (hashes_.size() >= next_compaction_) Compact();
  }
  /// Returns true when nothing was added since the last Finish.
  bool empty() const { return !filter_ && hashes_.empty(); }
  /// Returns the chunk's filter, sized for `distinct_hint` values when > 0 (a user's
  /// expected count, as parquet-java's NDV setting) and else for the values added, and
  /// starts over.
  BloomFilter Finish(int64_t distinct_hint = 0);
  /// Returns the bytes held.
  size_t MemoryUsage() const;

 private:
  void Compact();

  double fpp_;
  size_t max_bytes_;
  std::vector<uint64_t> hashes_;
  size_t next_compaction_ = 0;
  std::unique_ptr<BloomFilter> filter_;
};

}  // namespace floe
