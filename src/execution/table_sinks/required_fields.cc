#include "execution/table_sinks/required_fields.h"

#include "common/exception.h"

namespace floe {

namespace {

// Checks the struct fields of `type` in `vector`, rows [0, n) where `present` holds (the
// struct itself is not NULL there, nor any struct above it).
void CheckStruct(const iceberg::Type& type, const Vector& vector, size_t n, const std::vector<bool>& present,
                 const std::string& path, const std::string& table) {
  const auto& fields = type.fields();
  for (size_t f = 0; f < fields.size() && f < vector.ChildCount(); ++f) {
    const Vector& child = vector.child(f);
    const std::string name = path + "." + fields[f].name();
    std::vector<bool> child_present(n, false);
    for (size_t r = 0; r < n; ++r) {
      if (!present[r]) continue;
      if (child.IsNull(r)) {
        if (fields[f].required()) {
          throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] NULL value in field `" + name + "` of " + table +
                                " which is NOT NULL");
        }
        continue;
      }
      child_present[r] = true;
    }
    if (fields[f].type()->kind() == iceberg::TypeKind::kStruct) {
      CheckStruct(*fields[f].type(), child, n, child_present, name, table);
    }
  }
}

}  // namespace

void CheckRequiredNestedFields(const iceberg::Schema& schema, const DataChunk& chunk, const std::string& table) {
  const auto& fields = schema.fields();
  for (size_t c = 0; c < fields.size() && c < chunk.ColumnCount(); ++c) {
    if (fields[c].type()->kind() != iceberg::TypeKind::kStruct) continue;
    const Vector& column = chunk.column(c);
    std::vector<bool> present(chunk.size());
    for (size_t r = 0; r < chunk.size(); ++r) present[r] = !column.IsNull(r);
    CheckStruct(*fields[c].type(), column, chunk.size(), present, fields[c].name(), table);
  }
}

}  // namespace floe
