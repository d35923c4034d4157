#include "planner/bound_subquery.h"

#include "planner/logical_operator.h"

namespace floe {

SubqueryResult::SubqueryResult() = default;
SubqueryResult::~SubqueryResult() = default;

BoundSubquery::BoundSubquery() = default;
BoundSubquery::~BoundSubquery() = default;

std::string BoundSubquery::Name() const {
  const char* kind_name = kind == BoundSubquery::Kind::kScalar   ? "scalar-subquery#"
                          : kind == BoundSubquery::Kind::kExists ? "exists-subquery#"
                                                          : "in-subquery#";
  return kind_name + std::to_string(id);
}

}  // namespace floe
