#include "iceberg/manifests/manifest_avro_schemas.h"

#include <cctype>
#include <cstdio>

#include "common/exception.h"
#include "iceberg/avro/avro_value_converter.h"

namespace floe::iceberg {

using ojson = nlohmann::ordered_json;

ojson ManifestAvroSchemas::AvroType(const Type& type, ojson* defined) {
  auto named = [&](const std::string& name, ojson schema) -> ojson {
    if (defined->contains(name)) return name;
    (*defined)[name] = true;
    return schema;
  };
  switch (type.kind()) {
    case TypeKind::kBoolean: return "boolean";
    case TypeKind::kInt: return "int";
    case TypeKind::kLong: return "long";
    case TypeKind::kFloat: return "float";
    case TypeKind::kDouble: return "double";
    case TypeKind::kDate: return ojson{{"type", "int"}, {"logicalType", "date"}};
    case TypeKind::kTime: return ojson{{"type", "long"}, {"logicalType", "time-micros"}};
    case TypeKind::kTimestamp:
      return ojson{{"type", "long"}, {"logicalType", "timestamp-micros"}, {"adjust-to-utc", false}};
    case TypeKind::kTimestampTz:
      return ojson{{"type", "long"}, {"logicalType", "timestamp-micros"}, {"adjust-to-utc", true}};
    case TypeKind::kTimestampNs:
      return ojson{{"type", "long"}, {"logicalType", "timestamp-nanos"}, {"adjust-to-utc", false}};
    case TypeKind::kTimestampTzNs:
      return ojson{{"type", "long"}, {"logicalType", "timestamp-nanos"}, {"adjust-to-utc", true}};
    case TypeKind::kString: return "string";
    case TypeKind::kBinary: return "bytes";
    case TypeKind::kUuid:
      return named("uuid_fixed", ojson{{"type", "fixed"}, {"name", "uuid_fixed"}, {"size", 16}, {"logicalType", "uuid"}});
    case TypeKind::kFixed: {
      std::string name = "fixed_" + std::to_string(type.length());
      return named(name, ojson{{"type", "fixed"}, {"name", name}, {"size", type.length()}});
    }
    case TypeKind::kDecimal: {
      std::string name = "decimal_" + std::to_string(type.precision()) + "_" + std::to_string(type.scale());
      return named(name, ojson{{"type", "fixed"},
                               {"name", name},
                               {"size", avro::AvroValueConverter::DecimalRequiredBytes(type.precision())},
                               {"logicalType", "decimal"},
                               {"precision", type.precision()},
                               {"scale", type.scale()}});
    }
    default: throw InvalidInputError("partition values of type " + type.ToString() + " are not supported");
  }
}

static ojson Field(const std::string& name, ojson type, int id, const std::string& doc = "") {
  ojson f = ojson::object();
  f["name"] = name;
  f["type"] = std::move(type);
  if (!doc.empty()) f["doc"] = doc;
  f["field-id"] = id;
  return f;
}

static ojson OptionalField(const std::string& name, ojson type, int id, const std::string& doc = "") {
  ojson f = ojson::object();
  f["name"] = name;
  f["type"] = ojson::array({"null", std::move(type)});
  if (!doc.empty()) f["doc"] = doc;
  f["default"] = nullptr;
  f["field-id"] = id;
  return f;
}

// Iceberg's map with non-string keys: an array of key/value records, logicalType map.
static ojson IntKeyMap(int key_id, int value_id, const char* value_type) {
  ojson record = {{"type", "record"},
                  {"name", "k" + std::to_string(key_id) + "_v" + std::to_string(value_id)},
                  {"fields", ojson::array({Field("key", "int", key_id), Field("value", value_type, value_id)})}};
  return ojson{{"type", "array"}, {"items", std::move(record)}, {"logicalType", "map"}};
}

static ojson ListOf(const char* item, int element_id) {
  return ojson{{"type", "array"}, {"items", item}, {"element-id", element_id}};
}

// Returns a name Avro accepts ([A-Za-z_][A-Za-z0-9_]*), as Iceberg's
// AvroSchemaUtil.makeCompatibleName makes it: a leading digit d becomes _d, any other
// character c _x followed by its code in upper-case hex (payload.ts_hour: payload_x2Ets_hour).
static std::string AvroCompatibleName(const std::string& name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    auto c = static_cast<unsigned char>(name[i]);
    bool letter = std::isalpha(c) || c == '_';
    bool digit = std::isdigit(c);
    if (letter || (digit && i > 0)) {
      out += static_cast<char>(c);
    } else if (digit) {
      out += "_" + std::string(1, static_cast<char>(c));
    } else {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "%X", c);
      out += "_x" + std::string(hex);
    }
  }
  return out;
}

