#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "iceberg/avro/avro_decoder.h"

namespace floe::iceberg::avro {

/// Reads an Avro object container file held in memory: header (magic, metadata, sync),
/// then blocks decoded with the writer's schema, codec null or deflate. Corrupt input
/// throws FormatError naming the file.
class AvroFileReader {
 public:
  /// Parses the header; `name` names the file in errors.
  AvroFileReader(std::string data, std::string name);
  /// Reads bytes the caller keeps alive and unchanged while the reader is used.
  AvroFileReader(std::string_view data, std::string name);
  AvroFileReader(const AvroFileReader&) = delete;
  AvroFileReader& operator=(const AvroFileReader&) = delete;

  /// Returns the writer schema from "avro.schema".
  const AvroSchema& schema() const { return *schema_; }
  const AvroSchemaPtr& schema_ptr() const { return schema_; }
  /// Returns the header metadata (Iceberg's "schema", "partition-spec", ...).
  const std::map<std::string, std::string>& metadata() const { return metadata_; }
  /// Returns a metadata value, or `fallback`.
  std::string Metadata(const std::string& key, const std::string& fallback = "") const;
  /// Decodes the next record into *out; false at the end of the file.
  bool Next(AvroDatum* out);
  /// Returns the decoder positioned at the next record, which the caller decodes (or
  /// skips) exactly; nullptr at the end of the file. For decoders that read records
  /// straight into their own structures.
  AvroDecoder* NextRecord();
  /// Returns how many records of the current block are still to be read.
  int64_t block_remaining() const { return block_remaining_; }
  /// Moves to the block starting `offset` bytes after the first block's start; the next
  /// NextRecord reads its first record. Throws FormatError when that is past the end.
  void SeekBlock(uint64_t offset);
  /// Returns the (decompressed) block the last record returned lies in.
  const std::shared_ptr<const std::string>& block() const { return block_; }

 private:
  void ParseHeader();
  bool LoadBlock();

  std::string owned_;
  std::string_view data_;  // owned_, or the caller's bytes
  std::string name_;
  size_t pos_ = 0;
  size_t first_block_ = 0;  // where the blocks start
  std::map<std::string, std::string> metadata_;
  AvroSchemaPtr schema_;
  std::string sync_;
  std::shared_ptr<const std::string> block_;
  int64_t block_remaining_ = 0;
  std::unique_ptr<AvroDecoder> block_decoder_;
  int64_t empty_values_left_ = AvroDecoder::kMaxEmptyValues;  // the blocks' shared allowance
  bool deflate_ = false;
};

}  // namespace floe::iceberg::avro
