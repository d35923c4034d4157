#include "optimizer/rules/dynamic_partition_pruning.h"

#include <gtest/gtest.h>

#include "common/exception.h"
#include "function/scalar_function.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"

namespace floe {
namespace {

// A table source that only describes itself: an Iceberg-like scan (BatchScan) of
// (date_id INT, amount BIGINT), partitioned by date_id.
class PartitionedSource : public TableSource {
 public:
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override { return "fact"; }
  std::unique_ptr<TableScanState> InitScan(const ScanRequest&) const override {
    throw InternalError("not scanned in this test");
  }
  bool Scan(TableScanState&, LocalTableScanState*, DataChunk&) const override { return false; }
  std::vector<std::string> PartitionColumns() const override { return {"date_id"}; }
  std::string ScanOperatorName() const override { return scan_name_; }
  bool PrunesPartitionsAtRunTime() const override { return scan_name_ == "BatchScan"; }

  std::string scan_name_ = "BatchScan";

 private:
  std::vector<std::string> names_ = {"date_id", "amount"};
  std::vector<LogicalType> types_ = {TypeId::kInt32, TypeId::kInt64};
};

std::unique_ptr<LogicalGet> Get(std::shared_ptr<TableSource> source) {
  auto get = std::make_unique<LogicalGet>();
  get->source = std::move(source);
  get->column_ids = {0, 1};
  get->names = get->source->names();
  get->types = get->source->types();
  return get;
}

// A filtered (or not) dimension with one INT key column.
// How the dimension is filtered: not at all, `flag = true` (likely selective, as Spark's
// isLikelySelective says of a comparison), `flag` (a boolean column, which it says is not),
// or `flag IS NOT NULL`.
enum class DimensionFilter { kNone, kComparison, kBooleanColumn, kIsNotNull };

LogicalOperatorPtr Dimension(DimensionFilter how) {
  auto source = std::make_shared<PartitionedSource>();
  source->scan_name_ = "Scan";
  LogicalOperatorPtr get = Get(source);
  if (how == DimensionFilter::kNone) return get;
  auto filter = std::make_unique<LogicalFilter>();
  filter->names = get->names;
  filter->types = get->types;
  BoundExpressionPtr flag = BoundExpression::ColumnRef(1, TypeId::kBoolean, "flag");
  if (how == DimensionFilter::kComparison) {
    auto eq = std::make_unique<BoundExpression>();
    eq->kind = BoundExpressionKind::kFunction;
    eq->type = TypeId::kBoolean;
    eq->function = std::make_shared<BoundScalarFunction>();
    eq->function->name = "=";
    eq->text = "(flag = true)";
    eq->children.push_back(std::move(flag));
    eq->children.push_back(BoundExpression::MakeConstant(Value::Boolean(true), "true"));
    flag = std::move(eq);
  } else if (how == DimensionFilter::kIsNotNull) {
    auto not_null = std::make_unique<BoundExpression>();
    not_null->kind = BoundExpressionKind::kIsNotNull;
    not_null->type = TypeId::kBoolean;
    not_null->text = "(flag IS NOT NULL)";
    not_null->children.push_back(std::move(flag));
    flag = std::move(not_null);
  }
  filter->conjuncts.push_back(std::move(flag));
  filter->children.push_back(std::move(get));
  return filter;
}

LogicalOperatorPtr Dimension(bool filtered) {
  return Dimension(filtered ? DimensionFilter::kComparison : DimensionFilter::kNone);
}

std::unique_ptr<LogicalJoin> Join(LogicalOperatorPtr left, LogicalOperatorPtr right, JoinType type,
                                  size_t left_key = 0) {
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = type;
  join->left_keys.push_back(BoundExpression::ColumnRef(left_key, left->types[left_key], left->names[left_key]));
  join->right_keys.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "d.date_id"));
  for (const auto* side : {left.get(), right.get()}) {
    join->names.insert(join->names.end(), side->names.begin(), side->names.end());
    join->types.insert(join->types.end(), side->types.begin(), side->types.end());
  }
  join->children.push_back(std::move(left));
  join->children.push_back(std::move(right));
  return join;
}

struct Planned {
  LogicalJoin* join;
  LogicalGet* fact;
};

Planned Optimize(std::unique_ptr<LogicalJoin> join, LogicalGet* fact, LogicalOperatorPtr* keep) {
  LogicalJoin* raw = join.get();
  *keep = DynamicPartitionPruning().Rewrite(std::move(join));
  return {raw, fact};
}

TEST(DynamicPartitionPruningTest, InnerJoinOnPartitionKeyWithFilteredBuildGetsARuntimeFilter) {
  auto fact = Get(std::make_shared<PartitionedSource>());
  LogicalGet* f = fact.get();
  LogicalOperatorPtr plan;
  Planned p = Optimize(Join(std::move(fact), Dimension(true), JoinType::kInner), f, &plan);
  ASSERT_EQ(p.fact->runtime_filters.size(), 1u);
  EXPECT_EQ(p.fact->runtime_filters[0].key_index, 0u);
  EXPECT_EQ(p.fact->runtime_filters[0].probe_key->kind, BoundExpressionKind::kColumnRef);
  EXPECT_EQ(p.fact->runtime_filters[0].probe_key->index, 0u);
  ASSERT_EQ(p.join->runtime_filters.size(), 1u);
  EXPECT_EQ(p.join->runtime_filters[0].first, p.fact->runtime_filters[0].id);
  EXPECT_TRUE(p.fact->dynamic_pruning_notes.empty());
}

