#include "execution/table_sinks/required_fields.h"

#include "common/exception.h"

namespace floe {

namespace {

[[noreturn]] void ThrowNull(const std::string& name, const std::string& table) {
  throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] NULL value in field `" + name + "` of " + table +
                        " which is NOT NULL");
}

void CheckNested(const iceberg::Type& type, const Vector& vector, const std::vector<bool>& present,
                 const std::string& path, const std::string& table);

// Checks child `child` of a nested value, rows where `present` holds: NULL in a required
// child fails; the child's own nested values are checked where it is not NULL.
void CheckChild(const iceberg::NestedField& field, const Vector& child, const std::vector<bool>& present,
                const std::string& name, const std::string& table) {
  std::vector<bool> child_present(present.size(), false);
  for (size_t r = 0; r < present.size(); ++r) {
    if (!present[r]) continue;
    if (child.IsNull(r)) {
      if (field.required()) ThrowNull(name, table);
      continue;
    }
    child_present[r] = true;
  }
  if (field.type()->IsNested()) CheckNested(*field.type(), child, child_present, name, table);
}

// Checks the values of a struct, list or map `vector` at the rows where `present` holds
// (the value is not NULL there, nor any value above it).
void CheckNested(const iceberg::Type& type, const Vector& vector, const std::vector<bool>& present,
                 const std::string& path, const std::string& table) {
  const auto& fields = type.fields();
  if (type.kind() == iceberg::TypeKind::kStruct) {
    for (size_t f = 0; f < fields.size() && f < vector.ChildCount(); ++f) {
      CheckChild(fields[f], vector.child(f), present, path + "." + fields[f].name(), table);
    }
    return;
  }
  // a list's element, a map's key and value: their rows are the entries of the present rows
  std::vector<bool> entries(vector.child_size(), false);
  const ListEntry* lists = vector.Data<ListEntry>();
  for (size_t r = 0; r < present.size(); ++r) {
    if (!present[r]) continue;
    for (uint64_t e = lists[r].offset; e < lists[r].offset + lists[r].length && e < entries.size(); ++e) {
      entries[e] = true;
    }
  }
  const char* names[] = {type.kind() == iceberg::TypeKind::kList ? "element" : "key", "value"};
  for (size_t f = 0; f < fields.size() && f < vector.ChildCount(); ++f) {
    CheckChild(fields[f], vector.child(f), entries, path + "." + names[f], table);
  }
}

}  // namespace

void CheckRequiredNestedFields(const iceberg::Schema& schema, const DataChunk& chunk, const std::string& table,
                               bool top_level) {
  const auto& fields = schema.fields();
  for (size_t c = 0; c < fields.size() && c < chunk.ColumnCount(); ++c) {
    const Vector& column = chunk.column(c);
    if (top_level && fields[c].required() && !column.validity().AllValid()) {
      for (size_t r = 0; r < chunk.size(); ++r) {
        if (column.IsNull(r)) {
          throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] NULL value in column `" + fields[c].name() + "` of " +
                                table + " which is NOT NULL");
        }
      }
    }
    if (!fields[c].type()->IsNested()) continue;
    std::vector<bool> present(chunk.size());
    for (size_t r = 0; r < chunk.size(); ++r) present[r] = !column.IsNull(r);
    CheckNested(*fields[c].type(), column, present, fields[c].name(), table);
  }
}

}  // namespace floe
