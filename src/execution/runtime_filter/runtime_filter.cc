#include "execution/runtime_filter/runtime_filter.h"

#include <algorithm>
#include <optional>
#include <set>

#include "common/exception.h"
#include "execution/operators/physical_hash_join.h"
#include "function/function_registry.h"

namespace floe {

namespace {

// Returns `left <op> right` bound as the binder would, for pruning.
BoundExpressionPtr Compare(const std::string& op, BoundExpressionPtr left, BoundExpressionPtr right) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kFunction;
  node->type = TypeId::kBoolean;
  node->text = "(" + left->text + " " + op + " " + right->text + ")";
  const ScalarBinder* binder = FunctionRegistry::BuiltIn().FindScalar(op);
  if (binder) {
    ScalarBindInput input;
    input.arg_types = {left->type, right->type};
    input.constant_args = {std::nullopt, right->constant};
    try {
      node->function = std::make_shared<BoundScalarFunction>((*binder)(input));
    } catch (const Exception&) {
      // why: the filter is only converted for pruning, which reads the operator's name
    }
  }
  if (!node->function) {
    node->function = std::make_shared<BoundScalarFunction>();
    node->function->name = op;
  }
  node->children.push_back(std::move(left));
  node->children.push_back(std::move(right));
  return node;
}

}  // namespace

BoundExpressionPtr RuntimeFilter::Resolve(const BoundExpression& probe_key, size_t max_values,
                                          RuntimeFilterSummary* summary) const {
  if (!join_) return nullptr;
  const Vector* keys = join_->BuildKeyColumn(key_index_);
  if (!keys) return nullptr;  // why: the build side has not run, so nothing is known
  size_t n = join_->BuildRowCount();
  // One pass: the distinct keys while there are at most max_values of them (a bounded
  // set, so a large build side costs O(n log max_values)), and always the min and max.
  auto less = [](const Value& a, const Value& b) { return a.Compare(b) < 0; };
  std::set<Value, decltype(less)> distinct(less);
  std::optional<Value> low, high;
  bool overflow = false;
  for (size_t i = 0; i < n; ++i) {
    if (keys->IsNull(i)) continue;  // NULL keys never match
    Value v = keys->GetValue(i);
    if (!low || v.Compare(*low) < 0) low = v;
    if (!high || v.Compare(*high) > 0) high = v;
    if (!overflow) {
      distinct.insert(std::move(v));
      overflow = distinct.size() > max_values;
      if (overflow) distinct.clear();
    }
  }
  summary->resolved = true;
  summary->build_rows = n;
  summary->distinct = distinct.size();
  if (!low) return BoundExpression::MakeConstant(Value::Boolean(false), "false");
  if (overflow) {
    summary->range = true;
    auto low_cmp = Compare(">=", probe_key.Copy(), BoundExpression::MakeConstant(*low, low->ToString()));
    auto high_cmp = Compare("<=", probe_key.Copy(), BoundExpression::MakeConstant(*high, high->ToString()));
    auto both = std::make_unique<BoundExpression>();
    both->kind = BoundExpressionKind::kAnd;
    both->type = TypeId::kBoolean;
    both->text = low_cmp->text + " AND " + high_cmp->text;
    both->children.push_back(std::move(low_cmp));
    both->children.push_back(std::move(high_cmp));
    return both;
  }
  std::vector<Value> values(distinct.begin(), distinct.end());
  auto in = std::make_unique<BoundExpression>();
  in->kind = BoundExpressionKind::kIn;
  in->type = TypeId::kBoolean;
  in->text = probe_key.text + " IN (" + std::to_string(values.size()) + " values)";
  in->children.push_back(probe_key.Copy());
  for (auto& v : values) {
    std::string text = v.ToString();
    in->children.push_back(BoundExpression::MakeConstant(std::move(v), std::move(text)));
  }
  return in;
}

}  // namespace floe
