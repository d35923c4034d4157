#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

#include "common/vector_operations.h"
#include "execution/sort_permutation.h"

namespace floe {
namespace {

// The plain stable sort with a row comparator that SortPermutation's prefix sort replaces.
std::vector<uint32_t> ReferencePermutation(const std::vector<const Vector*>& keys,
                                           const std::vector<SortKeySpec>& specs, size_t count) {
  std::vector<uint32_t> perm(count);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](uint32_t a, uint32_t b) {
    for (size_t k = 0; k < keys.size(); ++k) {
      const Vector& v = *keys[k];
      bool an = v.IsNull(a), bn = v.IsNull(b);
      if (an || bn) {
        if (an && bn) continue;
        return an == specs[k].nulls_first;
      }
      int c = CompareRows(v, a, v, b);
      if (c != 0) return specs[k].ascending ? c < 0 : c > 0;
    }
    return false;
  });
  return perm;
}

constexpr size_t kRows = 2000;

Vector RandomColumn(LogicalType type, std::mt19937_64& rng) {
  Vector v(type, kRows);
  std::uniform_int_distribution<int> small(0, 40);
  for (size_t i = 0; i < kRows; ++i) {
    int r = small(rng);
    switch (type.id()) {
      case TypeId::kBoolean: v.Data<uint8_t>()[i] = r % 2; break;
      case TypeId::kInt32: v.Data<int32_t>()[i] = r % 2 ? r * 1000003 : -r; break;
      case TypeId::kInt64:
        v.Data<int64_t>()[i] = r == 0   ? std::numeric_limits<int64_t>::min()
                               : r == 1 ? std::numeric_limits<int64_t>::max()
                                        : (r - 20) * int64_t{1} << 40;
        break;
      case TypeId::kDouble: {
        const double specials[] = {NAN, -NAN, 0.0, -0.0, INFINITY, -INFINITY, 1e-300, -1e300};
        v.Data<double>()[i] = r < 8 ? specials[r] : (r - 24) * 0.5;
        break;
      }
      case TypeId::kDecimal:
        // Values that differ only in the low 64 bits, and negative ones.
        v.Data<int128_t>()[i] = (static_cast<int128_t>(r % 3 - 1) << 64) + r * 7 - 100;
        break;
      case TypeId::kString: {
        // Shared 8-byte prefixes, a string that is a prefix of another, bytes >= 0x80.
        const char* strings[] = {"prefix__", "prefix__a", "prefix__b", "", "a", "\xc3\xa9t\xc3\xa9",
                                 "prefix_", "zzzzzzzzzzzzzz", "prefix__a\x01"};
        v.SetString(i, strings[r % 9]);
        break;
      }
      default: break;
    }
    if (r == 40 || r == 39) v.SetNull(i, true);
  }
  return v;
}

TEST(SortPermutationTest, MatchesStableSortForEveryTypeAndDirection) {
  std::mt19937_64 rng(42);
  const LogicalType types[] = {TypeId::kBoolean, TypeId::kInt32,  TypeId::kInt64,
                               TypeId::kDouble,  LogicalType::Decimal(30, 2), TypeId::kString};
  for (const auto& first : types) {
    for (const auto& second : types) {
      Vector a = RandomColumn(first, rng);
      Vector b = RandomColumn(second, rng);
      for (int mode = 0; mode < 16; ++mode) {
        std::vector<SortKeySpec> specs = {{(mode & 1) != 0, (mode & 2) != 0},
                                          {(mode & 4) != 0, (mode & 8) != 0}};
        std::vector<const Vector*> keys = {&a, &b};
        EXPECT_EQ(SortPermutation(keys, specs, kRows), ReferencePermutation(keys, specs, kRows))
            << first.ToString() << ", " << second.ToString() << ", mode " << mode;
        std::vector<const Vector*> one = {&a};
        std::vector<SortKeySpec> one_spec = {specs[0]};
        EXPECT_EQ(SortPermutation(one, one_spec, kRows), ReferencePermutation(one, one_spec, kRows))
            << first.ToString() << ", mode " << mode;
      }
    }
  }
}

TEST(SortPermutationTest, ThreeKeysWithManyTies) {
  std::mt19937_64 rng(7);
  Vector a = RandomColumn(TypeId::kBoolean, rng);
  Vector b = RandomColumn(TypeId::kInt32, rng);
  Vector c = RandomColumn(TypeId::kString, rng);
  std::vector<const Vector*> keys = {&a, &b, &c};
  for (int mode = 0; mode < 8; ++mode) {
    std::vector<SortKeySpec> specs = {{(mode & 1) != 0, true}, {(mode & 2) != 0, false},
                                      {(mode & 4) != 0, (mode & 1) != 0}};
    EXPECT_EQ(SortPermutation(keys, specs, kRows), ReferencePermutation(keys, specs, kRows))
        << "mode " << mode;
  }
}

TEST(SortPermutationTest, NaNSortsLastAndNegativeZeroEqualsZero) {
  Vector v(TypeId::kDouble, 5);
  const double values[] = {NAN, 1.0, -0.0, 0.0, -INFINITY};
  for (size_t i = 0; i < 5; ++i) v.Data<double>()[i] = values[i];
  std::vector<const Vector*> keys = {&v};
  EXPECT_EQ(SortPermutation(keys, {{true, true}}, 5), (std::vector<uint32_t>{4, 2, 3, 1, 0}));
  EXPECT_EQ(SortPermutation(keys, {{false, true}}, 5), (std::vector<uint32_t>{0, 1, 2, 3, 4}));
}

}  // namespace
}  // namespace floe
