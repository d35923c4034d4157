#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "sql/source_position.h"

namespace floe {

/// Classifies a token produced by the Lexer.
enum class TokenType : uint8_t {
  kEnd,               // end of input
  kWord,              // an unquoted identifier or keyword
  kQuotedIdentifier,  // `a b`
  kString,            // 'x' or "x" (Spark reads double quotes as strings), escapes processed
  kNumber,            // 42, 4.2, 1e3, 42L, 1.5BD, .5
  kBinaryString,      // X'0A': text holds the hex digits
  kOperator,          // punctuation and operators: ( ) , . ; + - <= <=> :: => ...
  kMalformed,         // a number with an unknown suffix (1.5g): a syntax error wherever it is
                      // parsed, except in the raw value of a SET (Spark reads that as text)
};

/// One lexical token: its type, its processed text, and where it sits in the source.
struct Token {
  TokenType type = TokenType::kEnd;
  /// Holds the identifier name, string content, number text or operator spelling.
  std::string text;
  SourcePosition position;
  /// Counts the bytes the token occupies in the source.
  size_t length = 0;
};

/// A `/*+ ... */` optimizer hint comment, kept aside from the token stream.
struct HintComment {
  std::string text;
  SourcePosition position;
};

}  // namespace floe
