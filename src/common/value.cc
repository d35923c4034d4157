#include "common/value.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/date_time.h"
#include "common/decimal.h"
#include "common/double_format.h"
#include "common/variant.h"

namespace floe {

Value Value::Null(LogicalType type) {
  Value v;
  v.type_ = type;
  v.is_null_ = true;
  return v;
}

#define FLOE_VALUE_CTOR(Name, Id, Field, Arg)  \
  Value Value::Name(Arg x) {                   \
    Value v;                                   \
    v.type_ = TypeId::Id;                      \
    v.is_null_ = false;                        \
    v.Field = x;                               \
    return v;                                  \
  }

FLOE_VALUE_CTOR(Boolean, kBoolean, i64_, bool)
FLOE_VALUE_CTOR(Int8, kInt8, i64_, int8_t)
FLOE_VALUE_CTOR(Int16, kInt16, i64_, int16_t)
FLOE_VALUE_CTOR(Int32, kInt32, i64_, int32_t)
FLOE_VALUE_CTOR(Int64, kInt64, i64_, int64_t)
FLOE_VALUE_CTOR(Float, kFloat, f64_, float)
FLOE_VALUE_CTOR(Double, kDouble, f64_, double)
FLOE_VALUE_CTOR(Date, kDate, i64_, int32_t)
FLOE_VALUE_CTOR(Timestamp, kTimestamp, i64_, int64_t)
FLOE_VALUE_CTOR(TimestampNtz, kTimestampNtz, i64_, int64_t)
FLOE_VALUE_CTOR(TimestampNs, kTimestampNs, i64_, int64_t)
FLOE_VALUE_CTOR(TimestampNtzNs, kTimestampNtzNs, i64_, int64_t)
FLOE_VALUE_CTOR(Time, kTime, i64_, int64_t)
#undef FLOE_VALUE_CTOR

Value Value::IntervalValue(Interval x) {
  Value v;
  v.type_ = TypeId::kInterval;
  v.is_null_ = false;
  uint64_t high = (uint64_t{static_cast<uint32_t>(x.months)} << 32) | static_cast<uint32_t>(x.days);
  v.i128_ = static_cast<int128_t>((static_cast<uint128_t>(high) << 64) | static_cast<uint64_t>(x.micros));
  return v;
}

Value Value::Decimal(int128_t unscaled, int precision, int scale) {
  Value v;
  v.type_ = LogicalType::Decimal(precision, scale);
  v.is_null_ = false;
  v.i128_ = unscaled;
  return v;
}

Value Value::WithBytes(TypeId type, std::string bytes) {
  Value v;
  v.type_ = type;
  v.is_null_ = false;
  v.str_ = std::move(bytes);
  return v;
}

Value Value::String(std::string s) { return WithBytes(TypeId::kString, std::move(s)); }

Value Value::Binary(std::string s) { return WithBytes(TypeId::kBinary, std::move(s)); }

Value Value::Variant(std::string packed) { return WithBytes(TypeId::kVariant, std::move(packed)); }

Value Value::WithChildren(LogicalType type, std::vector<Value> children) {
  Value v;
  v.type_ = std::move(type);
  v.is_null_ = false;
  v.children_ = std::make_shared<const std::vector<Value>>(std::move(children));
  return v;
}

Value Value::Struct(LogicalType type, std::vector<Value> fields) { return WithChildren(std::move(type), std::move(fields)); }

Value Value::List(LogicalType type, std::vector<Value> elements) {
  return WithChildren(std::move(type), std::move(elements));
}

Value Value::Map(LogicalType type, const std::vector<Value>& keys, const std::vector<Value>& values) {
  std::vector<Value> entries;
  entries.reserve(keys.size() * 2);
  for (size_t i = 0; i < keys.size(); ++i) {
    entries.push_back(keys[i]);
    entries.push_back(values[i]);
  }
  return WithChildren(std::move(type), std::move(entries));
}

const std::vector<Value>& Value::children() const {
  static const std::vector<Value> kNone;
  return children_ ? *children_ : kNone;
}

size_t Value::ChildCount() const {
  size_t n = children().size();
  return type_.id() == TypeId::kMap ? n / 2 : n;
}

std::string IntervalToString(const Interval& iv) {
  std::string out = "INTERVAL '";
  std::string parts;
  auto add = [&](int64_t n, const char* unit) {
    if (n == 0) return;
    if (!parts.empty()) parts += ' ';
    parts += std::to_string(n) + " " + unit;
  };
  add(iv.months / 12, "YEARS");
  add(iv.months % 12, "MONTHS");
  add(iv.days, "DAYS");
  int64_t micros = iv.micros;
  add(micros / kMicrosPerHour, "HOURS");
  micros %= kMicrosPerHour;
  add(micros / kMicrosPerMinute, "MINUTES");
  micros %= kMicrosPerMinute;
  if (micros != 0) {
    if (!parts.empty()) parts += ' ';
    parts += DecimalToString(micros, 6);
    while (parts.back() == '0') parts.pop_back();
    if (parts.back() == '.') parts.pop_back();
    parts += " SECONDS";
  }
  if (parts.empty()) parts = "0 SECONDS";
  return out + parts + "'";
}

std::string Value::ToString() const { return Format(TimeZone::Utc(), false); }

std::string Value::ToString(const TimeZone& zone) const { return Format(zone, false); }

// Nested values print as spark-sql prints them (HiveResult.toHiveString): NULL inside as
// null, strings inside quoted, struct fields by name, map entries sorted by their text.
std::string Value::Format(const TimeZone& zone, bool nested) const {
  if (is_null_) return nested ? "null" : "NULL";
  switch (type_.id()) {
    case TypeId::kString: return nested ? "\"" + str_ + "\"" : str_;
    case TypeId::kTimestamp: return FormatTimestamp(i64_, zone);
    case TypeId::kTimestampNs: return FormatTimestampNanos(i64_, zone);
    case TypeId::kVariant: return VariantRef::Unpack(str_).ToJson(zone);
    case TypeId::kStruct: {
      std::string out = "{";
      const auto& fields = type_.fields();
      for (size_t i = 0; i < fields.size() && i < children().size(); ++i) {
        if (i) out += ",";
        out += "\"" + fields[i].first + "\":" + children()[i].Format(zone, true);
      }
      return out + "}";
    }
    case TypeId::kList: {
      std::string out = "[";
      for (size_t i = 0; i < children().size(); ++i) {
        if (i) out += ",";
        out += children()[i].Format(zone, true);
      }
      return out + "]";
    }
    case TypeId::kMap: {
      std::vector<std::string> entries;
      for (size_t i = 0; i + 1 < children().size(); i += 2) {
        entries.push_back(children()[i].Format(zone, true) + ":" + children()[i + 1].Format(zone, true));
      }
      std::sort(entries.begin(), entries.end());
      std::string out = "{";
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i) out += ",";
        out += entries[i];
      }
      return out + "}";
    }
    default: break;
  }
  switch (type_.id()) {
    case TypeId::kNull: return "NULL";
    case TypeId::kBoolean: return i64_ ? "true" : "false";
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64: return std::to_string(i64_);
    case TypeId::kFloat: return FormatFloat(static_cast<float>(f64_));
    case TypeId::kDouble: return FormatDouble(f64_);
    case TypeId::kDecimal: return DecimalToString(i128_, type_.scale());
    case TypeId::kString: return str_;
    case TypeId::kBinary: {
      // Spark shows binary as hex in brackets: [0A FF]
      std::string out = "[";
      char buf[4];
      for (size_t i = 0; i < str_.size(); ++i) {
        std::snprintf(buf, sizeof(buf), "%02X", static_cast<unsigned char>(str_[i]));
        if (i) out += ' ';
        out += buf;
      }
      return out + "]";
    }
    case TypeId::kDate: return FormatDate(static_cast<int32_t>(i64_));
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz: return FormatLocalTimestamp(i64_);
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs: return FormatLocalTimestampNanos(i64_);
    case TypeId::kTime: return FormatTime(i64_);
    case TypeId::kInterval: return IntervalToString(interval());
    default: return "?";
  }
}

