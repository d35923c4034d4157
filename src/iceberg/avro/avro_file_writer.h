#pragma once

#include <map>
#include <string>

#include "iceberg/avro/avro_datum.h"
#include "iceberg/avro/avro_encoder.h"

namespace floe::iceberg::avro {

/// Compression of an Avro container's blocks ("avro.codec").
enum class AvroCodec : uint8_t { kNull, kDeflate };

/// Writes an Avro object container file into memory. The schema JSON text is stored in
/// "avro.schema" verbatim, so attributes such as field-id and element-id survive.
class AvroFileWriter {
 public:
  /// Starts a file; `metadata` holds extra header keys (Iceberg's "schema", ...).
  AvroFileWriter(const std::string& schema_json, std::map<std::string, std::string> metadata,
                 AvroCodec codec = AvroCodec::kDeflate);

  const AvroSchema& schema() const { return *schema_; }
  /// Appends one record (encoded against the schema).
  void Append(const AvroDatum& datum);
  /// Returns the number of records appended.
  int64_t count() const { return count_; }
  /// Flushes the last block and returns the whole file.
  std::string Finish();

 private:
  void FlushBlock();

  AvroSchemaPtr schema_;
  AvroCodec codec_;
  std::string sync_;
  std::string out_;
  AvroEncoder block_;
  int64_t block_count_ = 0;
  int64_t count_ = 0;
  bool finished_ = false;
};

}  // namespace floe::iceberg::avro
