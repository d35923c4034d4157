#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "planner/bind_scope.h"
#include "planner/binder_context.h"
#include "planner/bound_window_function.h"
#include "planner/logical_join.h"
#include "planner/logical_generate.h"
#include "planner/logical_operator.h"
#include "sql/ast_dml.h"
#include "sql/ast_query.h"
#include "sql/ast_statement.h"
#include "sql/ast_utility.h"

namespace floe {

/// A bound query: its logical plan and its output column names.
struct BoundQuery {
  LogicalOperatorPtr plan;
  std::vector<std::string> names;
};

/// Groups and aggregates collected while binding an aggregating SELECT.
struct AggregationState {
  std::vector<BoundExpressionPtr> groups;
  std::vector<std::string> group_keys;
  std::vector<BoundAggregate> aggregates;
  std::vector<std::string> aggregate_keys;
  std::vector<std::vector<size_t>> grouping_sets;
  const BindScope* input_scope = nullptr;
};

/// Window-function columns are bound before the width of the layer below them is known:
/// they get indexes from this base and are renumbered once it is.
constexpr size_t kWindowIndexBase = size_t{1} << 30;

/// grouping() / grouping_id() read the aggregate's grouping-id column, whose index (after
/// every aggregate) is known only once the whole SELECT is bound: it is renumbered then.
constexpr size_t kGroupingIdIndex = size_t{1} << 29;

/// Window functions collected while binding a SELECT; their columns follow the columns
/// of the layer below them (see kWindowIndexBase).
struct WindowState {
  std::vector<BoundWindowFunction> functions;
};

/// The parts of a window after named windows are resolved: pointers into the AST.
struct ResolvedWindowSpec {
  const std::vector<ExpressionPtr>* partitions = nullptr;
  const std::vector<OrderByItem>* order_by = nullptr;
  const WindowFrame* frame = nullptr;
};

/// A correlated scalar subquery turned into a LEFT JOIN with its aggregate grouped by
/// the correlation keys; applied to the plan after the clause is bound.
struct PendingJoin {
  LogicalOperatorPtr right;
  std::vector<BoundExpressionPtr> left_keys;   // over the current plan's columns
  std::vector<BoundExpressionPtr> right_keys;  // over right's columns
};

/// A SELECT being bound clause by clause (bind_select.cc runs the clauses in order, each
/// in a file named for it, then assembles the plan).
struct SelectBinding {
  /// The FROM clause's columns (with the enclosing query's, in a subquery).
  BindScope scope;
  /// FROM, then WHERE; the aggregate, window, projection and sort go on top of it.
  LogicalOperatorPtr plan;
  /// True with GROUP BY or HAVING or an aggregate function in SELECT or ORDER BY.
  bool aggregate = false;
  AggregationState aggregation;
  WindowState windows;
  /// Correlated scalar subqueries of the SELECT list and ORDER BY, joined in before the
  /// aggregate; their columns start at pending_base.
  std::vector<PendingJoin> pending;
  size_t pending_base = 0;
  std::vector<BoundExpressionPtr> select_exprs;
  std::vector<std::string> select_names;
  /// Every select item by its name, for HAVING, QUALIFY and ORDER BY.
  std::vector<std::pair<std::string, const BoundExpression*>> aliases;
  BoundExpressionPtr having;
  BoundExpressionPtr qualify;
  std::vector<BoundOrder> orders;
  /// ORDER BY keys outside the select list: projected after it, dropped after the sort.
  std::vector<BoundExpressionPtr> hidden;
  /// The width of the plan below the window operator: window columns start there.
  size_t window_base = 0;
};

/// How an expression is bound: against which columns, and what it may contain.
/// A lambda's parameter in scope while its body is bound: x in `x -> x + 1`.
struct LambdaVariable {
  std::string name;
  size_t slot = 0;
  LogicalType type;
};

struct ExpressionBinding {
  const BindScope* scope = nullptr;
  /// The parameters of the lambdas being bound, innermost last; they hide columns.
  std::vector<LambdaVariable> lambdas;
  AggregationState* aggregation = nullptr;  // non-null: aggregate mode
  WindowState* windows = nullptr;           // non-null: window functions allowed
  const char* clause = "";                  // for messages: "WHERE", "GROUP BY", ...
  /// Select-list aliases that ORDER BY / HAVING may use, with their bound expressions.
  const std::vector<std::pair<std::string, const BoundExpression*>>* aliases = nullptr;
  /// Non-null inside a correlated subquery: outer references become kParameter nodes.
  const BindScope* outer = nullptr;
  /// Non-null where correlated scalar subqueries may become joins (WHERE, SELECT).
  std::vector<PendingJoin>* pending_joins = nullptr;
  /// Width of the plan the pending joins will extend.
  size_t pending_base = 0;
};

/// Throws NotImplementedError when an aggregate other than count and collect_* takes a
/// struct, array or map value (their states keep fixed-width values and strings only).
void RejectNestedArguments(const std::string& name, const std::vector<LogicalType>& types, bool distinct);

/// Throws BinderError when a value of `type` cannot be compared (it holds a map), as Spark
/// refuses maps in GROUP BY, ORDER BY, DISTINCT, PARTITION BY and set operations.
void RejectUnorderable(const LogicalType& type, const std::string& where, const std::string& text);

/// Turns the AST of a query into a typed logical plan: resolves names, functions and
/// types, expands `*`, plans aggregation, windows, subqueries and set operations.
class Binder {
 public:
  explicit Binder(BinderContext& context, const Binder* parent = nullptr);

