#include "optimizer/plan_verifier.h"

#include <gtest/gtest.h>

#include "common/exception.h"
#include "optimizer/optimizer.h"
#include "planner/logical_filter.h"
#include "planner/logical_insert.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "planner/logical_values.h"

namespace floe {
namespace {

// VALUES (1, 'a') -> Filter x = x -> Project [x]: well formed.
LogicalOperatorPtr SmallPlan() {
  auto values = std::make_unique<LogicalValues>();
  values->names = {"x", "s"};
  values->types = {TypeId::kInt32, TypeId::kString};
  values->rows.push_back({Value::Int32(1), Value::String("a")});

  auto equal = std::make_unique<BoundExpression>();
  equal->kind = BoundExpressionKind::kFunction;
  equal->type = TypeId::kBoolean;
  auto function = std::make_shared<BoundScalarFunction>();
  function->name = "=";
  function->return_type = TypeId::kBoolean;
  equal->function = std::move(function);
  equal->children.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "x"));
  equal->children.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "x"));
  equal->text = "(x = x)";
  auto filter = std::make_unique<LogicalFilter>();
  filter->conjuncts.push_back(std::move(equal));
  filter->names = values->names;
  filter->types = values->types;
  filter->children.push_back(std::move(values));

  auto projection = std::make_unique<LogicalProjection>();
  projection->expressions.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "x"));
  projection->names = {"x"};
  projection->types = {TypeId::kInt32};
  projection->children.push_back(std::move(filter));
  return projection;
}

LogicalProjection& Top(LogicalOperator& plan) { return static_cast<LogicalProjection&>(plan); }

// A target of one column of the given type, for the checks of a write.
class OneColumnSink : public TableSink {
 public:
  explicit OneColumnSink(LogicalType type) : types_{type} {}
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  const std::vector<bool>& required() const override { return required_; }
  std::string DisplayName() const override { return "t"; }
  std::unique_ptr<TableWrite> BeginWrite(const WriteMode&) const override { return nullptr; }

 private:
  std::vector<std::string> names_ = {"x"};
  std::vector<LogicalType> types_;
  std::vector<bool> required_ = {false};
};

TEST(PlanVerifierTest, AWriteMustGiveItsTargetsColumnTypes) {
  auto insert = std::make_unique<LogicalInsert>();
  insert->sink = std::make_shared<OneColumnSink>(TypeId::kInt32);
  insert->children.push_back(SmallPlan());  // one INT column: well formed
  EXPECT_EQ(PlanVerifier::Check(*insert), std::nullopt);
  insert->sink = std::make_shared<OneColumnSink>(TypeId::kString);
  auto problem = PlanVerifier::Check(*insert);
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("not the target's"), std::string::npos) << *problem;
}

TEST(PlanVerifierTest, AcceptsAWellFormedPlan) { EXPECT_EQ(PlanVerifier::Check(*SmallPlan()), std::nullopt); }

TEST(PlanVerifierTest, RejectsAColumnTheInputDoesNotHave) {
  auto plan = SmallPlan();
  Top(*plan).expressions[0]->index = 2;
  auto problem = PlanVerifier::Check(*plan);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, "Project: the expression x reads column 2 of an input of 2 columns");
}

TEST(PlanVerifierTest, RejectsAColumnReadAsAnotherType) {
  auto plan = SmallPlan();
  auto& filter = static_cast<LogicalFilter&>(*plan->children[0]);
  filter.conjuncts[0]->children[1] = BoundExpression::ColumnRef(1, TypeId::kInt32, "s");
  auto problem = PlanVerifier::Check(*plan);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, "Project > Filter: the condition s reads column 1 as int but the input produces string");
}

TEST(PlanVerifierTest, RejectsWrongChildCountsAndOutputs) {
  auto plan = SmallPlan();
  plan->children.push_back(std::make_unique<LogicalValues>());
  EXPECT_EQ(PlanVerifier::Check(*plan), "Project: has 2 children, its kind needs 1");

  plan = SmallPlan();
  plan->types[0] = TypeId::kInt64;
  EXPECT_EQ(PlanVerifier::Check(*plan),
            "Project: output column 0 has type bigint, but its expression list gives int");

  plan = SmallPlan();
  plan->children[0]->types.pop_back();
  plan->children[0]->names.pop_back();
  EXPECT_EQ(PlanVerifier::Check(*plan), "Project > Filter: produces 1 columns, but its input gives 2");
}

// A rule that breaks the plan is named by the error, which the plan verification raises
// right after it, not at a later rule or at run time.
TEST(PlanVerifierTest, TheOptimizerNamesTheRuleThatBrokeThePlan) {
  std::vector<OptimizerRule> rules = {
      {"keep", [](LogicalOperatorPtr plan, const OptimizerContext&) { return plan; }},
      {"break_projection",
       [](LogicalOperatorPtr plan, const OptimizerContext&) {
         Top(*plan).expressions[0]->index = 5;
         return plan;
       }},
      {"never_reached", [](LogicalOperatorPtr plan, const OptimizerContext&) -> LogicalOperatorPtr {
         ADD_FAILURE() << "a rule after the broken plan ran";
         return plan;
       }},
  };
  OptimizerContext context;
  context.verify_plans = true;
  try {
    Optimizer::RunRules(SmallPlan(), rules, context);
    FAIL() << "the broken plan was not reported";
  } catch (const InternalError& error) {
    EXPECT_STREQ(error.what(),
                 "the logical plan after optimizer rule 'break_projection' is ill-formed: Project: the expression x "
                 "reads column 5 of an input of 2 columns");
  }
}

TEST(PlanVerifierTest, EveryRuleKeepsAWellFormedPlanAndIsTimed) {
  OptimizerProfile profile;
  OptimizerContext context;
  context.verify_plans = true;
  context.profile = &profile;
  auto plan = Optimizer::Optimize(SmallPlan(), context);
  EXPECT_EQ(PlanVerifier::Check(*plan), std::nullopt);
  ASSERT_EQ(profile.rules.size(), Optimizer::Rules().size());
  for (size_t i = 0; i < profile.rules.size(); ++i) {
    EXPECT_EQ(profile.rules[i].name, Optimizer::Rules()[i].name);
    EXPECT_EQ(profile.rules[i].runs, 1);
    EXPECT_GE(profile.rules[i].elapsed_ms, 0);
  }
  EXPECT_NE(profile.ToString().find("constant_folding "), std::string::npos);

  context.disabled = {"join_order"};
  Optimizer::Optimize(SmallPlan(), context);
  EXPECT_EQ(profile.rules[0].runs, 2);
  EXPECT_EQ(profile.rules[1].name, "join_order");
  EXPECT_EQ(profile.rules[1].runs, 1);  // switched off: not run, not timed
}

}  // namespace
}  // namespace floe
