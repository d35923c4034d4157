#include "optimizer/rules/constant_folding.h"

#include <gtest/gtest.h>

#include "common/exception.h"
#include "optimizer/optimizer.h"
#include "planner/logical_filter.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "planner/logical_values.h"

namespace floe {
namespace {

// A function node of `name` over the children; only its name and foldability matter here.
BoundExpressionPtr Call(const std::string& name, std::vector<BoundExpressionPtr> args, bool foldable = true) {
  auto e = std::make_unique<BoundExpression>();
  e->kind = BoundExpressionKind::kFunction;
  e->type = TypeId::kInt32;
  auto function = std::make_shared<BoundScalarFunction>();
  function->name = name;
  function->return_type = TypeId::kInt32;
  function->foldable = foldable;
  e->function = std::move(function);
  e->text = "(" + name + ")";
  for (auto& a : args) e->children.push_back(std::move(a));
  return e;
}

BoundExpressionPtr Int(int32_t v) { return BoundExpression::MakeConstant(Value::Int32(v)); }

// Evaluates "+" of constants; fails for "/" (as 1 / 0 does); records what it was asked.
struct Evaluator {
  std::vector<std::string> asked;
  Value operator()(const BoundExpression& e) {
    asked.push_back(e.text);
    if (e.kind == BoundExpressionKind::kConstant) return e.constant;
    if (e.function->name == "/") throw InvalidInputError("[DIVIDE_BY_ZERO] Division by zero.");
    int32_t sum = 0;
    for (const auto& c : e.children) sum += (*this)(*c).int32();
    return Value::Int32(sum);
  }
};

ConstantEvaluator Use(Evaluator* evaluator) {
  return [evaluator](const BoundExpression& e) { return (*evaluator)(e); };
}

TEST(ConstantFoldingTest, FoldsConstantSubtreesKeepingTheirText) {
  Evaluator evaluator;
  std::vector<BoundExpressionPtr> plus;
  plus.push_back(Int(1));
  plus.push_back(Int(1));
  std::vector<BoundExpressionPtr> equal;
  equal.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "k"));
  equal.push_back(Call("+", std::move(plus)));
  auto folded = ConstantFolding(Use(&evaluator)).Fold(Call("=", std::move(equal)));
  ASSERT_EQ(folded->kind, BoundExpressionKind::kFunction);  // reads a column: kept
  EXPECT_EQ(folded->children[0]->kind, BoundExpressionKind::kColumnRef);
  const BoundExpression& two = *folded->children[1];
  ASSERT_EQ(two.kind, BoundExpressionKind::kConstant);
  EXPECT_EQ(two.constant.int32(), 2);
  EXPECT_EQ(two.text, "(+)");
  EXPECT_EQ(two.type, LogicalType(TypeId::kInt32));
}

TEST(ConstantFoldingTest, AFailingExpressionIsLeftWithItsConstantPartsFolded) {
  Evaluator evaluator;
  std::vector<BoundExpressionPtr> plus;
  plus.push_back(Int(2));
  plus.push_back(Int(3));
  std::vector<BoundExpressionPtr> divide;
  divide.push_back(Call("+", std::move(plus)));
  divide.push_back(Int(0));
  auto folded = ConstantFolding(Use(&evaluator)).Fold(Call("/", std::move(divide)));
  // it raises [DIVIDE_BY_ZERO] where it runs, not while optimizing
  ASSERT_EQ(folded->kind, BoundExpressionKind::kFunction);
  ASSERT_EQ(folded->children[0]->kind, BoundExpressionKind::kConstant);
  EXPECT_EQ(folded->children[0]->constant.int32(), 5);
}

