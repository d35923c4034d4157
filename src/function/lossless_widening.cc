#include "function/lossless_widening.h"

namespace floe {

bool IsLosslessWidening(const LogicalType& from, const LogicalType& to) {
  switch (from.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
      return (to.IsInteger() && PhysicalSize(to.id()) > PhysicalSize(from.id())) ||
             to.id() == TypeId::kFloat || to.id() == TypeId::kDouble ||
             (to.id() == TypeId::kDecimal &&
              to.precision() - to.scale() >= DecimalForInteger(from.id()).precision());
    case TypeId::kInt32:
      return to.id() == TypeId::kInt64 || to.id() == TypeId::kDouble ||
             (to.id() == TypeId::kDecimal && to.precision() - to.scale() >= 10);
    case TypeId::kInt64: return to.id() == TypeId::kDecimal && to.precision() - to.scale() >= 19;
    case TypeId::kFloat: return to.id() == TypeId::kDouble;
    case TypeId::kDecimal:
      return to.id() == TypeId::kDecimal && to.scale() >= from.scale() &&
             to.precision() - to.scale() >= from.precision() - from.scale();
    default: return false;
  }
}

}  // namespace floe
