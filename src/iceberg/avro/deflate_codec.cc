#include "iceberg/avro/deflate_codec.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <memory>

#include "common/exception.h"

namespace floe::iceberg::avro {

std::string DeflateCodec::Compress(std::string_view data) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw InternalError("deflateInit2 failed");
  }
  std::string out(deflateBound(&zs, data.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&zs, Z_FINISH);
  deflateEnd(&zs);
  if (rc != Z_STREAM_END) throw InternalError("deflate did not finish");
  out.resize(zs.total_out);
  return out;
}

std::string DeflateCodec::Decompress(std::string_view data, const std::string& what, size_t max_size) {
  // why: libdeflate inflates whole buffers 2-3x faster than zlib's streaming inflate,
  // and the first query of a process inflates every manifest it plans with
  using Decompressor = std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor*)>;
  thread_local Decompressor decompressor(libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
  if (!decompressor) throw InternalError("libdeflate_alloc_decompressor failed");
  // Manifests inflate about 10x; a block that needs more is inflated again into more room.
  size_t capacity = std::min(max_size, std::max<size_t>(data.size() * 12, 4096));
  while (true) {
    std::unique_ptr<char[]> out(new char[capacity]);  // not zeroed: inflate writes it
    size_t used = 0;
    libdeflate_result rc =
        libdeflate_deflate_decompress(decompressor.get(), data.data(), data.size(), out.get(), capacity, &used);
    if (rc == LIBDEFLATE_SUCCESS) return std::string(out.get(), used);
    if (rc != LIBDEFLATE_INSUFFICIENT_SPACE) throw FormatError(what + ": corrupt or truncated deflate block");
    if (capacity >= max_size) {
      throw FormatError(what + ": deflate block inflates past " + std::to_string(max_size) + " bytes");
    }
    capacity = std::min(max_size, capacity * 4);
  }
}

}  // namespace floe::iceberg::avro
