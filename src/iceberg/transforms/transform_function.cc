// Transform::Apply on single values and on whole vectors (the writer's row routing).
#include <limits>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/string_ref.h"
#include "iceberg/transforms/bucket_hash.h"
#include "iceberg/transforms/transform.h"

namespace floe::iceberg {

namespace {

int32_t YearsFromDays(int64_t days) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  return static_cast<int32_t>(y - 1970);
}

int32_t MonthsFromDays(int64_t days) {
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  return static_cast<int32_t>((y - 1970) * 12 + (m - 1));
}

bool IsTimestamp(TypeId id) {
  return id == TypeId::kTimestamp || id == TypeId::kTimestampNtz || id == TypeId::kTimestampNs ||
         id == TypeId::kTimestampNtzNs;
}

// Returns a timestamp's raw storage in microseconds: nanoseconds are floored (Iceberg's
// DateTimeUtil.nanosToMicros), so the time transforms and bucket agree with the
// microsecond timestamps (Bucket.BucketTimestampNano hashes nanosToMicros).
int64_t MicrosOf(TypeId id, int64_t raw) {
  return id == TypeId::kTimestampNs || id == TypeId::kTimestampNtzNs ? FloorDiv(raw, 1000) : raw;
}

// Returns the days since the epoch of a date or timestamp value's raw storage.
int64_t DaysOf(TypeId id, int64_t raw) {
  return IsTimestamp(id) ? FloorDiv(MicrosOf(id, raw), kMicrosPerDay) : raw;
}

int32_t BucketOf(int32_t hash, int n) {
  return static_cast<int32_t>((hash & std::numeric_limits<int32_t>::max()) % n);
}

// Returns the byte length of the first `width` UTF-8 code points of s.
size_t Utf8PrefixLength(std::string_view s, int width) {
  size_t i = 0;
  int points = 0;
  while (i < s.size() && points < width) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 1;
    i += len;
    ++points;
  }
  return i < s.size() ? i : s.size();
}

template <typename T>
T TruncateInteger(T v, int64_t w) {
  int64_t x = static_cast<int64_t>(v);
  return static_cast<T>(x - FloorMod(x, w));
}

void CheckTemporal(TypeId id, TransformKind kind, const char* name) {
  bool ok = IsTimestamp(id) || (id == TypeId::kDate && kind != TransformKind::kHour);
  if (!ok) throw InvalidInputError(std::string("cannot apply ") + name + " to a value of another type");
}

}  // namespace

Value Transform::Apply(const Value& v) const {
  const LogicalType& type = v.type();
  if (kind_ == TransformKind::kVoid) return Value::Null(type);
  if (v.is_null()) {
    if (kind_ == TransformKind::kIdentity || kind_ == TransformKind::kTruncate) return Value::Null(type);
    return Value::Null(kind_ == TransformKind::kDay ? TypeId::kDate : TypeId::kInt32);
  }
  TypeId id = type.id();
  switch (kind_) {
    case TransformKind::kIdentity: return v;
    case TransformKind::kYear:
      CheckTemporal(id, kind_, "year");
      return Value::Int32(YearsFromDays(DaysOf(id, v.int64())));
    case TransformKind::kMonth:
      CheckTemporal(id, kind_, "month");
      return Value::Int32(MonthsFromDays(DaysOf(id, v.int64())));
    case TransformKind::kDay:
      CheckTemporal(id, kind_, "day");
      return Value::Date(static_cast<int32_t>(DaysOf(id, v.int64())));
    case TransformKind::kHour:
      CheckTemporal(id, kind_, "hour");
      return Value::Int32(static_cast<int32_t>(FloorDiv(MicrosOf(id, v.int64()), kMicrosPerHour)));
    case TransformKind::kBucket: return Value::Int32(BucketOf(BucketHash(v), param_));
    case TransformKind::kTruncate:
      switch (id) {
        case TypeId::kInt32: return Value::Int32(TruncateInteger(v.int32(), param_));
        case TypeId::kInt64: return Value::Int64(TruncateInteger(v.int64(), param_));
        case TypeId::kDecimal: {
          int128_t u = v.decimal();
          int128_t r = u % param_;
          if (r < 0) r += param_;
          return Value::Decimal(u - r, type.precision(), type.scale());
        }
        case TypeId::kString: return Value::String(v.str().substr(0, Utf8PrefixLength(v.str(), param_)));
        case TypeId::kBinary:
          return Value::Binary(v.str().substr(0, std::min<size_t>(v.str().size(), param_)));
        default: throw InvalidInputError("cannot truncate a value of type " + type.ToString());
      }
    case TransformKind::kVoid: break;
  }
  return Value::Null(type);
}