// Spark plans DPP only after a filter its isLikelySelective counts (PartitionPruning's
// hasSelectivePredicate). floe prunes after a boolean column too, and says Spark would
// not; after IS NOT NULL alone it does not prune, and says why.
TEST(DynamicPartitionPruningTest, FiltersSparkDoesNotCountAsSelective) {
  struct Case {
    DimensionFilter filter;
    size_t runtime_filters;
    const char* note;
  };
  const Case cases[] = {
      {DimensionFilter::kBooleanColumn, 1,
       "applied where Spark would not plan it: the other side's filters are not likely selective"},
      {DimensionFilter::kIsNotNull, 0, "not applied: the other side's only filter is IS NOT NULL"}};
  for (const Case& c : cases) {
    auto fact = Get(std::make_shared<PartitionedSource>());
    LogicalGet* f = fact.get();
    LogicalOperatorPtr plan;
    Planned p = Optimize(Join(std::move(fact), Dimension(c.filter), JoinType::kInner), f, &plan);
    EXPECT_EQ(p.fact->runtime_filters.size(), c.runtime_filters) << c.note;
    ASSERT_EQ(p.fact->dynamic_pruning_notes.size(), 1u) << c.note;
    EXPECT_NE(p.fact->dynamic_pruning_notes[0].find(c.note), std::string::npos) << p.fact->dynamic_pruning_notes[0];
  }
}

TEST(DynamicPartitionPruningTest, PreservedSideOfLeftJoinIsNotPrunedAndSaysWhy) {
  auto fact = Get(std::make_shared<PartitionedSource>());
  LogicalGet* f = fact.get();
  LogicalOperatorPtr plan;
  Planned p = Optimize(Join(std::move(fact), Dimension(true), JoinType::kLeft), f, &plan);
  EXPECT_TRUE(p.fact->runtime_filters.empty());
  EXPECT_TRUE(p.join->runtime_filters.empty());
  ASSERT_EQ(p.fact->dynamic_pruning_notes.size(), 1u);
  EXPECT_NE(p.fact->dynamic_pruning_notes[0].find("preserved side"), std::string::npos);
}

TEST(DynamicPartitionPruningTest, AntiJoinAndUnfilteredBuildAreNotPruned) {
  for (int c = 0; c < 2; ++c) {
    auto fact = Get(std::make_shared<PartitionedSource>());
    LogicalGet* f = fact.get();
    LogicalOperatorPtr plan;
    Planned p = c == 0 ? Optimize(Join(std::move(fact), Dimension(true), JoinType::kAnti), f, &plan)
                       : Optimize(Join(std::move(fact), Dimension(false), JoinType::kInner), f, &plan);
    EXPECT_TRUE(p.fact->runtime_filters.empty()) << c;
    EXPECT_TRUE(p.join->runtime_filters.empty()) << c;
  }
}

// A key that is no partition column still prunes data files and row groups by their
// bounds (floe's own; Spark's DPP does not), and the plan says it is not partitions.
TEST(DynamicPartitionPruningTest, NonPartitionKeyPrunesDataAndSaysSo) {
  auto fact = Get(std::make_shared<PartitionedSource>());
  LogicalGet* f = fact.get();
  LogicalOperatorPtr plan;
  Planned p = Optimize(Join(std::move(fact), Dimension(true), JoinType::kInner, 1), f, &plan);
  ASSERT_EQ(p.fact->runtime_filters.size(), 1u);
  ASSERT_EQ(p.join->runtime_filters.size(), 1u);
  ASSERT_EQ(p.fact->dynamic_pruning_notes.size(), 1u);
  EXPECT_NE(p.fact->dynamic_pruning_notes[0].find("applied to data files, row groups and pages by their bounds, not to "
                                                  "partitions"),
            std::string::npos)
      << p.fact->dynamic_pruning_notes[0];
}

TEST(DynamicPartitionPruningTest, KeyTracesThroughAProjectionWithACast) {
  auto fact = Get(std::make_shared<PartitionedSource>());
  LogicalGet* f = fact.get();
  auto projection = std::make_unique<LogicalProjection>();
  auto cast = std::make_unique<BoundExpression>();
  cast->kind = BoundExpressionKind::kCast;
  cast->type = TypeId::kInt64;
  cast->text = "CAST(date_id AS BIGINT)";
  cast->children.push_back(BoundExpression::ColumnRef(0, TypeId::kInt32, "date_id"));
  projection->expressions.push_back(std::move(cast));
  projection->names = {"k"};
  projection->types = {TypeId::kInt64};
  projection->children.push_back(std::move(fact));
  LogicalOperatorPtr plan;
  Planned p = Optimize(Join(std::move(projection), Dimension(true), JoinType::kInner), f, &plan);
  ASSERT_EQ(p.fact->runtime_filters.size(), 1u);
  const BoundExpression& key = *p.fact->runtime_filters[0].probe_key;
  EXPECT_EQ(key.kind, BoundExpressionKind::kCast);
  EXPECT_EQ(key.children[0]->index, 0u);
}

TEST(DynamicPartitionPruningTest, OnlySourcesThatPruneAtRunTimeTakeRuntimeFilters) {
  auto source = std::make_shared<PartitionedSource>();
  source->scan_name_ = "Scan";  // a source that chose its files before the join built
  auto fact = Get(source);
  LogicalGet* f = fact.get();
  LogicalOperatorPtr plan;
  Planned p = Optimize(Join(std::move(fact), Dimension(true), JoinType::kInner), f, &plan);
  EXPECT_TRUE(p.fact->runtime_filters.empty());
  ASSERT_EQ(p.fact->dynamic_pruning_notes.size(), 1u);
  EXPECT_EQ(p.fact->dynamic_pruning_notes[0], "dynamic pruning on date_id not applied: fact has no partitions");
}

}  // namespace
}  // namespace floe
