#pragma once

#include <string>

#include "iceberg/avro/avro_datum.h"

namespace floe::iceberg::avro {

/// A record datum read by Iceberg field id (falling back to the field name).
class AvroRecord {
 public:
  AvroRecord(const AvroSchema& schema, const AvroDatum& datum) : schema_(schema), datum_(datum) {}

  /// Returns the field's value, or nullptr when the field is absent or null.
  const AvroDatum* Field(int field_id, const char* name) const;
  /// Returns the field's schema (union branches stripped of null), or nullptr when absent.
  const AvroSchema* FieldSchema(int field_id, const char* name) const;
  /// Returns a nested record field as an AvroRecord; throws FormatError when absent.
  AvroRecord Record(int field_id, const char* name, const std::string& what) const;
  /// Returns a required long/int field; throws FormatError naming `what` when absent.
  int64_t RequiredLong(int field_id, const char* name, const std::string& what) const;
  /// Returns a required string field; throws FormatError when absent.
  std::string RequiredString(int field_id, const char* name, const std::string& what) const;

  const AvroSchema& schema() const { return schema_; }
  const AvroDatum& datum() const { return datum_; }

 private:
  const AvroSchema& schema_;
  const AvroDatum& datum_;
};

}  // namespace floe::iceberg::avro
