#include "planner/binder.h"

#include <gtest/gtest.h>

#include "common/exception.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_limit.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "sql/parser.h"

// Binds SELECTs against a session that counts what it is asked to evaluate: an
// uncorrelated subquery is planned, not run, constants are left to the optimizer, and the
// clauses assemble bottom up (issue 12). binder_unit_test.cc covers names and types.

namespace floe {
namespace {

// A table that only describes itself: (k INT, v BIGINT).
class DescribedTable : public TableSource {
 public:
  explicit DescribedTable(std::string name) : name_(std::move(name)) {}
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override { return name_; }
  std::unique_ptr<TableScanState> InitScan(const ScanRequest&) const override {
    throw InternalError("binding scans nothing");
  }
  bool Scan(TableScanState&, LocalTableScanState*, DataChunk&) const override { return false; }

 private:
  std::string name_;
  std::vector<std::string> names_ = {"k", "v"};
  std::vector<LogicalType> types_ = {TypeId::kInt32, TypeId::kInt64};
};

// A session with tables t and d that counts what the binder asks it to evaluate. It can
// evaluate literals only: binding must not need more for the queries below.
class CountingContext : public BinderContext {
 public:
  const FunctionContext& function_context() const override { return functions_; }
  std::shared_ptr<ViewDefinition> FindView(const QualifiedName&) override { return nullptr; }
  std::shared_ptr<TableSource> FindTable(const QualifiedName& name, const TimeTravelSpec*) override {
    const std::string& table = name.parts.back();
    if (table != "t" && table != "d") return nullptr;
    return std::make_shared<DescribedTable>(table);
  }
  std::vector<std::string> TableNames() override { return {"t", "d"}; }
  std::shared_ptr<TableSource> FindTableFunction(const std::string&, const std::vector<Value>&,
                                                 const std::vector<std::string>&) override {
    return nullptr;
  }
  Value EvaluateConstant(const BoundExpression& expression) override {
    ++evaluations;
    if (expression.HasSubquery()) ++subquery_evaluations;
    if (expression.kind != BoundExpressionKind::kConstant) throw InternalError("the test evaluates literals only");
    return expression.constant;
  }

  int evaluations = 0;
  int subquery_evaluations = 0;

