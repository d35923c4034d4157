#include "common/vector_operations.h"

#include <cmath>
#include <cstring>

namespace floe {

static uint64_t HashBytes(const char* data, size_t size) {
  // FNV-1a over 8-byte words, then mixed: fast and good enough for hash tables.
  uint64_t h = 0xcbf29ce484222325ULL ^ size;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t w;
    std::memcpy(&w, data + i, 8);
    h = (h ^ w) * 0x100000001b3ULL;
    h ^= h >> 29;
  }
  uint64_t tail = 0;
  if (i < size) std::memcpy(&tail, data + i, size - i);
  h = (h ^ tail) * 0x100000001b3ULL;
  return MixHash(h);
}

constexpr uint64_t kNullHash = 0x9e3779b97f4a7c15ULL;

// The hash of one value of each physical type, shared by HashVector and HashValue.
static inline uint64_t HashInt64(int64_t x) { return MixHash(static_cast<uint64_t>(x)); }
static inline uint64_t HashDouble(double x) {
  double d = x == 0 ? 0.0 : (std::isnan(x) ? NAN : x);  // -0.0 as 0.0, one NaN
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  return MixHash(bits);
}
static inline uint64_t HashInt128(int128_t x) {
  return MixHash(static_cast<uint64_t>(x) ^ MixHash(static_cast<uint64_t>(x >> 64)));
}
static inline uint64_t HashInterval(const Interval& x) {
  return MixHash(static_cast<uint64_t>(x.micros) ^
                 MixHash((static_cast<uint64_t>(x.months) << 32) | static_cast<uint32_t>(x.days)));
}

template <typename T, typename F>
static void HashLoop(const Vector& v, size_t count, uint64_t* hashes, bool combine, F hash_one) {
  const T* data = v.Data<T>();
  const Validity& validity = v.validity();
  for (size_t i = 0; i < count; ++i) {
    uint64_t h = validity.IsValid(i) ? hash_one(data[i]) : kNullHash;
    hashes[i] = combine ? MixHash(hashes[i] * 31 + h) : h;
  }
}

static uint64_t HashNestedRow(const Vector& v, size_t i);

// The hash of one row of a vector of any type: what HashVector gives it uncombined.
static uint64_t HashRow(const Vector& v, size_t i) {
  if (v.IsNull(i)) return kNullHash;
  if (v.type().IsNested()) return HashNestedRow(v, i);
  uint64_t h = 0;
  // why: one row through the vector loop keeps a single definition of each type's hash
  Vector one(v.type(), 1);
  one.CopyRow(v, i, 0);
  HashVector(one, 1, &h, false);
  return h;
}

static uint64_t HashNestedRow(const Vector& v, size_t i) {
  uint64_t h = MixHash(static_cast<uint64_t>(v.type().id()) + 7);
  if (v.type().id() == TypeId::kStruct) {
    for (size_t c = 0; c < v.ChildCount(); ++c) h = MixHash(h * 31 + HashRow(v.child(c), i));
    return h;
  }
  ListEntry e = v.Data<ListEntry>()[i];
  h = MixHash(h ^ e.length);
  for (uint64_t k = 0; k < e.length; ++k) {
    for (size_t c = 0; c < v.ChildCount(); ++c) h = MixHash(h * 31 + HashRow(v.child(c), e.offset + k));
  }
  return h;
}

void HashVector(const Vector& v, size_t count, uint64_t* hashes, bool combine) {
  switch (v.type().id()) {
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap:
      for (size_t i = 0; i < count; ++i) {
        uint64_t h = HashRow(v, i);
        hashes[i] = combine ? MixHash(hashes[i] * 31 + h) : h;
      }
      break;
    case TypeId::kNull:
      for (size_t i = 0; i < count; ++i) hashes[i] = combine ? MixHash(hashes[i] * 31 + kNullHash) : kNullHash;
      break;
    case TypeId::kBoolean:
      HashLoop<uint8_t>(v, count, hashes, combine, [](uint8_t x) { return MixHash(x + 1); });
      break;
    case TypeId::kInt8:
      HashLoop<int8_t>(v, count, hashes, combine, [](int8_t x) {
        return MixHash(static_cast<uint64_t>(static_cast<int64_t>(x)));
      });
      break;
    case TypeId::kInt16:
      HashLoop<int16_t>(v, count, hashes, combine, [](int16_t x) {
        return MixHash(static_cast<uint64_t>(static_cast<int64_t>(x)));
      });
      break;
    case TypeId::kInt32:
    case TypeId::kDate:
      HashLoop<int32_t>(v, count, hashes, combine, [](int32_t x) { return HashInt64(x); });
      break;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
      HashLoop<int64_t>(v, count, hashes, combine, [](int64_t x) { return HashInt64(x); });
      break;
    case TypeId::kFloat:
      HashLoop<float>(v, count, hashes, combine, [](float x) { return HashDouble(x); });
      break;
    case TypeId::kDouble:
      HashLoop<double>(v, count, hashes, combine, [](double x) { return HashDouble(x); });
      break;
    case TypeId::kDecimal:
      HashLoop<int128_t>(v, count, hashes, combine, [](int128_t x) { return HashInt128(x); });
      break;
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant:
      HashLoop<StringRef>(v, count, hashes, combine,
                          [](StringRef s) { return HashBytes(s.data, s.size); });
      break;
    case TypeId::kInterval:
      HashLoop<Interval>(v, count, hashes, combine, [](const Interval& x) { return HashInterval(x); });
      break;
  }
}

