#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// The theta sketches of Iceberg's table statistics (Puffin blob type
// apache-datasketches-theta-v1): Apache DataSketches' KMV sketch of the values' hashes,
// serialized in its compact form (serial version 3), as Iceberg's ThetaSketchAgg and
// Trino write them. A value's hash is the first half of MurmurHash3_x64_128 of its bytes
// (Iceberg's single-value serialization) with DataSketches' default seed 9001, shifted right
// by one; the sketch keeps the hashes below theta, at most about k of them, and estimates
// the distinct values as their count divided by theta's share of the hash range.

namespace floe {

class ThetaSketch {
 public:
  /// DataSketches' default update seed, and the 16-bit hash of it a serialized sketch carries.
  static constexpr uint64_t kSeed = 9001;
  static constexpr uint16_t kSeedHash = 0x93cc;
  /// The largest theta: every hash is kept (exact mode).
  static constexpr uint64_t kMaxTheta = INT64_MAX;

  /// An empty sketch of nominal size 2^lg_k (Iceberg's default is 4096).
  explicit ThetaSketch(int lg_k = 12);

  /// Returns the hash DataSketches' UpdateSketch.update(bytes) adds for these bytes.
  static uint64_t Hash(std::string_view bytes);
  /// Adds the bytes of one value.
  void Update(std::string_view bytes) { UpdateHash(Hash(bytes)); }
  /// Adds a hash (Hash's result).
  void UpdateHash(uint64_t hash);
  /// Adds every hash another sketch kept, and lowers theta to the smaller of the two (a union).
  void Merge(const ThetaSketch& other);

  /// Returns the estimated number of distinct values added (exact below k).
  double Estimate() const;
  /// Returns theta, as a 63-bit fraction of the hash range.
  uint64_t theta() const { return theta_; }
  /// Returns the hashes kept, ascending.
  std::vector<uint64_t> SortedHashes() const;

  /// Returns the compact, ordered serialization (serial version 3, little-endian):
  /// one preamble long when empty or of a single hash, two in exact mode, three with theta.
  std::string Serialize() const;
  /// Reads a compact sketch of serial version 3; throws FormatError naming what is wrong
  /// (another family, version, seed, byte order, or a count past the end of the bytes).
  static ThetaSketch Deserialize(std::string_view bytes);

 private:
  void Insert(uint64_t hash);
  void Rebuild();

  int lg_k_;
  uint64_t theta_ = kMaxTheta;
  // open addressing, 0 empty; 2^(lg_k + 1) slots, rebuilt once 15/16 full
  std::vector<uint64_t> slots_;
  size_t count_ = 0;
};

}  // namespace floe
