#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace floe {

/// Returns the 16-byte MD5 digest of data.
std::string Md5Digest(std::string_view data);
/// Returns the 20-byte SHA-1 digest of data.
std::string Sha1Digest(std::string_view data);
/// Returns the SHA-224 (28 bytes) or SHA-256 (32 bytes) digest of data.
std::string Sha256Digest(std::string_view data, bool sha224);
/// Returns the SHA-384 (48 bytes) or SHA-512 (64 bytes) digest of data.
std::string Sha512Digest(std::string_view data, bool sha384);
/// Returns the CRC-32 (zlib's polynomial) of data.
uint32_t Crc32(std::string_view data);

}  // namespace floe