std::string ManifestAvroSchemas::ManifestEntry(const Type& partition_type, int format_version) {
  ojson defined = ojson::object();
  ojson partition_fields = ojson::array();
  for (const auto& f : partition_type.fields()) {
    partition_fields.push_back(OptionalField(AvroCompatibleName(f.name()), AvroType(*f.type(), &defined), f.id()));
  }
  ojson partition = {{"type", "record"}, {"name", "r102"}, {"fields", std::move(partition_fields)}};
  ojson data_file_fields = ojson::array({
      Field("content", "int", 134, "Contents of the file: 0=data, 1=position deletes, 2=equality deletes"),
      Field("file_path", "string", 100, "Location URI with FS scheme"),
      Field("file_format", "string", 101, "File format name: avro, orc, or parquet"),
      Field("partition", std::move(partition), 102, "Partition data tuple, schema based on the partition spec"),
      Field("record_count", "long", 103, "Number of records in the file"),
      Field("file_size_in_bytes", "long", 104, "Total file size in bytes"),
      OptionalField("column_sizes", IntKeyMap(117, 118, "long"), 108, "Map of column id to total size on disk"),
      OptionalField("value_counts", IntKeyMap(119, 120, "long"), 109,
                    "Map of column id to total count, including null and NaN"),
      OptionalField("null_value_counts", IntKeyMap(121, 122, "long"), 110, "Map of column id to null value count"),
      OptionalField("nan_value_counts", IntKeyMap(138, 139, "long"), 137,
                    "Map of column id to number of NaN values in the column"),
      OptionalField("lower_bounds", IntKeyMap(126, 127, "bytes"), 125, "Map of column id to lower bound"),
      OptionalField("upper_bounds", IntKeyMap(129, 130, "bytes"), 128, "Map of column id to upper bound"),
      OptionalField("key_metadata", "bytes", 131, "Encryption key metadata blob"),
      OptionalField("split_offsets", ListOf("long", 133), 132, "Splittable offsets"),
      OptionalField("equality_ids", ListOf("int", 136), 135, "Equality comparison field IDs"),
      OptionalField("sort_order_id", "int", 140, "Sort order ID"),
  });
  if (format_version >= 3) {
    data_file_fields.push_back(OptionalField("first_row_id", "long", 142, "The _row_id for the first row in the data file"));
    data_file_fields.push_back(
        OptionalField("referenced_data_file", "string", 143, "Fully qualified location of a data file that all deletes reference"));
    data_file_fields.push_back(OptionalField("content_offset", "long", 144, "The offset in the file where the content starts"));
    data_file_fields.push_back(
        OptionalField("content_size_in_bytes", "long", 145, "The length of referenced content stored in the file"));
  }
  ojson data_file = {{"type", "record"}, {"name", "r2"}, {"fields", std::move(data_file_fields)}};
  ojson schema = {{"type", "record"},
                  {"name", "manifest_entry"},
                  {"fields", ojson::array({Field("status", "int", 0), OptionalField("snapshot_id", "long", 1),
                                           OptionalField("sequence_number", "long", 3),
                                           OptionalField("file_sequence_number", "long", 4),
                                           Field("data_file", std::move(data_file), 2)})}};
  return schema.dump();
}

std::string ManifestAvroSchemas::ManifestFile(int format_version) {
  ojson summary = {
      {"type", "record"},
      {"name", "r508"},
      {"fields", ojson::array({Field("contains_null", "boolean", 509, "True if any file has a null partition value"),
                               OptionalField("contains_nan", "boolean", 518, "True if any file has a nan partition value"),
                               OptionalField("lower_bound", "bytes", 510, "Partition lower bound for all files"),
                               OptionalField("upper_bound", "bytes", 511, "Partition upper bound for all files")})}};
  ojson partitions = {{"type", "array"}, {"items", std::move(summary)}, {"element-id", 508}};
  ojson schema = {
      {"type", "record"},
      {"name", "manifest_file"},
      {"fields", ojson::array({
                     Field("manifest_path", "string", 500, "Location URI with FS scheme"),
                     Field("manifest_length", "long", 501, "Total file size in bytes"),
                     Field("partition_spec_id", "int", 502, "Spec ID used to write"),
                     Field("content", "int", 517, "Contents of the manifest: 0=data, 1=deletes"),
                     Field("sequence_number", "long", 515, "Sequence number when the manifest was added"),
                     Field("min_sequence_number", "long", 516, "Lowest sequence number in the manifest"),
                     Field("added_snapshot_id", "long", 503, "Snapshot ID that added the manifest"),
                     Field("added_files_count", "int", 504, "Added entry count"),
                     Field("existing_files_count", "int", 505, "Existing entry count"),
                     Field("deleted_files_count", "int", 506, "Deleted entry count"),
                     Field("added_rows_count", "long", 512, "Added rows count"),
                     Field("existing_rows_count", "long", 513, "Existing rows count"),
                     Field("deleted_rows_count", "long", 514, "Deleted rows count"),
                     OptionalField("partitions", std::move(partitions), 507, "Summary for each partition"),
                     OptionalField("key_metadata", "bytes", 519, "Encryption key metadata blob"),
                 })}};
  if (format_version >= 3) {
    schema["fields"].push_back(
        OptionalField("first_row_id", "long", 520, "Starting row ID to assign to new rows in ADDED data files"));
  }
  return schema.dump();
}

}  // namespace floe::iceberg
