// CREATE TABLE / VIEW / NAMESPACE, DROP, and their pieces: column definitions, partition
// transforms, property lists.
#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {

std::string PartitionTransform::ToString() const {
  if (transform == "identity") return column;
  if (param) return transform + "(" + std::to_string(*param) + ", " + column + ")";
  return transform + "(" + column + ")";
}

StatementPtr Parser::ParseCreate() {
  ExpectWord("CREATE");
  bool or_replace = false;
  if (AcceptWord("OR")) {
    ExpectWord("REPLACE");
    or_replace = true;
  }
  AcceptWord("GLOBAL");
  bool temporary = AcceptWord("TEMPORARY") || AcceptWord("TEMP");
  AcceptWord("EXTERNAL");
  if (AcceptWord("TABLE")) return ParseCreateTable(or_replace, /*replace_only=*/false, temporary);
  if (AcceptWord("VIEW")) return ParseCreateView(or_replace, temporary);
  if (!or_replace && !temporary &&
      (PeekWord("NAMESPACE") || PeekWord("SCHEMA") || PeekWord("DATABASE"))) {
    return ParseCreateNamespace();
  }
  SyntaxError();
}

StatementPtr Parser::ParseCreateTable(bool or_replace, bool replace_only, bool temporary) {
  auto create = std::make_unique<CreateTableStatement>();
  create->or_replace = or_replace;
  create->replace = replace_only;
  create->temporary = temporary;
  if (!replace_only && AcceptWord("IF")) {
    ExpectWord("NOT");
    ExpectWord("EXISTS");
    create->if_not_exists = true;
  }
  create->name = ParseQualifiedName();
  if (PeekOp("(") && !PeekQueryStart(1)) {
    Next();
    do {
      create->columns.push_back(ParseColumnDefinition());
    } while (AcceptOp(","));
    ExpectOp(")");
  }
  while (!AtStatementEnd()) {
    const Token& clause = Peek();
    if (AcceptWord("USING")) {
      if (!create->provider.empty()) SyntaxErrorAt(clause);
      create->provider = ToLower(ParseAnyWord());
    } else if (PeekWord("PARTITIONED") && PeekWord("BY", 1)) {
      if (!create->partitioned_by.empty()) SyntaxErrorAt(clause);
      pos_ += 2;
      ExpectOp("(");
      do {
        PartitionTransform field = ParsePartitionTransform();
        if (field.transform == "identity" && Peek().type == TokenType::kWord) {
          // Hive style: PARTITIONED BY (dt STRING) also declares the column.
          ColumnDefinition column;
          column.position = field.position;
          column.name = field.column;
          column.type = ParseType();
          create->columns.push_back(std::move(column));
        }
        create->partitioned_by.push_back(std::move(field));
      } while (AcceptOp(","));
      ExpectOp(")");
    } else if (AcceptWord("LOCATION")) {
      if (create->location) SyntaxErrorAt(clause);
      create->location = ParseStringLiteral();
    } else if (AcceptWord("COMMENT")) {
      if (create->comment) SyntaxErrorAt(clause);
      create->comment = ParseStringLiteral();
    } else if (AcceptWord("TBLPROPERTIES")) {
      if (!create->properties.empty()) SyntaxErrorAt(clause);
      create->properties = ParseProperties();
    } else if (PeekWord("STORED") && PeekWord("AS", 1)) {
      // Hive's STORED AS parquet names the provider too.
      if (!create->provider.empty()) SyntaxErrorAt(clause);
      pos_ += 2;
      create->provider = ToLower(ParseAnyWord());
    } else if (AcceptWord("OPTIONS")) {
      if (!create->options.empty()) SyntaxErrorAt(clause);
      create->options = ParseProperties();
    } else if (AcceptWord("AS")) {
      create->query = ParseQuery();
      break;
    } else if (PeekQueryStart()) {
      create->query = ParseQuery();
      break;
    } else {
      SyntaxError();
    }
  }
  // USING parquet LOCATION '..' without columns reads its schema from the files.
  if (create->columns.empty() && !create->query && !create->location) {
    ErrorAt(Peek(), "CREATE TABLE " + create->name.ToString() + " needs a column list or AS query");
  }
  return create;
}

ColumnDefinition Parser::ParseColumnDefinition() {
  ColumnDefinition column;
  column.position = Peek().position;
  column.name = ParseAnyWord();  // a column may be named by any word: `type`, `date`, `end`
  AcceptOp(":");
  column.type = ParseType();
  while (true) {
    if (PeekWord("NOT") && PeekWord("NULL", 1)) {
      pos_ += 2;
      column.not_null = true;
    } else if (AcceptWord("NULL")) {
      column.not_null = false;
    } else if (AcceptWord("COMMENT")) {
      column.comment = ParseStringLiteral();
    } else if (AcceptWord("DEFAULT")) {
      column.default_value = ParseExpr();
    } else if (AcceptWord("FIRST")) {
      column.first = true;
    } else if (AcceptWord("AFTER")) {
      column.after = ParseAnyWord();
    } else {
      break;
    }
  }
  return column;
}

