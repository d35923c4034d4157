#include "iceberg/avro/deflate_codec.h"

#include <zlib.h>

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
  z_stream zs{};
  if (inflateInit2(&zs, -15) != Z_OK) throw InternalError("inflateInit2 failed");
  std::string out;
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  char buf[65536];
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    zs.next_out = reinterpret_cast<Bytef*>(buf);
    zs.avail_out = sizeof(buf);
    rc = inflate(&zs, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) {
      inflateEnd(&zs);
      throw FormatError(what + ": corrupt deflate block");
    }
    out.append(buf, sizeof(buf) - zs.avail_out);
    if (out.size() > max_size) {
      inflateEnd(&zs);
      throw FormatError(what + ": deflate block inflates past " + std::to_string(max_size) + " bytes");
    }
    if (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0) {
      inflateEnd(&zs);
      throw FormatError(what + ": truncated deflate block");
    }
  }
  inflateEnd(&zs);
  return out;
}

}  // namespace floe::iceberg::avro
