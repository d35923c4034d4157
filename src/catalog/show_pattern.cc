#include "catalog/show_pattern.h"

#include <re2/re2.h>

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
    // RE2 matches in linear time, so no pattern can make SHOW hang; Spark skips an
    // alternative that is not a valid regex.
    RE2::Options options;
    options.set_case_sensitive(false);
    options.set_log_errors(false);
    RE2 re(regex, options);
    if (re.ok() && RE2::FullMatch(name, re)) return true;
    start = bar + 1;
  }
  return false;
}

}  // namespace floe
