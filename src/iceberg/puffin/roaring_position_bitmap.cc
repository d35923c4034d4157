#include "iceberg/puffin/roaring_position_bitmap.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <cstring>

#include "common/bit_count.h"
#include "common/exception.h"

namespace floe::iceberg {

namespace {

// Cookies of the 32-bit portable format: without run containers (the count follows)
// and with them (count - 1 in the high 16 bits, then one bit per container).
constexpr uint32_t kCookieNoRuns = 12346;
constexpr uint32_t kCookieRuns = 12347;
// From this many containers on, a bitmap with runs also stores container offsets.
constexpr uint32_t kNoOffsetThreshold = 4;
// The most values an array container holds; more are a 2^16-bit bitmap.
constexpr uint32_t kMaxArray = 4096;
constexpr size_t kBitmapBytes = 8192;

class ByteReader {
 public:
  ByteReader(std::string_view bytes, const std::string& what) : bytes_(bytes), what_(what) {}

  template <typename T>
  T Read() {
    Need(sizeof(T));
    T v;
    std::memcpy(&v, bytes_.data() + at_, sizeof(T));  // little-endian hosts only (as everywhere in floe)
    at_ += sizeof(T);
    return v;
  }
  std::string_view Take(size_t n) {
    Need(n);
    std::string_view out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }
  size_t remaining() const { return bytes_.size() - at_; }
  size_t at() const { return at_; }
  [[noreturn]] void Fail(const std::string& problem) const {
    throw FormatError(what_ + ": malformed Roaring bitmap: " + problem);
  }

