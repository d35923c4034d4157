#include "common/field_selection.h"

namespace floe {

void FieldSelection::Merge(const FieldSelection& other) {
  if (whole()) return;
  if (other.whole()) {
    fields.clear();
    any = false;
    return;
  }
  for (const auto& [index, selection] : other.fields) {
    auto [it, inserted] = fields.emplace(index, selection);
    if (!inserted) it->second.Merge(selection);
  }
  any = fields.empty() && (any || other.any);
}

void FieldSelection::Resolve(const LogicalType& type) {
  if (type.id() != TypeId::kStruct || type.fields().empty()) {
    fields.clear();
    any = false;
    return;
  }
  if (any) {
    size_t pick = 0;
    for (size_t f = 0; f < type.fields().size(); ++f) {
      if (!type.fields()[f].second.IsNested()) {
        pick = f;
        break;
      }
    }
    fields[pick] = FieldSelection{};
    any = false;
  }
  for (auto& [index, selection] : fields) {
    if (index < type.fields().size()) selection.Resolve(type.fields()[index].second);
  }
}

LogicalType FieldSelection::Apply(const LogicalType& type) const {
  if (whole() || type.id() != TypeId::kStruct) return type;
  std::vector<StructField> kept;
  for (const auto& [index, selection] : fields) {
    if (index < type.fields().size()) {
      kept.emplace_back(type.fields()[index].first, selection.Apply(type.fields()[index].second));
    }
  }
  return LogicalType::Struct(std::move(kept));
}

}  // namespace floe
