#pragma once

#include <cstdint>
#include <vector>

#include "common/vector.h"

namespace floe {

/// Returns about how many bytes of memory rows of `columns` hold: their fixed-width values
/// and their strings' bytes; the rows named by `sel`, or the first `count` when it is null.
/// What the writers and the spilling operators count against their memory limits.
inline int64_t RowBytes(const std::vector<const Vector*>& columns, const uint32_t* sel, size_t count) {
  int64_t bytes = 0;
  for (const Vector* v : columns) {
    bytes += static_cast<int64_t>(PhysicalSize(v->type().id()) * count);
    if (!v->type().IsStringLike()) continue;
    const StringRef* s = v->Data<StringRef>();
    for (size_t k = 0; k < count; ++k) {
      size_t i = sel ? sel[k] : k;
      if (!v->IsNull(i)) bytes += static_cast<int64_t>(s[i].size);
    }
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
