#include "planner/logical_get.h"

namespace floe {

namespace {

// Appends the paths of the fields a partial selection of a column reads ("payload.ts").
void Paths(const FieldSelection& selection, const LogicalType& type, const std::string& prefix,
           std::vector<std::string>* out) {
  if (selection.whole() || type.id() != TypeId::kStruct) {
    out->push_back(prefix);
    return;
  }
  for (const auto& [index, part] : selection.fields) {
    if (index < type.fields().size()) Paths(part, type.fields()[index].second, prefix + "." + type.fields()[index].first, out);
  }
}

}  // namespace

std::string LogicalGet::Describe() const {
  std::string out = "Get " + source->DisplayName() + " [";
  for (size_t i = 0; i < column_ids.size(); ++i) {
    if (i) out += ", ";
    // a struct read in part shows its fields: payload.ts
    std::vector<std::string> paths;
    if (i < column_fields.size() && i < types.size()) Paths(column_fields[i], types[i], names[i], &paths);
    if (paths.empty()) out += names[i];
    for (size_t p = 0; p < paths.size(); ++p) out += (p ? ", " : "") + paths[p];
  }
  out += "]";
  if (!filters.empty()) out += " filters: " + ExpressionListText(filters);
  return out;
}

void LogicalGet::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& f : filters) fn(f);
  for (auto& r : runtime_filters) fn(r.probe_key);
}

}  // namespace floe
