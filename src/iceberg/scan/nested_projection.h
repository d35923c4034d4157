#pragma once

#include <memory>
#include <optional>

#include "common/value.h"

#include "iceberg/scan/name_mapping.h"
#include "iceberg/type.h"
#include "parquet/parquet_schema.h"

namespace floe::iceberg {

/// Returns the value a field the file lacks reads as (spec "Default values"): a primitive's
/// initial-default; for a struct whose initial-default is {} (not null), a struct of its
/// fields' own defaults ("the effective default"); nothing (NULL) otherwise.
std::optional<Value> InitialDefault(const NestedField& field);

/// Returns how to read a nested file column as the table's field of type `type` (the
/// spec's column projection, a level at a time): struct fields found by field id, or,
/// when the file has no ids, through the name mapping entry `mapped` (null: none); fields
/// the file lacks read as NULL; fields in the table's order with its current names;
/// primitives promoted (int to long, ...). Throws FormatError when the file's column has
/// another shape (a list where the table has a struct, ...).
std::shared_ptr<const ParquetNode> ProjectNested(const ParquetNode& file, const Type& type, bool file_has_ids,
                                                 const NameMapping& mapping,
                                                 const NameMapping::MappedField* mapped);

}  // namespace floe::iceberg