  /// Binds a query (SELECT, set operation, VALUES).
  BoundQuery BindQuery(const QueryNode& node);
  /// Binds INSERT INTO / OVERWRITE: its query, cast to the target's columns as the column
  /// list, BY NAME and PARTITION clause place them, under a LogicalInsert (bind_insert.cc).
  LogicalOperatorPtr BindInsert(const InsertStatement& statement);
  /// Binds DELETE FROM: its condition over the target's columns, under a LogicalDelete
  /// (bind_delete.cc).
  LogicalOperatorPtr BindDelete(const DeleteStatement& statement);
  /// Binds UPDATE: the target's rows the WHERE selects with their new values, written
  /// into its RowChangeTarget (bind_row_change.cc).
  LogicalOperatorPtr BindUpdate(const UpdateStatement& statement);
  /// Binds MERGE INTO: the target joined with the source, each row's clause and values,
  /// written into the target's RowChangeTarget (bind_row_change.cc).
  LogicalOperatorPtr BindMerge(const MergeStatement& statement);
  /// Binds a DELETE whose condition holds subqueries as a query of the rows it deletes,
  /// written into the target's RowChangeTarget (bind_row_change.cc).
  LogicalOperatorPtr BindDeleteRows(const DeleteStatement& statement);
  /// Binds COPY ... TO: its query (or table) under a LogicalCopyToFile (bind_copy.cc).
  LogicalOperatorPtr BindCopy(const CopyStatement& statement);
  /// Binds an expression against the given columns (for DML conditions).
  BoundExpressionPtr BindExpression(const ParsedExpression& expr, const BindScope& scope,
                                    const char* clause);
  /// Returns an expression cast to `type` (a no-op when it already has it).
  static BoundExpressionPtr AddCast(BoundExpressionPtr expr, const LogicalType& type,
                                    bool try_cast = false);
  /// Makes the two keys of a join equality one type. `a = b` compares decimals of two
  /// scales as they are, but a hash join hashes and matches keys by their stored digits,
  /// so DECIMAL(10,2) 1.50 would never meet DECIMAL(12,4) 1.5000: both are cast to their
  /// common type (Spark's DecimalPrecision widening), a try_cast where that type cannot
  /// hold every value of a side (such a value equals nothing on the other side, and a NULL
  /// key matches nothing).
  static void AlignJoinKeys(BoundExpressionPtr& left, BoundExpressionPtr& right);
  /// Returns `expr` cast to column `column` of `table`'s type as Spark's ANSI store
  /// assignment allows (an INSERT's value, an UPDATE's SET): BinderError when it may not be.
  static BoundExpressionPtr StoreAssign(BoundExpressionPtr expr, const LogicalType& type, const std::string& column,
                                        const std::string& table);
  /// Returns the structural key of an expression (same key = same value).
  static std::string ExpressionKey(const BoundExpression& expr);

  BinderContext& context() { return context_; }

 private:
  // Queries and set operations (binder.cc).
  BoundQuery BindSetOperation(const SetOperationNode& node);
  const CommonTableExpression* FindCte(const std::string& name) const;
  /// Returns the id of a new subquery of the statement (binding order).
  int NextSubqueryId() { return ++*subquery_ids_; }

