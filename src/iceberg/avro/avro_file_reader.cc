#include "iceberg/avro/avro_file_reader.h"

#include <cstdint>
#include <mutex>

#include "common/exception.h"
#include "iceberg/avro/deflate_codec.h"

namespace floe::iceberg::avro {

AvroFileReader::AvroFileReader(std::string data, std::string name)
    : owned_(std::move(data)), data_(owned_), name_(std::move(name)) {
  ParseHeader();
}

AvroFileReader::AvroFileReader(std::string_view data, std::string name) : data_(data), name_(std::move(name)) {
  ParseHeader();
}

// Schemas parsed from their JSON text, shared: the manifests of a table repeat one schema.
static AvroSchemaPtr ParseCached(const std::string& text) {
  static std::mutex mutex;
  static std::map<std::string, AvroSchemaPtr> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(text);
    if (it != cache.end()) return it->second;
  }
  AvroSchemaPtr schema = AvroSchema::Parse(text);
  std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() >= 64) cache.clear();  // why: bounded; a miss only parses again
  cache.emplace(text, schema);
  return schema;
}

void AvroFileReader::ParseHeader() {
  const std::string what = "Avro file " + name_;
  if (data_.size() < 4 || data_.compare(0, 4, std::string("Obj\x01", 4)) != 0) {
    throw FormatError(what + " does not start with the Avro magic bytes");
  }
  AvroDecoder header(data_.substr(4), what + " header");
  while (true) {
    int64_t count = header.ReadLong();
    if (count == 0) break;
    if (count < 0) {
      // why: -INT64_MIN does not exist (a fuzzer found it: undefined behaviour)
      if (count == INT64_MIN) header.Fail("invalid metadata block count");
      count = -count;
      header.ReadLong();
    }
    if (static_cast<uint64_t>(count) > header.remaining()) header.Fail("metadata count is too large");
    for (int64_t i = 0; i < count; ++i) {
      std::string key = header.ReadBytes();
      metadata_[key] = header.ReadBytes();
    }
  }
  sync_ = header.ReadFixed(16);
  pos_ = 4 + header.position();
  first_block_ = pos_;
  auto schema = metadata_.find("avro.schema");
  if (schema == metadata_.end()) throw FormatError(what + " has no avro.schema");
  try {
    schema_ = ParseCached(schema->second);
  } catch (const FormatError& e) {
    throw FormatError(what + ": " + e.what());
  }
  std::string codec = Metadata("avro.codec", "null");
  if (codec == "deflate") {
    deflate_ = true;
  } else if (codec != "null") {
    throw NotImplementedError(what + " uses Avro codec " + codec + ", which is not supported");
  }
}

std::string AvroFileReader::Metadata(const std::string& key, const std::string& fallback) const {
  auto it = metadata_.find(key);
  return it == metadata_.end() ? fallback : it->second;
}

bool AvroFileReader::LoadBlock() {
  const std::string what = "Avro file " + name_;
  while (pos_ < data_.size()) {
    size_t block_start = pos_;
    AvroDecoder head(data_.substr(pos_), what + " block header");
    int64_t count = head.ReadLong();
    int64_t size = head.ReadLong();
    if (count < 0 || size < 0) head.Fail("negative block count or size");
    size_t start = pos_ + head.position();
    if (static_cast<uint64_t>(size) + 16 > data_.size() - start) {
      throw FormatError(what + ": block of " + std::to_string(size) + " bytes at byte " + std::to_string(pos_) +
                        " runs past the end of the file");
    }
    std::string_view raw(data_.data() + start, static_cast<size_t>(size));
    if (data_.substr(start + static_cast<size_t>(size), 16) != sync_) {
      throw FormatError(what + ": sync marker mismatch after the block at byte " + std::to_string(pos_));
    }
    pos_ = start + static_cast<size_t>(size) + 16;
    if (count == 0) continue;
    block_ = std::make_shared<const std::string>(deflate_ ? DeflateCodec::Decompress(raw, what) : std::string(raw));
    // why: the decoders of a file share one allowance of values that take no bytes
    if (block_decoder_) empty_values_left_ = block_decoder_->empty_values_left();
    block_decoder_ = std::make_unique<AvroDecoder>(*block_, what, empty_values_left_);
    // Each record takes at least a byte unless its schema may take none (then counted).
    if (MayTakeNoBytes(*schema_)) {
      block_decoder_->CountEmptyValues(count);
    } else if (static_cast<uint64_t>(count) > block_->size()) {
      throw FormatError(what + ": block at byte " + std::to_string(block_start) + " claims " + std::to_string(count) +
                        " records in " + std::to_string(block_->size()) + " bytes");
    }
    block_remaining_ = count;
    return true;
  }
  return false;
}

void AvroFileReader::SeekBlock(uint64_t offset) {
  if (offset >= data_.size() - first_block_) {
    throw FormatError("Avro file " + name_ + ": no block at offset " + std::to_string(offset));
  }
  pos_ = first_block_ + static_cast<size_t>(offset);
  if (block_decoder_) empty_values_left_ = block_decoder_->empty_values_left();
  block_.reset();
  block_decoder_.reset();
  block_remaining_ = 0;
}

AvroDecoder* AvroFileReader::NextRecord() {
  if (block_remaining_ == 0) {
    if (block_decoder_ && !block_decoder_->AtEnd()) {
      block_decoder_->Fail("block holds more bytes than its records");
    }
    if (!LoadBlock()) return nullptr;
  }
  --block_remaining_;
  return block_decoder_.get();
}

bool AvroFileReader::Next(AvroDatum* out) {
  AvroDecoder* decoder = NextRecord();
  if (!decoder) return false;
  *out = decoder->Decode(*schema_);
  return true;
}

}  // namespace floe::iceberg::avro
