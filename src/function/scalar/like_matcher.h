#pragma once

#include <string>
#include <string_view>

namespace floe {

/// A compiled SQL LIKE pattern: `%` matches any characters, `_` exactly one (UTF-8), and
/// the escape character makes the next one literal. Prefix, suffix, contains and equality
/// patterns take a fast path.
class LikeMatcher {
 public:
  /// Compiles a pattern; case_insensitive for ILIKE (compares lower-cased text).
  LikeMatcher(std::string_view pattern, char escape, bool case_insensitive);

  /// Returns true when the whole text matches the pattern.
  bool Matches(std::string_view text) const;

 private:
  enum class Kind { kEquals, kPrefix, kSuffix, kContains, kGeneral };
  bool MatchGeneral(std::string_view text) const;

  Kind kind_ = Kind::kGeneral;
  bool case_insensitive_ = false;
  /// The literal of the fast paths.
  std::string literal_;
  /// The general pattern with escapes resolved: '\x01' stands for %, '\x02' for _.
  std::string tokens_;
};

}  // namespace floe
