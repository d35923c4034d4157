// Fuzz target: the bytes are a Variant as a file stores it, split into metadata and value
// at the first byte's count (so both halves vary): read whole (VariantRef::Validate), as
// JSON in UTC and in a zone with an offset, walked field by field and element by element,
// and, when valid, rebuilt through VariantBuilder::AppendVariant: the rebuilt value must be
// valid and rebuild to the same JSON (the dictionary's order may change: keys are added in
// the order they are met).
//
// Accepted outcomes: a result, FormatError, or OutOfRangeError for an instant with no wall
// clock in the zone. Anything else is a finding: a sanitizer
// report, a crash, a hang, an allocation past libFuzzer's malloc limit, another exception,
// or a rebuilt value whose rebuilding changes it (abort).

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/variant.h"
#include "common/variant_builder.h"
#include "fuzz_attempt.h"

namespace {

using floe::VariantRef;
using floe::VariantType;

void Walk(const VariantRef& v, int depth) {
  if (depth > 64) return;
  switch (v.type()) {
    case VariantType::kObject:
      for (size_t i = 0, n = v.ObjectSize(); i < n && i < 64; ++i) {
        auto field = v.FieldAt(i);
        Walk(field.second, depth + 1);
        (void)v.FieldByKey(field.first);
      }
      break;
    case VariantType::kArray:
      for (size_t i = 0, n = v.ArraySize(); i < n && i < 64; ++i) Walk(v.ElementAt(i), depth + 1);
      break;
    default: (void)v.ValueBytes();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  size_t split = std::min<size_t>(data[0], bytes.size());
  std::string_view metadata = bytes.substr(0, split), value = bytes.substr(split);
  static const floe::TimeZone kZone = [] {
    floe::TimeZone zone;
    floe::TimeZone::Load("Asia/Kolkata", &zone);
    return zone;
  }();
  floe::fuzz::Attempt([&] {
    VariantRef v(metadata, value);
    // (the engine validates every variant it reads before using it: unvalidated, a few
    // bytes may stand for exponentially many values)
    v.Validate();
    floe::fuzz::Attempt([&] { Walk(v, 0); });
    floe::fuzz::Attempt([&] {
      try {
        (void)v.ToJson(kZone);
      } catch (const floe::OutOfRangeError&) {  // an instant too near the int64 range for a zone
      }
    });
    (void)v.ToJson(floe::TimeZone::Utc());
    auto rebuild = [](const VariantRef& from) {
      floe::VariantBuilder builder;
      builder.AppendVariant(from);
      return builder.Finish();
    };
    std::string once;
    try {
      once = rebuild(v);
    } catch (const floe::InvalidInputError&) {
      return;  // a repeated key (valid to read, refused to build) or past 16 MiB
    }
    // (a writer may leave an object's keys unsorted; a rebuilt one has them sorted, so the
    // rebuilt value must rebuild to itself)
    VariantRef first = VariantRef::Unpack(once);
    first.Validate();
    std::string twice = rebuild(first);
    if (VariantRef::Unpack(twice).ToJson(floe::TimeZone::Utc()) != first.ToJson(floe::TimeZone::Utc())) std::abort();
  });
  return 0;
}
