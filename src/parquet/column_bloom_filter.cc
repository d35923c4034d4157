#include "parquet/column_bloom_filter.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "parquet/physical_conversion.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

namespace {

constexpr size_t kMinBytes = 32;
// parquet-java's BlockSplitBloomFilter.UPPER_BOUND_BYTES: no larger filter is written or read
constexpr size_t kMaxBytes = size_t{128} << 20;

template <typename T>
uint64_t HashOf(T v) {
  return XXH64(&v, sizeof(T), 0);
}

// The 16 bytes of a uuid in its canonical text (lowercase, 8-4-4-4-12), as a uuid column
// read for Iceberg shows it; other text equals no stored uuid's text.
bool UuidBytes(std::string_view text, std::string* out) {
  if (text.size() != 36) return false;
  out->clear();
  for (size_t i = 0; i < 36; i += 2) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (text[i] != '-') return false;
      ++i;
    }
    auto nibble = [](char c) {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      return -1;
    };
    int hi = nibble(text[i]);
    int lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<char>(hi << 4 | lo));
  }
  return out->size() == 16;
}

bool HashInt32(int64_t v, std::vector<uint64_t>* hashes) {
  if (v < INT32_MIN || v > INT32_MAX) return false;
  hashes->push_back(HashOf(static_cast<int32_t>(v)));
  return true;
}

}  // namespace

uint64_t ParquetBloomHash(std::string_view plain) { return XXH64(plain.data(), plain.size(), 0); }

bool ParquetBloomHashes(const ParquetColumn& col, const Value& value, std::vector<uint64_t>* hashes) {
  if (value.is_null() || value.type() != col.type || !col.unsupported.empty()) return false;
  switch (col.physical_type) {
    case PhysicalType::kInt32:
      switch (col.conversion) {
        case ParquetConversion::kInt32ToInt128: {
          int128_t d = value.decimal();
          if (d < INT32_MIN || d > INT32_MAX) return false;
          return HashInt32(static_cast<int64_t>(d), hashes);
        }
        case ParquetConversion::kUint32ToInt64:
          if (value.int64() < 0 || value.int64() > UINT32_MAX) return false;
          hashes->push_back(HashOf(static_cast<uint32_t>(value.int64())));
          return true;
        case ParquetConversion::kTimeMillisToMicros:
          if (value.int64() % 1000 != 0) return false;
          return HashInt32(value.int64() / 1000, hashes);
        case ParquetConversion::kNone:
        case ParquetConversion::kInt32ToInt64:
        case ParquetConversion::kInt32ToInt8:
        case ParquetConversion::kInt32ToInt16: return HashInt32(value.int64(), hashes);
        default: return false;
      }
    case PhysicalType::kInt64:
      switch (col.conversion) {
        case ParquetConversion::kInt64ToInt128: {
          int128_t d = value.decimal();
          if (d < INT64_MIN || d > INT64_MAX) return false;
          hashes->push_back(HashOf(static_cast<int64_t>(d)));
          return true;
        }
        case ParquetConversion::kUint64ToInt128: {
          int128_t d = value.decimal();
          if (d < 0 || d > static_cast<int128_t>(UINT64_MAX)) return false;
          hashes->push_back(HashOf(static_cast<uint64_t>(d)));
          return true;
        }
        case ParquetConversion::kMillisToMicros:
          // why: a stored millisecond reads as exactly its microseconds; other values match none
          if (value.int64() % 1000 != 0) return false;
          hashes->push_back(HashOf(value.int64() / 1000));
          return true;
        case ParquetConversion::kNone:
          hashes->push_back(HashOf(value.int64()));
          return true;
        default: return false;  // nanoseconds floored to microseconds: many stored values read as one
      }
    case PhysicalType::kFloat: {
      if (col.conversion != ParquetConversion::kNone && col.conversion != ParquetConversion::kFloatToDouble) {
        return false;
      }
      double d = value.float64();
      auto f = static_cast<float>(d);
      if (std::isnan(d) || static_cast<double>(f) != d) return false;
      hashes->push_back(HashOf(f));
      if (f == 0) hashes->push_back(HashOf(-f));
      return true;
    }
    case PhysicalType::kDouble: {
      double d = value.float64();
      if (std::isnan(d)) return false;
      hashes->push_back(HashOf(d));
      if (d == 0) hashes->push_back(HashOf(-d));
      return true;
    }
    case PhysicalType::kByteArray:
      if (col.conversion != ParquetConversion::kNone) return false;  // decimals in minimal bytes
      hashes->push_back(ParquetBloomHash(value.str()));
      return true;
    case PhysicalType::kFixedLenByteArray: {
      if (col.conversion == ParquetConversion::kBytesToInt128) {
        auto n = static_cast<size_t>(col.type_length);
        if (n == 0 || n > 16) return false;
        int128_t d = value.decimal();
        if (n < 16) {
          int128_t limit = static_cast<int128_t>(1) << (8 * n - 1);
          if (d < -limit || d >= limit) return false;
        }
        uint8_t bytes[16];
        Int128ToBigEndian(d, n, bytes);
        hashes->push_back(XXH64(bytes, n, 0));
        return true;
      }
      std::string uuid;
      if (col.conversion == ParquetConversion::kUuidToString) {
        if (!UuidBytes(value.str(), &uuid)) return false;
        hashes->push_back(ParquetBloomHash(uuid));
        return true;
      }
      if (col.conversion != ParquetConversion::kNone) return false;
      if (value.str().size() != static_cast<size_t>(col.type_length)) return false;
      hashes->push_back(ParquetBloomHash(value.str()));
      return true;
    }
    case PhysicalType::kBoolean:
    case PhysicalType::kInt96: return false;
  }
  return false;
}

