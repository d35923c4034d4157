#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/date_time.h"

namespace floe {

/// A datetime pattern in the letters of Java's DateTimeFormatter, as Spark uses them:
/// y yyyy yy (year), M MM MMM MMMM (month), d dd, D (day of year), E EEE EEEE (weekday), a,
/// H HH, h hh, k, K, m mm, s ss, S... (fraction), Q (quarter), G (era), z, Z, X, x (zone),
/// 'quoted text' and '' for a quote.
class DateTimeFormatter {
 public:
  /// Compiles a pattern; throws InvalidInputError naming the unsupported letter.
  explicit DateTimeFormatter(std::string_view pattern);

  /// Formats an instant as seen in `zone` (zone letters print that zone's offset).
  std::string Format(int64_t micros, const TimeZone& zone) const;

  /// Parses text that must match the whole pattern. Returns the wall-clock microseconds,
  /// and the offset in *offset_micros when the text carries one; nothing when it does not
  /// match or names an invalid date or time.
  std::optional<int64_t> Parse(std::string_view text, std::optional<int64_t>* offset_micros) const;

 private:
  struct Token {
    char letter = 0;  // 0 for literal text
    int count = 0;
    std::string literal;
  };
  std::vector<Token> tokens_;
};

}  // namespace floe
