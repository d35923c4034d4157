#include "iceberg/sort_order.h"

#include "iceberg/json_object.h"

namespace floe::iceberg {

using nlohmann::json;

json SortOrder::ToJson() const {
  json fields = json::array();
  for (const auto& f : fields_) {
    json j = json::object();
    j["transform"] = f.transform.ToString();
    j["source-id"] = f.source_id;
    j["direction"] = f.direction == SortDirection::kAscending ? "asc" : "desc";
    j["null-order"] = f.null_order == NullOrder::kNullsFirst ? "nulls-first" : "nulls-last";
    fields.push_back(std::move(j));
  }
  json out = json::object();
  out["order-id"] = order_id_;
  out["fields"] = std::move(fields);
  return out;
}

SortOrder SortOrder::FromJson(const json& j) {
  JsonObject o(j, "sort order");
  std::vector<SortField> fields;
  for (const auto& f : o.Array("fields")) {
    JsonObject fo(f, "sort field");
    SortField field;
    try {
      field.transform = Transform::FromString(fo.String("transform"));
    } catch (const InvalidInputError& e) {
      throw FormatError(std::string("sort field: ") + e.what());
    }
    field.source_id = static_cast<int>(fo.Int("source-id"));
    std::string dir = fo.String("direction");
    if (dir != "asc" && dir != "desc") throw FormatError("sort field has unknown direction \"" + dir + "\"");
    field.direction = dir == "asc" ? SortDirection::kAscending : SortDirection::kDescending;
    std::string nulls = fo.String("null-order");
    if (nulls != "nulls-first" && nulls != "nulls-last") {
      throw FormatError("sort field has unknown null-order \"" + nulls + "\"");
    }
    field.null_order = nulls == "nulls-first" ? NullOrder::kNullsFirst : NullOrder::kNullsLast;
    fields.push_back(field);
  }
  return SortOrder(static_cast<int>(o.Int("order-id")), std::move(fields));
}

}  // namespace floe::iceberg
