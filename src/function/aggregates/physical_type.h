#pragma once

#include <type_traits>

#include "common/exception.h"
#include "common/string_ref.h"
#include "common/types.h"

namespace floe {

/// Calls f(std::type_identity<T>{}) with T the C++ type a vector of `id` stores
/// (uint8_t for boolean, StringRef for strings and binaries, ...); kNull has no call.
template <typename F>
decltype(auto) VisitPhysicalType(TypeId id, F&& f) {
  switch (id) {
    case TypeId::kBoolean: return f(std::type_identity<uint8_t>{});
    case TypeId::kInt8: return f(std::type_identity<int8_t>{});
    case TypeId::kInt16: return f(std::type_identity<int16_t>{});
    case TypeId::kInt32:
    case TypeId::kDate: return f(std::type_identity<int32_t>{});
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTimestampNtz: return f(std::type_identity<int64_t>{});
    case TypeId::kFloat: return f(std::type_identity<float>{});
    case TypeId::kDouble: return f(std::type_identity<double>{});
    case TypeId::kDecimal: return f(std::type_identity<int128_t>{});
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: return f(std::type_identity<StringRef>{});
    case TypeId::kInterval: return f(std::type_identity<Interval>{});
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap:
      throw NotImplementedError("this aggregate function does not take struct, array or map values yet");
    case TypeId::kNull: break;
  }
  throw InternalError("VisitPhysicalType called for the NULL type");
}

}  // namespace floe
