#include "iceberg/transforms/bucket_hash.h"

#include <cstring>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/spark_hash.h"

namespace floe::iceberg {

// Iceberg's (Guava's) Murmur3_x86_32 with seed 0: Spark's mixing steps (common/spark_hash),
// with the reference tail: the last 1-3 bytes as one little-endian word.
int32_t Murmur3Hash32(std::string_view bytes) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const size_t len = bytes.size();
  const size_t nblocks = len / 4;
  uint32_t h1 = 0;
  for (size_t i = 0; i < nblocks; ++i) {
    uint32_t k1;
    std::memcpy(&k1, data + i * 4, 4);  // little-endian host, as the algorithm reads
    h1 = spark_hash::Murmur3MixH1(h1, spark_hash::Murmur3MixK1(k1));
  }
  const uint8_t* tail = data + nblocks * 4;
  uint32_t k1 = 0;
  switch (len & 3) {
    case 3: k1 ^= static_cast<uint32_t>(tail[2]) << 16; [[fallthrough]];
    case 2: k1 ^= static_cast<uint32_t>(tail[1]) << 8; [[fallthrough]];
    case 1:
      k1 ^= tail[0];
      h1 ^= spark_hash::Murmur3MixK1(k1);
  }
  return static_cast<int32_t>(spark_hash::Murmur3Fmix(h1, static_cast<uint32_t>(len)));
}

// The 8 little-endian bytes of a long: two whole words, as Murmur3_x86_32.hashLong.
int32_t HashLong(int64_t v) { return static_cast<int32_t>(spark_hash::Murmur3Long(static_cast<uint64_t>(v), 0)); }

int32_t BucketHash(const Value& value) {
  switch (value.type().id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kDate: return HashLong(value.int64());
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz: return HashLong(value.int64());
    case TypeId::kTimestampNs:  // Iceberg's BucketTimestampNano: the microseconds' hash
    case TypeId::kTimestampNtzNs: return HashLong(FloorDiv(value.int64(), 1000));
    case TypeId::kDecimal: return Murmur3Hash32(DecimalToMinimalBytes(value.decimal()));
    case TypeId::kString:
    case TypeId::kBinary: return Murmur3Hash32(value.str());
    default:
      throw InvalidInputError("cannot bucket a value of type " + value.type().ToString());
  }
}

}  // namespace floe::iceberg