 private:
  void Need(size_t n) const {
    if (n > remaining()) Fail("truncated at byte " + std::to_string(at_));
  }
  std::string_view bytes_;
  const std::string& what_;
  size_t at_ = 0;
};

template <typename T>
void Put(std::string* out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out->append(buf, sizeof(T));
}

uint16_t Load16(const char* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}

uint64_t Load64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

}  // namespace

// Reads and checks the 32-bit portable bitmaps of a RoaringPositionBitmap.
struct RoaringPositionBitmap::Parser {
  static void Bitmap32(ByteReader& in, uint64_t high, size_t max_positions, RoaringPositionBitmap* bitmap);
};

// Reads and checks one 32-bit portable bitmap, recording its containers.
void RoaringPositionBitmap::Parser::Bitmap32(ByteReader& in, uint64_t high, size_t max_positions,
                                             RoaringPositionBitmap* bitmap) {
  uint32_t cookie = in.Read<uint32_t>();
  uint32_t count = 0;
  std::string_view run_flags;
  bool runs = (cookie & 0xFFFF) == kCookieRuns;
  if (runs) {
    count = (cookie >> 16) + 1;
    run_flags = in.Take((count + 7) / 8);
  } else if (cookie == kCookieNoRuns) {
    count = in.Read<uint32_t>();
  } else {
    in.Fail("unknown cookie " + std::to_string(cookie));
  }
  if (count > 65536) in.Fail("a 32-bit bitmap with " + std::to_string(count) + " containers");
  std::vector<std::pair<uint16_t, uint32_t>> headers(count);  // key, cardinality
  for (auto& [key, cardinality] : headers) {
    key = in.Read<uint16_t>();
    cardinality = uint32_t{in.Read<uint16_t>()} + 1;
  }
  if (!runs || count >= kNoOffsetThreshold) in.Take(size_t{4} * count);  // offsets: recomputed by reading in order
  int64_t previous_key = -1;
  for (uint32_t c = 0; c < count; ++c) {
    auto [key, cardinality] = headers[c];
    if (key <= previous_key) in.Fail("container keys out of order");
    previous_key = key;
    Container container;
    container.base = (high << 32) | (uint64_t{key} << 16);
    container.offset = in.at();
    container.cardinality = cardinality;
    uint64_t held = 0;
    if (runs && (static_cast<uint8_t>(run_flags[c / 8]) >> (c % 8)) & 1) {
      container.kind = Kind::kRuns;
      uint16_t n = in.Read<uint16_t>();
      int64_t previous_end = -1;
      for (uint16_t r = 0; r < n; ++r) {
        uint32_t start = in.Read<uint16_t>();
        uint32_t length = in.Read<uint16_t>();
        if (static_cast<int64_t>(start) <= previous_end || start + length > 0xFFFF) in.Fail("runs overlap or overflow");
        previous_end = start + length;
        held += length + 1;
      }
    } else if (cardinality > kMaxArray) {
      container.kind = Kind::kBitmap;
      std::string_view words = in.Take(kBitmapBytes);
      held = CountSetBits(words.data(), kBitmapBytes / 8);
    } else {
      container.kind = Kind::kArray;
      std::string_view values = in.Take(size_t{2} * cardinality);
      int32_t previous = -1;
      for (uint32_t i = 0; i < cardinality; ++i) {
        uint16_t v = Load16(&values[2 * i]);
        if (v <= previous) in.Fail("array container values out of order");
        previous = v;
      }
      held = cardinality;
    }
    if (held != cardinality) in.Fail("a container's cardinality disagrees with its values");
    bitmap->cardinality_ += cardinality;
    if (bitmap->cardinality_ > max_positions) {
      in.Fail("more than the " + std::to_string(max_positions) + " positions expected");
    }
    bitmap->containers_.push_back(container);
  }
}

namespace {

// One container of a 32-bit bitmap while serializing: its key and low 16-bit values.
struct ValuesOfKey {
  uint16_t key;
  std::vector<uint16_t> values;
};

void WriteBitmap32(const std::vector<ValuesOfKey>& containers, std::string* out) {
  // Per container: runs when they are smallest (2 + 4 per run bytes), else an array
  // (2 per value) up to 4096 values, else a bitmap (8192 bytes).
  size_t n = containers.size();
  std::vector<std::vector<std::pair<uint16_t, uint16_t>>> runs(n);
  std::vector<bool> use_run(n);
  bool any_run = false;
  for (size_t c = 0; c < n; ++c) {
    const auto& v = containers[c].values;
    for (size_t i = 0; i < v.size();) {
      size_t j = i;
      while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
      runs[c].emplace_back(v[i], static_cast<uint16_t>(j - i));
      i = j + 1;
    }
    size_t plain = v.size() > kMaxArray ? kBitmapBytes : 2 * v.size();
    use_run[c] = 2 + 4 * runs[c].size() < plain;
    any_run = any_run || use_run[c];
  }
  if (any_run) {
    Put<uint32_t>(out, kCookieRuns | static_cast<uint32_t>((n - 1) << 16));
    std::string flags((n + 7) / 8, '\0');
    for (size_t c = 0; c < n; ++c) {
      if (use_run[c]) flags[c / 8] = static_cast<char>(flags[c / 8] | (1 << (c % 8)));
    }
    out->append(flags);
  } else {
    Put<uint32_t>(out, kCookieNoRuns);
    Put<uint32_t>(out, static_cast<uint32_t>(n));
  }
  for (const auto& c : containers) {
    Put<uint16_t>(out, c.key);
    Put<uint16_t>(out, static_cast<uint16_t>(c.values.size() - 1));
  }
  auto body_size = [&](size_t c) {
    const auto& v = containers[c].values;
    return use_run[c] ? 2 + 4 * runs[c].size() : v.size() > kMaxArray ? kBitmapBytes : 2 * v.size();
  };
  if (!any_run || n >= kNoOffsetThreshold) {
    // offsets from the start of this 32-bit bitmap
    uint32_t offset = static_cast<uint32_t>(4 + (any_run ? (n + 7) / 8 : 4) + 4 * n + 4 * n);
    for (size_t c = 0; c < n; ++c) {
      Put<uint32_t>(out, offset);
      offset += static_cast<uint32_t>(body_size(c));
    }
  }
  for (size_t c = 0; c < n; ++c) {
    const auto& v = containers[c].values;
    if (use_run[c]) {
      Put<uint16_t>(out, static_cast<uint16_t>(runs[c].size()));
      for (auto [start, length] : runs[c]) {
        Put<uint16_t>(out, start);
        Put<uint16_t>(out, length);
      }
    } else if (v.size() > kMaxArray) {
      uint64_t words[kBitmapBytes / 8] = {};
      for (uint16_t x : v) words[x / 64] |= uint64_t{1} << (x % 64);
      out->append(reinterpret_cast<const char*>(words), kBitmapBytes);
    } else {
      for (uint16_t x : v) Put<uint16_t>(out, x);
    }
  }
}

}  // namespace

std::string RoaringPositionBitmap::Serialize(const std::vector<int64_t>& positions) {
  // Group by the high 32 bits (one 32-bit bitmap each), then by bits 16-31 (containers).
  std::vector<std::pair<uint32_t, std::vector<ValuesOfKey>>> bitmaps;
  for (int64_t p : positions) {
    if (p < 0) throw InternalError("a deletion vector position is negative");
    uint64_t u = static_cast<uint64_t>(p);
    uint32_t high = static_cast<uint32_t>(u >> 32);
    uint16_t key = static_cast<uint16_t>(u >> 16);
    if (bitmaps.empty() || bitmaps.back().first != high) {
      if (!bitmaps.empty() && bitmaps.back().first > high) throw InternalError("deletion vector positions are not sorted");
      bitmaps.push_back({high, {}});
    }
    auto& containers = bitmaps.back().second;
    if (containers.empty() || containers.back().key != key) containers.push_back({key, {}});
    auto& values = containers.back().values;
    uint16_t low = static_cast<uint16_t>(u);
    if (!values.empty() && values.back() >= low) {
      if (values.back() == low) continue;
      throw InternalError("deletion vector positions are not sorted");
    }
    values.push_back(low);
  }
  std::string out;
  Put<uint64_t>(&out, bitmaps.size());
  for (const auto& [high, containers] : bitmaps) {
    Put<uint32_t>(&out, high);
    WriteBitmap32(containers, &out);
  }
  return out;
}

std::vector<int64_t> RoaringPositionBitmap::Deserialize(std::string_view bytes, size_t max_positions,
                                                        const std::string& what) {
  RoaringPositionBitmap bitmap = Parse(std::string(bytes), max_positions, what);
  std::vector<int64_t> out;
  out.reserve(bitmap.cardinality());
  bitmap.Append(0, std::numeric_limits<int64_t>::max(), &out);
  return out;
}

RoaringPositionBitmap RoaringPositionBitmap::Parse(std::string bytes, size_t begin, size_t end, size_t max_positions,
                                                   const std::string& what) {
  if (begin > end || end > bytes.size()) throw InternalError("a bitmap's bytes out of its blob's range");
  RoaringPositionBitmap bitmap;
  bitmap.bytes_ = std::move(bytes);
  bitmap.begin_ = begin;
  ByteReader in(std::string_view(bitmap.bytes_).substr(begin, end - begin), what);
  uint64_t count = in.Read<uint64_t>();
  // why: each 32-bit bitmap takes at least 12 bytes; a larger count is a corrupt header
  if (count > in.remaining() / 12 + 1) in.Fail("a count of " + std::to_string(count) + " bitmaps");
  int64_t previous_high = -1;
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t high = in.Read<uint32_t>();
    if (static_cast<int64_t>(high) <= previous_high) in.Fail("bitmap keys out of order");
    if (high > 0x7FFFFFFF) in.Fail("a position above 2^63");
    previous_high = high;
    Parser::Bitmap32(in, high, max_positions, &bitmap);
  }
  if (in.remaining() != 0) in.Fail(std::to_string(in.remaining()) + " bytes after the last bitmap");
  return bitmap;
}

