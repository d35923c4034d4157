#include "iceberg/partition_spec.h"

#include <algorithm>
#include <cctype>

#include "common/exception.h"

namespace floe::iceberg {

using nlohmann::json;

bool PartitionSpec::IsUnpartitioned() const {
  return std::all_of(fields_.begin(), fields_.end(), [](const PartitionField& f) { return f.transform().IsVoid(); });
}

int PartitionSpec::LastAssignedFieldId() const {
  int last = kPartitionDataIdStart - 1;
  for (const auto& f : fields_) last = std::max(last, f.field_id());
  return last;
}

TypePtr PartitionSpec::PartitionType(const Schema& schema) const {
  std::vector<NestedField> out;
  for (const auto& f : fields_) {
    const NestedField* source = schema.FindFieldById(f.source_id());
    TypePtr result;
    if (!source) {
      // A dropped source column: void keeps the tuple readable; others cannot be typed.
      if (!f.transform().IsVoid()) {
        throw InvalidInputError("partition field " + f.name() + " references unknown source column id " +
                                std::to_string(f.source_id()));
      }
      result = Type::Primitive(TypeKind::kInt);
    } else {
      f.transform().CheckCanTransform(*source->type(), source->name());
      result = f.transform().ResultType(source->type());
    }
    out.push_back(NestedField::Optional(f.field_id(), f.name(), result));
  }
  return Type::Struct(std::move(out));
}

std::string UrlEncode(const std::string& text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '.' || c == '-' || c == '*' || c == '_') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string PartitionSpec::PartitionToPath(const Schema& schema, const std::vector<Value>& partition) const {
  if (partition.size() != fields_.size()) {
    throw InternalError("partition tuple has " + std::to_string(partition.size()) + " values for " +
                        std::to_string(fields_.size()) + " partition fields");
  }
  std::string out;
  for (size_t i = 0; i < fields_.size(); ++i) {
    const NestedField* source = schema.FindFieldById(fields_[i].source_id());
    TypePtr source_type = source ? source->type() : Type::Primitive(TypeKind::kInt);
    if (i > 0) out += '/';
    out += UrlEncode(fields_[i].name()) + "=" +
           UrlEncode(fields_[i].transform().ToHumanString(*source_type, partition[i]));
  }
  return out;
}

bool PartitionSpec::SameFieldsAs(const PartitionSpec& other) const {
  if (fields_.size() != other.fields_.size()) return false;
  for (size_t i = 0; i < fields_.size(); ++i) {
    const auto& a = fields_[i];
    const auto& b = other.fields_[i];
    if (a.source_id() != b.source_id() || a.name() != b.name() || !(a.transform() == b.transform())) {
      return false;
    }
  }
  return true;
}

json PartitionSpec::ToJson() const {
  json fields = json::array();
  for (const auto& f : fields_) {
    json j = json::object();
    j["name"] = f.name();
    j["transform"] = f.transform().ToString();
    j["source-id"] = f.source_id();
    j["field-id"] = f.field_id();
    fields.push_back(std::move(j));
  }
  json out = json::object();
  out["spec-id"] = spec_id_;
  out["fields"] = std::move(fields);
  return out;
}

std::vector<PartitionField> PartitionSpec::FieldsFromJson(const json& fields) {
  if (!fields.is_array()) throw FormatError("partition spec fields must be an array");
  std::vector<PartitionField> out;
  int next_id = kPartitionDataIdStart;
  for (const auto& f : fields) {
    if (!f.is_object()) throw FormatError("partition field must be an object");
    auto name = f.find("name");
    auto transform = f.find("transform");
    auto source = f.find("source-id");
    if (name == f.end() || !name->is_string() || transform == f.end() || !transform->is_string() ||
        source == f.end() || !source->is_number_integer()) {
      throw FormatError("partition field needs string \"name\", \"transform\" and integer \"source-id\"");
    }
    int field_id = next_id;
    if (auto id = f.find("field-id"); id != f.end()) {
      if (!id->is_number_integer()) throw FormatError("partition field-id must be an integer");
      field_id = id->get<int>();
    }
    next_id = std::max(next_id, field_id) + 1;
    Transform t;
    try {
      t = Transform::FromString(transform->get<std::string>());
    } catch (const InvalidInputError& e) {
      throw FormatError(std::string("partition field ") + name->get<std::string>() + ": " + e.what());
    }
    out.emplace_back(source->get<int>(), field_id, name->get<std::string>(), t);
  }
  return out;
}

PartitionSpec PartitionSpec::FromJson(const json& j) {
  if (j.is_array()) return PartitionSpec(0, FieldsFromJson(j));
  if (!j.is_object()) throw FormatError("partition spec must be an object");
  auto id = j.find("spec-id");
  if (id == j.end() || !id->is_number_integer()) throw FormatError("partition spec is missing integer \"spec-id\"");
  auto fields = j.find("fields");
  if (fields == j.end()) throw FormatError("partition spec is missing \"fields\"");
  return PartitionSpec(id->get<int>(), FieldsFromJson(*fields));
}

void CheckRedundantTimePartitions(const PartitionSpec& spec, const Schema& schema) {
  auto is_time = [](const Transform& t) {
    auto k = t.kind();
    return k == TransformKind::kYear || k == TransformKind::kMonth ||
           k == TransformKind::kDay || k == TransformKind::kHour;
  };
  const auto& fields = spec.fields();
  for (size_t i = 0; i < fields.size(); ++i) {
    for (size_t j = i + 1; j < fields.size(); ++j) {
      if (fields[i].source_id() == fields[j].source_id() && is_time(fields[i].transform()) &&
          is_time(fields[j].transform())) {
        std::string column = schema.FindColumnName(fields[i].source_id());
        throw InvalidInputError("Cannot add redundant partition: " + fields[j].transform().ToString() + "(" +
                                column + ") conflicts with " + fields[i].transform().ToString() + "(" + column +
                                "), as in Iceberg");
      }
    }
  }
}

}  // namespace floe::iceberg
