#pragma once

#include <cstring>
#include <type_traits>

#include "common/string_ref.h"
#include "common/vector.h"
#include "function/aggregates/owned_string.h"

namespace floe {

/// Keeps one value of physical type T inside an aggregate state; strings own a copy
/// of their bytes, so the value outlives the batch it came from.
template <typename T>
struct StoredValue {
  T value{};
  void Set(const T& v) { value = v; }
  const T& Get() const { return value; }
  void Free() {}
};

template <>
struct StoredValue<StringRef> {
  OwnedString value;
  void Set(const StringRef& v) { value.Assign(v.view()); }
  StringRef Get() const { return value.ref(); }
  void Free() { value.Free(); }
};

/// Keeps one value of a type known only at run time (min_by's x), or NULL.
struct StoredAnyValue {
  alignas(16) uint8_t fixed[16];
  OwnedString string;
  bool is_null;

  /// Copies row i of input (strings into owned bytes).
  void Set(const Vector& input, size_t i) {
    is_null = input.IsNull(i) || input.type().id() == TypeId::kNull;
    if (is_null) return;
    if (input.type().HasStringStorage()) {
      string.Assign(input.Data<StringRef>()[i].view());
      return;
    }
    size_t width = PhysicalSize(input.type().id());
    std::memcpy(fixed, input.Data<uint8_t>() + i * width, width);
  }
  /// Copies another stored value.
  void Set(const StoredAnyValue& other) {
    is_null = other.is_null;
    std::memcpy(fixed, other.fixed, sizeof(fixed));
    if (!other.is_null) string.Assign(other.string.view());
  }
  /// Writes the value (or NULL) to row i of result.
  void Write(Vector& result, size_t i) const {
    result.SetNull(i, is_null);
    if (is_null) return;
    if (result.type().HasStringStorage()) {
      result.SetString(i, string.view());
      return;
    }
    size_t width = PhysicalSize(result.type().id());
    std::memcpy(result.RawData() + i * width, fixed, width);
  }
  void Free() { string.Free(); }
};

/// Writes a value of physical type T to row i of result (copying string bytes).
template <typename T>
inline void WriteResult(Vector& result, size_t i, const T& v) {
  if constexpr (std::is_same_v<T, StringRef>) {
    result.SetString(i, v.view());
  } else {
    result.Data<T>()[i] = v;
  }
}

}  // namespace floe
