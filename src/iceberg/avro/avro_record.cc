#include "iceberg/avro/avro_record.h"

#include "common/exception.h"

namespace floe::iceberg::avro {

const AvroDatum* AvroRecord::Field(int field_id, const char* name) const {
  int index = schema_.FieldIndex(field_id, name);
  if (index < 0 || static_cast<size_t>(index) >= datum_.items.size()) return nullptr;
  const AvroDatum& d = datum_.items[static_cast<size_t>(index)];
  return d.is_null() ? nullptr : &d;
}

const AvroSchema* AvroRecord::FieldSchema(int field_id, const char* name) const {
  int index = schema_.FieldIndex(field_id, name);
  if (index < 0) return nullptr;
  return &schema_.fields()[static_cast<size_t>(index)].schema->NonNull();
}

AvroRecord AvroRecord::Record(int field_id, const char* name, const std::string& what) const {
  const AvroDatum* d = Field(field_id, name);
  const AvroSchema* s = FieldSchema(field_id, name);
  if (!d || !s || s->type() != AvroType::kRecord || d->type != AvroType::kRecord) {
    throw FormatError(what + " has no record field " + name);
  }
  return AvroRecord(*s, *d);
}

int64_t AvroRecord::RequiredLong(int field_id, const char* name, const std::string& what) const {
  const AvroDatum* d = Field(field_id, name);
  if (!d || (d->type != AvroType::kLong && d->type != AvroType::kInt)) {
    throw FormatError(what + " has no integer field " + name);
  }
  return d->long_value;
}

std::string AvroRecord::RequiredString(int field_id, const char* name, const std::string& what) const {
  const AvroDatum* d = Field(field_id, name);
  if (!d || d->type != AvroType::kString) throw FormatError(what + " has no string field " + name);
  return d->bytes;
}

}  // namespace floe::iceberg::avro
