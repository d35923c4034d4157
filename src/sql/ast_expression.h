#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sql/parsed_type.h"
#include "sql/source_position.h"

namespace floe {

struct QueryNode;

/// Names the kind of a ParsedExpression; each kind has one struct below.
enum class ExpressionKind : uint8_t {
  kColumnRef,  // ColumnRefExpression: a, t.a, ns.t.a
  kStar,       // StarExpression: *, t.*
  kConstant,   // ConstantExpression: 42, 'x', DATE '2026-01-15', INTERVAL '1' DAY, NULL
  kFunction,   // FunctionExpression: f(args) [FILTER (WHERE ..)] [OVER (..)]
  kUnary,      // UnaryExpression: -a, NOT a, ~a
  kBinary,     // BinaryExpression: a + b, a = b, a AND b, a || b, a <=> b
  kIs,         // IsExpression: a IS [NOT] NULL | TRUE | FALSE | UNKNOWN
  kBetween,    // BetweenExpression: a [NOT] BETWEEN b AND c
  kInList,     // InListExpression: a [NOT] IN (1, 2)
  kLike,       // LikeExpression: a [NOT] LIKE|ILIKE|RLIKE|REGEXP b [ESCAPE c]
  kSubquery,   // SubqueryExpression: (SELECT ..), EXISTS (..), a [NOT] IN (SELECT ..)
  kCase,       // CaseExpression: CASE [x] WHEN .. THEN .. [ELSE ..] END
  kCast,       // CastExpression: CAST(a AS t), TRY_CAST(a AS t), a::t
  kSubscript,  // SubscriptExpression: a[i], m['k']
  kLambda,     // LambdaExpression: x -> x + 1, (x, y) -> x + y
};

/// Base of every expression node: a kind, a position, and an optional alias (`AS name`).
struct ParsedExpression {
  explicit ParsedExpression(ExpressionKind k) : kind(k) {}
  virtual ~ParsedExpression();
  ParsedExpression(const ParsedExpression&) = delete;
  ParsedExpression& operator=(const ParsedExpression&) = delete;

  /// Returns the expression as Spark names an unaliased column: `(a + b)`, `count(1)`.
  virtual std::string ToString() const = 0;

  /// Returns this node as its concrete struct; the caller has checked `kind`.
  template <class T>
  T& As() {
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& As() const {
    return static_cast<const T&>(*this);
  }

  ExpressionKind kind;
  SourcePosition position;
  /// Holds the alias given in a select list or a struct/named argument, else empty.
  std::string alias;
};

using ExpressionPtr = std::unique_ptr<ParsedExpression>;

/// A column reference, maybe qualified: `a`, `t.a`, `ns.t.a` (or a struct field path).
struct ColumnRefExpression : ParsedExpression {
  ColumnRefExpression() : ParsedExpression(ExpressionKind::kColumnRef) {}
  std::string ToString() const override;
  /// Returns every part joined with dots: `t.a`.
  std::string FullName() const;
  /// Returns the last part, the column name.
  const std::string& column_name() const { return names.back(); }

  std::vector<std::string> names;
};

/// `*` or `t.*` (qualifier holds `t`).
struct StarExpression : ParsedExpression {
  StarExpression() : ParsedExpression(ExpressionKind::kStar) {}
  std::string ToString() const override;

