#pragma once

#include <cstddef>
#include <map>

#include "common/types.h"

namespace floe {

/// The part of a column a query reads. Empty: all of it. Otherwise the column is a struct
/// read only through field accesses (`SELECT payload.ts`): the fields named, by position in
/// the struct type, each read whole or again in part. A scan may leave the other fields
/// NULL (nested column pruning: Spark's SchemaPruning, Iceberg's column projection by
/// field id inside a struct); it may also read them.
struct FieldSelection {
  std::map<size_t, FieldSelection> fields;
  /// Only whether the struct is NULL is read (`s IS NULL`): any one of its fields tells.
  bool any = false;

  bool whole() const { return fields.empty() && !any; }
  /// Widens this selection by `other` (whole when either is whole).
  void Merge(const FieldSelection& other);
  /// Replaces each `any` of a selection of `type` by one field: its first primitive one.
  void Resolve(const LogicalType& type);
  /// Returns `type` with only the selected fields (the schema a scan reads, as EXPLAIN
  /// prints it); `type` itself when whole.
  LogicalType Apply(const LogicalType& type) const;
};

}  // namespace floe
