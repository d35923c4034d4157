#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace floe {

/// Returns true for a byte that starts a UTF-8 character (not a continuation byte).
inline bool IsUtf8Start(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

/// Returns the number of characters (code points) of UTF-8 text.
inline size_t Utf8Length(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += IsUtf8Start(c);
  return n;
}

/// Returns the byte offset of character `index` (clamped to the end).
inline size_t Utf8Offset(std::string_view s, size_t index) {
  size_t seen = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (IsUtf8Start(s[i])) {
      if (seen == index) return i;
      ++seen;
    }
  }
  return s.size();
}

/// Decodes the code point at byte `*pos` and advances past it (invalid bytes as themselves).
inline uint32_t Utf8Decode(std::string_view s, size_t* pos) {
  unsigned char c = static_cast<unsigned char>(s[*pos]);
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  if (extra > 0 && *pos + extra >= s.size()) extra = 0;
  uint32_t cp = extra == 0 ? c : (c & (0x3F >> extra));
  ++*pos;
  for (int k = 0; k < extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[(*pos)++]) & 0x3F);
  return cp;
}

/// Appends a code point as UTF-8.
inline void Utf8Append(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

/// Returns the lower-case form of a code point (ASCII, Latin-1, Latin Extended-A, Greek,
/// Cyrillic); others unchanged.
uint32_t ToLowerCodePoint(uint32_t cp);
/// Returns the upper-case form of a code point, for the same scripts.
uint32_t ToUpperCodePoint(uint32_t cp);

/// Returns the text with each character mapped to lower or upper case.
std::string Utf8ChangeCase(std::string_view s, bool upper);

}  // namespace floe
