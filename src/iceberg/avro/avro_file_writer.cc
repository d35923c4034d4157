#include "iceberg/avro/avro_file_writer.h"

#include <random>

#include "common/exception.h"
#include "iceberg/avro/deflate_codec.h"

namespace floe::iceberg::avro {

static constexpr size_t kBlockBytes = 1 << 20;

AvroFileWriter::AvroFileWriter(const std::string& schema_json, std::map<std::string, std::string> metadata,
                               AvroCodec codec)
    : schema_(AvroSchema::Parse(schema_json)), metadata_(std::move(metadata)), codec_(codec) {
  std::random_device rd;
  for (int i = 0; i < 16; ++i) sync_.push_back(static_cast<char>(rd() & 0xff));
  metadata_["avro.schema"] = schema_json;
  metadata_["avro.codec"] = codec == AvroCodec::kDeflate ? "deflate" : "null";
}

void AvroFileWriter::Append(const AvroDatum& datum) {
  if (is_finished_) throw InternalError("AvroFileWriter::Append after Finish");
  block_.Encode(*schema_, datum);
  ++block_count_;
  ++count_;
  if (block_.buffer().size() >= kBlockBytes) EndBlock();
}

void AvroFileWriter::AppendEncoded(std::string_view record) {
  if (is_finished_) throw InternalError("AvroFileWriter::AppendEncoded after Finish");
  block_.WriteFixed(record);
  ++block_count_;
  ++count_;
  if (block_.buffer().size() >= kBlockBytes) EndBlock();
}

void AvroFileWriter::SetMetadata(const std::string& key, std::string value) {
  if (is_finished_) throw InternalError("AvroFileWriter::SetMetadata after Finish");
  metadata_[key] = std::move(value);
}

void AvroFileWriter::EndBlock() {
  if (block_count_ == 0) return;
  std::string data = codec_ == AvroCodec::kDeflate ? DeflateCodec::Compress(block_.buffer()) : block_.buffer();
  AvroEncoder head;
  head.WriteLong(block_count_);
  head.WriteLong(static_cast<int64_t>(data.size()));
  blocks_ += head.buffer();
  blocks_ += data;
  blocks_ += sync_;
  block_.Clear();
  block_count_ = 0;
}

std::string AvroFileWriter::EncodeHeader(const std::map<std::string, std::string>& metadata, std::string_view sync) {
  AvroEncoder header;
  header.WriteFixed(std::string_view("Obj\x01", 4));
  header.WriteLong(static_cast<int64_t>(metadata.size()));
  for (const auto& [key, value] : metadata) {
    header.WriteBytes(key);
    header.WriteBytes(value);
  }
  header.WriteLong(0);
  header.WriteFixed(sync);
  return std::move(header.buffer());
}

std::string AvroFileWriter::Finish() {
  if (!is_finished_) {
    EndBlock();
    finished_ = EncodeHeader(metadata_, sync_);
    finished_ += blocks_;
    blocks_.clear();
    is_finished_ = true;
  }
  return finished_;
}

}  // namespace floe::iceberg::avro
