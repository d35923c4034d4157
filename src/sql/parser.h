#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sql/ast.h"
#include "sql/token.h"

namespace floe {

/// Parses Spark SQL text into the AST: a hand-written recursive-descent parser over the
/// Lexer's tokens. Every failure is a ParserError with the line and column of the token.
class Parser {
 public:
  /// Caps the nesting of expressions, subqueries and joins, so no input overflows the stack
  /// (8 links of an operator, join or UNION chain count as one level).
  static constexpr int kMaxDepth = 1000;

  /// Parses `;`-separated statements; empty statements are skipped.
  static std::vector<StatementPtr> ParseStatements(std::string_view sql);
  /// Parses exactly one statement (a trailing `;` is allowed).
  static StatementPtr ParseStatement(std::string_view sql);
  /// Parses exactly one expression (for tests, defaults and settings).
  static ExpressionPtr ParseExpression(std::string_view sql);
  /// Parses exactly one type name such as `DECIMAL(10, 2)`.
  static ParsedType ParseTypeName(std::string_view sql);

 private:
  explicit Parser(std::string_view sql);

  // Token navigation and errors (parser.cc).
  const Token& Peek(size_t ahead = 0) const;
  const Token& Next();
  bool PeekWord(std::string_view word, size_t ahead = 0) const;
  bool AcceptWord(std::string_view word);
  void ExpectWord(std::string_view word);
  bool PeekOp(std::string_view op, size_t ahead = 0) const;
  bool AcceptOp(std::string_view op);
  void ExpectOp(std::string_view op);
  bool AtStatementEnd() const;
  [[noreturn]] void SyntaxError() const;
  [[noreturn]] void SyntaxErrorAt(const Token& token) const;
  [[noreturn]] void ErrorAt(const Token& token, const std::string& message) const;
  [[noreturn]] void Throw(const std::string& message, int line, int column) const;
  /// Raises INVALID_NUMERIC_LITERAL_RANGE for a 300Y, 40000S or 2^63 L literal.
  void CheckIntegerLiteralRange(const Token& token, const ConstantExpression& constant) const;
  bool PeekIdentifier(size_t ahead = 0) const;
  std::string ParseIdentifier();
  std::string ParseAnyWord();
  QualifiedName ParseQualifiedName();
  std::vector<std::string> ParseParenthesizedIdentifiers();
  int64_t ParseInteger();
  std::string ParseStringLiteral();
  void Enter();
  void Leave() { --depth_; }

  // Statements (parser.cc, parser_ddl.cc, parser_alter.cc, parser_dml.cc, parser_utility.cc).
  StatementPtr ParseOneStatement();
  StatementPtr ParseExplain();
  StatementPtr ParseCreate();
  StatementPtr ParseCreateTable(bool or_replace, bool replace_only, bool temporary);
  StatementPtr ParseCreateView(bool or_replace, bool temporary);
  StatementPtr ParseCreateNamespace();
  StatementPtr ParseDrop();
  StatementPtr ParseAlter();
  void ParseAlterPartitionField(AlterTableStatement& alter);
  void ParseAlterWriteOrder(AlterTableStatement& alter);
  void ParseAlterColumn(AlterTableStatement& alter);
  void ParseAlterAdd(AlterTableStatement& alter);
  ColumnDefinition ParseColumnDefinition();
  PartitionTransform ParsePartitionTransform();
  std::vector<PartitionTransform> ParsePartitionTransforms();
  std::vector<std::pair<std::string, std::string>> ParseProperties();
  std::string ParsePropertyKey();
  std::string ParsePropertyValue();
  StatementPtr ParseInsert();
  StatementPtr ParseDelete();
  StatementPtr ParseUpdate();
  StatementPtr ParseMerge();
  std::string ParseTargetAlias();
  std::vector<SetClause> ParseSetClauses();
  StatementPtr ParseUse();
  StatementPtr ParseShow();
  StatementPtr ParseDescribe();
  StatementPtr ParseCall();
  StatementPtr ParseSet();
  StatementPtr ParseReset();
  StatementPtr ParseCopy();
  StatementPtr ParseAnalyze();
  std::string ParseRawTextUntilEnd();

  // Queries (parser_query.cc).
  bool PeekQueryStart(size_t ahead = 0) const;
  QueryNodePtr ParseQuery();
  bool TryParseParenthesizedQuery(QueryNodePtr* query);
  std::vector<CommonTableExpression> ParseWithClause();
  void AttachCommonTableExpressions(QueryNodePtr& query, std::vector<CommonTableExpression> ctes,
                                    const SourcePosition& position);
  QueryNodePtr ParseSetOperations();
  QueryNodePtr ParseIntersections();
  QueryNodePtr ParseQueryPrimary();
  QueryNodePtr ParseSelectNode();
  QueryNodePtr ParseValuesQuery();
  void ParseHints(SelectNode& select, const Token& select_token);
  ExpressionPtr ParseSelectItem();
  void ParseGroupBy(SelectNode& select);
  void ParseOrderByAndLimit(QueryNode& query);
  std::vector<OrderByItem> ParseOrderByList();
  std::unique_ptr<ValuesRef> ParseValuesRows();

