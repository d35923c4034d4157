// Binding on its own: names resolve to columns with their types, and names that do not
// resolve, or resolve twice, are errors that say so.
#include <gtest/gtest.h>

#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_get.h"
#include "planner/logical_operator.h"
#include "sql/parser.h"

namespace floe {
namespace {

// A table that only describes itself; binding never scans.
class SchemaOnlyTable : public TableSource {
 public:
  SchemaOnlyTable(std::string name, std::vector<std::string> names, std::vector<LogicalType> types)
      : name_(std::move(name)), names_(std::move(names)), types_(std::move(types)) {}
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override { return name_; }
  std::unique_ptr<TableScanState> InitScan(const ScanRequest&) const override {
    throw InternalError("binding scans nothing");
  }
  bool Scan(TableScanState&, LocalTableScanState*, DataChunk&) const override { return false; }

 private:
  std::string name_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
};

// A session with two tables: sales (id INT, amount DECIMAL(10,2), day DATE) and
// days (day DATE, name STRING). It evaluates literals only and runs nothing.
class TwoTables : public BinderContext {
 public:
  const FunctionContext& function_context() const override { return functions_; }
  std::shared_ptr<ViewDefinition> FindView(const QualifiedName&) override { return nullptr; }
  std::shared_ptr<TableSource> FindTable(const QualifiedName& name, const TimeTravelSpec*) override {
    const std::string& table = name.parts.back();
    if (table == "sales") {
      return std::make_shared<SchemaOnlyTable>(
          "sales", std::vector<std::string>{"id", "amount", "day"},
          std::vector<LogicalType>{TypeId::kInt32, LogicalType::Decimal(10, 2), TypeId::kDate});
    }
    if (table == "days") {
      return std::make_shared<SchemaOnlyTable>(
          "days", std::vector<std::string>{"day", "name"},
          std::vector<LogicalType>{TypeId::kDate, TypeId::kString});
    }
    return nullptr;
  }
  std::vector<std::string> TableNames() override { return {"sales", "days"}; }
  std::shared_ptr<TableSource> FindTableFunction(const std::string&, const std::vector<Value>&,
                                                 const std::vector<std::string>&) override {
    return nullptr;
  }
  Value EvaluateConstant(const BoundExpression& expression) override {
    if (expression.kind != BoundExpressionKind::kConstant) {
      throw InternalError("these tests evaluate literals only");
    }
    return expression.constant;
  }

