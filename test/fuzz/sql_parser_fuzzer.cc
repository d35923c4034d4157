// Fuzz target: the bytes are SQL text, parsed as the shell and Connection::Query parse it
// (Parser::ParseStatements); an input starting with byte 1 is parsed as one expression
// (a CALL's `where` option) and one starting with byte 2 as a type name, the parser's
// other entry points. Binding is left out: it needs a catalog and the engine above the
// parser. One parse per input, since each ParserError thrown costs ASan a stack unpoisoning.
//
// Accepted outcomes: statements, or ParserError. Anything else is a finding: a sanitizer
// report, a crash (deep nesting overflowing the stack), a hang, an allocation past
// libFuzzer's malloc limit, or another exception (libFuzzer reports it as an abort).

#include <cstdint>
#include <string_view>

#include "common/exception.h"
#include "sql/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view sql(reinterpret_cast<const char*>(data), size);
  try {
    if (!sql.empty() && sql[0] == '\x01') {
      floe::Parser::ParseExpression(sql.substr(1));
    } else if (!sql.empty() && sql[0] == '\x02') {
      floe::Parser::ParseTypeName(sql.substr(1));
    } else {
      floe::Parser::ParseStatements(sql);
    }
  } catch (const floe::ParserError&) {
  }
  return 0;
}