  // SELECT: bind_select.cc runs the clauses in order and assembles the plan.
  BoundQuery BindSelect(const SelectNode& node);
  /// WINDOW: every named window must resolve, used or not (bind_window.cc).
  void BindWindowClause(const SelectNode& node);
  /// FROM: the table references, or one empty row (bind_table_ref.cc).
  void BindFrom(const SelectNode& node, SelectBinding& select);
  /// Reads a SELECT's hints (Spark's ResolveHints): join strategy hints are kept to mark the
  /// relations they name as BindFrom binds them (bind_hints.cc); the others are accepted or
  /// warned about. Returns the strategy of a hint that names no relation (it marks the
  /// SELECT's whole result), or "".
  std::pair<std::string, std::string> ReadHints(const SelectNode& node);
  /// Marks `plan`, the relation FROM names `name`, with the join strategy hint naming it.
  void MarkHintedRelation(const std::string& name, LogicalOperator& plan);
  /// Warns of the join strategy hints that named no relation of the FROM clause.
  void WarnUnmatchedHints();
  /// WHERE: [NOT] IN / EXISTS conjuncts become semi / anti joins, the rest a filter (bind_where.cc).
  void BindWhere(const SelectNode& node, SelectBinding& select);
  void BindWhereCondition(const ParsedExpression& where, SelectBinding& select);
  /// GROUP BY: whether the SELECT aggregates, and its group keys (bind_group_by.cc).
  void BindGroupBy(const SelectNode& node, SelectBinding& select);
  /// SELECT list: items, `*` expanded, lateral aliases (bind_select_list.cc).
  void BindSelectList(const SelectNode& node, SelectBinding& select);
  void ExpandStar(const StarExpression& star, SelectBinding& select);
  /// Binds a SELECT item or an ORDER BY key (aggregates, windows and aliases allowed).
  BoundExpressionPtr BindSelectItem(const ParsedExpression& item, const char* clause, SelectBinding& select,
                                    const std::vector<std::pair<std::string, const BoundExpression*>>* aliases);
  /// HAVING (bind_having.cc).
  void BindHaving(const SelectNode& node, SelectBinding& select);
  /// QUALIFY: a filter on window functions (bind_qualify.cc).
  void BindQualify(const SelectNode& node, SelectBinding& select);
  /// ORDER BY: select items by ordinal, alias or expression, else hidden columns (bind_order_by.cc).
  void BindOrderBy(const SelectNode& node, SelectBinding& select);
  // The plan, bottom up: Aggregate -> Filter(HAVING) -> Window -> Filter(QUALIFY) ->
  // Project -> Distinct -> Sort -> Limit -> Project (without the hidden columns).
  void PlanAggregate(SelectBinding& select);     // bind_group_by.cc
  void PlanHaving(SelectBinding& select);        // bind_having.cc
  void PlanWindow(SelectBinding& select);        // bind_window.cc
  void PlanQualify(SelectBinding& select);       // bind_qualify.cc
  void PlanProjection(const SelectNode& node, SelectBinding& select);  // bind_select_list.cc
  /// Renumbers the window columns of an expression bound before the window's input width was known.
  static void RenumberWindowColumns(BoundExpression& expr, size_t window_base);
  BoundQuery PlanOrderBy(SelectBinding& select);  // bind_order_by.cc
  /// LIMIT / OFFSET (bind_limit.cc).
  void BindLimit(const QueryNode& node, BoundQuery& query);
  int64_t BindLimitValue(const ParsedExpression& expr, const char* clause);

  /// The scan of an UPDATE's or DELETE's target under `alias`, filtered by `where` (null:
  /// none; subqueries become joins); `scope` gets the target's columns, `conflict` the
  /// conjuncts over them alone (bind_row_change.cc).
  LogicalOperatorPtr BindRowChangeScan(const RowChangeTarget& target, const std::string& alias,
                                       const ParsedExpression* where, const char* statement, BindScope* scope,
                                       std::vector<BoundExpressionPtr>* conflict);
  /// Returns `value` as an assignment stores it into a column or field of `type` (named
  /// `text`): StoreAssign, a struct's fields matched by name at any depth, inside arrays and
  /// maps too (bind_row_change.cc). `lambda_depth`: the lambdas `value` is inside of.
  BoundExpressionPtr AssignByName(BoundExpressionPtr value, const LogicalType& type, const std::string& text,
                                  const std::string& table, size_t lambda_depth = 0);
  /// UPDATE SET / MERGE UPDATE SET: replaces the values of the columns the clauses assign
  /// (whole, or some of a struct's fields) in `values` (the row's columns as they are),
  /// bound over `scope` (bind_row_change.cc).
  void BindSetClauses(const std::vector<SetClause>& sets, const RowChangeTarget& target, const std::string& alias,
                      const BindScope& scope, const char* clause, bool allow_subqueries,
                      std::vector<BoundExpressionPtr>* values);