template <typename T>
static int Cmp(T a, T b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

// Doubles order as Spark orders them: NaN is larger than any other value, -0 == 0.
static int CompareDouble(double a, double b) {
  bool an = std::isnan(a), bn = std::isnan(b);
  if (an || bn) return an && bn ? 0 : (an ? 1 : -1);
  return Cmp(a, b);
}

int Value::Compare(const Value& o) const {
  switch (type_.id()) {
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap: {
      // as CompareRows orders nested rows: children in order, NULL first, then length
      const auto& a = children();
      const auto& b = o.children();
      for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (a[i].is_null() || b[i].is_null()) {
          if (a[i].is_null() != b[i].is_null()) return a[i].is_null() ? -1 : 1;
          continue;
        }
        int c = a[i].Compare(b[i]);
        if (c) return c;
      }
      return Cmp(a.size(), b.size());
    }
    case TypeId::kFloat:
    case TypeId::kDouble: return CompareDouble(f64_, o.f64_);
    case TypeId::kDecimal: {
      if (type_.scale() == o.type_.scale()) return Cmp(i128_, o.i128_);
      return CompareDouble(DecimalToDouble(i128_, type_.scale()),
                           DecimalToDouble(o.i128_, o.type_.scale()));
    }
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: {  // (bytes: only to tell values apart; SQL never orders variants)
      int c = str_.compare(o.str_);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case TypeId::kInterval: {
      Interval a = interval(), b = o.interval();
      int c = Cmp(a.months, b.months);
      if (c) return c;
      c = Cmp(a.days, b.days);
      return c ? c : Cmp(a.micros, b.micros);
    }
    default: return Cmp(i64_, o.i64_);
  }
}

bool Value::operator==(const Value& o) const {
  if (is_null_ || o.is_null_) return is_null_ == o.is_null_ && type_ == o.type_;
  return type_ == o.type_ && Compare(o) == 0;
}

void SortDistinct(std::vector<Value>* values) {
  if (IsSortedDistinct(*values)) return;  // a runtime filter's keys come sorted
  std::sort(values->begin(), values->end(), ValueLess());
  values->erase(std::unique(values->begin(), values->end(),
                            [](const Value& a, const Value& b) { return a.Compare(b) == 0; }),
                values->end());
}

bool IsSortedDistinct(const std::vector<Value>& values) {
  for (size_t i = 1; i < values.size(); ++i) {
    if (values[i - 1].Compare(values[i]) >= 0) return false;
  }
  return true;
}

}  // namespace floe
