// Function calls: arguments (named, lambdas, DISTINCT, *), the SQL-standard special forms
// (EXTRACT, TRIM, POSITION, SUBSTRING, OVERLAY), IGNORE NULLS, FILTER and OVER windows.
#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {

ExpressionPtr Parser::ParseExtract() {
  auto function = std::make_unique<FunctionExpression>();
  function->position = Next().position;
  function->name = "extract";
  ExpectOp("(");
  auto field = std::make_unique<ConstantExpression>();
  field->position = Peek().position;
  field->literal_kind = LiteralKind::kString;
  field->text = ParseAnyWord();
  function->args.push_back(std::move(field));
  if (!AcceptWord("FROM")) ExpectOp(",");
  function->args.push_back(ParseExpr());
  function->arg_names.resize(2);
  ExpectOp(")");
  return function;
}

ExpressionPtr Parser::ParseFunctionArgument(std::string* name) {
  if ((Peek().type == TokenType::kWord || Peek().type == TokenType::kQuotedIdentifier) &&
      PeekOp("=>", 1)) {
    *name = Next().text;  // any word names an argument: table => 't'
    Next();
  }
  return ParseExpr();
}

void Parser::ParseFunctionArguments(FunctionExpression& function) {
  const std::string& name = function.name;
  auto push = [&function](ExpressionPtr arg) {
    function.args.push_back(std::move(arg));
    function.arg_names.emplace_back();
  };
  if (EqualsIgnoreCase(name, "TRIM") &&
      (PeekWord("BOTH") || PeekWord("LEADING") || PeekWord("TRAILING") || PeekWord("FROM"))) {
    // TRIM([BOTH|LEADING|TRAILING] [chars] FROM str) is Spark's trim / ltrim / rtrim
    // (chars, str); without chars, the one-argument form.
    if (PeekWord("LEADING")) function.name = "ltrim";
    if (PeekWord("TRAILING")) function.name = "rtrim";
    if (!PeekWord("FROM")) Next();
    ExpressionPtr chars;
    if (!AcceptWord("FROM")) {
      chars = ParseExpr();
      ExpectWord("FROM");
    }
    if (chars) push(std::move(chars));
    push(ParseExpr());
    return;
  }
  bool is_position = EqualsIgnoreCase(name, "POSITION");
  std::string first_name;
  ExpressionPtr first =
      is_position ? ParseBinary(/*min_precedence=*/1) : ParseFunctionArgument(&first_name);
  if (is_position && AcceptWord("IN")) {
    // POSITION(substr IN str)
    push(std::move(first));
    push(ParseExpr());
    return;
  }
  if (first_name.empty() && EqualsIgnoreCase(name, "TRIM") && AcceptWord("FROM")) {
    // TRIM(chars FROM str)
    push(std::move(first));
    push(ParseExpr());
    return;
  }
  bool is_substring = EqualsIgnoreCase(name, "SUBSTRING") || EqualsIgnoreCase(name, "SUBSTR");
  if (first_name.empty() && is_substring && AcceptWord("FROM")) {
    // SUBSTRING(str FROM pos [FOR len])
    push(std::move(first));
    push(ParseExpr());
    if (AcceptWord("FOR")) push(ParseExpr());
    return;
  }
  if (first_name.empty() && EqualsIgnoreCase(name, "OVERLAY") && AcceptWord("PLACING")) {
    // OVERLAY(str PLACING replacement FROM pos [FOR len])
    push(std::move(first));
    push(ParseExpr());
    ExpectWord("FROM");
    push(ParseExpr());
    if (AcceptWord("FOR")) push(ParseExpr());
    return;
  }
  function.args.push_back(std::move(first));
  function.arg_names.push_back(std::move(first_name));
  while (AcceptOp(",")) {
    std::string arg_name;
    function.args.push_back(ParseFunctionArgument(&arg_name));
    function.arg_names.push_back(std::move(arg_name));
  }
}