  // FROM (bind_table_ref.cc).
  LogicalOperatorPtr BindTableRef(const TableRef& ref, BindScope* scope);
  LogicalOperatorPtr BindBaseTable(const BaseTableRef& ref, BindScope* scope);
  LogicalOperatorPtr BindJoin(const JoinRef& ref, BindScope* scope);
  /// Binds a join's ON condition over (left ++ right) columns into `join`'s keys and residual.
  void BindJoinCondition(const ParsedExpression& condition, const BindScope& combined, size_t left_width,
                         LogicalJoin& join);
  /// Reads `source` under `alias`: a LogicalGet of every column, in `scope`.
  LogicalOperatorPtr BindSource(std::shared_ptr<TableSource> source, const std::string& alias,
                                const std::vector<std::string>& column_aliases, const std::string& display_name,
                                BindScope* scope);
  LogicalOperatorPtr BindValues(const ValuesRef& ref, BindScope* scope);
  LogicalOperatorPtr BindLateralView(const LateralViewRef& ref, BindScope* scope);
  // Returns a Generate of the generator call `fn` (explode, posexplode, inline and their
  // _outer forms; `outer` also from LATERAL VIEW OUTER) over `input`, its argument bound in
  // `binding`; nullptr when fn is no generator.
  std::unique_ptr<LogicalGenerate> MakeGenerate(const FunctionExpression& fn, bool outer, ExpressionBinding& binding,
                                                LogicalOperatorPtr& input);
  LogicalOperatorPtr BindTableFunction(const TableFunctionRef& ref, BindScope* scope);
  LogicalOperatorPtr BindDerived(BoundQuery query, const std::string& alias,
                                 const std::vector<std::string>& column_aliases, BindScope* scope);

  // Expressions (bind_expression.cc).
  BoundExpressionPtr Bind(const ParsedExpression& expr, ExpressionBinding& binding);
  BoundExpressionPtr BindColumnRef(const ColumnRefExpression& expr, ExpressionBinding& binding);
  // Returns field `field` of a struct expression (case-insensitive, as Spark resolves it).
  // Binds transform, filter, exists, forall, aggregate and zip_with with their lambdas.
  BoundExpressionPtr BindHigherOrder(const FunctionExpression& fn, ExpressionBinding& binding);
  // Binds a lambda's body with its parameters of these types in slots after the ones in scope.
  BoundExpressionPtr BindLambda(const ParsedExpression& lambda, const std::vector<LogicalType>& types,
                                ExpressionBinding& binding, size_t* slot);
  BoundExpressionPtr BindStructField(BoundExpressionPtr base, const std::string& field, const std::string& text);
  BoundExpressionPtr BindConstant(const ConstantExpression& expr);
  BoundExpressionPtr BindFunction(const FunctionExpression& expr, ExpressionBinding& binding);
  BoundExpressionPtr BindSpecialFunction(const FunctionExpression& expr, ExpressionBinding& binding,
                                         bool* handled);
  BoundExpressionPtr BindBinary(const BinaryExpression& expr, ExpressionBinding& binding);
  BoundExpressionPtr BindCase(const CaseExpression& expr, ExpressionBinding& binding);
  BoundExpressionPtr BindSubquery(const SubqueryExpression& expr, ExpressionBinding& binding);
  BoundExpressionPtr MakeFunction(const std::string& name, std::vector<BoundExpressionPtr> args,
                                  const std::string& text);
  /// Returns the value of an expression known before the query runs (a literal, or
  /// IsFoldable: no column, subquery or non-deterministic call), evaluated through the
  /// session, as Spark's analyzer evaluates a foldable argument; nothing when it is not
  /// foldable or fails (it then raises where it runs). For the few arguments that decide a
  /// call's binding; the optimizer folds the rest.
  std::optional<Value> FoldableValue(const BoundExpression& expr);
  BoundExpressionPtr MakeComparison(const std::string& op, BoundExpressionPtr left,
                                    BoundExpressionPtr right, const std::string& text);

