#pragma once

#include <string>

#include "iceberg/transforms/transform.h"

namespace floe::iceberg {

/// One field of a partition spec: a transform of a source column, with its own field id.
class PartitionField {
 public:
  PartitionField() = default;
  PartitionField(int source_id, int field_id, std::string name, Transform transform)
      : source_id_(source_id), field_id_(field_id), name_(std::move(name)), transform_(transform) {}

  int source_id() const { return source_id_; }
  int field_id() const { return field_id_; }
  const std::string& name() const { return name_; }
  const Transform& transform() const { return transform_; }

  bool operator==(const PartitionField& other) const = default;

 private:
  int source_id_ = 0;
  int field_id_ = 0;
  std::string name_;
  Transform transform_;
};

}  // namespace floe::iceberg
