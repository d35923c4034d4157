#include "function/scalar/like_matcher.h"

#include "common/exception.h"
#include "function/scalar/utf8.h"

namespace floe {

static constexpr char kAnyMany = '\x01';
static constexpr char kAnyOne = '\x02';

LikeMatcher::LikeMatcher(std::string_view raw, char escape, bool case_insensitive)
    : case_insensitive_(case_insensitive) {
  std::string pattern = case_insensitive ? Utf8ChangeCase(raw, false) : std::string(raw);
  bool any_one = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == escape) {
      if (i + 1 >= pattern.size()) {
        throw InvalidInputError("[INVALID_FORMAT.ESC_AT_THE_END] the LIKE pattern '" +
                                std::string(raw) + "' ends with the escape character");
      }
      tokens_ += pattern[++i];
    } else if (c == '%') {
      if (tokens_.empty() || tokens_.back() != kAnyMany) tokens_ += kAnyMany;
    } else if (c == '_') {
      tokens_ += kAnyOne;
      any_one = true;
    } else {
      tokens_ += c;
    }
  }
  if (any_one) return;
  size_t stars = 0;
  for (char c : tokens_) stars += c == kAnyMany;
  bool lead = !tokens_.empty() && tokens_.front() == kAnyMany;
  bool trail = tokens_.size() > 1 && tokens_.back() == kAnyMany;
  if (stars == 0) {
    kind_ = Kind::kEquals;
    literal_ = tokens_;
  } else if (stars == 1 && trail) {
    kind_ = Kind::kPrefix;
    literal_ = tokens_.substr(0, tokens_.size() - 1);
  } else if (stars == 1 && lead) {
    kind_ = Kind::kSuffix;
    literal_ = tokens_.substr(1);
  } else if (stars == 2 && lead && trail) {
    kind_ = Kind::kContains;
    literal_ = tokens_.substr(1, tokens_.size() - 2);
  }
}

bool LikeMatcher::Matches(std::string_view input) const {
  std::string lowered;
  std::string_view text = input;
  if (case_insensitive_) {
    lowered = Utf8ChangeCase(input, false);
    text = lowered;
  }
  switch (kind_) {
    case Kind::kEquals: return text == literal_;
    case Kind::kPrefix: return text.substr(0, literal_.size()) == literal_;
    case Kind::kSuffix:
      return text.size() >= literal_.size() &&
             text.substr(text.size() - literal_.size()) == literal_;
    case Kind::kContains: return text.find(literal_) != std::string_view::npos;
    case Kind::kGeneral: return MatchGeneral(text);
  }
  return false;
}

// Wildcard matching with backtracking to the last %: linear in practice.
bool LikeMatcher::MatchGeneral(std::string_view text) const {
  std::string_view p = tokens_;
  size_t t = 0, k = 0;
  size_t star_k = std::string_view::npos, star_t = 0;
  auto next_char = [&](size_t pos) {
    ++pos;
    while (pos < text.size() && !IsUtf8Start(text[pos])) ++pos;
    return pos;
  };
  while (t < text.size()) {
    if (k < p.size() && p[k] == kAnyMany) {
      star_k = k++;
      star_t = t;
    } else if (k < p.size() && p[k] == kAnyOne) {
      ++k;
      t = next_char(t);
    } else if (k < p.size() && p[k] == text[t]) {
      ++k;
      ++t;
    } else if (star_k != std::string_view::npos) {
      k = star_k + 1;
      star_t = next_char(star_t);
      t = star_t;
    } else {
      return false;
    }
  }
  while (k < p.size() && p[k] == kAnyMany) ++k;
  return k == p.size();
}

}  // namespace floe
