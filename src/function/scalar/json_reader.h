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

/// Appends `s` to *out as a JSON string literal, quoted and escaped as Jackson writes it.
void AppendJsonString(std::string_view s, std::string* out);

constexpr int kMaxJsonDepth = 1000;

}  // namespace floe
