// Session and catalog statements: USE, SHOW, DESCRIBE, CALL, SET, RESET, COPY, ANALYZE.
#include <cctype>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {
namespace {

std::string Trim(std::string_view s) { return std::string(TrimSpace(s)); }

}  // namespace

std::string Parser::ParseRawTextUntilEnd() {
  size_t start = Peek().position.offset;
  size_t end = start;
  while (!AtStatementEnd()) {
    const Token& token = Next();
    end = token.position.offset + token.length;
  }
  return Trim(sql_.substr(start, end - start));
}

StatementPtr Parser::ParseUse() {
  ExpectWord("USE");
  auto use = std::make_unique<UseStatement>();
  if ((PeekWord("NAMESPACE") || PeekWord("DATABASE") || PeekWord("SCHEMA")) && PeekIdentifier(1)) {
    Next();
  }
  use->name = ParseQualifiedName();
  return use;
}

StatementPtr Parser::ParseShow() {
  ExpectWord("SHOW");
  auto show = std::make_unique<ShowStatement>();
  auto parse_in = [this](QualifiedName* target) {
    if (AcceptWord("IN") || AcceptWord("FROM")) *target = ParseQualifiedName();
  };
  auto parse_like = [this, &show]() {
    if (AcceptWord("LIKE") || Peek().type == TokenType::kString) {
      show->pattern = ParseStringLiteral();
    }
  };
  if (AcceptWord("NAMESPACES") || AcceptWord("SCHEMAS") || AcceptWord("DATABASES")) {
    show->show_kind = ShowKind::kNamespaces;
    parse_in(&show->target);
    parse_like();
  } else if (AcceptWord("TABLES")) {
    show->show_kind = ShowKind::kTables;
    AcceptWord("EXTENDED");
    parse_in(&show->target);
    parse_like();
  } else if (AcceptWord("VIEWS")) {
    show->show_kind = ShowKind::kViews;
    parse_in(&show->target);
    parse_like();
  } else if (AcceptWord("COLUMNS")) {
    show->show_kind = ShowKind::kColumns;
    if (!AcceptWord("IN")) ExpectWord("FROM");
    show->target = ParseQualifiedName();
    parse_in(&show->target_namespace);
  } else if (PeekWord("CREATE") && PeekWord("TABLE", 1)) {
    pos_ += 2;
    show->show_kind = ShowKind::kCreateTable;
    show->target = ParseQualifiedName();
    if (AcceptWord("AS")) ExpectWord("SERDE");
  } else if (AcceptWord("TBLPROPERTIES")) {
    show->show_kind = ShowKind::kTblProperties;
    show->target = ParseQualifiedName();
    if (AcceptOp("(")) {
      show->property_key = ParsePropertyKey();
      ExpectOp(")");
    }
  } else if (AcceptWord("SETTINGS") || AcceptWord("ALL")) {
    show->show_kind = ShowKind::kSettings;
    parse_like();
  } else if (PeekWord("FUNCTIONS") || PeekWord("USER") || PeekWord("SYSTEM") ||
             (PeekWord("ALL") && PeekWord("FUNCTIONS", 1))) {
    if (!PeekWord("FUNCTIONS")) Next();
    ExpectWord("FUNCTIONS");
    show->show_kind = ShowKind::kFunctions;
    parse_like();
  } else if (AcceptWord("PARTITIONS")) {
    show->show_kind = ShowKind::kPartitions;
    show->target = ParseQualifiedName();
  } else if (PeekWord("CURRENT") &&
             (PeekWord("NAMESPACE", 1) || PeekWord("SCHEMA", 1) || PeekWord("DATABASE", 1))) {
    pos_ += 2;
    show->show_kind = ShowKind::kCurrentNamespace;
  } else if (AcceptWord("CATALOGS")) {
    show->show_kind = ShowKind::kCatalogs;
    parse_like();
  } else {
    SyntaxError();
  }
  return show;
}

StatementPtr Parser::ParseDescribe() {
  Next();  // DESCRIBE | DESC
  auto describe = std::make_unique<DescribeStatement>();
  if ((PeekWord("NAMESPACE") || PeekWord("DATABASE") || PeekWord("SCHEMA")) &&
      (PeekIdentifier(1) || PeekWord("EXTENDED", 1))) {
    Next();
    describe->object_type = ObjectType::kNamespace;
    describe->extended = AcceptWord("EXTENDED");
    describe->name = ParseQualifiedName();
    return describe;
  }
  if (PeekWord("FUNCTION") && (PeekIdentifier(1) || PeekWord("EXTENDED", 1))) {
    Next();
    describe->object_type = ObjectType::kFunction;
    describe->extended = PeekWord("EXTENDED") && PeekIdentifier(1) && AcceptWord("EXTENDED");
    describe->name = ParseQualifiedName();
    return describe;
  }
  if (AcceptWord("QUERY") || (!PeekWord("TABLE") && PeekQueryStart())) {
    describe->query = ParseQuery();
    return describe;
  }
  AcceptWord("TABLE");
  if (PeekIdentifier(1) && (PeekWord("EXTENDED") || PeekWord("FORMATTED"))) {
    describe->extended = PeekWord("EXTENDED");
    describe->formatted = PeekWord("FORMATTED");
    Next();
  }
  describe->name = ParseQualifiedName();
  if (!AtStatementEnd()) {
    describe->column.push_back(ParseAnyWord());
    while (AcceptOp(".")) describe->column.push_back(ParseAnyWord());
  }
  return describe;
}

