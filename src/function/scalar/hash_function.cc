#include <cmath>
#include <cstring>

#include "common/decimal.h"
#include "common/exception.h"
#include "common/spark_hash.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"

// hash(a, b, ...) and xxhash64(a, b, ...): Spark's Murmur3Hash and XxHash64 with seed 42.
// Each non-NULL argument is hashed with the previous result as seed (NULLs leave it
// unchanged), with Spark's exact per-type encoding (HashExpression.computeHash): ints and
// dates as 4 bytes, bigints and timestamps as 8, -0.0 as 0.0, decimals of up to 18 digits as
// their unscaled long and larger ones as the bytes of Java's BigInteger.toByteArray, strings
// as their UTF-8 bytes.

namespace floe {
namespace {

// Spark's Murmur3Hash: a 32-bit hash, an int result.
struct Murmur3Hasher {
  using Seed = uint32_t;
  static Seed Int(uint32_t v, Seed seed) { return spark_hash::Murmur3Int(v, seed); }
  static Seed Long(uint64_t v, Seed seed) { return spark_hash::Murmur3Long(v, seed); }
  static Seed Bytes(const char* data, size_t size, Seed seed) { return spark_hash::Murmur3Bytes(data, size, seed); }
};

// Spark's XxHash64: a 64-bit hash, a bigint result.
struct XxHash64Hasher {
  using Seed = uint64_t;
  static Seed Int(uint32_t v, Seed seed) { return spark_hash::XxHash64Int(v, seed); }
  static Seed Long(uint64_t v, Seed seed) { return spark_hash::XxHash64Long(v, seed); }
  static Seed Bytes(const char* data, size_t size, Seed seed) { return spark_hash::XxHash64Bytes(data, size, seed); }
};

template <typename H>
void HashColumn(const Vector& v, size_t count, typename H::Seed* hashes);

// One value of any type hashed into `seed`, as Spark's Murmur3Hash.computeHash: a NULL leaves
// the seed; a struct's fields, an array's elements and a map's keys and values (key, then
// value, entry by entry) each hash into the running seed in order.
template <typename H>
typename H::Seed HashOne(const Vector& v, size_t row, typename H::Seed seed) {
  if (v.IsNull(row)) return seed;
  switch (v.type().id()) {
    case TypeId::kStruct:
      for (size_t c = 0; c < v.ChildCount(); ++c) seed = HashOne<H>(v.child(c), row, seed);
      return seed;
    case TypeId::kList:
    case TypeId::kMap: {
      ListEntry e = v.Data<ListEntry>()[row];
      for (uint64_t k = 0; k < e.length; ++k) {
        for (size_t c = 0; c < v.ChildCount(); ++c) seed = HashOne<H>(v.child(c), e.offset + k, seed);
      }
      return seed;
    }
    default: {
      Vector one(v.type(), 1);
      one.CopyRange(v, row, 0, 1);
      HashColumn<H>(one, 1, &seed);
      return seed;
    }
  }
}

template <typename H>
void HashColumn(const Vector& v, size_t count, typename H::Seed* hashes) {
  const LogicalType& type = v.type();
  if (type.IsNested()) {
    for (size_t i = 0; i < count; ++i) hashes[i] = HashOne<H>(v, i, hashes[i]);
    return;
  }
  auto each = [&](auto fn) {
    for (size_t i = 0; i < count; ++i) {
      if (!v.IsNull(i)) hashes[i] = fn(i, hashes[i]);
    }
  };
  switch (type.id()) {
    case TypeId::kNull: return;
    case TypeId::kBoolean:
      return each(
          [&](size_t i, typename H::Seed seed) { return H::Int(v.Data<uint8_t>()[i] ? 1 : 0, seed); });
    case TypeId::kInt8:  // Spark hashes bytes and shorts as ints
      return each([&](size_t i, typename H::Seed seed) { return H::Int(v.Data<int8_t>()[i], seed); });
    case TypeId::kInt16:
      return each([&](size_t i, typename H::Seed seed) { return H::Int(v.Data<int16_t>()[i], seed); });
    case TypeId::kInt32:
    case TypeId::kDate:
      return each([&](size_t i, typename H::Seed seed) { return H::Int(v.Data<int32_t>()[i], seed); });
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
      return each([&](size_t i, typename H::Seed seed) { return H::Long(v.Data<int64_t>()[i], seed); });
    case TypeId::kFloat:
      return each([&](size_t i, typename H::Seed seed) {
        float f = v.Data<float>()[i];
        uint32_t bits = 0;
        if (std::isnan(f))
          bits = 0x7fc00000;
        else if (f != 0)
          std::memcpy(&bits, &f, 4);
        return H::Int(bits, seed);
      });
    case TypeId::kDouble:
      return each([&](size_t i, typename H::Seed seed) {
        double d = v.Data<double>()[i];
        uint64_t bits = 0;
        if (std::isnan(d))
          bits = 0x7ff8000000000000ULL;
        else if (d != 0)
          std::memcpy(&bits, &d, 8);
        return H::Long(bits, seed);
      });
    case TypeId::kDecimal:
      if (type.precision() <= 18) {
        return each([&](size_t i, typename H::Seed seed) {
          return H::Long(static_cast<uint64_t>(static_cast<int64_t>(v.Data<int128_t>()[i])), seed);
        });
      }
      return each([&](size_t i, typename H::Seed seed) {
        std::string bytes = DecimalToMinimalBytes(v.Data<int128_t>()[i]);
        return H::Bytes(bytes.data(), bytes.size(), seed);
      });
    case TypeId::kString:
    case TypeId::kBinary:
      return each([&](size_t i, typename H::Seed seed) {
        StringRef s = v.Data<StringRef>()[i];
        return H::Bytes(s.data, s.size, seed);
      });
    case TypeId::kInterval:
      // Not checked against Spark: months, days, then microseconds.
      return each([&](size_t i, typename H::Seed seed) {
        Interval iv = v.Data<Interval>()[i];
        return H::Long(iv.micros, H::Int(iv.days, H::Int(iv.months, seed)));
      });
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap: return;  // hashed above
    case TypeId::kVariant: throw InternalError("hash of a variant");  // refused by BindHash
  }
}

// Binds hash or xxhash64 (name): any arguments but variants, hashed as they are (the type
// decides the bytes); an int or a bigint.
template <typename H>
BoundScalarFunction BindHash(const ScalarBindInput& input, const char* name) {
  BoundScalarFunction bound;
  bound.name = name;
  for (const auto& type : input.arg_types) {
    if (type.Contains([](const LogicalType& t) { return t.id() == TypeId::kVariant; })) {
      throw BinderError(std::string("[DATATYPE_MISMATCH.HASH_VARIANT_TYPE] ") + name +
                        " cannot take a variant argument");
    }
  }
  bound.arg_types = input.arg_types;
  bound.return_type = sizeof(typename H::Seed) == 8 ? TypeId::kInt64 : TypeId::kInt32;
  bound.kernel = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                    const FunctionContext&) {
    // why: the hashes are the result's values, read as unsigned
    auto* out = reinterpret_cast<typename H::Seed*>(result.RawData());
    for (size_t i = 0; i < count; ++i) out[i] = 42;
    for (const Vector* arg : args) HashColumn<H>(*arg, count, out);
    result.validity().Reset();
  };
  return bound;
}

}  // namespace

void RegisterHashFunction(FunctionRegistry& registry) {
  registry.AddScalar("hash", [](const ScalarBindInput& input) { return BindHash<Murmur3Hasher>(input, "hash"); });
  registry.AddScalar("xxhash64",
                     [](const ScalarBindInput& input) { return BindHash<XxHash64Hasher>(input, "xxhash64"); });
}

}  // namespace floe