  // FROM items (parser_table_ref.cc).
  TableRefPtr ParseFromList();
  TableRefPtr ParseJoinedTable();
  TableRefPtr ParseLateralView(TableRefPtr input);
  TableRefPtr ParseTablePrimary();
  bool ParseJoinType(JoinType* type, bool* natural);
  void ParseTableAlias(TableRef& ref, bool allow_column_aliases);
  bool PeekTimeTravel() const;

  // Expressions (parser_expression.cc, parser_primary.cc, parser_function.cc).
  ExpressionPtr ParseExpr();
  ExpressionPtr ParseOr();
  ExpressionPtr ParseAnd();
  ExpressionPtr ParseNot();
  ExpressionPtr ParsePredicate();
  ExpressionPtr ParseBinary(int min_precedence);
  ExpressionPtr ParseUnary();
  ExpressionPtr ParsePostfix(ExpressionPtr expr);
  ExpressionPtr ParsePrimary();
  ExpressionPtr ParseParenthesized();
  ExpressionPtr ParseParenthesizedOnce();
  ExpressionPtr ParseWordPrimary();
  ExpressionPtr ParseNumber(const Token& token, bool negate);
  ExpressionPtr ParseStringConstant();
  ExpressionPtr ParseTypedLiteral(LiteralKind kind);
  ExpressionPtr ParseInterval();
  ExpressionPtr ParseCase();
  ExpressionPtr ParseCast(bool try_cast);
  ExpressionPtr ParseExtract();
  ExpressionPtr ParseFunctionCall(std::vector<std::string> name_parts, const Token& start);
  ExpressionPtr ParseFunctionArgument(std::string* name);
  void ParseFunctionArguments(FunctionExpression& function);
  ExpressionPtr ParseSubqueryExpression(SubqueryKind kind, const Token& start);
  std::unique_ptr<WindowSpec> ParseWindowSpec();
  FrameBound ParseFrameBound();
  ParsedType ParseType();
  void ExpectCloseAngle();
  std::vector<ExpressionPtr> ParseExpressionList();

  std::string_view sql_;
  std::vector<Token> tokens_;
  std::vector<HintComment> hints_;
  /// Holds, per token index, the index of the first token at or after it that is not '('.
  std::vector<size_t> after_open_parens_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool depth_exceeded_ = false;
  /// The error being thrown, from its throw until TryParseParenthesizedQuery catches it.
  struct PendingError {
    std::string message;
    int line = 0;
    int column = 0;
  };
  mutable std::optional<PendingError> pending_error_;
  /// Hold, per token index, the error with which "( query )" and a parenthesized expression
  /// failed there. Both parse the same way in any context, so no attempt repeats: an enclosing
  /// attempt's retry throws the recorded error at once, and deep nesting stays linear.
  std::unordered_map<size_t, PendingError> failed_query_at_;
  std::unordered_map<size_t, PendingError> failed_parenthesized_at_;
  /// The same for "( joined tables )" in FROM.
  std::unordered_map<size_t, PendingError> failed_joined_at_;
  /// The hints of each hint comment (by index in hints_) once parsed, or the error its
  /// parse failed with: a comment is parsed by a parser of its own, whose SELECTs may hold
  /// hints in turn, so parsing it again on each attempt at its SELECT grew exponentially
  /// with the comments' nesting.
  std::unordered_map<size_t, std::vector<Hint>> parsed_hints_;
  std::unordered_map<size_t, PendingError> failed_hints_;
  /// Throws the error recorded in `failures` at the current token, if any.
  void ReplayFailure(const std::unordered_map<size_t, PendingError>& failures) const;

  /// Records the pending error under a token index when it unwinds through this scope.
  class RecordFailure {
   public:
    RecordFailure(const Parser& parser, std::unordered_map<size_t, PendingError>& failures, size_t start)
        : parser_(parser), failures_(failures), start_(start), exceptions_(std::uncaught_exceptions()) {}
    ~RecordFailure();
    RecordFailure(const RecordFailure&) = delete;
    RecordFailure& operator=(const RecordFailure&) = delete;

   private:
    const Parser& parser_;
    std::unordered_map<size_t, PendingError>& failures_;
    size_t start_;
    int exceptions_;
  };
};

}  // namespace floe
