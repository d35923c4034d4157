#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace floe::iceberg::avro {

/// Avro's "deflate" codec: raw deflate (RFC 1951) blocks without zlib headers.
class DeflateCodec {
 public:
  /// Returns the compressed bytes.
  static std::string Compress(std::string_view data);
  /// Returns the inflated bytes; throws FormatError (naming `what`) when corrupt or when
  /// the output would exceed `max_size`.
  static std::string Decompress(std::string_view data, const std::string& what, size_t max_size = size_t{1} << 30);
};

}  // namespace floe::iceberg::avro
