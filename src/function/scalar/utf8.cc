#include "function/scalar/utf8.h"

namespace floe {

uint32_t ToLowerCodePoint(uint32_t cp) {
  if (cp >= 'A' && cp <= 'Z') return cp + 32;
  if (cp < 0xC0) return cp;
  if ((cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) || (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) ||
      (cp >= 0x410 && cp <= 0x42F)) {
    return cp + 32;
  }
  if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
  if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x131 && cp != 0x138 && cp != 0x149) {
    // Latin Extended-A pairs: even upper / odd lower, except 0x139-0x148 and 0x179-0x17E.
    bool odd_upper = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
    if (odd_upper ? (cp % 2 == 1) : (cp % 2 == 0)) return cp + 1;
  }
  return cp;
}

uint32_t ToUpperCodePoint(uint32_t cp) {
  if (cp >= 'a' && cp <= 'z') return cp - 32;
  if (cp < 0xE0) return cp;
  if ((cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) || (cp >= 0x3B1 && cp <= 0x3CB && cp != 0x3C2) ||
      (cp >= 0x430 && cp <= 0x44F)) {
    return cp - 32;
  }
  if (cp == 0x3C2) return 0x3A3;  // final sigma
  if (cp >= 0x450 && cp <= 0x45F) return cp - 80;
  if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x131 && cp != 0x138 && cp != 0x149) {
    bool odd_upper = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
    if (odd_upper ? (cp % 2 == 0) : (cp % 2 == 1)) return cp - 1;
  }
  return cp;
}

std::string Utf8ChangeCase(std::string_view s, bool upper) {
  std::string out;
  out.reserve(s.size());
  size_t pos = 0;
  while (pos < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[pos]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(upper ? (c >= 'a' && c <= 'z' ? c - 32 : c)
                                            : (c >= 'A' && c <= 'Z' ? c + 32 : c)));
      ++pos;
      continue;
    }
    uint32_t cp = Utf8Decode(s, &pos);
    Utf8Append(upper ? ToUpperCodePoint(cp) : ToLowerCodePoint(cp), &out);
  }
  return out;
}

}  // namespace floe
