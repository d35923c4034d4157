// Fuzz target: the bytes are SQL text, parsed as the shell and Connection::Query parse it
// (Parser::ParseStatements), and as one expression and one type name (the parser's other
// entry points). Binding is left out: it needs a catalog and the engine above the parser.
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
    floe::Parser::ParseStatements(sql);
  } catch (const floe::ParserError&) {
  }
  try {
    floe::Parser::ParseExpression(sql);
  } catch (const floe::ParserError&) {
  }
  try {
    floe::Parser::ParseTypeName(sql);
  } catch (const floe::ParserError&) {
  }
  return 0;
}
