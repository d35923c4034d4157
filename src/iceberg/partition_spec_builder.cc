#include "iceberg/partition_spec_builder.h"

#include <algorithm>

#include "common/exception.h"

namespace floe::iceberg {

void PartitionSpecBuilder::Check(const PartitionField& field) const {
  for (const auto& f : fields_) {
    if (f.name() == field.name()) {
      throw InvalidInputError("partition field " + field.name() + " already exists");
    }
    if (f.source_id() == field.source_id() && f.transform() == field.transform() && !field.transform().IsVoid()) {
      throw InvalidInputError("partition field " + field.transform().ToString() + "(" +
                              schema_.FindColumnName(field.source_id()) + ") already exists as " + f.name());
    }
  }
  // A partition field name may only equal a column name when it is that column's identity.
  const NestedField* same_name = schema_.FindFieldByName(field.name());
  if (same_name && !(field.transform().IsIdentity() && same_name->id() == field.source_id()) &&
      !field.transform().IsVoid()) {
    throw InvalidInputError("partition field name " + field.name() + " conflicts with a column of the schema");
  }
}

PartitionSpecBuilder& PartitionSpecBuilder::Add(const std::string& column, const Transform& transform,
                                                const std::optional<std::string>& name, bool evolution) {
  const NestedField* source = schema_.FindFieldByName(column);
  if (!source) source = schema_.FindFieldByName(column, /*case_sensitive=*/false);
  if (!source) throw InvalidInputError("cannot partition by unknown column " + column);
  transform.CheckCanTransform(*source->type(), source->name());
  // a nested source gives its full name, as Iceberg's builder does: payload.ts_hour
  std::string field_name = name ? *name : schema_.FindColumnName(source->id());
  if (!name && !transform.IsIdentity()) {
    field_name += "_" + transform.DefaultNameSuffix();
    bool parameterized = transform.kind() == TransformKind::kBucket || transform.kind() == TransformKind::kTruncate;
    if (evolution && parameterized) field_name += "_" + std::to_string(transform.param());
  }
  PartitionField field(source->id(), last_partition_id_ + 1, field_name, transform);
  Check(field);
  fields_.push_back(field);
  ++last_partition_id_;
  return *this;
}

PartitionSpecBuilder& PartitionSpecBuilder::AddWithId(const PartitionField& field) {
  Check(field);
  fields_.push_back(field);
  last_partition_id_ = std::max(last_partition_id_, field.field_id());
  return *this;
}

}  // namespace floe::iceberg
