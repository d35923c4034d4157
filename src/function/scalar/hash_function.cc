#include <cmath>
#include <cstring>

#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"

// hash(a, b, ...): Spark's Murmur3Hash with seed 42. Each non-NULL argument is hashed with
// the previous result as seed (NULLs leave it unchanged), with Spark's exact per-type
// encoding: ints and dates as 4 bytes, bigints and timestamps as 8, -0.0 as 0.0, decimals
// of up to 18 digits as their unscaled long and larger ones as the bytes of Java's
// BigInteger.toByteArray, strings with Spark's byte-at-a-time tail.

namespace floe {
namespace {

constexpr uint32_t kC1 = 0xcc9e2d51;
constexpr uint32_t kC2 = 0x1b873593;

uint32_t Rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

uint32_t MixK1(uint32_t k1) { return Rotl(k1 * kC1, 15) * kC2; }

uint32_t MixH1(uint32_t h1, uint32_t k1) {
  h1 ^= k1;
  h1 = Rotl(h1, 13);
  return h1 * 5 + 0xe6546b64;
}

uint32_t Fmix(uint32_t h1, uint32_t length) {
  h1 ^= length;
  h1 ^= h1 >> 16;
  h1 *= 0x85ebca6b;
  h1 ^= h1 >> 13;
  h1 *= 0xc2b2ae35;
  h1 ^= h1 >> 16;
  return h1;
}

uint32_t HashInt(uint32_t v, uint32_t seed) { return Fmix(MixH1(seed, MixK1(v)), 4); }

uint32_t HashLong(uint64_t v, uint32_t seed) {
  uint32_t h1 = MixH1(seed, MixK1(static_cast<uint32_t>(v)));
  h1 = MixH1(h1, MixK1(static_cast<uint32_t>(v >> 32)));
  return Fmix(h1, 8);
}

// Spark's Murmur3_x86_32.hashUnsafeBytes: whole little-endian words, then each remaining
// byte (sign-extended) mixed as a word of its own.
uint32_t HashBytes(const char* data, size_t size, uint32_t seed) {
  size_t aligned = size - size % 4;
  uint32_t h1 = seed;
  for (size_t i = 0; i < aligned; i += 4) {
    uint32_t word;
    std::memcpy(&word, data + i, 4);
    h1 = MixH1(h1, MixK1(word));
  }
  for (size_t i = aligned; i < size; ++i) {
    int32_t byte = static_cast<int8_t>(data[i]);
    h1 = MixH1(h1, MixK1(static_cast<uint32_t>(byte)));
  }
  return Fmix(h1, static_cast<uint32_t>(size));
}

// Java's BigInteger.toByteArray: minimal big-endian two's complement.
std::string BigIntegerBytes(int128_t v) {
  unsigned char bytes[16];
  uint128_t u = static_cast<uint128_t>(v);
  for (int i = 15; i >= 0; --i) {
    bytes[i] = static_cast<unsigned char>(u & 0xff);
    u >>= 8;
  }
  int start = 0;
  while (start < 15) {
    bool redundant = (bytes[start] == 0x00 && (bytes[start + 1] & 0x80) == 0) ||
                     (bytes[start] == 0xff && (bytes[start + 1] & 0x80) != 0);
    if (!redundant) break;
    ++start;
  }
  return std::string(reinterpret_cast<char*>(bytes) + start, 16 - start);
}

void HashColumn(const Vector& v, size_t count, uint32_t* hashes);

// One value of any type hashed into `seed`, as Spark's Murmur3Hash.computeHash: a NULL leaves
// the seed; a struct's fields, an array's elements and a map's keys and values (key, then
// value, entry by entry) each hash into the running seed in order.
uint32_t HashOne(const Vector& v, size_t row, uint32_t seed) {
  if (v.IsNull(row)) return seed;
  switch (v.type().id()) {
    case TypeId::kStruct:
      for (size_t c = 0; c < v.ChildCount(); ++c) seed = HashOne(v.child(c), row, seed);
      return seed;
    case TypeId::kList:
    case TypeId::kMap: {
      ListEntry e = v.Data<ListEntry>()[row];
      for (uint64_t k = 0; k < e.length; ++k) {
        for (size_t c = 0; c < v.ChildCount(); ++c) seed = HashOne(v.child(c), e.offset + k, seed);
      }
      return seed;
    }
    default: {
      Vector one(v.type(), 1);
      one.CopyRange(v, row, 0, 1);
      HashColumn(one, 1, &seed);
      return seed;
    }
  }
}

void HashColumn(const Vector& v, size_t count, uint32_t* hashes) {
  const LogicalType& type = v.type();
  if (type.IsNested()) {
    for (size_t i = 0; i < count; ++i) hashes[i] = HashOne(v, i, hashes[i]);
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
          [&](size_t i, uint32_t seed) { return HashInt(v.Data<uint8_t>()[i] ? 1 : 0, seed); });
    case TypeId::kInt8:  // Spark hashes bytes and shorts as ints
      return each([&](size_t i, uint32_t seed) { return HashInt(v.Data<int8_t>()[i], seed); });
    case TypeId::kInt16:
      return each([&](size_t i, uint32_t seed) { return HashInt(v.Data<int16_t>()[i], seed); });
    case TypeId::kInt32:
    case TypeId::kDate:
      return each([&](size_t i, uint32_t seed) { return HashInt(v.Data<int32_t>()[i], seed); });
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
      return each([&](size_t i, uint32_t seed) { return HashLong(v.Data<int64_t>()[i], seed); });
    case TypeId::kFloat:
      return each([&](size_t i, uint32_t seed) {
        float f = v.Data<float>()[i];
        uint32_t bits = 0;
        if (std::isnan(f))
          bits = 0x7fc00000;
        else if (f != 0)
          std::memcpy(&bits, &f, 4);
        return HashInt(bits, seed);
      });
    case TypeId::kDouble:
      return each([&](size_t i, uint32_t seed) {
        double d = v.Data<double>()[i];
        uint64_t bits = 0;
        if (std::isnan(d))
          bits = 0x7ff8000000000000ULL;
        else if (d != 0)
          std::memcpy(&bits, &d, 8);
        return HashLong(bits, seed);
      });
    case TypeId::kDecimal:
      if (type.precision() <= 18) {
        return each([&](size_t i, uint32_t seed) {
          return HashLong(static_cast<uint64_t>(static_cast<int64_t>(v.Data<int128_t>()[i])), seed);
        });
      }
      return each([&](size_t i, uint32_t seed) {
        std::string bytes = BigIntegerBytes(v.Data<int128_t>()[i]);
        return HashBytes(bytes.data(), bytes.size(), seed);
      });
    case TypeId::kString:
    case TypeId::kBinary:
      return each([&](size_t i, uint32_t seed) {
        StringRef s = v.Data<StringRef>()[i];
        return HashBytes(s.data, s.size, seed);
      });
    case TypeId::kInterval:
      // Not checked against Spark: months, days, then microseconds.
      return each([&](size_t i, uint32_t seed) {
        Interval iv = v.Data<Interval>()[i];
        return HashLong(iv.micros, HashInt(iv.days, HashInt(iv.months, seed)));
      });
    case TypeId::kStruct:
    case TypeId::kList:
    case TypeId::kMap: return;  // hashed above
    case TypeId::kVariant: throw InternalError("hash of a variant");  // refused by BindHash
  }
}

BoundScalarFunction BindHash(const ScalarBindInput& input) {
  BoundScalarFunction bound;
  bound.name = "hash";
  for (const auto& type : input.arg_types) {
    if (type.Contains([](const LogicalType& t) { return t.id() == TypeId::kVariant; })) {
      throw BinderError("[DATATYPE_MISMATCH.HASH_VARIANT_TYPE] hash cannot take a variant argument");
    }
  }
  bound.arg_types = input.arg_types;  // hashed as they are: the type decides the bytes
  bound.return_type = TypeId::kInt32;
  bound.kernel = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                    const FunctionContext&) {
    auto* out = reinterpret_cast<uint32_t*>(result.Data<int32_t>());
    for (size_t i = 0; i < count; ++i) out[i] = 42;
    for (const Vector* arg : args) HashColumn(*arg, count, out);
    result.validity().Reset();
  };
  return bound;
}

}  // namespace

void RegisterHashFunction(FunctionRegistry& registry) { registry.AddScalar("hash", BindHash); }

}  // namespace floe
