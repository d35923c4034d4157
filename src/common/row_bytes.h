#pragma once

#include <cstdint>
#include <vector>

#include "common/vector.h"

namespace floe {

/// Returns about how many bytes of memory row i of a nested vector holds: its entry, and
/// its fields' or elements' values and strings, all the way down.
inline int64_t NestedRowBytes(const Vector& v, size_t i) {
  int64_t bytes = static_cast<int64_t>(PhysicalSize(v.type().id()));
  if (v.IsNull(i)) return bytes;
  auto value_bytes = [](const Vector& c, size_t row) -> int64_t {
    if (c.type().IsNested()) return NestedRowBytes(c, row);
    int64_t b = static_cast<int64_t>(PhysicalSize(c.type().id()));
    if (c.type().HasStringStorage() && !c.IsNull(row)) b += static_cast<int64_t>(c.Data<StringRef>()[row].size);
    return b;
  };
  if (v.type().id() == TypeId::kStruct) {
    for (size_t c = 0; c < v.ChildCount(); ++c) bytes += value_bytes(v.child(c), i);
    return bytes;
  }
  ListEntry e = v.Data<ListEntry>()[i];
  for (uint64_t k = 0; k < e.length; ++k) {
    for (size_t c = 0; c < v.ChildCount(); ++c) bytes += value_bytes(v.child(c), e.offset + k);
  }
  return bytes;
}

/// Returns the bytes of the non-NULL strings among rows of a STRING, BINARY or VARIANT
/// vector: the rows named by `sel`, or the first `count` when it is null.
inline int64_t StringBytes(const Vector& v, const uint32_t* sel, size_t count) {
  const StringRef* s = v.Data<StringRef>();
  int64_t bytes = 0;
  for (size_t k = 0; k < count; ++k) {
    size_t i = sel ? sel[k] : k;
    if (!v.IsNull(i)) bytes += static_cast<int64_t>(s[i].size);
  }
  return bytes;
}

/// Returns about how many bytes of memory rows of `columns` hold: their fixed-width values
/// and their strings' bytes (nested values' contents too); the rows named by `sel`, or the
/// first `count` when it is null. What the writers and the spilling operators count against
/// their memory limits.
inline int64_t RowBytes(const std::vector<const Vector*>& columns, const uint32_t* sel, size_t count) {
  int64_t bytes = 0;
  for (const Vector* v : columns) {
    if (v->type().IsNested()) {
      for (size_t k = 0; k < count; ++k) bytes += NestedRowBytes(*v, sel ? sel[k] : k);
      continue;
    }
    bytes += static_cast<int64_t>(PhysicalSize(v->type().id()) * count);
    if (v->type().HasStringStorage()) bytes += StringBytes(*v, sel, count);
  }
  return bytes;
}

/// The same for the columns of `chunk`.
inline int64_t RowBytes(const DataChunk& chunk, const uint32_t* sel, size_t count) {
  std::vector<const Vector*> columns;
  columns.reserve(chunk.ColumnCount());
  for (size_t c = 0; c < chunk.ColumnCount(); ++c) columns.push_back(&chunk.column(c));
  return RowBytes(columns, sel, count);
}

}  // namespace floe