uint64_t HashValue(const Value& value) {
  if (value.is_null()) return kNullHash;
  switch (value.type().id()) {
    case TypeId::kNull: return kNullHash;
    case TypeId::kBoolean: return MixHash(static_cast<uint8_t>(value.boolean()) + 1);
    case TypeId::kInt32:
    case TypeId::kDate: return HashInt64(value.int32());
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTimestampNtz: return HashInt64(value.int64());
    case TypeId::kFloat: return HashDouble(value.float32());
    case TypeId::kDouble: return HashDouble(value.float64());
    case TypeId::kDecimal: return HashInt128(value.decimal());
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: return HashBytes(value.str().data(), value.str().size());
    case TypeId::kInterval: return HashInterval(value.interval());
    default: {
      Vector one(value.type(), 1);
      one.SetValue(0, value);
      return HashRow(one, 0);
    }
  }
}

template <typename T>
static int Cmp(T a, T b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

template <typename T>
static int CmpFloat(T a, T b) {
  bool an = std::isnan(a), bn = std::isnan(b);
  if (an || bn) return an && bn ? 0 : (an ? 1 : -1);
  return Cmp(a, b);
}

// Compares nested rows as Spark orders them: struct fields in order, arrays element by
// element then by length; NULL inside sorts before any value.
static int CompareNestedRows(const Vector& a, size_t i, const Vector& b, size_t j) {
  auto compare_child = [](const Vector& x, size_t xi, const Vector& y, size_t yi) {
    bool xn = x.IsNull(xi), yn = y.IsNull(yi);
    if (xn || yn) return xn && yn ? 0 : (xn ? -1 : 1);
    return CompareRows(x, xi, y, yi);
  };
  if (a.type().id() == TypeId::kStruct) {
    for (size_t c = 0; c < a.ChildCount(); ++c) {
      int r = compare_child(a.child(c), i, b.child(c), j);
      if (r) return r;
    }
    return 0;
  }
  ListEntry x = a.Data<ListEntry>()[i];
  ListEntry y = b.Data<ListEntry>()[j];
  for (uint64_t k = 0; k < x.length && k < y.length; ++k) {
    for (size_t c = 0; c < a.ChildCount(); ++c) {
      int r = compare_child(a.child(c), x.offset + k, b.child(c), y.offset + k);
      if (r) return r;
    }
  }
  return Cmp(x.length, y.length);
}

int CompareRows(const Vector& a, size_t i, const Vector& b, size_t j) {
  switch (a.type().id()) {
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap: return CompareNestedRows(a, i, b, j);
    case TypeId::kNull: return 0;
    case TypeId::kBoolean: return Cmp(a.Data<uint8_t>()[i], b.Data<uint8_t>()[j]);
    case TypeId::kInt8: return Cmp(a.Data<int8_t>()[i], b.Data<int8_t>()[j]);
    case TypeId::kInt16: return Cmp(a.Data<int16_t>()[i], b.Data<int16_t>()[j]);
    case TypeId::kInt32:
    case TypeId::kDate: return Cmp(a.Data<int32_t>()[i], b.Data<int32_t>()[j]);
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTimestampNtz: return Cmp(a.Data<int64_t>()[i], b.Data<int64_t>()[j]);
    case TypeId::kFloat: return CmpFloat(a.Data<float>()[i], b.Data<float>()[j]);
    case TypeId::kDouble: return CmpFloat(a.Data<double>()[i], b.Data<double>()[j]);
    case TypeId::kDecimal: return Cmp(a.Data<int128_t>()[i], b.Data<int128_t>()[j]);
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: return a.Data<StringRef>()[i].Compare(b.Data<StringRef>()[j]);
    case TypeId::kInterval: {
      const Interval& x = a.Data<Interval>()[i];
      const Interval& y = b.Data<Interval>()[j];
      int c = Cmp(x.months, y.months);
      if (c) return c;
      c = Cmp(x.days, y.days);
      return c ? c : Cmp(x.micros, y.micros);
    }
  }
  return 0;
}

bool RowsEqualNullSafe(const Vector& a, size_t i, const Vector& b, size_t j) {
  bool an = a.IsNull(i), bn = b.IsNull(j);
  if (an || bn) return an && bn;
  return CompareRows(a, i, b, j) == 0;
}

}  // namespace floe
