// Fuzz target: the bytes are a JSON record as from_json reads it (ParseJson, the reader
// under from_json). A record that parses must print (JsonValue::ToJson) as JSON that parses
// again to the same text: a round trip through the writer to_json shares its escaping with.
//
// Accepted outcomes: parsed or not parsed. Anything else is a finding: a sanitizer report,
// a crash (deep nesting overflowing the stack), a hang, a failed round trip (abort).

#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "function/scalar/json_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  floe::JsonValue value;
  if (!floe::ParseJson(text, &value)) return 0;
  std::string printed = value.ToJson();
  floe::JsonValue again;
  if (!floe::ParseJson(printed, &again) || again.ToJson() != printed) std::abort();
  return 0;
}