void RoaringPositionBitmap::Append(int64_t begin, int64_t end, std::vector<int64_t>* out) const {
  if (end <= 0 || begin >= end) return;
  uint64_t from = begin < 0 ? 0 : static_cast<uint64_t>(begin);
  auto to = static_cast<uint64_t>(end);
  auto first = std::partition_point(containers_.begin(), containers_.end(),
                                    [&](const Container& x) { return x.base + 65536 <= from; });
  size_t most = 0;  // (room for the containers' values, grown once)
  for (auto c = first; c != containers_.end() && c->base < to; ++c) most += c->cardinality;
  out->reserve(out->size() + most);
  for (auto c = first; c != containers_.end() && c->base < to; ++c) {
    // the container's low 16-bit values in [lo, hi)
    uint32_t lo = from > c->base ? static_cast<uint32_t>(from - c->base) : 0;
    uint32_t hi = static_cast<uint32_t>(std::min<uint64_t>(to - c->base, 65536));
    const char* data = bytes_.data() + begin_ + c->offset;
    auto emit = [&](uint32_t v) { out->push_back(static_cast<int64_t>(c->base + v)); };
    switch (c->kind) {
      case Kind::kArray: {
        // the first value >= lo, by binary search
        uint32_t first = 0, last = c->cardinality;
        while (first < last) {
          uint32_t mid = (first + last) / 2;
          if (Load16(data + 2 * mid) < lo) {
            first = mid + 1;
          } else {
            last = mid;
          }
        }
        for (uint32_t i = first; i < c->cardinality; ++i) {
          uint16_t v = Load16(data + 2 * i);
          if (v >= hi) break;
          emit(v);
        }
        break;
      }
      case Kind::kBitmap: {
        for (uint32_t w = lo / 64; w * 64 < hi; ++w) {
          uint64_t word = Load64(data + 8 * w);
          if (w == lo / 64) word &= ~uint64_t{0} << (lo % 64);
          if (hi - w * 64 < 64) word &= (uint64_t{1} << (hi - w * 64)) - 1;
          while (word) {
            emit(w * 64 + static_cast<uint32_t>(std::countr_zero(word)));
            word &= word - 1;
          }
        }
        break;
      }
      case Kind::kRuns: {
        uint16_t n = Load16(data);
        for (uint16_t r = 0; r < n; ++r) {
          uint32_t start = Load16(data + 2 + 4 * r);
          uint32_t last = start + Load16(data + 4 + 4 * r);
          if (last < lo) continue;
          if (start >= hi) break;
          for (uint32_t v = std::max(start, lo); v <= last && v < hi; ++v) emit(v);
        }
        break;
      }
    }
  }
}

}  // namespace floe::iceberg
