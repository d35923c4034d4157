#include "common/theta_sketch.h"

#include <algorithm>
#include <cstring>

#include "common/exception.h"
#include "common/vector_operations.h"

namespace floe {

namespace {

constexpr uint8_t kSerialVersion = 3;
constexpr uint8_t kCompactFamily = 3;
// preamble flags
constexpr uint8_t kBigEndian = 1;
constexpr uint8_t kReadOnly = 2;
constexpr uint8_t kEmpty = 4;
constexpr uint8_t kCompact = 8;
constexpr uint8_t kOrdered = 16;
constexpr uint8_t kSingleItem = 32;

inline uint64_t Rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

// The first 64 bits of MurmurHash3_x64_128, whose finalizer is MixHash (Austin Appleby's reference, which DataSketches'
// MurmurHash3.hash(byte[], seed) is).
uint64_t Murmur3First64(const uint8_t* data, size_t n, uint64_t seed) {
  constexpr uint64_t c1 = 0x87c37b91114253d5ULL;
  constexpr uint64_t c2 = 0x4cf5ad432745937fULL;
  uint64_t h1 = seed, h2 = seed;
  size_t blocks = n / 16;
  for (size_t i = 0; i < blocks; ++i) {
    uint64_t k1, k2;
    std::memcpy(&k1, data + 16 * i, 8);
    std::memcpy(&k2, data + 16 * i + 8, 8);
    h1 ^= Rotl(k1 * c1, 31) * c2;
    h1 = (Rotl(h1, 27) + h2) * 5 + 0x52dce729;
    h2 ^= Rotl(k2 * c2, 33) * c1;
    h2 = (Rotl(h2, 31) + h1) * 5 + 0x38495ab5;
  }
  const uint8_t* tail = data + 16 * blocks;
  uint64_t k1 = 0, k2 = 0;
  size_t rest = n % 16;
  for (size_t i = rest; i > 8; --i) k2 ^= static_cast<uint64_t>(tail[i - 1]) << (8 * (i - 9));
  for (size_t i = std::min<size_t>(rest, 8); i > 0; --i) k1 ^= static_cast<uint64_t>(tail[i - 1]) << (8 * (i - 1));
  if (rest > 8) h2 ^= Rotl(k2 * c2, 33) * c1;
  if (rest > 0) h1 ^= Rotl(k1 * c1, 31) * c2;
  h1 ^= n;
  h2 ^= n;
  h1 += h2;
  h2 += h1;
  h1 = MixHash(h1);
  h2 = MixHash(h2);
  return h1 + h2;
}

template <typename T>
T Load(std::string_view bytes, size_t at) {
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof(T));
  return v;
}

template <typename T>
void Append(std::string* out, T v) {
  out->append(reinterpret_cast<const char*>(&v), sizeof(T));
}

}  // namespace

ThetaSketch::ThetaSketch(int lg_k) : lg_k_(lg_k), slots_(size_t{1} << (lg_k + 1), 0) {}

uint64_t ThetaSketch::Hash(std::string_view bytes) {
  return Murmur3First64(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), kSeed) >> 1;
}

void ThetaSketch::UpdateHash(uint64_t hash) {
  // (DataSketches skips a zero hash, which marks an empty slot)
  if (hash == 0 || hash >= theta_) return;
  Insert(hash);
}

void ThetaSketch::Insert(uint64_t hash) {
  size_t mask = slots_.size() - 1;
  for (size_t s = MixHash(hash) & mask;; s = (s + 1) & mask) {
    if (slots_[s] == hash) return;
    if (slots_[s] == 0) {
      slots_[s] = hash;
      break;
    }
  }
  if (++count_ * 16 > slots_.size() * 15) Rebuild();
}

void ThetaSketch::Rebuild() {
  // QuickSelect's rebuild: theta becomes the (k+1)-th smallest hash, the k below it stay
  std::vector<uint64_t> kept = SortedHashes();
  size_t k = size_t{1} << lg_k_;
  if (kept.size() > k) {
    theta_ = kept[k];
    kept.resize(k);
  }
  std::fill(slots_.begin(), slots_.end(), 0);
  count_ = 0;
  size_t mask = slots_.size() - 1;
  for (uint64_t h : kept) {
    size_t s = MixHash(h) & mask;
    while (slots_[s] != 0) s = (s + 1) & mask;
    slots_[s] = h;
    ++count_;
  }
}