PartitionTransform Parser::ParsePartitionTransform() {
  PartitionTransform field;
  field.position = Peek().position;
  std::string word = ParseAnyWord();
  if (AcceptOp("(")) {
    field.transform = ToLower(word);
    do {
      if (Peek().type == TokenType::kNumber) {
        if (field.param) SyntaxError();
        field.param = ParseInteger();
      } else {
        if (!field.column.empty()) SyntaxError();
        field.column = ParseAnyWord();
        while (AcceptOp(".")) field.column += "." + ParseAnyWord();
      }
    } while (AcceptOp(","));
    ExpectOp(")");
    if (field.column.empty()) {
      ErrorAt(Peek(), "partition transform " + field.transform + " needs a source column");
    }
    return field;
  }
  field.transform = "identity";
  field.column = word;
  while (AcceptOp(".")) field.column += "." + ParseAnyWord();
  return field;
}

std::vector<std::pair<std::string, std::string>> Parser::ParseProperties() {
  std::vector<std::pair<std::string, std::string>> properties;
  ExpectOp("(");
  if (AcceptOp(")")) return properties;
  do {
    std::string key = ParsePropertyKey();
    std::string value;
    if (AcceptOp("=") || (!PeekOp(",") && !PeekOp(")"))) value = ParsePropertyValue();
    properties.emplace_back(std::move(key), std::move(value));
  } while (AcceptOp(","));
  ExpectOp(")");
  return properties;
}

std::string Parser::ParsePropertyKey() {
  if (Peek().type == TokenType::kString) return ParseStringLiteral();
  // Spark's keys are dotted words; Iceberg's docs also write format-version unquoted.
  std::string key = ParseAnyWord();
  while (PeekOp(".") || PeekOp("-")) {
    key += Next().text;
    key += ParseAnyWord();
  }
  return key;
}

std::string Parser::ParsePropertyValue() {
  const Token& token = Peek();
  if (token.type == TokenType::kString) return ParseStringLiteral();
  if (token.type == TokenType::kNumber) return Next().text;
  if ((PeekOp("-") || PeekOp("+")) && Peek(1).type == TokenType::kNumber) {
    std::string sign = Next().text == "-" ? "-" : "";
    return sign + Next().text;
  }
  if (PeekWord("TRUE") || PeekWord("FALSE")) return ToLower(Next().text);
  if (token.type == TokenType::kWord || token.type == TokenType::kQuotedIdentifier) {
    return Next().text;
  }
  SyntaxError();
}

StatementPtr Parser::ParseCreateView(bool or_replace, bool temporary) {
  auto view = std::make_unique<CreateViewStatement>();
  view->or_replace = or_replace;
  view->temporary = temporary;
  if (AcceptWord("IF")) {
    ExpectWord("NOT");
    ExpectWord("EXISTS");
    view->if_not_exists = true;
  }
  view->name = ParseQualifiedName();
  if (PeekOp("(") && !PeekQueryStart(1)) {
    Next();
    do {
      view->column_names.push_back(ParseAnyWord());
      if (AcceptWord("COMMENT")) ParseStringLiteral();
    } while (AcceptOp(","));
    ExpectOp(")");
  }
  while (true) {
    if (AcceptWord("COMMENT")) {
      view->comment = ParseStringLiteral();
    } else if (AcceptWord("TBLPROPERTIES")) {
      view->properties = ParseProperties();
    } else {
      break;
    }
  }
  ExpectWord("AS");
  const Token& start = Peek();
  view->query = ParseQuery();
  const Token& last = tokens_[pos_ - 1];
  view->query_text = std::string(sql_.substr(
      start.position.offset, last.position.offset + last.length - start.position.offset));
  return view;
}

StatementPtr Parser::ParseCreateNamespace() {
  Next();  // NAMESPACE | SCHEMA | DATABASE
  auto create = std::make_unique<CreateNamespaceStatement>();
  if (AcceptWord("IF")) {
    ExpectWord("NOT");
    ExpectWord("EXISTS");
    create->if_not_exists = true;
  }
  create->name = ParseQualifiedName();
  while (!AtStatementEnd()) {
    if (AcceptWord("COMMENT")) {
      create->comment = ParseStringLiteral();
    } else if (AcceptWord("LOCATION")) {
      create->location = ParseStringLiteral();
    } else if (AcceptWord("WITH")) {
      if (!AcceptWord("DBPROPERTIES")) ExpectWord("PROPERTIES");
      create->properties = ParseProperties();
    } else if (AcceptWord("DBPROPERTIES") || AcceptWord("PROPERTIES")) {
      create->properties = ParseProperties();
    } else {
      SyntaxError();
    }
  }
  return create;
}

StatementPtr Parser::ParseDrop() {
  ExpectWord("DROP");
  auto drop = std::make_unique<DropStatement>();
  drop->temporary = AcceptWord("TEMPORARY") || AcceptWord("TEMP");
  if (AcceptWord("TABLE")) {
    drop->object_type = ObjectType::kTable;
  } else if (AcceptWord("VIEW")) {
    drop->object_type = ObjectType::kView;
  } else if (!drop->temporary &&
             (AcceptWord("NAMESPACE") || AcceptWord("SCHEMA") || AcceptWord("DATABASE"))) {
    drop->object_type = ObjectType::kNamespace;
  } else {
    SyntaxError();
  }
  if (AcceptWord("IF")) {
    ExpectWord("EXISTS");
    drop->if_exists = true;
  }
  drop->name = ParseQualifiedName();
  if (drop->object_type == ObjectType::kTable) {
    drop->purge = AcceptWord("PURGE");
  } else if (drop->object_type == ObjectType::kNamespace) {
    if (AcceptWord("CASCADE")) {
      drop->cascade = true;
    } else {
      AcceptWord("RESTRICT");
    }
  }
  return drop;
}

}  // namespace floe
