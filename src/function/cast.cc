#include "function/cast.h"

#include "common/ascii_case.h"
#include "common/exception.h"
#include "function/cast_kernels.h"
#include "function/variant_cast.h"

namespace floe {

std::string CastTypeName(const LogicalType& type) {
  return ToUpper(type.ToString());
}

// Spark prints the offending value as a SQL literal: 'abc', 12Y, 300S, 128L, 1.0E10D, 1.50BD.
static std::string LiteralText(const Value& v) {
  switch (v.type().id()) {
    case TypeId::kString: return "'" + v.str() + "'";
    case TypeId::kInt8: return v.ToString() + "Y";
    case TypeId::kInt16: return v.ToString() + "S";
    case TypeId::kInt64: return v.ToString() + "L";
    case TypeId::kDouble: return v.ToString() + "D";
    case TypeId::kFloat: return v.ToString() + "F";
    case TypeId::kDecimal: return v.ToString() + "BD";
    case TypeId::kDate: return "DATE '" + v.ToString() + "'";
    case TypeId::kTimestamp: return "TIMESTAMP '" + v.ToString() + "'";
    case TypeId::kTimestampNtz: return "TIMESTAMP_NTZ '" + v.ToString() + "'";
    case TypeId::kTimestampNs: return "TIMESTAMP_LTZ_NS '" + v.ToString() + "'";
    case TypeId::kTimestampNtzNs: return "TIMESTAMP_NTZ_NS '" + v.ToString() + "'";
    case TypeId::kTime: return "TIME '" + v.ToString() + "'";
    default: return v.ToString();
  }
}

void ThrowCastError(CastStatus status, const Vector& source, size_t i, const LogicalType& to) {
  Value v = source.GetValue(i);
  std::string from = "\"" + CastTypeName(source.type()) + "\"";
  if (status == CastStatus::kInvalid) {
    throw ConversionError("[CAST_INVALID_INPUT] The value " + LiteralText(v) + " of the type " +
                          from + " cannot be cast to \"" + CastTypeName(to) +
                          "\" because it is malformed. Use try_cast to tolerate malformed "
                          "input and return NULL instead.");
  }
  if (to.id() == TypeId::kDecimal) {
    throw OutOfRangeError("[NUMERIC_VALUE_OUT_OF_RANGE] " + v.ToString() +
                          " cannot be represented as " + CastTypeName(to) +
                          ". Use try_cast to return NULL instead.");
  }
  throw OutOfRangeError("[CAST_OVERFLOW] The value " + LiteralText(v) + " of the type " + from +
                        " cannot be cast to \"" + CastTypeName(to) +
                        "\" due to an overflow. Use try_cast to tolerate overflow and return "
                        "NULL instead.");
}

void ThrowInsertOverflow(const LogicalType& from, const LogicalType& to, const std::string& column) {
  throw OutOfRangeError("[CAST_OVERFLOW_IN_TABLE_INSERT] Fail to assign a value of \"" +
                        CastTypeName(from) + "\" type to the \"" + CastTypeName(to) +
                        "\" type column or variable `" + column +
                        "` due to an overflow. Use `try_cast` on the input value to tolerate "
                        "overflow and return NULL instead.");
}

static bool IsNumberLike(const LogicalType& t) {
  return t.IsNumeric() || t.id() == TypeId::kBoolean;
}

bool CanCast(const LogicalType& from, const LogicalType& to) {
  TypeId f = from.id(), t = to.id();
  if (f == TypeId::kNull || from == to) return true;
  if (f == TypeId::kVariant) return CanCastVariantTo(to);
  if (t == TypeId::kVariant) return CanCastToVariant(from);
  if (from.IsNested() || to.IsNested()) {
    // Spark's Cast.canCast: arrays, maps and structs (of as many fields) element by element,
    // and any of them to a string
    if (t == TypeId::kString) return true;
    if (f != t || from.fields().size() != to.fields().size()) return false;
    for (size_t i = 0; i < from.fields().size(); ++i) {
      if (!CanCast(from.fields()[i].second, to.fields()[i].second)) return false;
    }
    return true;
  }
  if (f == TypeId::kDecimal && t == TypeId::kDecimal) return true;
  if (t == TypeId::kString) return true;
  if (f == TypeId::kString) return t != TypeId::kInterval;
  if (f == TypeId::kBinary || t == TypeId::kBinary) return false;
  if (IsNumberLike(from) && IsNumberLike(to)) return true;
  if (from.IsTemporal() && to.IsTemporal()) return true;
  // Spark: numbers are seconds since the epoch, both ways, for timestamps only.
  if (from.IsNumeric() && t == TypeId::kTimestamp) return true;
  if (f == TypeId::kTimestamp && to.IsNumeric()) return true;
  return false;
}

// A nested value as Spark's cast to string writes it (ToStringBase): [1, null], {1, x},
// {1 -> x}; the leaves as their own casts to string write them, NULL inside as null.
static std::string NestedText(const Value& v, const FunctionContext& context) {
  if (v.is_null()) return "null";
  auto join = [&](size_t step, const char* open, const char* close, const char* between) {
    std::string out = open;
    const auto& c = v.children();
    for (size_t i = 0; i + step <= c.size(); i += step) {
      if (i) out += ", ";
      out += NestedText(c[i], context);
      if (step == 2) out += between + NestedText(c[i + 1], context);
    }
    return out + close;
  };
  switch (v.type().id()) {
    case TypeId::kList: return join(1, "[", "]", "");
    case TypeId::kStruct: return join(1, "{", "}", "");
    case TypeId::kMap: return join(2, "{", "}", " -> ");
    default: return CastValue(v, TypeId::kString, context).str();
  }
}

static void CastNested(const Vector& source, size_t count, Vector& result, const FunctionContext& context) {
  const LogicalType& to = result.type();
  if (to.id() == TypeId::kString) {
    for (size_t i = 0; i < count; ++i) {
      result.SetNull(i, source.IsNull(i));
      if (!source.IsNull(i)) result.SetString(i, NestedText(source.GetValue(i), context));
    }
    return;
  }
  if (to.id() == TypeId::kStruct) {
    for (size_t c = 0; c < source.ChildCount(); ++c) CastVector(source.child(c), count, result.child(c), context);
    for (size_t i = 0; i < count; ++i) {
      if (source.IsNull(i)) {
        result.SetValue(i, Value::Null());
      } else {
        result.SetNull(i, false);
      }
    }
    return;
  }
  // a list or map: its elements cast all at once, the entries kept
  size_t elements = source.child_size();
  size_t at = result.ReserveElements(elements);
  for (size_t c = 0; c < source.ChildCount(); ++c) {
    Vector cast(result.child(c).type(), std::max<size_t>(elements, 1));
    CastVector(source.child(c), elements, cast, context);
    result.child(c).CopyRange(cast, 0, at, elements);
  }
  result.SetChildSize(at + elements);
  const auto* in = source.Data<ListEntry>();
  auto* out = result.Data<ListEntry>();
  for (size_t i = 0; i < count; ++i) {
    result.SetNull(i, source.IsNull(i));
    out[i] = ListEntry{at + in[i].offset, source.IsNull(i) ? 0 : in[i].length};
  }
}

void CastVector(const Vector& source, size_t count, Vector& result,
                const FunctionContext& context) {
  const LogicalType& from = source.type();
  const LogicalType& to = result.type();
  if (!CanCast(from, to)) {
    throw ConversionError("[DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] cannot cast \"" +
                          CastTypeName(from) + "\" to \"" + CastTypeName(to) + "\"");
  }
  if (from.id() == TypeId::kNull) {
    // SetValue: a NULL struct's fields are NULL too
    for (size_t i = 0; i < count; ++i) result.SetValue(i, Value::Null());
    return;
  }
  if (from == to) {
    result.CopyRange(source, 0, 0, count);
    return;
  }
  if (from.id() == TypeId::kVariant || to.id() == TypeId::kVariant) {
    return CastVariantVector(source, count, result, context);
  }
  if (from.IsNested()) return CastNested(source, count, result, context);
  if (to.IsStringLike()) return CastToString(source, count, result, context);
  if (from.IsStringLike()) return CastFromString(source, count, result, context);
  if (from.IsTemporal() || to.IsTemporal()) return CastTemporal(source, count, result, context);
  CastNumeric(source, count, result, context);
}

Value CastValue(const Value& value, const LogicalType& to, const FunctionContext& context) {
  if (value.is_null()) return Value::Null(to);
  if (value.type() == to) return value;
  Vector source(value.type(), 1);
  source.SetValue(0, value);
  Vector result(to, 1);
  CastVector(source, 1, result, context);
  return result.GetValue(0);
}

}  // namespace floe
