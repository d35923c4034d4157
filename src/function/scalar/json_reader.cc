#include "function/scalar/json_reader.h"

#include <cctype>
#include <cstdint>

#include "common/json_string.h"
#include "function/scalar/utf8.h"

namespace floe {

namespace {

class Reader {
 public:
  Reader(std::string_view text, bool strict) : s_(text), strict_(strict) {}

  size_t position() const { return pos_; }

  bool Value(JsonValue* out, int depth) {
    if (depth > kMaxJsonDepth) return false;
    SkipSpace();
    if (pos_ >= s_.size()) return false;
    char c = s_[pos_];
    // (Jackson's default maxNestingDepth: 1000 nested arrays or objects parse, 1001 do not)
    if (strict_ && depth >= kMaxJsonDepth && (c == '{' || c == '[')) return false;
    if (c == '{') return Object(out, depth);
    if (c == '[') return Array(out, depth);
    if (c == '"' || (c == '\'' && !strict_)) {
      out->kind = JsonValue::Kind::kString;
      return String(&out->text);
    }
    if (Word("true")) return out->kind = JsonValue::Kind::kBool, out->boolean = true, true;
    if (Word("false")) return out->kind = JsonValue::Kind::kBool, out->boolean = false, true;
    if (Word("null")) return out->kind = JsonValue::Kind::kNull, true;
    out->kind = JsonValue::Kind::kNumber;
    return Number(&out->text);
  }

 private:
  void SkipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }

  bool Word(std::string_view w) {
    if (s_.substr(pos_, w.size()) != w) return false;
    // (Jackson reads `truex` as one unknown token)
    if (strict_ && pos_ + w.size() < s_.size() && std::isalnum(static_cast<unsigned char>(s_[pos_ + w.size()]))) {
      return false;
    }
    pos_ += w.size();
    return true;
  }

  // After an object's member or an array's item: a comma (*more) or the closing character.
  bool Separator(char close, bool* more) {
    SkipSpace();
    if (pos_ >= s_.size() || (s_[pos_] != ',' && s_[pos_] != close)) return false;
    *more = s_[pos_++] == ',';
    return true;
  }

  bool Object(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kObject;
    ++pos_;
    SkipSpace();
    if (pos_ < s_.size() && s_[pos_] == '}') return ++pos_, true;
    while (true) {
      SkipSpace();
      if (pos_ >= s_.size() || (s_[pos_] != '"' && (s_[pos_] != '\'' || strict_))) return false;
      std::string name;
      if (!String(&name)) return false;
      SkipSpace();
      if (pos_ >= s_.size() || s_[pos_] != ':') return false;
      ++pos_;
      JsonValue value;
      if (!Value(&value, depth + 1)) return false;
      out->members.push_back(JsonMember{std::move(name), std::move(value)});
      bool more;
      if (!Separator('}', &more)) return false;
      if (!more) return true;
    }
  }

  bool Array(JsonValue* out, int depth) {
    out->kind = JsonValue::Kind::kArray;
    ++pos_;
    SkipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') return ++pos_, true;
    while (true) {
      JsonValue item;
      if (!Value(&item, depth + 1)) return false;
      out->items.push_back(std::move(item));
      bool more;
      if (!Separator(']', &more)) return false;
      if (!more) return true;
    }
  }

  bool Hex4(uint32_t* v) {
    if (pos_ + 4 > s_.size()) return false;
    *v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[pos_++];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return false;
      *v = *v * 16 + static_cast<uint32_t>(d);
    }
    return true;
  }

  // A quoted string ("..." or '...'); control characters must be escaped.
  bool String(std::string* out) {
    char quote = s_[pos_++];
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == quote) return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= s_.size()) return false;
      char e = s_[pos_++];
      switch (e) {
        case '"': case '\\': case '/': out->push_back(e); break;
        case '\'':
          if (strict_) return false;
          out->push_back(e);
          break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          uint32_t cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(pos_, 2) == "\\u") {
            size_t save = pos_;
            pos_ += 2;
            uint32_t low;
            if (Hex4(&low) && low >= 0xDC00 && low < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            } else {
              pos_ = save;
            }
          }
          Utf8Append(cp, out);
          break;
        }
        default: return false;
      }
    }
    return false;
  }

  // JSON's number grammar (no leading zeros), or NaN / Infinity / +Infinity / -Infinity.
  bool Number(std::string* out) {
    size_t start = pos_;
    for (std::string_view w : {"NaN", "Infinity", "+Infinity", "-Infinity"}) {
      if (!strict_ && Word(w)) return *out = std::string(w), true;
    }
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    auto digits = [&] {
      size_t from = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      return pos_ - from;
    };
    size_t int_start = pos_;
    size_t n = digits();
    if (n == 0 || (n > 1 && s_[int_start] == '0')) return false;
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (digits() == 0) return false;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (digits() == 0) return false;
    }
    *out = std::string(s_.substr(start, pos_ - start));
    return true;
  }

  std::string_view s_;
  bool strict_;
  size_t pos_ = 0;
};

}  // namespace

bool ParseJson(std::string_view text, JsonValue* out) {
  *out = JsonValue{};
  return Reader(text, false).Value(out, 0);
}

bool ParseStrictJson(std::string_view text, JsonValue* out, size_t* end) {
  *out = JsonValue{};
  Reader reader(text, true);
  if (!reader.Value(out, 0)) return false;
  *end = reader.position();
  // Jackson's _verifyRootSpace: a root-level number ends at a space or the end
  if (out->kind == JsonValue::Kind::kNumber && *end < text.size()) {
    char c = text[*end];
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
  return true;
}

std::string JsonValue::ToJson() const {
  switch (kind) {
    case Kind::kNull: return "null";
    case Kind::kBool: return boolean ? "true" : "false";
    case Kind::kNumber: return text;
    case Kind::kString: {
      std::string out;
      AppendJsonString(text, &out);
      return out;
    }
    case Kind::kArray: {
      std::string out = "[";
      for (size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + items[i].ToJson();
      return out + "]";
    }
    case Kind::kObject: {
      std::string out = "{";
      for (size_t i = 0; i < members.size(); ++i) {
        if (i) out += ",";
        AppendJsonString(members[i].name, &out);
        out += ":" + members[i].value.ToJson();
      }
      return out + "}";
    }
  }
  return "null";
}

}  // namespace floe