  std::vector<std::string> qualifier;
};

/// Names the kind of a literal; the binder picks the exact type.
enum class LiteralKind : uint8_t {
  kNull,
  kBoolean,       // text "true" / "false"
  kInteger,       // 42 without suffix: INT, BIGINT or DECIMAL by size (Spark's rule)
  kBigint,        // 42L
  kSmallint,      // 42S
  kTinyint,       // 42Y
  kDecimal,       // 4.2 or 4.2BD (text without the suffix)
  kDouble,        // 1e3 or 1.5D
  kFloat,         // 1.5F
  kString,        // 'x' (text holds the unescaped content)
  kBinary,        // X'0A' (text holds the hex digits)
  kDate,          // DATE '2026-01-15' (text holds the string)
  kTimestamp,     // TIMESTAMP '...' / TIMESTAMP_LTZ '...'
  kTimestampNtz,  // TIMESTAMP_NTZ '...'
  kInterval,      // INTERVAL ...: see interval_fields
};

/// One `value unit [TO unit]` part of an interval literal: INTERVAL '1' DAY, INTERVAL 2 HOURS.
struct IntervalField {
  /// Holds the value as written, unquoted: "1", "-2", "1 2", "1 day 2 hours".
  std::string value;
  /// Holds the unit upper-cased and singular (DAY, HOUR, ...), empty for INTERVAL 'text'.
  std::string unit;
  /// Holds the end unit of `DAY TO HOUR` forms, else empty.
  std::string to_unit;
  /// Holds whether the value was a quoted string.
  bool quoted = true;
};

/// A literal: the kind plus its text as written (numbers keep a leading '-' folded in).
struct ConstantExpression : ParsedExpression {
  ConstantExpression() : ParsedExpression(ExpressionKind::kConstant) {}
  std::string ToString() const override;

  LiteralKind literal_kind = LiteralKind::kNull;
  std::string text;
  /// Holds the parts of an INTERVAL literal.
  std::vector<IntervalField> interval_fields;
};

/// ORDER BY direction as written; kDefault means ascending.
enum class OrderDirection : uint8_t { kDefault, kAscending, kDescending };
/// NULLS FIRST / LAST as written; kDefault means Spark's (first for ASC, last for DESC).
enum class NullOrder : uint8_t { kDefault, kNullsFirst, kNullsLast };

/// One ORDER BY key.
struct OrderByItem {
  ExpressionPtr expression;
  OrderDirection direction = OrderDirection::kDefault;
  NullOrder null_order = NullOrder::kDefault;

  bool descending() const { return direction == OrderDirection::kDescending; }
  /// Returns whether NULLs sort first, resolving the default as Spark does.
  bool nulls_first() const {
    return null_order == NullOrder::kDefault ? !descending() : null_order == NullOrder::kNullsFirst;
  }
  /// Returns the key as Spark prints a SortOrder: `a ASC NULLS FIRST`.
  std::string ToString() const;
};

/// ROWS or RANGE.
enum class FrameUnit : uint8_t { kRows, kRange };
/// Names a frame boundary.
enum class FrameBoundKind : uint8_t {
  kUnboundedPreceding,
  kPreceding,  // <offset> PRECEDING
  kCurrentRow,
  kFollowing,  // <offset> FOLLOWING
  kUnboundedFollowing,
};

/// One end of a window frame.
struct FrameBound {
  FrameBoundKind kind = FrameBoundKind::kCurrentRow;
  ExpressionPtr offset;
  std::string ToString() const;
};

/// ROWS|RANGE BETWEEN start AND end (`ROWS start` means end = CURRENT ROW).
struct WindowFrame {
  FrameUnit unit = FrameUnit::kRows;
  FrameBound start;
  FrameBound end;
  std::string ToString() const;
};

/// OVER (...) or OVER name.
struct WindowSpec {
  /// Holds the referenced named window (`OVER w` or `OVER (w ORDER BY ..)`), else empty.
  std::string base_name;
  std::vector<ExpressionPtr> partitions;
  std::vector<OrderByItem> order_by;
  /// Holds the frame when written, else null (the binder applies Spark's default).
  std::unique_ptr<WindowFrame> frame;
  SourcePosition position;
  /// Set by the binder when base_name resolves through the WINDOW clause: the parts in
  /// effect, so the spec prints (and names its column) as Spark's resolved one does.
  mutable const std::vector<ExpressionPtr>* resolved_partitions = nullptr;
  mutable const std::vector<OrderByItem>* resolved_order_by = nullptr;
  mutable const WindowFrame* resolved_frame = nullptr;
  /// Returns the spec as Spark prints it, without the surrounding `OVER (`..`)`.
  std::string ToString() const;
  /// Returns true once the binder has resolved base_name (or when there is none).
  bool Resolved() const { return base_name.empty() || resolved_partitions != nullptr; }
  const std::vector<ExpressionPtr>& EffectivePartitions() const {
    return resolved_partitions ? *resolved_partitions : partitions;
  }
  const std::vector<OrderByItem>& EffectiveOrderBy() const {
    return resolved_order_by ? *resolved_order_by : order_by;
  }
  const WindowFrame* EffectiveFrame() const { return resolved_partitions ? resolved_frame : frame.get(); }
};

/// A function call: `f(a, b)`, `count(*)`, `count(DISTINCT a)`, `f(x => 1)`,
/// with FILTER (WHERE ..), IGNORE NULLS and OVER (..) attached.
struct FunctionExpression : ParsedExpression {
  FunctionExpression() : ParsedExpression(ExpressionKind::kFunction) {}
  ~FunctionExpression() override;
  std::string ToString() const override;

