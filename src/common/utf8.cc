#include "common/utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace floe {

namespace {

// Returns the length of the well-formed UTF-8 sequence at `pos`, or 0 when it is not one
// (the table of well-formed byte sequences in the Unicode standard, chapter 3).
size_t SequenceLength(std::string_view s, size_t pos) {
  auto byte = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
  uint8_t b0 = byte(pos);
  if (b0 < 0x80) return 1;
  size_t length;
  uint8_t low = 0x80, high = 0xBF;  // the range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) low = 0xA0;   // why: E0 80..9F would be overlong
    if (b0 == 0xED) high = 0x9F;  // why: ED A0..BF would encode surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) low = 0x90;   // overlong
    if (b0 == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (pos + length > s.size()) return 0;
  if (byte(pos + 1) < low || byte(pos + 1) > high) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (byte(pos + i) < 0x80 || byte(pos + i) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

bool IsValidUtf8(std::string_view text) {
  for (size_t pos = 0; pos < text.size();) {
    size_t n = SequenceLength(text, pos);
    if (n == 0) return false;
    pos += n;
  }
  return true;
}

std::string QuoteForMessage(std::string_view text, size_t max_bytes) {
  std::string out = "'";
  size_t pos = 0;
  while (pos < text.size() && pos < max_bytes) {
    size_t n = SequenceLength(text, pos);
    uint8_t b = static_cast<uint8_t>(text[pos]);
    if (n > 1 || (n == 1 && b >= 0x20 && b < 0x7F && b != '\\' && b != '\'')) {
      out.append(text.substr(pos, n == 0 ? 1 : n));
      pos += n;
      continue;
    }
    char escaped[8];
    std::snprintf(escaped, sizeof(escaped), "\\x%02X", b);
    out += (b == '\\' || b == '\'') ? std::string("\\") + static_cast<char>(b) : std::string(escaped);
    ++pos;
  }
  out += pos < text.size() ? "'..." : "'";
  return out;
}

namespace {

// Returns the code point starting at byte i (a malformed sequence: its first byte).
uint32_t CodePointAt(std::string_view s, size_t i) {
  auto b = static_cast<unsigned char>(s[i]);
  int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  if (i + extra >= s.size()) return b;
  uint32_t cp = extra == 3 ? b & 0x07 : extra == 2 ? b & 0x0F : extra == 1 ? b & 0x1F : b;
  for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

}  // namespace

std::string ReplaceInvalidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  size_t pos = 0;
  while (pos < s.size()) {
    size_t n = SequenceLength(s, pos);
    if (n > 0) {
      out.append(s.substr(pos, n));
      pos += n;
      continue;
    }
    // the maximal subpart: the lead byte and the continuation bytes a well-formed sequence
    // starting with it could have had
    auto byte = [&](size_t i) { return static_cast<uint8_t>(s[i]); };
    uint8_t b0 = byte(pos);
    size_t length = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 1;
    uint8_t low = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80;
    uint8_t high = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF;
    size_t take = 1;
    while (take < length && pos + take < s.size()) {
      uint8_t b = byte(pos + take);
      if (take == 1 ? (b < low || b > high) : (b < 0x80 || b > 0xBF)) break;
      ++take;
    }
    out += "\xEF\xBF\xBD";
    pos += take;
  }
  return out;
}

int CompareUtf16Order(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size()), k = 0;
  while (k < n && a[k] == b[k]) ++k;
  if (k == n) return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
  // back to the start of the character holding the first difference (the same in both)
  size_t start = k;
  while (start > 0 && (static_cast<unsigned char>(a[start]) & 0xC0) == 0x80) --start;
  uint32_t x = CodePointAt(a, start), y = CodePointAt(b, start);
  // as UTF-16: a supplementary character's first unit is a high surrogate (0xD800..0xDBFF)
  auto unit = [](uint32_t cp) { return cp >= 0x10000 ? 0xD800 + ((cp - 0x10000) >> 10) : cp; };
  uint32_t ux = unit(x), uy = unit(y);
  if (ux != uy) return ux < uy ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

}  // namespace floe