StatementPtr Parser::ParseCall() {
  ExpectWord("CALL");
  auto call = std::make_unique<CallStatement>();
  call->procedure = ParseQualifiedName();
  ExpectOp("(");
  if (!AcceptOp(")")) {
    do {
      std::string name;
      call->args.push_back(ParseFunctionArgument(&name));
      call->arg_names.push_back(std::move(name));
    } while (AcceptOp(","));
    ExpectOp(")");
  }
  return call;
}

StatementPtr Parser::ParseSet() {
  ExpectWord("SET");
  auto set = std::make_unique<SetStatement>();
  if (AtStatementEnd()) return set;
  if (PeekOp("-") && PeekWord("v", 1)) {
    pos_ += 2;
    set->verbose = true;
    return set;
  }
  if (PeekWord("TIME") && PeekWord("ZONE", 1)) {
    pos_ += 2;
    set->key = "spark.sql.session.timeZone";
    if (Peek().type == TokenType::kString) {
      set->value = ParseStringLiteral();
    } else {
      set->value = ParseRawTextUntilEnd();
    }
    if (set->value->empty()) SyntaxError();
    return set;
  }
  if (Peek().type == TokenType::kQuotedIdentifier &&
      (PeekOp("=", 1) || PeekOp(";", 1) || Peek(1).type == TokenType::kEnd)) {
    set->key = Next().text;
  } else {
    // Keys are free text up to '=': spark.sql.session.timeZone, write.parquet.row-group-size.
    size_t start = Peek().position.offset;
    size_t end = start;
    while (!AtStatementEnd() && !PeekOp("=")) {
      const Token& token = Next();
      end = token.position.offset + token.length;
    }
    set->key = Trim(sql_.substr(start, end - start));
    if (set->key.empty()) SyntaxError();
  }
  if (AcceptOp("=")) {
    if (Peek().type == TokenType::kString && (Peek(1).type == TokenType::kEnd || PeekOp(";", 1))) {
      set->value = ParseStringLiteral();
    } else {
      set->value = ParseRawTextUntilEnd();
    }
  }
  return set;
}

StatementPtr Parser::ParseReset() {
  ExpectWord("RESET");
  auto reset = std::make_unique<ResetStatement>();
  if (Peek().type == TokenType::kQuotedIdentifier) {
    reset->key = Next().text;
  } else {
    reset->key = ParseRawTextUntilEnd();
  }
  return reset;
}

StatementPtr Parser::ParseCopy() {
  ExpectWord("COPY");
  auto copy = std::make_unique<CopyStatement>();
  if (AcceptOp("(")) {
    copy->query = ParseQuery();
    ExpectOp(")");
  } else {
    copy->table = ParseQualifiedName();
    if (PeekOp("(")) copy->columns = ParseParenthesizedIdentifiers();
  }
  if (AcceptWord("FROM")) {
    if (copy->query) SyntaxErrorAt(tokens_[pos_ - 1]);
    copy->to = false;
  } else {
    ExpectWord("TO");
  }
  copy->path = ParseStringLiteral();
  AcceptWord("WITH");
  bool parenthesized = AcceptOp("(");
  while (parenthesized ? !PeekOp(")") : !AtStatementEnd()) {
    std::string key = ToLower(ParseAnyWord());
    std::string value = "true";  // a bare option such as HEADER
    AcceptOp("=");
    if (AcceptOp("(")) {
      value.clear();
      do {
        if (!value.empty()) value += ", ";
        value += ParsePropertyValue();
      } while (AcceptOp(","));
      ExpectOp(")");
    } else if (!PeekOp(",") && !PeekOp(")") && !AtStatementEnd()) {
      value = ParsePropertyValue();
    }
    copy->options.emplace_back(std::move(key), std::move(value));
    if (!AcceptOp(",") && parenthesized && !PeekOp(")")) SyntaxError();
  }
  if (parenthesized) ExpectOp(")");
  return copy;
}

StatementPtr Parser::ParseAnalyze() {
  ExpectWord("ANALYZE");
  ExpectWord("TABLE");
  auto analyze = std::make_unique<AnalyzeStatement>();
  analyze->table = ParseQualifiedName();
  ExpectWord("COMPUTE");
  ExpectWord("STATISTICS");
  if (AcceptWord("NOSCAN")) {
    analyze->noscan = true;
  } else if (AcceptWord("FOR")) {
    if (AcceptWord("ALL")) {
      ExpectWord("COLUMNS");
      analyze->all_columns = true;
    } else {
      ExpectWord("COLUMNS");
      do {
        analyze->columns.push_back(ParseAnyWord());
      } while (AcceptOp(","));
    }
  }
  return analyze;
}

}  // namespace floe
