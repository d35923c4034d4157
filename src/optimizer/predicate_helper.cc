#include "optimizer/predicate_helper.h"

#include <algorithm>
#include <iterator>

namespace floe {

bool IsLikelySelective(const BoundExpression& e) {
  switch (e.kind) {
    case BoundExpressionKind::kNot: return !e.children.empty() && IsLikelySelective(*e.children[0]);
    case BoundExpressionKind::kAnd:
      return std::any_of(e.children.begin(), e.children.end(), [](const auto& c) { return IsLikelySelective(*c); });
    case BoundExpressionKind::kOr:
      return !e.children.empty() &&
             std::all_of(e.children.begin(), e.children.end(), [](const auto& c) { return IsLikelySelective(*c); });
    case BoundExpressionKind::kIn: return true;
    case BoundExpressionKind::kFunction: {
      if (!e.function) return false;
      static const char* const kSelective[] = {
          "=", "<>", "<", "<=", ">", ">=", "<=>", "like", "ilike", "rlike", "regexp", "regexp_like",
          "startswith", "starts_with", "endswith", "ends_with", "contains", "like_any", "like_all",
          "might_contain"};
      return std::any_of(std::begin(kSelective), std::end(kSelective),
                         [&](const char* name) { return e.function->name == name; });
    }
    default: return false;
  }
}

}  // namespace floe