void ThetaSketch::Merge(const ThetaSketch& other) {
  if (other.theta_ < theta_) {
    theta_ = other.theta_;
    std::vector<uint64_t> kept = SortedHashes();
    std::fill(slots_.begin(), slots_.end(), 0);
    count_ = 0;
    for (uint64_t h : kept) {
      if (h < theta_) Insert(h);
    }
  }
  for (uint64_t h : other.slots_) {
    if (h != 0) UpdateHash(h);
  }
}

double ThetaSketch::Estimate() const {
  if (theta_ == kMaxTheta) return static_cast<double>(count_);
  return static_cast<double>(count_) / (static_cast<double>(theta_) / static_cast<double>(kMaxTheta));
}

std::vector<uint64_t> ThetaSketch::SortedHashes() const {
  std::vector<uint64_t> out;
  out.reserve(count_);
  for (uint64_t h : slots_) {
    if (h != 0) out.push_back(h);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string ThetaSketch::Serialize() const {
  std::vector<uint64_t> hashes = SortedHashes();
  bool exact = theta_ == kMaxTheta;
  uint8_t pre_longs = exact ? (hashes.size() <= 1 ? 1 : 2) : 3;
  uint8_t flags = kReadOnly | kCompact | kOrdered;
  if (exact && hashes.empty()) flags |= kEmpty;
  if (exact && hashes.size() == 1) flags |= kSingleItem;
  std::string out;
  for (uint8_t b : {pre_longs, kSerialVersion, kCompactFamily, uint8_t{0}, uint8_t{0}, flags}) {
    out.push_back(static_cast<char>(b));
  }
  Append(&out, kSeedHash);
  if (pre_longs >= 2) {
    Append(&out, static_cast<int32_t>(hashes.size()));
    Append(&out, 1.0F);  // p, the sampling probability
  }
  if (pre_longs == 3) Append(&out, theta_);
  for (uint64_t h : hashes) Append(&out, h);
  return out;
}

ThetaSketch ThetaSketch::Deserialize(std::string_view bytes) {
  auto fail = [](const std::string& what) -> void { throw FormatError("theta sketch: " + what); };
  if (bytes.size() < 8) fail("shorter than its 8-byte preamble");
  auto b = [&](size_t i) { return static_cast<uint8_t>(bytes[i]); };
  uint8_t pre_longs = b(0) & 0x3f;
  if (b(1) != kSerialVersion) fail("serial version " + std::to_string(b(1)) + " (floe reads version 3)");
  if (b(2) != kCompactFamily) fail("family " + std::to_string(b(2)) + " is not a compact sketch (3)");
  uint8_t flags = b(5);
  if (flags & kBigEndian) fail("big-endian sketches are not supported");
  ThetaSketch sketch;
  if (flags & kEmpty) return sketch;
  if (Load<uint16_t>(bytes, 6) != kSeedHash) {
    fail("seed hash " + std::to_string(Load<uint16_t>(bytes, 6)) + " is not the default seed's (" +
         std::to_string(kSeedHash) + ")");
  }
  if (pre_longs < 1 || pre_longs > 3) fail(std::to_string(pre_longs) + " preamble longs");
  if (bytes.size() < 8U * pre_longs) fail("shorter than its preamble");
  int64_t count = 1;
  if (pre_longs == 1) {
    if (!(flags & kSingleItem)) fail("one preamble long without the single-item flag");
  } else {
    count = Load<int32_t>(bytes, 8);
  }
  if (pre_longs == 3) sketch.theta_ = Load<uint64_t>(bytes, 16);
  if (count < 0 || static_cast<uint64_t>(count) > (bytes.size() - 8U * pre_longs) / 8) {
    fail("its " + std::to_string(count) + " hashes run past its " + std::to_string(bytes.size()) + " bytes");
  }
  if (sketch.theta_ == 0 || sketch.theta_ > kMaxTheta) fail("theta out of range");
  // room for every hash without a rebuild (a rebuild would change theta)
  size_t slots = sketch.slots_.size();
  while (static_cast<uint64_t>(count) * 16 >= slots * 15) slots *= 2;
  sketch.slots_.assign(slots, 0);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t h = Load<uint64_t>(bytes, 8U * pre_longs + 8U * static_cast<size_t>(i));
    if (h == 0 || h >= sketch.theta_) fail("a hash outside (0, theta)");
    sketch.Insert(h);
  }
  return sketch;
}

}  // namespace floe
