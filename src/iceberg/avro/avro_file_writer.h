#pragma once

#include <map>
#include <string>
#include <string_view>

#include "iceberg/avro/avro_datum.h"
#include "iceberg/avro/avro_encoder.h"

namespace floe::iceberg::avro {

/// Compression of an Avro container's blocks ("avro.codec").
enum class AvroCodec : uint8_t { kNull, kDeflate };

/// Writes an Avro object container file into memory. The schema JSON text is stored in
/// "avro.schema" verbatim, so attributes such as field-id and element-id survive. The
/// header is written by Finish, so metadata may be added until then; blocks close at
/// 1 MiB of encoded records, or where the caller ends them.
class AvroFileWriter {
 public:
  /// Starts a file; `metadata` holds extra header keys (Iceberg's "schema", ...).
  AvroFileWriter(const std::string& schema_json, std::map<std::string, std::string> metadata,
                 AvroCodec codec = AvroCodec::kDeflate);

  const AvroSchema& schema() const { return *schema_; }
  /// Appends one record (encoded against the schema).
  void Append(const AvroDatum& datum);
  /// Appends one record already encoded against the schema.
  void AppendEncoded(std::string_view record);
  /// Closes the current block (nothing when it is empty).
  void EndBlock();
  /// Returns where the next block starts, counted from the first block's start.
  size_t blocks_size() const { return blocks_.size(); }
  /// Sets a header key (before Finish).
  void SetMetadata(const std::string& key, std::string value);
  /// Returns the number of records appended.
  int64_t count() const { return count_; }
  /// Closes the last block and returns the whole file: header, then the blocks.
  std::string Finish();
  /// Returns a container header: magic, the metadata map, the 16-byte sync marker.
  static std::string EncodeHeader(const std::map<std::string, std::string>& metadata, std::string_view sync);

 private:
  AvroSchemaPtr schema_;
  std::map<std::string, std::string> metadata_;
  std::string sync_;
  AvroCodec codec_;
  std::string blocks_;  // the closed blocks
  AvroEncoder block_;   // the open block's records
  int64_t block_count_ = 0;
  int64_t count_ = 0;
  std::string finished_;  // the file, once finished
  bool is_finished_ = false;
};

}  // namespace floe::iceberg::avro
