#include "sql/qualified_name.h"

#include <cctype>

namespace floe {

std::string QuoteIdentifierIfNeeded(const std::string& name) {
  bool plain = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) {
    plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
                      static_cast<unsigned char>(c) >= 0x80);
  }
  if (plain) return name;
  std::string out = "`";
  for (char c : name) {
    out.push_back(c);
    if (c == '`') out.push_back('`');
  }
  return out + "`";
}

std::string QualifiedName::ToString() const {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += ".";
    out += QuoteIdentifierIfNeeded(parts[i]);
  }
  return out;
}

}  // namespace floe
