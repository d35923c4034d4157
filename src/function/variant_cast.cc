#include "function/variant_cast.h"

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/decimal.h"
#include "common/exception.h"
#include "common/uuid_text.h"
#include "common/variant_builder.h"
#include "function/cast.h"

namespace floe {

namespace {

// Numbers, booleans, strings, binaries, dates and timestamps: what a variant holds as a scalar
// and SQL can name.
bool IsVariantScalar(const LogicalType& t) {
  return t.IsNumeric() || t.IsStringLike() || t.IsTemporal() || t.id() == TypeId::kBoolean;
}

[[noreturn]] void ThrowInvalidCast(const VariantRef& v, const LogicalType& to, const FunctionContext& context) {
  throw ConversionError("[INVALID_VARIANT_CAST] The variant value `" + v.ToJson(*context.time_zone) +
                        "` cannot be cast into \"" + ToUpper(to.ToString()) + "\". Please use `try_variant_get` instead.");
}

// Returns a scalar variant as a value of its own type (Spark's Literal of the variant's
// type); `to` picks the text of a nanosecond timestamp when a string is wanted.
Value ScalarValue(const VariantRef& v, const LogicalType& to, const FunctionContext& context) {
  switch (v.type()) {
    case VariantType::kBoolean: return Value::Boolean(v.GetBoolean());
    case VariantType::kLong: return Value::Int64(v.GetLong());
    case VariantType::kString: return Value::String(std::string(v.GetString()));
    case VariantType::kDouble: return Value::Double(v.GetDouble());
    case VariantType::kFloat: return Value::Float(v.GetFloat());
    case VariantType::kDecimal: {
      int precision, scale;
      int128_t unscaled = v.GetStrippedDecimal(&precision, &scale);
      return Value::Decimal(unscaled, precision, scale);
    }
    case VariantType::kDate: return Value::Date(static_cast<int32_t>(v.GetLong()));
    case VariantType::kTimestamp: return Value::Timestamp(v.GetLong());
    case VariantType::kTimestampNtz: return Value::TimestampNtz(v.GetLong());
    case VariantType::kBinary: return Value::Binary(std::string(v.GetBinary()));
    case VariantType::kUuid: return Value::String(UuidToText(v.GetUuid()));
    case VariantType::kTime: return Value::Time(v.GetLong());
    case VariantType::kTimestampNanos:
    case VariantType::kTimestampNtzNanos: {
      if (to.id() == TypeId::kString) {
        std::string json = v.ToJson(*context.time_zone);
        return Value::String(json.substr(1, json.size() - 2));
      }
      if (to.IsNanosTimestamp()) {
        return v.type() == VariantType::kTimestampNanos ? Value::TimestampNs(v.GetLong())
                                                        : Value::TimestampNtzNs(v.GetLong());
      }
      int64_t micros = FloorDiv(v.GetLong(), 1000);
      return v.type() == VariantType::kTimestampNanos ? Value::Timestamp(micros) : Value::TimestampNtz(micros);
    }
    default: throw InternalError("not a scalar variant");
  }
}

void AppendToVariant(const Value& v, VariantBuilder* b) {
  if (v.is_null()) return b->AppendNull();
  switch (v.type().id()) {
    case TypeId::kBoolean: return b->AppendBoolean(v.boolean());
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64: return b->AppendLong(v.int64());
    case TypeId::kFloat: return b->AppendFloat(v.float32());
    case TypeId::kDouble: return b->AppendDouble(v.float64());
    case TypeId::kDecimal: return b->AppendDecimal(v.decimal(), v.type().scale());
    case TypeId::kString: return b->AppendString(v.str());
    case TypeId::kBinary: return b->AppendBinary(v.str());
    case TypeId::kDate: return b->AppendDate(v.int32());
    case TypeId::kTimestamp: return b->AppendTimestamp(v.int64());
    case TypeId::kTimestampNtz: return b->AppendTimestampNtz(v.int64());
    case TypeId::kTimestampNs: return b->AppendTimestampNanos(v.int64());
    case TypeId::kTimestampNtzNs: return b->AppendTimestampNtzNanos(v.int64());
    case TypeId::kVariant: return b->AppendVariant(VariantRef::Unpack(v.str()));
    case TypeId::kList: {
      size_t start = b->Position();
      std::vector<size_t> offsets;
      for (const Value& e : v.children()) {
        offsets.push_back(b->Position());
        AppendToVariant(e, b);
      }
      return b->FinishArray(start, offsets);
    }
    default: throw InternalError("cannot cast " + v.type().ToString() + " to variant");
  }
}

}  // namespace

bool CanCastVariantTo(const LogicalType& to) {
  switch (to.id()) {
    case TypeId::kVariant:
    case TypeId::kTime: return true;
    case TypeId::kList: return CanCastVariantTo(to.element());
    case TypeId::kMap: return to.key().id() == TypeId::kString && CanCastVariantTo(to.value());
    case TypeId::kStruct:
      for (const auto& f : to.fields()) {
        if (!CanCastVariantTo(f.second)) return false;
      }
      return true;
    default: return IsVariantScalar(to);
  }
}

bool CanCastToVariant(const LogicalType& from) {
  if (from.id() == TypeId::kList) return CanCastToVariant(from.element());
  return from.id() == TypeId::kNull || from.id() == TypeId::kVariant || IsVariantScalar(from);
}

Value CastVariant(const VariantRef& v, const LogicalType& to, const FunctionContext& context) {
  // (a variant stays one, a variant null too)
  if (to.id() == TypeId::kVariant) return Value::Variant(v.Pack());
  VariantType type = v.type();
  if (type == VariantType::kNull) return Value::Null(to);
  auto invalid = [&]() -> Value {
    if (context.try_mode) return Value::Null(to);
    ThrowInvalidCast(v, to, context);
  };
  switch (to.id()) {
    case TypeId::kList: {
      if (type != VariantType::kArray) return invalid();
      std::vector<Value> elements;
      for (size_t i = 0, n = v.ArraySize(); i < n; ++i) elements.push_back(CastVariant(v.ElementAt(i), to.element(), context));
      return Value::List(to, std::move(elements));
    }
    case TypeId::kMap: {
      if (type != VariantType::kObject) return invalid();
      std::vector<Value> keys, values;
      for (size_t i = 0, n = v.ObjectSize(); i < n; ++i) {
        auto field = v.FieldAt(i);
        keys.push_back(Value::String(std::string(field.first)));
        values.push_back(CastVariant(field.second, to.value(), context));
      }
      return Value::Map(to, keys, values);
    }
    case TypeId::kStruct: {
      if (type != VariantType::kObject) return invalid();
      std::vector<Value> fields;
      for (const auto& f : to.fields()) {
        auto field = v.FieldByKey(f.first);
        fields.push_back(field ? CastVariant(*field, f.second, context) : Value::Null(f.second));
      }
      return Value::Struct(to, std::move(fields));
    }
    default: break;
  }
  if (type == VariantType::kObject || type == VariantType::kArray) {
    if (to.id() == TypeId::kString) return Value::String(v.ToJson(*context.time_zone));
    return invalid();
  }
  // (Spark's VariantGet.cast: a uuid becomes its text, and only that)
  if (type == VariantType::kUuid && to.id() != TypeId::kString) return invalid();
  Value value = ScalarValue(v, to, context);
  if (value.type() == to) return value;
  if (!CanCast(value.type(), to)) return invalid();
  FunctionContext lenient = context;
  lenient.try_mode = true;
  Value cast;
  try {
    cast = CastValue(value, to, lenient);
  } catch (const ConversionError&) {
  } catch (const OutOfRangeError&) {
  }
  return cast.is_null() ? invalid() : cast;
}

void CastVariantVector(const Vector& source, size_t count, Vector& result, const FunctionContext& context) {
  const LogicalType& to = result.type();
  if (source.type().id() != TypeId::kVariant) {
    for (size_t i = 0; i < count; ++i) {
      if (source.IsNull(i)) {
        result.SetNull(i, true);
        continue;
      }
      VariantBuilder builder;
      AppendToVariant(source.GetValue(i), &builder);
      result.SetNull(i, false);
      result.SetString(i, builder.Finish());
    }
    return;
  }
  const StringRef* packed = source.Data<StringRef>();
  for (size_t i = 0; i < count; ++i) {
    if (source.IsNull(i)) {
      result.SetNull(i, true);
      continue;
    }
    Value v = CastVariant(VariantRef::Unpack(packed[i].view()), to, context);
    result.SetValue(i, v);
    result.SetNull(i, v.is_null());
  }
}

}  // namespace floe
