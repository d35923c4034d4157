#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/exception.h"

namespace floe::iceberg {

/// Describes a JSON error without the text that caused it: a syntax error gives its
/// byte offset (nlohmann's own message quotes the bytes last read), others their message
/// without the "[json.exception...]" tag.
inline std::string DescribeJsonError(const nlohmann::json::exception& e) {
  if (const auto* parse = dynamic_cast<const nlohmann::json::parse_error*>(&e)) {
    return "syntax error at byte " + std::to_string(parse->byte);
  }
  std::string message = e.what();
  if (size_t tag_end = message.find("] "); message.rfind("[json.exception", 0) == 0 && tag_end != std::string::npos) {
    message.erase(0, tag_end + 2);
  }
  return message;
}

/// Reads typed keys of one JSON object of Iceberg metadata; a missing required key or a
/// key of the wrong type throws FormatError naming the object and the key.
class JsonObject {
 public:
  JsonObject(const nlohmann::json& json, std::string what) : json_(json), what_(std::move(what)) {
    if (!json_.is_object()) throw FormatError(what_ + " must be a JSON object");
  }

  /// Returns true when the key is present and not null.
  bool Has(const char* key) const {
    auto it = json_.find(key);
    return it != json_.end() && !it->is_null();
  }
  /// Returns the raw value of a required key.
  const nlohmann::json& Get(const char* key) const {
    auto it = json_.find(key);
    if (it == json_.end()) throw FormatError(what_ + " is missing \"" + key + "\"");
    return *it;
  }
  /// Returns a required integer.
  int64_t Int(const char* key) const {
    const auto& v = Get(key);
    if (!v.is_number_integer()) throw FormatError(what_ + " has a non-integer \"" + key + "\"");
    return v.get<int64_t>();
  }
  /// Returns an optional integer (absent or null gives nullopt).
  std::optional<int64_t> OptionalInt(const char* key) const {
    if (!Has(key)) return std::nullopt;
    return Int(key);
  }
  /// Returns a required string.
  std::string String(const char* key) const {
    const auto& v = Get(key);
    if (!v.is_string()) throw FormatError(what_ + " has a non-string \"" + key + "\"");
    return v.get<std::string>();
  }
  /// Returns an optional string.
  std::optional<std::string> OptionalString(const char* key) const {
    if (!Has(key)) return std::nullopt;
    return String(key);
  }
  /// Returns a string-to-string map (absent gives an empty map); non-string values are
  /// kept as their JSON text.
  std::map<std::string, std::string> StringMap(const char* key) const {
    std::map<std::string, std::string> out;
    if (!Has(key)) return out;
    const auto& v = Get(key);
    if (!v.is_object()) throw FormatError(what_ + " has a non-object \"" + key + "\"");
    for (auto it = v.begin(); it != v.end(); ++it) {
      out[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    }
    return out;
  }
  /// Returns an array (absent gives an empty array).
  nlohmann::json Array(const char* key) const {
    if (!Has(key)) return nlohmann::json::array();
    const auto& v = Get(key);
    if (!v.is_array()) throw FormatError(what_ + " has a non-array \"" + key + "\"");
    return v;
  }

 private:
  const nlohmann::json& json_;
  std::string what_;
};

}  // namespace floe::iceberg