TEST(ConstantFoldingTest, LeavesVolatileFunctionsSubqueriesAndColumns) {
  Evaluator evaluator;
  ConstantFolding folding(Use(&evaluator));
  auto volatile_call = folding.Fold(Call("rand", {}, false));
  EXPECT_EQ(volatile_call->kind, BoundExpressionKind::kFunction);
  auto subquery = std::make_unique<BoundExpression>();
  subquery->kind = BoundExpressionKind::kSubquery;
  subquery->type = TypeId::kInt32;
  subquery->subquery = std::make_shared<BoundSubquery>();
  std::vector<BoundExpressionPtr> plus;
  plus.push_back(std::move(subquery));
  plus.push_back(Int(1));
  auto over_subquery = folding.Fold(Call("+", std::move(plus)));
  EXPECT_EQ(over_subquery->kind, BoundExpressionKind::kFunction);
  EXPECT_EQ(over_subquery->children[0]->kind, BoundExpressionKind::kSubquery);
  EXPECT_TRUE(evaluator.asked.empty());
}

// Filter(k = 1 + 1) over Values, as the plan of a subquery read by a projection.
LogicalOperatorPtr FilterPlan() {
  auto values = std::make_unique<LogicalValues>();
  values->names = {"k"};
  values->types = {TypeId::kInt32};
  values->rows.push_back({Value::Int32(2)});
  auto filter = std::make_unique<LogicalFilter>();
  std::vector<BoundExpressionPtr> plus;
  plus.push_back(Int(1));
  plus.push_back(Int(1));
  std::vector<BoundExpressionPtr> equal;
  equal.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "k"));
  equal.push_back(Call("+", std::move(plus)));
  auto condition = Call("=", std::move(equal));
  condition->type = TypeId::kBoolean;  // a condition, typed as the binder types it
  filter->conjuncts.push_back(std::move(condition));
  filter->names = values->names;
  filter->types = values->types;
  filter->children.push_back(std::move(values));
  return filter;
}

TEST(ConstantFoldingTest, TheOptimizerFoldsFirstAndInsideSubqueries) {
  EXPECT_EQ(Optimizer::Rules().front().name, "constant_folding");
  Evaluator evaluator;
  OptimizerContext context;
  context.evaluate_constant = Use(&evaluator);
  auto subquery = std::make_shared<BoundSubquery>();
  subquery->id = 1;
  subquery->plan = FilterPlan();
  auto read = std::make_unique<BoundExpression>();
  read->kind = BoundExpressionKind::kSubquery;
  read->type = TypeId::kInt32;
  read->subquery = subquery;
  auto projection = std::make_unique<LogicalProjection>();
  projection->expressions.push_back(std::move(read));
  projection->names = {"s"};
  projection->types = {TypeId::kInt32};
  auto one_row = std::make_unique<LogicalValues>();
  one_row->rows.push_back({});
  projection->children.push_back(std::move(one_row));
  LogicalOperatorPtr plan = Optimizer::Optimize(std::move(projection), context);
  const auto& kept = static_cast<const LogicalProjection&>(*plan);
  EXPECT_EQ(kept.expressions[0]->kind, BoundExpressionKind::kSubquery);
  const LogicalOperator* filter = subquery->plan.get();
  while (filter && filter->type != LogicalOperatorType::kFilter) {
    filter = filter->children.empty() ? nullptr : filter->children[0].get();
  }
  ASSERT_NE(filter, nullptr) << LogicalPlanToString(*subquery->plan);
  const auto& conjunct = *static_cast<const LogicalFilter*>(filter)->conjuncts[0];
  ASSERT_EQ(conjunct.children[1]->kind, BoundExpressionKind::kConstant);
  EXPECT_EQ(conjunct.children[1]->constant.int32(), 2);
}

TEST(ConstantFoldingTest, WithoutAnEvaluatorNothingIsFolded) {
  OptimizerContext context;
  LogicalOperatorPtr plan = Optimizer::Optimize(FilterPlan(), context);
  const LogicalOperator* filter = plan.get();
  while (filter && filter->type != LogicalOperatorType::kFilter) {
    filter = filter->children.empty() ? nullptr : filter->children[0].get();
  }
  ASSERT_NE(filter, nullptr);
  EXPECT_EQ(static_cast<const LogicalFilter*>(filter)->conjuncts[0]->children[1]->kind, BoundExpressionKind::kFunction);
}

}  // namespace
}  // namespace floe
