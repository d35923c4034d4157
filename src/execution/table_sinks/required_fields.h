#pragma once

#include <string>

#include "common/vector.h"
#include "iceberg/schema.h"

namespace floe {

/// Throws ConstraintError ([NOT_NULL_CONSTRAINT_VIOLATION], naming the field and `table`)
/// when a row of `chunk` (the columns of `schema`, in order; more columns after them are
/// not checked) holds NULL where a nested value is required - a struct's field, a list's
/// element, a map's key or value - inside a value that is not NULL, at any depth: what
/// Spark's AssertNotNull stops before a write. With `top_level`, a required column's NULL
/// too (the message the insert operator gives, which checks them for INSERT).
void CheckRequiredNestedFields(const iceberg::Schema& schema, const DataChunk& chunk, const std::string& table,
                               bool top_level = false);

}  // namespace floe