  // Aggregate calls (bind_aggregate.cc).
  bool IsAggregateFunction(const FunctionExpression& expr) const;
  bool ContainsAggregate(const ParsedExpression& expr) const;
  bool ContainsWindow(const ParsedExpression& expr) const;
  BoundExpressionPtr BindAggregateCall(const FunctionExpression& expr, ExpressionBinding& binding);
  /// Throws for a WITHIN GROUP clause, which no function of floe's takes yet.
  static void RejectWithinGroup(const FunctionExpression& fn);
  /// Turns first(x) IGNORE NULLS into first(x, true); other aggregates have no such option.
  static void ApplyIgnoreNulls(const FunctionExpression& fn, const std::string& name,
                               std::vector<BoundExpressionPtr>& args, std::vector<LogicalType>& types);
  BoundExpressionPtr BindGroupingCall(const FunctionExpression& expr, ExpressionBinding& binding);
  /// Completes and checks bloom_filter_agg's sizes as Spark's BloomFilterAggregate does.
  void BindBloomFilterAggSizes(const FunctionExpression& fn, std::vector<BoundExpressionPtr>& args,
                               std::vector<LogicalType>& types);

  // Window calls (bind_window.cc).
  BoundExpressionPtr BindWindowCall(const FunctionExpression& expr, ExpressionBinding& binding);
  /// Sets the frame of `w` (its orders bound), checking its bounds against each other and the key.
  void BindWindowFrame(const WindowFrame& frame, BoundWindowFunction& w);
  BoundFrameBound BindFrameBound(const FrameBound& bound, const BoundWindowFunction& w);
  /// Binds row_number, rank, ..., lag / lead, first_value / last_value / nth_value.
  void BindRankingCall(const FunctionExpression& fn, const std::string& name, ExpressionBinding& inner,
                       BoundWindowFunction& w);
  /// Binds an aggregate function over a window.
  void BindWindowAggregate(const FunctionExpression& fn, const std::string& name, const AggregateBinder& binder,
                           ExpressionBinding& inner, BoundWindowFunction& w);
  ResolvedWindowSpec ResolveWindowSpec(const WindowSpec& spec, size_t depth = 0) const;

  // Subqueries (bind_subquery.cc): uncorrelated ones in expressions are BoundSubquery
  // nodes, run when the plan runs; those in WHERE conjuncts joins.
  bool TryBindSubqueryConjunct(const ParsedExpression& conjunct, LogicalOperatorPtr* plan,
                               const BindScope& scope);
  void BindInKeys(const SubqueryExpression& sub, const BindScope& scope,
                  std::vector<BoundExpressionPtr>& right_keys, size_t left_width, LogicalJoin& join,
                  std::vector<BoundExpressionPtr>& residuals);
  /// A correlated scalar subquery as a left join with its aggregate grouped by the
  /// correlation keys; with `exists`, the count of an EXISTS subquery's rows.
  BoundExpressionPtr BindCorrelatedScalar(const SubqueryExpression& expr, ExpressionBinding& binding,
                                          bool exists = false);
  static void ApplyPendingJoins(std::vector<PendingJoin>& pending, LogicalOperatorPtr* plan);

  BinderContext& context_;
  const Binder* parent_;
  /// The last subquery id given in the statement, shared by nested binders.
  std::shared_ptr<int> subquery_ids_;
  std::map<std::string, const CommonTableExpression*> ctes_;
  std::vector<std::string> binding_views_;  // views being expanded, to stop recursion
  // The join strategy hints of the SELECT being bound: the relation name each names
  // (lower case), its strategy, the hint as written, and whether a relation matched it.
  struct JoinHint {
    std::string relation;
    std::string strategy;
    std::string text;
    bool matched = false;
  };
  std::vector<JoinHint> join_hints_;
  /// The WINDOW clause of the SELECT being bound (OVER w refers to it).
  const std::vector<NamedWindow>* named_windows_ = nullptr;
  /// The enclosing query's columns when binding a subquery (correlated references).
  const BindScope* outer_scope_ = nullptr;
  /// Set when a column resolved to the enclosing query.
  bool correlated_ = false;
};

/// Returns true for grouping() and grouping_id(), which read the grouping set of a row.
bool IsGroupingFunction(const std::string& lower_name);

/// Returns true when a subquery appears anywhere in `expr`.
bool ContainsSubquery(const ParsedExpression& expr);

/// Splits an AND tree into its conjuncts.
void SplitConjuncts(const ParsedExpression& expr, std::vector<const ParsedExpression*>* out);

/// Returns true for an integer literal (a GROUP BY or ORDER BY ordinal), with its value.
bool IsIntegerLiteral(const ParsedExpression& e, int64_t* value);

}  // namespace floe
