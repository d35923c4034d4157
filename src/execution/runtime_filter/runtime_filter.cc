#include "execution/runtime_filter/runtime_filter.h"

#include <algorithm>

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
  std::vector<Value> values;
  values.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    if (!keys->IsNull(i)) values.push_back(keys->GetValue(i));  // NULL keys never match
  }
  std::sort(values.begin(), values.end(), [](const Value& a, const Value& b) { return a.Compare(b) < 0; });
  values.erase(std::unique(values.begin(), values.end(),
                           [](const Value& a, const Value& b) { return a.Compare(b) == 0; }),
               values.end());
  summary->resolved = true;
  summary->build_rows = n;
  summary->distinct = values.size();
  if (values.empty()) return BoundExpression::MakeConstant(Value::Boolean(false), "false");
  if (values.size() > max_values) {
    summary->range = true;
    auto low = Compare(">=", probe_key.Copy(), BoundExpression::MakeConstant(values.front(), values.front().ToString()));
    auto high = Compare("<=", probe_key.Copy(), BoundExpression::MakeConstant(values.back(), values.back().ToString()));
    auto both = std::make_unique<BoundExpression>();
    both->kind = BoundExpressionKind::kAnd;
    both->type = TypeId::kBoolean;
    both->text = low->text + " AND " + high->text;
    both->children.push_back(std::move(low));
    both->children.push_back(std::move(high));
    return both;
  }
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
