#include "iceberg/avro/avro_file_writer.h"

#include <random>

#include "common/exception.h"
#include "iceberg/avro/deflate_codec.h"

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
  std::string data = codec_ == AvroCodec::kDeflate ? DeflateCodec::Compress(block_.buffer()) : block_.buffer();
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

}  // namespace floe::iceberg::avro