  /// Holds the function name as written (the last part when qualified).
  std::string name;
  /// Holds leading qualifiers of `catalog.db.f(..)`, usually empty.
  std::vector<std::string> qualifiers;
  std::vector<ExpressionPtr> args;
  /// Holds the names of `name => value` arguments, parallel to args ("" when positional).
  std::vector<std::string> arg_names;
  bool distinct = false;
  /// Holds whether the call was `f(*)`, as in count(*); args is then empty.
  bool is_star = false;
  /// Holds false for the paren-less forms current_date, current_timestamp, ...
  bool has_parens = true;
  /// Holds whether IGNORE NULLS was written (inside or after the argument list).
  bool ignore_nulls = false;
  /// Holds WITHIN GROUP (ORDER BY ..) keys, as in percentile_cont(0.5) WITHIN GROUP (..).
  std::vector<OrderByItem> within_group;
  ExpressionPtr filter;
  std::unique_ptr<WindowSpec> window;
};

/// Names a unary operator.
enum class UnaryOp : uint8_t { kNegate, kPlus, kNot, kBitwiseNot };

/// -a, +a, NOT a, ~a.
struct UnaryExpression : ParsedExpression {
  UnaryExpression() : ParsedExpression(ExpressionKind::kUnary) {}
  std::string ToString() const override;

  UnaryOp op = UnaryOp::kNot;
  ExpressionPtr child;
};

/// Names a binary operator. `IS NOT DISTINCT FROM` parses as kNullSafeEqual and
/// `IS DISTINCT FROM` as NOT over it, as Spark does.
enum class BinaryOp : uint8_t {
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,
  kModulo,
  kIntegerDivide,  // DIV
  kConcat,         // ||
  kEqual,
  kNotEqual,
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kNullSafeEqual,
  kAnd,
  kOr,
  kBitwiseAnd,
  kBitwiseOr,
  kBitwiseXor,
  kShiftLeft,
  kShiftRight,
  kShiftRightUnsigned,
};

/// Returns the operator as written in SQL ("+", "AND", "<=>", ...).
const char* BinaryOpToString(BinaryOp op);

/// left op right.
struct BinaryExpression : ParsedExpression {
  BinaryExpression() : ParsedExpression(ExpressionKind::kBinary) {}
  std::string ToString() const override;

  BinaryOp op = BinaryOp::kAdd;
  ExpressionPtr left;
  ExpressionPtr right;
};

/// Names what an IS test compares against.
enum class IsKind : uint8_t { kNull, kTrue, kFalse, kUnknown };

/// child IS [NOT] NULL | TRUE | FALSE | UNKNOWN.
struct IsExpression : ParsedExpression {
  IsExpression() : ParsedExpression(ExpressionKind::kIs) {}
  std::string ToString() const override;

  IsKind is_kind = IsKind::kNull;
  bool negated = false;
  ExpressionPtr child;
};

/// input [NOT] BETWEEN lower AND upper.
struct BetweenExpression : ParsedExpression {
  BetweenExpression() : ParsedExpression(ExpressionKind::kBetween) {}
  std::string ToString() const override;

