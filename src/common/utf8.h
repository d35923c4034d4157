#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Returns true when the bytes are well-formed UTF-8 (no overlong forms, no surrogates,
/// nothing above U+10FFFF).
bool IsValidUtf8(std::string_view text);

/// Returns the text with each ill-formed sequence (its maximal well-formed prefix, at least a
/// byte) replaced by U+FFFD, as Java decodes bytes into a String.
std::string ReplaceInvalidUtf8(std::string_view text);

/// Compares two UTF-8 strings in the order of their UTF-16 code units, as Java's
/// String.compareTo does (a character above U+FFFF, a surrogate pair, sorts before
/// U+E000..U+FFFF); <0, 0, >0. Byte order otherwise.
int CompareUtf16Order(std::string_view a, std::string_view b);

/// Returns the text quoted for an error message: printable ASCII and well-formed
/// multi-byte UTF-8 as they are, every other byte as \xHH, cut after `max_bytes`.
std::string QuoteForMessage(std::string_view text, size_t max_bytes = 120);

}  // namespace floe