size_t ParquetBloomFilterBytes(double distinct, double fpp, size_t max_bytes) {
  max_bytes = std::clamp(std::bit_floor(max_bytes), kMinBytes, kMaxBytes);
  // BlockSplitBloomFilter.optimalNumOfBits: -8 n / ln(1 - p^(1/8)) bits, eight bits set a value
  double bits = -8 * std::max(distinct, 1.0) / std::log(1 - std::pow(fpp, 1.0 / 8));
  double bytes = std::ceil(bits / 8);
  if (!(bytes < static_cast<double>(max_bytes))) return max_bytes;
  return std::clamp(std::bit_ceil(static_cast<size_t>(bytes)), kMinBytes, max_bytes);
}

void EncodeParquetBloomFilter(const BloomFilter& filter, std::string* out) {
  BloomFilterHeader header;
  header.num_bytes = static_cast<int32_t>(filter.SizeInBytes());
  header.algorithm = 1;    // BLOCK
  header.hash = 1;         // XXHASH
  header.compression = 1;  // UNCOMPRESSED
  EncodeBloomFilterHeader(header, out);
  out->append(reinterpret_cast<const char*>(filter.bitset()), filter.SizeInBytes());
}

ParquetBloomFilterBuilder::ParquetBloomFilterBuilder(double fpp, size_t max_bytes)
    : fpp_(fpp), max_bytes_(std::clamp(std::bit_floor(max_bytes), kMinBytes, kMaxBytes)), next_compaction_(1024) {}

void ParquetBloomFilterBuilder::Compact() {
  std::sort(hashes_.begin(), hashes_.end());
  hashes_.erase(std::unique(hashes_.begin(), hashes_.end()), hashes_.end());
  if (hashes_.size() * sizeof(uint64_t) > max_bytes_) {
    // more distinct values than the largest filter would list: fill that filter directly
    filter_ = std::make_unique<BloomFilter>(BloomFilter::OfBytes(max_bytes_));
    for (uint64_t h : hashes_) filter_->Insert(h);
    hashes_ = {};
    return;
  }
  next_compaction_ = std::max<size_t>(1024, hashes_.size() * 2);
}

BloomFilter ParquetBloomFilterBuilder::Finish(int64_t distinct_hint) {
  BloomFilter out = BloomFilter::OfBytes(kMinBytes);
  if (filter_) {
    double distinct = distinct_hint > 0 ? static_cast<double>(distinct_hint) : filter_->EstimateDistinct();
    filter_->FoldTo(ParquetBloomFilterBytes(distinct, fpp_, max_bytes_) / 32);
    out = std::move(*filter_);
    filter_.reset();
  } else {
    Compact();
    if (filter_) return Finish(distinct_hint);
    double distinct = distinct_hint > 0 ? static_cast<double>(distinct_hint) : static_cast<double>(hashes_.size());
    out = BloomFilter::OfBytes(ParquetBloomFilterBytes(distinct, fpp_, max_bytes_));
    for (uint64_t h : hashes_) out.Insert(h);
  }
  hashes_ = {};  // (its memory too: a file may stay open long after its row group)
  next_compaction_ = 1024;
  return out;
}

size_t ParquetBloomFilterBuilder::MemoryUsage() const {
  return hashes_.capacity() * sizeof(uint64_t) + (filter_ ? filter_->SizeInBytes() : 0);
}

}  // namespace floe