  bool negated = false;
  ExpressionPtr input;
  ExpressionPtr lower;
  ExpressionPtr upper;
};

/// input [NOT] IN (list...).
struct InListExpression : ParsedExpression {
  InListExpression() : ParsedExpression(ExpressionKind::kInList) {}
  std::string ToString() const override;

  bool negated = false;
  ExpressionPtr input;
  std::vector<ExpressionPtr> list;
};

/// Names a pattern-matching operator; REGEXP parses as kRLike.
enum class LikeKind : uint8_t { kLike, kILike, kRLike };

/// input [NOT] LIKE|ILIKE|RLIKE pattern [ESCAPE escape].
struct LikeExpression : ParsedExpression {
  LikeExpression() : ParsedExpression(ExpressionKind::kLike) {}
  std::string ToString() const override;

  LikeKind like_kind = LikeKind::kLike;
  bool negated = false;
  ExpressionPtr input;
  ExpressionPtr pattern;
  ExpressionPtr escape;
  /// `x [NOT] LIKE ANY | SOME | ALL (p1, p2, ...)` (Spark's LikeAny / LikeAll and their NOT
  /// forms): the patterns, `pattern` then null. ANY holds when one pattern does (NOT LIKE ANY:
  /// when one does not match), ALL when every one does (NOT LIKE ALL: when none matches).
  enum class Quantifier : uint8_t { kNone, kAny, kAll };
  Quantifier quantifier = Quantifier::kNone;
  std::vector<ExpressionPtr> patterns;
};

/// Names the use of a subquery inside an expression.
enum class SubqueryKind : uint8_t {
  kScalar,  // (SELECT max(x) FROM t)
  kExists,  // EXISTS (SELECT ..); NOT EXISTS is NOT over it
  kIn,      // input [NOT] IN (SELECT ..)
};

/// A subquery used as an expression.
struct SubqueryExpression : ParsedExpression {
  // Both out of line: the QueryNode the expression holds is complete only in the .cc.
  SubqueryExpression();
  ~SubqueryExpression() override;
  std::string ToString() const override;

  SubqueryKind subquery_kind = SubqueryKind::kScalar;
  bool negated = false;
  /// Holds the left side of IN, else null.
  ExpressionPtr input;
  std::unique_ptr<QueryNode> query;
};

/// One WHEN .. THEN .. of a CASE.
struct CaseCheck {
  ExpressionPtr when;
  ExpressionPtr then;
};

/// CASE [operand] WHEN .. THEN .. [ELSE ..] END.
struct CaseExpression : ParsedExpression {
  CaseExpression() : ParsedExpression(ExpressionKind::kCase) {}
  std::string ToString() const override;

  /// Holds the operand of a simple CASE (`CASE x WHEN 1 ..`), null for a searched CASE.
  ExpressionPtr operand;
  std::vector<CaseCheck> checks;
  ExpressionPtr else_expr;
};

/// CAST(child AS type), TRY_CAST(child AS type), child::type.
struct CastExpression : ParsedExpression {
  CastExpression() : ParsedExpression(ExpressionKind::kCast) {}
  std::string ToString() const override;

  bool try_cast = false;
  ExpressionPtr child;
  ParsedType type;
};

/// base[index]: array element or map value; base.field (`field` set, index null): a field
/// of a struct that is not a column reference (`a[0].b`, `(s).b`).
struct SubscriptExpression : ParsedExpression {
  SubscriptExpression() : ParsedExpression(ExpressionKind::kSubscript) {}
  std::string ToString() const override;

  ExpressionPtr base;
  ExpressionPtr index;
  std::string field;
};

/// x -> body, (x, y) -> body: the argument of higher-order functions (transform, filter).
struct LambdaExpression : ParsedExpression {
  LambdaExpression() : ParsedExpression(ExpressionKind::kLambda) {}
  std::string ToString() const override;

  std::vector<std::string> params;
  ExpressionPtr body;
};

}  // namespace floe
