// Statements beyond queries, until their parsers land.
#include "sql/parser.h"

namespace floe {

std::string PartitionTransform::ToString() const { return transform + "(" + column + ")"; }

StatementPtr Parser::ParseCreate() { SyntaxError(); }
StatementPtr Parser::ParseDrop() { SyntaxError(); }
StatementPtr Parser::ParseAlter() { SyntaxError(); }
StatementPtr Parser::ParseInsert() { SyntaxError(); }
StatementPtr Parser::ParseDelete() { SyntaxError(); }
StatementPtr Parser::ParseUpdate() { SyntaxError(); }
StatementPtr Parser::ParseMerge() { SyntaxError(); }
StatementPtr Parser::ParseUse() { SyntaxError(); }
StatementPtr Parser::ParseShow() { SyntaxError(); }
StatementPtr Parser::ParseDescribe() { SyntaxError(); }
StatementPtr Parser::ParseCall() { SyntaxError(); }
StatementPtr Parser::ParseSet() { SyntaxError(); }
StatementPtr Parser::ParseReset() { SyntaxError(); }
StatementPtr Parser::ParseCopy() { SyntaxError(); }
StatementPtr Parser::ParseAnalyze() { SyntaxError(); }
StatementPtr Parser::ParseCreateTable(bool, bool, bool) { SyntaxError(); }

}  // namespace floe
