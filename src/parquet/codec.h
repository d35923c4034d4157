#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "parquet/parquet_metadata.h"

namespace floe::parquet {

/// Returns the codec's name as parquet.thrift spells it ("ZSTD", "SNAPPY", ...).
const char* CodecName(Codec codec);

/// Parses a codec name, case-insensitively ("zstd", "snappy", "gzip", "lz4_raw" or
/// "lz4", "brotli", "uncompressed" or "none"); returns false for anything else.
bool ParseCodecName(std::string_view name, Codec* out);

/// Appends `size` bytes compressed with `codec` to out; `level` is for ZSTD/GZIP/BROTLI.
void Compress(Codec codec, int level, const uint8_t* data, size_t size, std::string* out);

/// Decompresses exactly `out_size` bytes into out; throws FormatError when the input
/// is corrupt or does not decompress to exactly `out_size` bytes.
void Decompress(Codec codec, const uint8_t* data, size_t size, uint8_t* out, size_t out_size);

}  // namespace floe::parquet
