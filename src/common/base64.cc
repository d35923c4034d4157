#include "common/base64.h"

#include <cstdint>

namespace floe {

namespace {

int Base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

}  // namespace

std::string Base64Encode(std::string_view s) {
  static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((s.size() + 2) / 3 * 4);
  for (size_t k = 0; k < s.size(); k += 3) {
    uint32_t n = static_cast<unsigned char>(s[k]) << 16;
    if (k + 1 < s.size()) n |= static_cast<unsigned char>(s[k + 1]) << 8;
    if (k + 2 < s.size()) n |= static_cast<unsigned char>(s[k + 2]);
    out.push_back(kAlphabet[(n >> 18) & 63]);
    out.push_back(kAlphabet[(n >> 12) & 63]);
    out.push_back(k + 1 < s.size() ? kAlphabet[(n >> 6) & 63] : '=');
    out.push_back(k + 2 < s.size() ? kAlphabet[n & 63] : '=');
  }
  return out;
}

bool Base64Decode(std::string_view text, std::string* out) {
  uint32_t bits = 0;
  int n = 0;
  for (char c : text) {
    if (c == '=' || c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    int v = Base64Value(c);
    if (v < 0) return false;
    bits = (bits << 6) | static_cast<uint32_t>(v);
    n += 6;
    if (n >= 8) {
      n -= 8;
      out->push_back(static_cast<char>((bits >> n) & 0xFF));
    }
  }
  return true;
}

}  // namespace floe
