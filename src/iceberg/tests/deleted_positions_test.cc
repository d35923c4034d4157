// DeletedPositions: the positions of one data file as a list or as a deletion vector's
// bitmap give the same positions for every range a scan asks for (a slice of a row group,
// a batch), and all of them in order.

#include <gtest/gtest.h>

#include <random>

#include "iceberg/puffin/roaring_position_bitmap.h"
#include "iceberg/scan/deleted_positions.h"

namespace floe::iceberg {
namespace {

TEST(DeletedPositionsTest, AListAndABitmapGiveTheSamePositionsForEveryRange) {
  std::mt19937_64 rng(3);
  std::vector<int64_t> sorted;
  for (int64_t p = 0; p < 500000; p += 1 + static_cast<int64_t>(rng() % 25)) sorted.push_back(p);
  std::vector<int64_t> shuffled = sorted;
  shuffled.insert(shuffled.end(), sorted.begin(), sorted.begin() + 100);  // repeats dropped
  std::shuffle(shuffled.begin(), shuffled.end(), rng);
  DeletedPositions list(shuffled);
  auto bitmap = std::make_shared<const RoaringPositionBitmap>(
      RoaringPositionBitmap::Parse(RoaringPositionBitmap::Serialize(sorted), sorted.size(), "v"));
  DeletedPositions vector(bitmap);
  EXPECT_EQ(list.size(), sorted.size());
  EXPECT_EQ(vector.size(), sorted.size());
  EXPECT_FALSE(vector.empty());
  EXPECT_TRUE(DeletedPositions().empty());
  std::vector<int64_t> all;
  vector.AppendTo(&all);
  EXPECT_EQ(all, sorted);
  all.clear();
  list.AppendTo(&all);
  EXPECT_EQ(all, sorted);
  std::vector<int64_t> scratch_list, scratch_vector;
  for (int i = 0; i < 500; ++i) {
    auto begin = static_cast<int64_t>(rng() % 520000) - 10000;
    int64_t end = begin + static_cast<int64_t>(rng() % (i % 2 ? 2048 : 200000));
    auto a = list.In(begin, end, &scratch_list);
    auto b = vector.In(begin, end, &scratch_vector);
    std::vector<int64_t> expected;
    for (int64_t p : sorted) {
      if (p >= begin && p < end) expected.push_back(p);
    }
    ASSERT_EQ(std::vector<int64_t>(a.begin(), a.end()), expected) << "list [" << begin << ", " << end << ")";
    ASSERT_EQ(std::vector<int64_t>(b.begin(), b.end()), expected) << "bitmap [" << begin << ", " << end << ")";
  }
  EXPECT_TRUE(scratch_list.empty()) << "a list's positions are its own, not copied";
}

}  // namespace
}  // namespace floe::iceberg
