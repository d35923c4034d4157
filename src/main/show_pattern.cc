#include "main/show_pattern.h"

#include <regex>

namespace floe {

bool ShowPatternMatches(const std::optional<std::string>& pattern, const std::string& name) {
  if (!pattern) return true;
  size_t start = 0;
  while (start <= pattern->size()) {
    size_t bar = pattern->find('|', start);
    if (bar == std::string::npos) bar = pattern->size();
    std::string part = pattern->substr(start, bar - start);
    size_t first = part.find_first_not_of(' ');
    size_t last = part.find_last_not_of(' ');
    part = first == std::string::npos ? "" : part.substr(first, last - first + 1);
    std::string regex;
    for (char c : part) regex += c == '*' ? std::string(".*") : std::string(1, c);
    try {
      if (std::regex_match(name, std::regex(regex, std::regex::icase))) return true;
    } catch (const std::regex_error&) {
      // Spark skips an alternative that is not a valid regex.
    }
    start = bar + 1;
  }
  return false;
}

}  // namespace floe