 private:
  FunctionContext functions_;
};

struct Bound {
  StatementPtr statement;  // the AST the plan's names may point into
  BoundQuery query;
};

Bound BindSql(const std::string& sql) {
  TwoTables context;
  Bound bound;
  bound.statement = Parser::ParseStatement(sql);
  Binder binder(context);
  bound.query = binder.BindQuery(*bound.statement->As<SelectStatement>().query);
  return bound;
}

// Returns the message of the error binding `sql` throws, or "" when it binds.
template <typename Error>
std::string BindError(const std::string& sql) {
  try {
    BindSql(sql);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Returns the first operator of `type`, depth first, or null.
const LogicalOperator* FindOperator(const LogicalOperator& op, LogicalOperatorType type) {
  if (op.type == type) return &op;
  for (const auto& child : op.children) {
    if (const auto* found = FindOperator(*child, type)) return found;
  }
  return nullptr;
}

TEST(BinderUnitTest, ColumnsResolveToTheirTypes) {
  Bound bound = BindSql("SELECT amount, id, day FROM sales");
  EXPECT_EQ(bound.query.names, (std::vector<std::string>{"amount", "id", "day"}));
  EXPECT_EQ(bound.query.plan->types,
            (std::vector<LogicalType>{LogicalType::Decimal(10, 2), TypeId::kInt32, TypeId::kDate}));
  const auto* get =
      static_cast<const LogicalGet*>(FindOperator(*bound.query.plan, LogicalOperatorType::kGet));
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->source->DisplayName(), "sales");
}

TEST(BinderUnitTest, NamesIgnoreCaseAndQualifiersResolveAliases) {
  Bound bound = BindSql("SELECT S.ID, s.Amount FROM sales AS s WHERE S.day IS NOT NULL");
  EXPECT_EQ(bound.query.plan->types,
            (std::vector<LogicalType>{TypeId::kInt32, LogicalType::Decimal(10, 2)}));
  ASSERT_NE(FindOperator(*bound.query.plan, LogicalOperatorType::kFilter), nullptr);
}

TEST(BinderUnitTest, ExpressionsTakeSparkTypes) {
  // amount * 2: the literal is a decimal(1,0), so decimal(10+1+1, 2) as in Spark.
  Bound bound = BindSql(
      "SELECT id + 1, id / 2, amount * 2, CAST(id AS STRING), id > 3, sum(id) OVER () "
      "FROM sales");
  EXPECT_EQ(bound.query.plan->types,
            (std::vector<LogicalType>{TypeId::kInt32, TypeId::kDouble, LogicalType::Decimal(12, 2),
                                      TypeId::kString, TypeId::kBoolean, TypeId::kInt64}));
}

TEST(BinderUnitTest, AggregatesGroupByTheirKeys) {
  Bound bound = BindSql(
      "SELECT day, sum(amount) AS total, count(*) AS n FROM sales GROUP BY day ORDER BY total");
  EXPECT_EQ(bound.query.names, (std::vector<std::string>{"day", "total", "n"}));
  EXPECT_EQ(bound.query.plan->types,
            (std::vector<LogicalType>{TypeId::kDate, LogicalType::Decimal(20, 2), TypeId::kInt64}));
  const auto* aggregate = static_cast<const LogicalAggregate*>(
      FindOperator(*bound.query.plan, LogicalOperatorType::kAggregate));
  ASSERT_NE(aggregate, nullptr);
  EXPECT_EQ(aggregate->groups.size(), 1u);
  EXPECT_EQ(aggregate->aggregates.size(), 2u);
}

TEST(BinderUnitTest, JoinColumnsComeFromBothSides) {
  Bound bound = BindSql("SELECT s.id, d.name FROM sales s JOIN days d ON s.day = d.day");
  EXPECT_EQ(bound.query.plan->types, (std::vector<LogicalType>{TypeId::kInt32, TypeId::kString}));
  // USING merges the key: `day` is no longer ambiguous.
  Bound using_key = BindSql("SELECT * FROM sales JOIN days USING (day)");
  EXPECT_EQ(using_key.query.names, (std::vector<std::string>{"day", "id", "amount", "name"}));
}

TEST(BinderUnitTest, CommonTableExpressionsShadowTables) {
  Bound bound = BindSql("WITH sales AS (SELECT 'x' AS id) SELECT id FROM sales");
  EXPECT_EQ(bound.query.plan->types, (std::vector<LogicalType>{TypeId::kString}));
}

TEST(BinderUnitTest, UnknownColumnsAreErrors) {
  EXPECT_EQ(BindError<BinderError>("SELECT amont FROM sales"),
            "[UNRESOLVED_COLUMN] column `amont` not found; did you mean `sales.amount`?");
  EXPECT_EQ(BindError<BinderError>("SELECT quantity FROM sales"),
            "[UNRESOLVED_COLUMN] column `quantity` not found; input columns: [`sales.id`, "
            "`sales.amount`, `sales.day`]");
  EXPECT_EQ(BindError<BinderError>("SELECT d.id FROM sales s"),
            "[UNRESOLVED_COLUMN] column `d.id` not found; did you mean `s.id`?");
  // A select-list alias is not a column of WHERE.
  EXPECT_EQ(BindError<BinderError>("SELECT amount AS total FROM sales WHERE total > 1"),
            "[UNRESOLVED_COLUMN] column `total` not found; input columns: [`sales.id`, "
            "`sales.amount`, `sales.day`]");
}

TEST(BinderUnitTest, AmbiguousNamesAreErrors) {
  EXPECT_EQ(BindError<BinderError>("SELECT day FROM sales JOIN days ON sales.day = days.day"),
            "[AMBIGUOUS_REFERENCE] Reference `day` is ambiguous, could be: [`sales.day`, "
            "`days.day`]");
  EXPECT_EQ(BindError<BinderError>("SELECT a.id FROM sales a JOIN sales a ON true"),
            "[AMBIGUOUS_REFERENCE] Reference `a.id` is ambiguous, could be: [`a.id`, `a.id`]");
}

TEST(BinderUnitTest, UnknownTablesAreErrors) {
  std::string message = BindError<CatalogError>("SELECT * FROM sale");
  EXPECT_EQ(message.rfind("[TABLE_OR_VIEW_NOT_FOUND] Table or view not found: sale", 0), 0u)
      << message;
}

TEST(BinderUnitTest, TypeErrorsNameTheExpression) {
  std::string message = BindError<BinderError>("SELECT id FROM sales WHERE amount");
  EXPECT_EQ(message.rfind("WHERE condition must be boolean, got decimal(10,2)", 0), 0u) << message;
  EXPECT_EQ(BindError<BinderError>("SELECT id, sum(amount) FROM sales GROUP BY day").rfind(
                "[MISSING_AGGREGATION]", 0),
            0u);
}

}  // namespace
}  // namespace floe
