#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace floe {

struct JsonMember;

/// A parsed JSON value: what from_json converts to a SQL type. Numbers keep their text,
/// so a DECIMAL(38) or a BIGINT converts exactly.
struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  /// A string's text (unescaped), or a number's as written ("NaN", "-Infinity" too).
  std::string text;
  std::vector<JsonValue> items;                          // an array's
  std::vector<JsonMember> members;  // an object's, in order

  /// Returns the value as compact JSON (a STRING field given an object: Jackson's copy).
  std::string ToJson() const;
};

/// One name and value of an object.
struct JsonMember {
  std::string name;
  JsonValue value;
};

/// Parses the first JSON value of `text` as Spark's JSON reader does by default (Jackson
/// with single quotes and NaN / Infinity allowed, nothing else lenient); what follows it is
/// not read. Returns false when the text is not JSON or nests deeper than kMaxDepth.
bool ParseJson(std::string_view text, JsonValue* out);

/// Parses the first JSON value of `text` as Jackson's default parser does (parse_json): no
/// single quotes, no NaN or Infinity, a root-level number or literal followed by a space or
/// the end; *end receives where the value ends (the rest is not read).
bool ParseStrictJson(std::string_view text, JsonValue* out, size_t* end);

constexpr int kMaxJsonDepth = 1000;

}  // namespace floe
