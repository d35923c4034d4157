#include "function/scalar/json_variant.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "common/variant_builder.h"

namespace floe {

namespace {

// Appends a JSON number as VariantBuilder.parseJson does: an integer that fits a bigint in
// the narrowest integer; otherwise, written without an exponent and within 38 digits and a
// scale of 38, a decimal (BigDecimal's unscaled digits and scale, trailing zeros kept);
// anything else a double.
void AppendNumber(const std::string& text, VariantBuilder* b) {
  // (NaN and Infinity, which from_json's lenient reader takes, are doubles)
  bool numeric = !text.empty() && (std::isdigit(static_cast<unsigned char>(text[0])) ||
                                   (text[0] == '-' && text.size() > 1 && std::isdigit(static_cast<unsigned char>(text[1]))));
  bool plain = numeric && text.find_first_of("eE") == std::string::npos;
  size_t dot = text.find('.');
  if (plain && dot == std::string::npos) {
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (errno == 0 && end && *end == '\0') return b->AppendLong(v);
  }
  if (plain) {
    std::string digits;
    for (char c : text) {
      if (c >= '0' && c <= '9') digits += c;
    }
    int scale = dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
    size_t first = digits.find_first_not_of('0');
    size_t precision = first == std::string::npos ? 1 : digits.size() - first;
    if (scale <= LogicalType::kMaxDecimalPrecision && precision <= static_cast<size_t>(LogicalType::kMaxDecimalPrecision)) {
      int128_t unscaled = 0;
      for (size_t i = first == std::string::npos ? digits.size() : first; i < digits.size(); ++i) {
        unscaled = unscaled * 10 + (digits[i] - '0');
      }
      return b->AppendDecimal(text[0] == '-' ? -unscaled : unscaled, scale);
    }
  }
  b->AppendDouble(std::strtod(text.c_str(), nullptr));
}

void AppendJsonValue(const JsonValue& v, VariantBuilder* b) {
  switch (v.kind) {
    case JsonValue::Kind::kNull: return b->AppendNull();
    case JsonValue::Kind::kBool: return b->AppendBoolean(v.boolean);
    case JsonValue::Kind::kNumber: return AppendNumber(v.text, b);
    case JsonValue::Kind::kString: return b->AppendString(v.text);
    case JsonValue::Kind::kArray: {
      size_t start = b->Position();
      std::vector<size_t> offsets;
      offsets.reserve(v.items.size());
      for (const auto& item : v.items) {
        offsets.push_back(b->Position());
        AppendJsonValue(item, b);
      }
      return b->FinishArray(start, offsets);
    }
    case JsonValue::Kind::kObject: {
      size_t start = b->Position();
      std::vector<VariantBuilder::Field> fields;
      fields.reserve(v.members.size());
      for (const auto& m : v.members) {
        fields.push_back(b->AddKey(m.name, b->Position()));
        AppendJsonValue(m.value, b);
      }
      return b->FinishObject(start, std::move(fields));
    }
  }
}

}  // namespace

std::string JsonToVariant(const JsonValue& json) {
  VariantBuilder builder;
  AppendJsonValue(json, &builder);
  return builder.Finish();
}

}  // namespace floe