void Transform::Apply(const Vector& input, size_t count, Vector* out) const {
  const TypeId id = input.type().id();
  if (kind_ == TransformKind::kIdentity) {
    out->CopyRange(input, 0, 0, count);
    return;
  }
  if (kind_ == TransformKind::kVoid) {
    for (size_t i = 0; i < count; ++i) out->SetNull(i, true);
    return;
  }
  for (size_t i = 0; i < count; ++i) out->SetNull(i, input.IsNull(i));
  const bool temporal = kind_ == TransformKind::kYear || kind_ == TransformKind::kMonth ||
                        kind_ == TransformKind::kDay || kind_ == TransformKind::kHour;
  if (temporal) {
    CheckTemporal(id, kind_, "a time transform");
    auto* dst = out->Data<int32_t>();
    const bool ts = IsTimestamp(id);
    const int64_t* src64 = ts ? input.Data<int64_t>() : nullptr;
    const int32_t* src32 = ts ? nullptr : input.Data<int32_t>();
    for (size_t i = 0; i < count; ++i) {
      if (input.IsNull(i)) continue;
      int64_t raw = ts ? src64[i] : src32[i];
      switch (kind_) {
        case TransformKind::kHour:
          dst[i] = static_cast<int32_t>(FloorDiv(MicrosOf(id, raw), kMicrosPerHour));
          break;
        case TransformKind::kDay: dst[i] = static_cast<int32_t>(DaysOf(id, raw)); break;
        case TransformKind::kMonth: dst[i] = MonthsFromDays(DaysOf(id, raw)); break;
        default: dst[i] = YearsFromDays(DaysOf(id, raw)); break;
      }
    }
    return;
  }
  if (kind_ == TransformKind::kBucket) {
    auto* dst = out->Data<int32_t>();
    for (size_t i = 0; i < count; ++i) {
      if (input.IsNull(i)) continue;
      int32_t hash;
      switch (id) {
        case TypeId::kInt32:
        case TypeId::kDate: hash = HashLong(input.Data<int32_t>()[i]); break;
        case TypeId::kInt64:
        case TypeId::kTimestamp:
        case TypeId::kTime:
        case TypeId::kTimestampNtz: hash = HashLong(input.Data<int64_t>()[i]); break;
        case TypeId::kTimestampNs:
        case TypeId::kTimestampNtzNs: hash = HashLong(FloorDiv(input.Data<int64_t>()[i], 1000)); break;
        case TypeId::kString:
        case TypeId::kBinary: hash = Murmur3Hash32(input.Data<StringRef>()[i].view()); break;
        default: hash = BucketHash(input.GetValue(i)); break;
      }
      dst[i] = BucketOf(hash, param_);
    }
    return;
  }
  // truncate
  for (size_t i = 0; i < count; ++i) {
    if (input.IsNull(i)) continue;
    switch (id) {
      case TypeId::kInt32: out->Data<int32_t>()[i] = TruncateInteger(input.Data<int32_t>()[i], param_); break;
      case TypeId::kInt64: out->Data<int64_t>()[i] = TruncateInteger(input.Data<int64_t>()[i], param_); break;
      case TypeId::kString: {
        std::string_view s = input.Data<StringRef>()[i].view();
        out->SetString(i, s.substr(0, Utf8PrefixLength(s, param_)));
        break;
      }
      case TypeId::kBinary: {
        std::string_view s = input.Data<StringRef>()[i].view();
        out->SetString(i, s.substr(0, std::min<size_t>(s.size(), param_)));
        break;
      }
      default: out->SetValue(i, Apply(input.GetValue(i))); break;
    }
  }
}

}  // namespace floe::iceberg
