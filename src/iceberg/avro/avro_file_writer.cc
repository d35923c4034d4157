#include "iceberg/avro/avro_file_writer.h"

#include <random>

#include <zlib.h>

#include "common/exception.h"

namespace floe::iceberg::avro {

static constexpr size_t kBlockBytes = 1 << 20;

AvroFileWriter::AvroFileWriter(const std::string& schema_json, std::map<std::string, std::string> metadata,
                               AvroCodec codec)
    : schema_(AvroSchema::Parse(schema_json)), codec_(codec) {
  std::random_device rd;
  for (int i = 0; i < 16; ++i) sync_.push_back(static_cast<char>(rd() & 0xff));
  metadata["avro.schema"] = schema_json;
  metadata["avro.codec"] = codec == AvroCodec::kDeflate ? "deflate" : "null";
  AvroEncoder header;
  header.WriteFixed(std::string_view("Obj\x01", 4));
  header.WriteLong(static_cast<int64_t>(metadata.size()));
  for (const auto& [key, value] : metadata) {
    header.WriteBytes(key);
    header.WriteBytes(value);
  }
  header.WriteLong(0);
  header.WriteFixed(sync_);
  out_ = std::move(header.buffer());
}

void AvroFileWriter::Append(const AvroDatum& datum) {
  if (finished_) throw InternalError("AvroFileWriter::Append after Finish");
  block_.Encode(*schema_, datum);
  ++block_count_;
  ++count_;
  if (block_.buffer().size() >= kBlockBytes) FlushBlock();
}

void AvroFileWriter::FlushBlock() {
  if (block_count_ == 0) return;
  std::string data = codec_ == AvroCodec::kDeflate ? DeflateRaw(block_.buffer()) : block_.buffer();
  AvroEncoder head;
  head.WriteLong(block_count_);
  head.WriteLong(static_cast<int64_t>(data.size()));
  out_ += head.buffer();
  out_ += data;
  out_ += sync_;
  block_.Clear();
  block_count_ = 0;
}

std::string AvroFileWriter::Finish() {
  if (!finished_) {
    FlushBlock();
    finished_ = true;
  }
  return out_;
}

std::string DeflateRaw(std::string_view data) {
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

std::string InflateRaw(std::string_view data, const std::string& what, size_t max_size) {
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
