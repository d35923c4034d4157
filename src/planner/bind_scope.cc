#include "planner/bind_scope.h"

#include <algorithm>

#include "common/ascii_case.h"

namespace floe {

const ScopeColumn* BindScope::Find(const std::vector<std::string>& qualifier,
                                   const std::string& name, bool* ambiguous) const {
  *ambiguous = false;
  std::string lname = ToLower(name);
  std::string lqual = qualifier.empty() ? "" : ToLower(qualifier.back());
  const ScopeColumn* found = nullptr;
  for (bool metadata : {false, true}) {
    for (const auto& c : columns) {
      if (c.metadata != metadata || ToLower(c.name) != lname) continue;
      if (!lqual.empty()) {
        if (c.table != lqual) continue;
      } else if (c.hidden) {
        continue;
      }
      if (found) {
        *ambiguous = true;
        return found;
      }
      found = &c;
    }
    if (found) return found;
  }
  return found;
}

std::vector<std::string> BindScope::Names() const {
  std::vector<std::string> out;
  for (const auto& c : columns) out.push_back(c.table.empty() ? c.name : c.table + "." + c.name);
  return out;
}

void BindScope::Append(const BindScope& other, size_t offset) {
  for (const auto& c : other.columns) {
    ScopeColumn copy = c;
    copy.index += offset;
    columns.push_back(copy);
  }
  unreadable.insert(unreadable.end(), other.unreadable.begin(), other.unreadable.end());
}

static size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string ClosestName(const std::string& name, const std::vector<std::string>& candidates, size_t max_distance) {
  std::string best;
  size_t best_distance = SIZE_MAX;
  std::string lname = ToLower(name);
  for (const auto& c : candidates) {
    std::string lc = ToLower(c);
    // Compare with the last dotted part too, so `nme` suggests `t.name`.
    size_t dot = lc.rfind('.');
    size_t d = EditDistance(lname, lc);
    if (dot != std::string::npos) d = std::min(d, EditDistance(lname, lc.substr(dot + 1)));
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  if (best_distance <= std::min(max_distance, std::max<size_t>(2, name.size() / 3))) return best;
  return "";
}

}  // namespace floe
