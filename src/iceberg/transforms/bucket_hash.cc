#include "iceberg/transforms/bucket_hash.h"

#include <cstring>

#include "common/date_time.h"
#include "common/exception.h"

namespace floe::iceberg {

static inline uint32_t Rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

int32_t Murmur3Hash32(std::string_view bytes) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  const size_t len = bytes.size();
  const size_t nblocks = len / 4;
  const uint32_t c1 = 0xcc9e2d51, c2 = 0x1b873593;
  uint32_t h1 = 0;
  for (size_t i = 0; i < nblocks; ++i) {
    uint32_t k1;
    std::memcpy(&k1, data + i * 4, 4);  // little-endian host, as the algorithm reads
    k1 *= c1;
    k1 = Rotl32(k1, 15);
    k1 *= c2;
    h1 ^= k1;
    h1 = Rotl32(h1, 13);
    h1 = h1 * 5 + 0xe6546b64;
  }
  const uint8_t* tail = data + nblocks * 4;
  uint32_t k1 = 0;
  switch (len & 3) {
    case 3: k1 ^= static_cast<uint32_t>(tail[2]) << 16; [[fallthrough]];
    case 2: k1 ^= static_cast<uint32_t>(tail[1]) << 8; [[fallthrough]];
    case 1:
      k1 ^= tail[0];
      k1 *= c1;
      k1 = Rotl32(k1, 15);
      k1 *= c2;
      h1 ^= k1;
  }
  h1 ^= static_cast<uint32_t>(len);
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6b;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35;
  h1 ^= h1 >> 16;
  return static_cast<int32_t>(h1);
}

int32_t HashLong(int64_t v) {
  char buf[8];
  uint64_t u = static_cast<uint64_t>(v);
  for (int i = 0; i < 8; ++i) buf[i] = static_cast<char>((u >> (8 * i)) & 0xff);
  return Murmur3Hash32(std::string_view(buf, 8));
}

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
