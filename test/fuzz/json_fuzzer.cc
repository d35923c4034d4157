// Fuzz target: the bytes are a JSON record as from_json reads it (ParseJson, the reader
// under from_json). A record that parses must print (JsonValue::ToJson) as JSON that parses
// again to the same text: a round trip through the writer to_json shares its escaping with.
// Then the same bytes as parse_json reads them (ParseStrictJson, Jackson's defaults): what
// it takes, the lenient reader takes too; the variant built from it (JsonToVariant) is
// valid, and its JSON read and built again twice prints the same both times.
//
// Accepted outcomes: parsed or not parsed, a repeated key or a variant past 16 MiB
// (InvalidInputError). Anything else is a finding: a sanitizer report, a crash (deep nesting
// overflowing the stack), a hang, a failed round trip (abort).

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/variant.h"
#include "function/scalar/json_reader.h"
#include "function/scalar/json_variant.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  floe::JsonValue value;
  bool lenient = floe::ParseJson(text, &value);
  if (lenient) {
    std::string printed = value.ToJson();
    floe::JsonValue again;
    if (!floe::ParseJson(printed, &again) || again.ToJson() != printed) std::abort();
  }
  floe::JsonValue strict;
  size_t end;
  if (!floe::ParseStrictJson(text, &strict, &end)) return 0;
  if (!lenient || end > text.size()) std::abort();
  try {
    std::string packed = floe::JsonToVariant(strict);
    floe::VariantRef variant = floe::VariantRef::Unpack(packed);
    variant.Validate();
    // printed and built again, twice: the second time changes nothing (the first may: a
    // double printed as 2500.0 is read back as a decimal)
    std::string json = variant.ToJson(floe::TimeZone::Utc());
    auto rebuild = [](const std::string& text, std::string* out) {
      floe::JsonValue parsed;
      size_t parsed_end;
      // (a double past the range prints as Infinity, which strict JSON has not)
      if (!floe::ParseStrictJson(text, &parsed, &parsed_end)) return false;
      *out = floe::VariantRef::Unpack(floe::JsonToVariant(parsed)).ToJson(floe::TimeZone::Utc());
      return true;
    };
    std::string once, twice;
    if (!rebuild(json, &once)) return 0;
    if (!rebuild(once, &twice) || twice != once) std::abort();
  } catch (const floe::InvalidInputError&) {
  }
  return 0;
}
