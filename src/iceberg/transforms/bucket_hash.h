#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/decimal.h"
#include "common/types.h"
#include "common/value.h"

namespace floe::iceberg {

/// Returns the Murmur3 x86 32-bit hash (seed 0) of the bytes, as Guava's murmur3_32.
int32_t Murmur3Hash32(std::string_view bytes);
/// Returns the hash of a long: Murmur3 of its 8 little-endian bytes.
int32_t HashLong(int64_t v);
/// Returns the spec's bucket hash of a non-NULL value (appendix B): int, date, long, time
/// and timestamps hash as a long; decimals by their minimal bytes; strings, uuids and
/// binaries by their bytes.
int32_t BucketHash(const Value& value);

}  // namespace floe::iceberg
