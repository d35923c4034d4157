#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "iceberg/transforms/transform.h"

namespace floe::iceberg {

enum class SortDirection : uint8_t { kAscending, kDescending };
enum class NullOrder : uint8_t { kNullsFirst, kNullsLast };

/// One key of a sort order: a transform of a source column, a direction and a null order.
struct SortField {
  Transform transform;
  int source_id = 0;
  SortDirection direction = SortDirection::kAscending;
  NullOrder null_order = NullOrder::kNullsFirst;
  bool operator==(const SortField& other) const = default;
};

/// A table sort order (spec "Sorting"); order id 0 is reserved for "unsorted".
class SortOrder {
 public:
  SortOrder() = default;
  SortOrder(int order_id, std::vector<SortField> fields) : order_id_(order_id), fields_(std::move(fields)) {}
  /// Returns the unsorted order (id 0, no fields).
  static SortOrder Unsorted() { return SortOrder(0, {}); }

  int order_id() const { return order_id_; }
  const std::vector<SortField>& fields() const { return fields_; }
  bool IsUnsorted() const { return fields_.empty(); }

  /// Serializes as the spec's JSON ({"order-id": 1, "fields": [...]}).
  nlohmann::json ToJson() const;
  /// Parses the spec's JSON; throws FormatError when malformed.
  static SortOrder FromJson(const nlohmann::json& json);

  bool operator==(const SortOrder& other) const = default;

 private:
  int order_id_ = 0;
  std::vector<SortField> fields_;
};

}  // namespace floe::iceberg