 private:
  FunctionContext functions_;
};

struct Bound {
  StatementPtr statement;
  BoundQuery query;
};

Bound BindSql(CountingContext& context, const std::string& sql) {
  Bound bound;
  bound.statement = Parser::ParseStatement(sql);
  Binder binder(context);
  bound.query = binder.BindQuery(*bound.statement->As<SelectStatement>().query);
  return bound;
}

// Returns the first operator of `type`, depth first, or null.
const LogicalOperator* FindOperator(const LogicalOperator& op, LogicalOperatorType type) {
  if (op.type == type) return &op;
  for (const auto& child : op.children) {
    if (const auto* found = FindOperator(*child, type)) return found;
  }
  return nullptr;
}

// Returns the operator types from the root down the first children.
std::vector<LogicalOperatorType> Spine(const LogicalOperator& op) {
  std::vector<LogicalOperatorType> out = {op.type};
  for (const LogicalOperator* o = &op; !o->children.empty(); o = o->children[0].get()) {
    out.push_back(o->children[0]->type);
  }
  return out;
}

size_t CountSubqueryNodes(const LogicalOperator& op) {
  size_t n = op.Subqueries().size();
  for (const auto& child : op.children) n += CountSubqueryNodes(*child);
  return n;
}

TEST(BindSelectTest, ScalarSubqueryInWhereIsPlannedNotRun) {
  CountingContext context;
  Bound bound = BindSql(context, "SELECT k FROM t WHERE k = (SELECT max(k) FROM d)");
  const auto* filter = static_cast<const LogicalFilter*>(FindOperator(*bound.query.plan, LogicalOperatorType::kFilter));
  ASSERT_NE(filter, nullptr);
  ASSERT_EQ(filter->conjuncts.size(), 1u);
  const BoundExpression& equal = *filter->conjuncts[0];
  ASSERT_EQ(equal.kind, BoundExpressionKind::kFunction);
  ASSERT_EQ(equal.children.size(), 2u);
  const BoundExpression& value = *equal.children[1];
  ASSERT_EQ(value.kind, BoundExpressionKind::kSubquery);
  EXPECT_EQ(value.type, LogicalType(TypeId::kInt32));
  const BoundSubquery& subquery = *value.subquery;
  EXPECT_EQ(subquery.kind, BoundSubquery::Kind::kScalar);
  EXPECT_EQ(subquery.Name(), "scalar-subquery#1");
  EXPECT_EQ(subquery.result, nullptr);  // nothing ran it
  ASSERT_NE(subquery.plan, nullptr);
  EXPECT_NE(FindOperator(*subquery.plan, LogicalOperatorType::kAggregate), nullptr);
  const auto* get = static_cast<const LogicalGet*>(FindOperator(*subquery.plan, LogicalOperatorType::kGet));
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->source->DisplayName(), "d");
  EXPECT_EQ(context.evaluations, 0);
  // The logical plan shows the subquery under the filter that reads it.
  std::string text = LogicalPlanToString(*bound.query.plan);
  EXPECT_NE(text.find("Filter (k = scalarsubquery())\n    : Subquery scalar-subquery#1\n"), std::string::npos) << text;
}

TEST(BindSelectTest, ScalarSubqueryInTheSelectList) {
  CountingContext context;
  Bound bound = BindSql(context, "SELECT (SELECT max(v) FROM d) AS m");
  EXPECT_EQ(Spine(*bound.query.plan),
            (std::vector<LogicalOperatorType>{LogicalOperatorType::kProjection, LogicalOperatorType::kValues}));
  const auto& projection = static_cast<const LogicalProjection&>(*bound.query.plan);
  ASSERT_EQ(projection.expressions[0]->kind, BoundExpressionKind::kSubquery);
  EXPECT_EQ(projection.expressions[0]->type, LogicalType(TypeId::kInt64));
  EXPECT_EQ(bound.query.names, std::vector<std::string>{"m"});
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, InAndNotInConjunctsAreSemiAndAntiJoins) {
  CountingContext context;
  Bound in = BindSql(context, "SELECT v FROM t WHERE k IN (SELECT k FROM d WHERE v > 0)");
  const auto* semi = static_cast<const LogicalJoin*>(FindOperator(*in.query.plan, LogicalOperatorType::kJoin));
  ASSERT_NE(semi, nullptr);
  EXPECT_EQ(semi->join_type, JoinType::kSemi);
  EXPECT_EQ(semi->left_keys.size(), 1u);
  EXPECT_EQ(CountSubqueryNodes(*in.query.plan), 0u);

  Bound not_in = BindSql(context, "SELECT v FROM t WHERE k NOT IN (SELECT k FROM d)");
  const auto* anti = static_cast<const LogicalJoin*>(FindOperator(*not_in.query.plan, LogicalOperatorType::kJoin));
  ASSERT_NE(anti, nullptr);
  EXPECT_EQ(anti->join_type, JoinType::kAnti);
  EXPECT_TRUE(anti->null_aware);
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, InOutsideAConjunctReadsTheSubqueryRows) {
  CountingContext context;
  Bound bound = BindSql(context, "SELECT k NOT IN (SELECT v FROM d) FROM t");
  const auto& projection = static_cast<const LogicalProjection&>(*bound.query.plan);
  const BoundExpression& in = *projection.expressions[0];
  ASSERT_EQ(in.kind, BoundExpressionKind::kSubquery);
  EXPECT_EQ(in.subquery->kind, BoundSubquery::Kind::kIn);
  EXPECT_TRUE(in.negated);
  EXPECT_EQ(in.type, LogicalType(TypeId::kBoolean));
  // k (int) against v (bigint): both sides compare as bigint
  EXPECT_EQ(in.subquery->type, LogicalType(TypeId::kInt64));
  ASSERT_EQ(in.children.size(), 1u);
  EXPECT_EQ(in.children[0]->kind, BoundExpressionKind::kCast);
  EXPECT_EQ(in.subquery->Name(), "in-subquery#1");
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, UncorrelatedExistsIsOneValueOfTheFilter) {
  CountingContext context;
  // (EXISTS over a plain SELECT ... FROM ... WHERE is a semi join, as before)
  Bound bound = BindSql(context, "SELECT k FROM t WHERE NOT EXISTS (SELECT k FROM d GROUP BY k)");
  const auto* filter = static_cast<const LogicalFilter*>(FindOperator(*bound.query.plan, LogicalOperatorType::kFilter));
  ASSERT_NE(filter, nullptr);
  ASSERT_EQ(filter->conjuncts[0]->kind, BoundExpressionKind::kNot);
  const BoundExpression& exists = *filter->conjuncts[0]->children[0];
  ASSERT_EQ(exists.kind, BoundExpressionKind::kSubquery);
  // the first binding, which found it uncorrelated, gave its ids back
  EXPECT_EQ(exists.subquery->Name(), "exists-subquery#1");
  EXPECT_EQ(FindOperator(*bound.query.plan, LogicalOperatorType::kJoin), nullptr);
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, SubqueriesAreNumberedInBindingOrder) {
  CountingContext context;
  Bound bound = BindSql(context,
                        "SELECT (SELECT max(k) FROM d WHERE v < (SELECT avg(v) FROM d)), (SELECT min(k) FROM d)");
  const auto& projection = static_cast<const LogicalProjection&>(*bound.query.plan);
  const BoundSubquery& first = *projection.expressions[0]->subquery;
  const BoundSubquery& second = *projection.expressions[1]->subquery;
  // the nested one is bound (and would have run) before the one holding it
  EXPECT_EQ(first.id, 2);
  EXPECT_EQ(second.id, 3);
  const auto* inner_filter = static_cast<const LogicalFilter*>(FindOperator(*first.plan, LogicalOperatorType::kFilter));
  ASSERT_NE(inner_filter, nullptr);
  std::vector<std::shared_ptr<BoundSubquery>> nested;
  CollectSubqueries(*inner_filter->conjuncts[0], &nested);
  ASSERT_EQ(nested.size(), 1u);
  EXPECT_EQ(nested[0]->id, 1);
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, CorrelatedScalarSubqueryIsALeftJoin) {
  CountingContext context;
  Bound bound = BindSql(context, "SELECT k FROM t WHERE v = (SELECT max(v) FROM d WHERE d.k = t.k)");
  const auto* join = static_cast<const LogicalJoin*>(FindOperator(*bound.query.plan, LogicalOperatorType::kJoin));
  ASSERT_NE(join, nullptr);
  EXPECT_EQ(join->join_type, JoinType::kLeft);
  EXPECT_EQ(CountSubqueryNodes(*bound.query.plan), 0u);
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, ConstantsAreFoldedByTheOptimizerNotTheBinder) {
  CountingContext context;
  Bound bound = BindSql(context, "SELECT k FROM t WHERE k = 1 + 1 AND NOT (2 > 3)");
  const auto* filter = static_cast<const LogicalFilter*>(FindOperator(*bound.query.plan, LogicalOperatorType::kFilter));
  ASSERT_NE(filter, nullptr);
  ASSERT_EQ(filter->conjuncts.size(), 2u);
  EXPECT_EQ(filter->conjuncts[0]->children[1]->kind, BoundExpressionKind::kFunction);
  EXPECT_EQ(filter->conjuncts[0]->children[1]->text, "(1 + 1)");
  EXPECT_EQ(filter->conjuncts[1]->kind, BoundExpressionKind::kNot);
  EXPECT_TRUE(filter->conjuncts[1]->IsFoldable());
  EXPECT_EQ(context.evaluations, 0);
}

TEST(BindSelectTest, ASubqueryOfMoreThanOneColumnIsRefused) {
  CountingContext context;
  try {
    BindSql(context, "SELECT k FROM t WHERE k = (SELECT k, v FROM d)");
    FAIL() << "expected a BinderError";
  } catch (const BinderError& e) {
    EXPECT_NE(std::string(e.what()).find("[INVALID_SUBQUERY_EXPRESSION]"), std::string::npos) << e.what();
  }
  EXPECT_EQ(context.evaluations, 0);
}

// LIMIT holds a number, so its expression is evaluated while binding (as Spark's analyzer
// evaluates a foldable LIMIT); that is a literal here, and no query runs.
TEST(BindSelectTest, LimitIsTheOneValueEvaluated) {
  CountingContext context;
  Bound bound = BindSql(context, "SELECT k FROM t LIMIT 3");
  ASSERT_EQ(bound.query.plan->type, LogicalOperatorType::kLimit);
  EXPECT_EQ(*static_cast<const LogicalLimit&>(*bound.query.plan).limit, 3);
  EXPECT_EQ(context.evaluations, 1);
  EXPECT_EQ(context.subquery_evaluations, 0);
}

// Each clause its own operator, assembled bottom up.
TEST(BindSelectTest, ClausesAssembleInOrder) {
  CountingContext context;
  Bound bound = BindSql(context,
                        "SELECT k, count(*) AS c FROM t WHERE v > 0 GROUP BY k HAVING count(*) > 1 "
                        "ORDER BY c DESC, k % 2 LIMIT 5");
  EXPECT_EQ(Spine(*bound.query.plan),
            (std::vector<LogicalOperatorType>{LogicalOperatorType::kProjection, LogicalOperatorType::kLimit,
                                              LogicalOperatorType::kSort, LogicalOperatorType::kProjection,
                                              LogicalOperatorType::kFilter, LogicalOperatorType::kAggregate,
                                              LogicalOperatorType::kFilter, LogicalOperatorType::kGet}))
      << LogicalPlanToString(*bound.query.plan);
  EXPECT_EQ(bound.query.names, (std::vector<std::string>{"k", "c"}));
}

TEST(BindSelectTest, WindowAndQualify) {
  CountingContext context;
  Bound bound = BindSql(context,
                        "SELECT k, row_number() OVER w AS r FROM t WINDOW w AS (PARTITION BY k ORDER BY v) "
                        "QUALIFY r = 1");
  EXPECT_EQ(Spine(*bound.query.plan),
            (std::vector<LogicalOperatorType>{LogicalOperatorType::kProjection, LogicalOperatorType::kFilter,
                                              LogicalOperatorType::kWindow, LogicalOperatorType::kGet}));
  // the window's column follows its input's two
  const auto& projection = static_cast<const LogicalProjection&>(*bound.query.plan);
  EXPECT_EQ(projection.expressions[1]->kind, BoundExpressionKind::kColumnRef);
  EXPECT_EQ(projection.expressions[1]->index, 2u);
}

}  // namespace
}  // namespace floe
