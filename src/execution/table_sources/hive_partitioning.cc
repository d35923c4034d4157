#include "execution/table_sources/hive_partitioning.h"

#include <charconv>
#include <optional>

#include "common/date_time.h"

namespace floe {

namespace {

constexpr const char* kDefaultPartition = "__HIVE_DEFAULT_PARTITION__";

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string Unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && HexDigit(s[i + 1]) >= 0 && HexDigit(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(HexDigit(s[i + 1]) * 16 + HexDigit(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

std::optional<int64_t> ParseInteger(const std::string& s) {
  int64_t v = 0;
  const char* begin = s.data();
  const char* end = s.data() + s.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, v);
  if (ec != std::errc() || ptr != end || begin == end) return std::nullopt;
  return v;
}

std::optional<int32_t> ParseStrictDate(const std::string& s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  int32_t days;
  if (!ParseDate(s, &days)) return std::nullopt;
  return days;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> HivePartitioning::ParsePath(
    const std::string& path, const std::string& base) {
  std::string rest = path;
  if (!base.empty() && rest.rfind(base, 0) == 0) rest = rest.substr(base.size());
  std::vector<std::pair<std::string, std::string>> pairs;
  size_t start = 0;
  for (;;) {
    size_t slash = rest.find('/', start);
    if (slash == std::string::npos) break;  // the last component is the file name
    std::string component = rest.substr(start, slash - start);
    size_t eq = component.find('=');
    if (eq != std::string::npos && eq > 0) {
      pairs.emplace_back(Unescape(component.substr(0, eq)), Unescape(component.substr(eq + 1)));
    }
    start = slash + 1;
  }
  return pairs;
}

HivePartitioning::HivePartitioning(const std::vector<std::string>& files, const std::string& base) {
  // raw[f][k]: the text of key k in file f, or nothing
  std::vector<std::vector<std::optional<std::string>>> raw(files.size());
  for (size_t f = 0; f < files.size(); ++f) {
    for (auto& [key, value] : ParsePath(files[f], base)) {
      size_t k = 0;
      while (k < names_.size() && names_[k] != key) ++k;
      if (k == names_.size()) names_.push_back(key);
      if (raw[f].size() <= k) raw[f].resize(k + 1);
      if (value != kDefaultPartition) raw[f][k] = value;
    }
  }
  for (auto& r : raw) r.resize(names_.size());
  for (size_t k = 0; k < names_.size(); ++k) {
    bool all_int = true, all_bigint = true, all_date = true, any = false;
    for (const auto& r : raw) {
      if (!r[k]) continue;
      any = true;
      auto i = ParseInteger(*r[k]);
      all_bigint = all_bigint && i.has_value();
      all_int = all_int && i && *i >= INT32_MIN && *i <= INT32_MAX;
      all_date = all_date && ParseStrictDate(*r[k]).has_value();
    }
    types_.push_back(!any         ? TypeId::kString
                     : all_int    ? TypeId::kInt32
                     : all_bigint ? TypeId::kInt64
                     : all_date   ? TypeId::kDate
                                  : TypeId::kString);
  }
  values_.resize(files.size());
  for (size_t f = 0; f < files.size(); ++f) {
    for (size_t k = 0; k < names_.size(); ++k) {
      const auto& text = raw[f][k];
      if (!text) {
        values_[f].push_back(Value::Null(types_[k]));
        continue;
      }
      switch (types_[k].id()) {
        case TypeId::kInt32:
          values_[f].push_back(Value::Int32(static_cast<int32_t>(*ParseInteger(*text))));
          break;
        case TypeId::kInt64:
          values_[f].push_back(Value::Int64(*ParseInteger(*text)));
          break;
        case TypeId::kDate:
          values_[f].push_back(Value::Date(*ParseStrictDate(*text)));
          break;
        default:
          values_[f].push_back(Value::String(*text));
          break;
      }
    }
  }
}

}  // namespace floe