ExpressionPtr Parser::ParseFunctionCall(std::vector<std::string> name_parts, const Token& start) {
  auto function = std::make_unique<FunctionExpression>();
  function->position = start.position;
  function->name = name_parts.back();
  name_parts.pop_back();
  function->qualifiers = std::move(name_parts);
  ExpectOp("(");
  Enter();
  if (!AcceptOp(")")) {
    if (AcceptWord("DISTINCT")) {
      function->distinct = true;
    } else {
      AcceptWord("ALL");
    }
    if (PeekOp("*") && PeekOp(")", 1)) {
      Next();
      function->is_star = true;
    } else if (function->qualifiers.empty() && !function->distinct) {
      ParseFunctionArguments(*function);
    } else {
      do {
        std::string name;
        function->args.push_back(ParseFunctionArgument(&name));
        function->arg_names.push_back(std::move(name));
      } while (AcceptOp(","));
    }
    if (AcceptWord("IGNORE")) {
      ExpectWord("NULLS");
      function->ignore_nulls = true;
    } else if (AcceptWord("RESPECT")) {
      ExpectWord("NULLS");
    }
    ExpectOp(")");
  }
  Leave();
  if (PeekWord("IGNORE") && PeekWord("NULLS", 1)) {
    pos_ += 2;
    function->ignore_nulls = true;
  } else if (PeekWord("RESPECT") && PeekWord("NULLS", 1)) {
    pos_ += 2;
  }
  if (PeekWord("WITHIN") && PeekWord("GROUP", 1)) {
    pos_ += 2;
    ExpectOp("(");
    ExpectWord("ORDER");
    ExpectWord("BY");
    function->within_group = ParseOrderByList();
    ExpectOp(")");
  }
  if (PeekWord("FILTER") && PeekOp("(", 1)) {
    pos_ += 2;
    ExpectWord("WHERE");
    function->filter = ParseExpr();
    ExpectOp(")");
  }
  if (AcceptWord("OVER")) {
    if (PeekOp("(")) {
      function->window = ParseWindowSpec();
    } else {
      function->window = std::make_unique<WindowSpec>();
      function->window->position = Peek().position;
      function->window->base_name = ParseIdentifier();
    }
  }
  return function;
}

std::unique_ptr<WindowSpec> Parser::ParseWindowSpec() {
  auto spec = std::make_unique<WindowSpec>();
  spec->position = Peek().position;
  ExpectOp("(");
  Enter();
  if (PeekIdentifier() && !PeekWord("PARTITION") && !PeekWord("DISTRIBUTE") && !PeekWord("ORDER") &&
      !PeekWord("SORT") && !PeekWord("ROWS") && !PeekWord("RANGE")) {
    spec->base_name = Next().text;
  }
  if ((PeekWord("PARTITION") || PeekWord("DISTRIBUTE")) && PeekWord("BY", 1)) {
    pos_ += 2;
    spec->partitions = ParseExpressionList();
  }
  if ((PeekWord("ORDER") || PeekWord("SORT")) && PeekWord("BY", 1)) {
    pos_ += 2;
    spec->order_by = ParseOrderByList();
  }
  if (PeekWord("ROWS") || PeekWord("RANGE")) {
    auto frame = std::make_unique<WindowFrame>();
    frame->unit = PeekWord("ROWS") ? FrameUnit::kRows : FrameUnit::kRange;
    Next();
    if (AcceptWord("BETWEEN")) {
      frame->start = ParseFrameBound();
      ExpectWord("AND");
      frame->end = ParseFrameBound();
    } else {
      frame->start = ParseFrameBound();
      frame->end.kind = FrameBoundKind::kCurrentRow;
    }
    spec->frame = std::move(frame);
  }
  ExpectOp(")");
  Leave();
  return spec;
}

FrameBound Parser::ParseFrameBound() {
  FrameBound bound;
  if (AcceptWord("UNBOUNDED")) {
    if (AcceptWord("PRECEDING")) {
      bound.kind = FrameBoundKind::kUnboundedPreceding;
    } else {
      ExpectWord("FOLLOWING");
      bound.kind = FrameBoundKind::kUnboundedFollowing;
    }
  } else if (PeekWord("CURRENT") && PeekWord("ROW", 1)) {
    pos_ += 2;
    bound.kind = FrameBoundKind::kCurrentRow;
  } else {
    bound.offset = ParseBinary(1);
    if (AcceptWord("PRECEDING")) {
      bound.kind = FrameBoundKind::kPreceding;
    } else {
      ExpectWord("FOLLOWING");
      bound.kind = FrameBoundKind::kFollowing;
    }
  }
  return bound;
}

}  // namespace floe
