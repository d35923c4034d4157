#include "iceberg/expressions/value_range.h"

#include <algorithm>

namespace floe::iceberg {

namespace {

bool Known(const Value& v) { return !v.is_null() && !IsNan(v); }

// Returns the first `n` bytes of s (bounds of strings compare by their bytes).
std::string_view Prefix(const std::string& s, size_t n) { return std::string_view(s).substr(0, n); }

}  // namespace

bool ValueRange::MayMatch(const Predicate& p) const {
  bool has_lower = Known(lower);
  bool has_upper = Known(upper);
  switch (p.op()) {
    case Operation::kLt: return !has_lower || lower.Compare(p.literal()) < 0;
    case Operation::kLtEq: return !has_lower || lower.Compare(p.literal()) <= 0;
    case Operation::kGt: return !has_upper || upper.Compare(p.literal()) > 0;
    case Operation::kGtEq: return !has_upper || upper.Compare(p.literal()) >= 0;
    case Operation::kEq:
      if (has_lower && lower.Compare(p.literal()) > 0) return false;
      if (has_upper && upper.Compare(p.literal()) < 0) return false;
      return true;
    case Operation::kIn:
      if (const auto& sorted = p.sorted_literals()) {
        // the first key not below the lower bound, if any, is in the range or none is
        size_t i = has_lower ? sorted->LowerBound(lower) : 0;
        return i != sorted->size() && (!has_upper || upper.Compare((*sorted)[i]) >= 0);
      }
      for (const auto& v : p.literals()) {
        bool above_lower = !has_lower || lower.Compare(v) <= 0;
        bool below_upper = !has_upper || upper.Compare(v) >= 0;
        if (above_lower && below_upper) return true;
      }
      return false;
    case Operation::kNotEq:
      if (p.literal().type().IsFloating() && !nan_free) return true;  // NaN values are outside the bounds
      // only a single-valued range equal to the literal excludes every row
      return !(has_lower && has_upper && lower.Compare(p.literal()) == 0 && upper.Compare(p.literal()) == 0);
    case Operation::kNotIn: {
      if (p.literal_count() == 0) return true;
      if ((p.sorted_literals() ? p.sorted_literals()->type() : p.literals()[0].type()).IsFloating() && !nan_free) {
        return true;
      }
      if (!(has_lower && has_upper) || lower.Compare(upper) != 0) return true;
      if (const auto& sorted = p.sorted_literals()) {
        return !sorted->Contains(lower);
      }
      for (const auto& v : p.literals()) {
        if (lower.Compare(v) == 0) return false;
      }
      return true;
    }
    case Operation::kStartsWith: {
      const std::string& prefix = p.literal().str();
      if (has_lower && Prefix(lower.str(), prefix.size()).compare(prefix) > 0) return false;
      if (has_upper && Prefix(upper.str(), prefix.size()).compare(prefix) < 0) return false;
      return true;
    }
    case Operation::kNotStartsWith: {
      const std::string& prefix = p.literal().str();
      // values between two strings that both start with the prefix start with it too
      return !(has_lower && has_upper && lower.str().starts_with(prefix) && upper.str().starts_with(prefix));
    }
    default: return true;
  }
}

}  // namespace floe::iceberg
