// Fuzz target: the bytes are a Puffin file (a deletion vector's), read as a scan reads one
// and then some: its footer (PuffinReader::ReadFileMetadata: magics, payload length, LZ4
// flag, JSON), each blob it lists (decompressed when it names a codec) and, for a
// deletion-vector-v1 blob, the vector (length, magic, CRC-32, 64-bit Roaring bitmap) with
// the cardinality its properties give; then the whole input as one vector blob and as a
// bare Roaring bitmap; a table statistics blob (apache-datasketches-theta-v1), and the whole
// input, as a theta sketch. Each reading starts afresh, so an error in one does not hide the
// others.
//
// Accepted outcomes: a result, or FormatError / NotImplementedError (a codec floe lacks).
// Anything else is a finding: a sanitizer report, a crash, a hang, an allocation past
// libFuzzer's malloc limit, or another exception (libFuzzer reports it as an abort).

#include <cstdint>
#include <string>
#include <string_view>

#include "common/exception.h"
#include "common/theta_sketch.h"
#include "fuzz_attempt.h"
#include "iceberg/puffin/deletion_vector.h"
#include "iceberg/puffin/puffin_file.h"
#include "iceberg/puffin/roaring_position_bitmap.h"
#include "memory_file_io.h"

namespace {

// The most positions a vector may declare here (a scan bounds it by its manifest entry).
constexpr int64_t kMaxCardinality = int64_t{1} << 20;

using floe::fuzz::Attempt;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  floe::fuzz::MemoryFileIO io("dv.puffin", bytes);
  Attempt([&] {
    auto file = io.OpenForRead("dv.puffin");
    floe::iceberg::PuffinFileMetadata footer = floe::iceberg::PuffinReader::ReadFileMetadata(*file);
    for (const auto& blob : footer.blobs) {
      Attempt([&] {
        std::string payload =
            floe::iceberg::PuffinReader::ReadBlob(*file, blob.offset, blob.length, blob.compression_codec);
        if (blob.type == "apache-datasketches-theta-v1") {
          floe::ThetaSketch::Deserialize(payload).Estimate();
          return;
        }
        if (blob.type != floe::iceberg::DeletionVector::kBlobType) return;
        int64_t cardinality = 0;
        auto it = blob.properties.find(floe::iceberg::DeletionVector::kCardinality);
        if (it != blob.properties.end()) {
          try {
            cardinality = std::stoll(it->second);
          } catch (const std::exception&) {
            return;
          }
        }
        if (cardinality < 0 || cardinality > kMaxCardinality) return;
        floe::iceberg::DeletionVector::Deserialize(payload, cardinality, "fuzz vector");
      });
    }
  });
  Attempt([&] { floe::iceberg::DeletionVector::Deserialize(bytes, 1, "fuzz vector"); });
  Attempt([&] {
    // the whole input as a theta sketch (a table statistics blob)
    Attempt([&] {
      floe::ThetaSketch sketch = floe::ThetaSketch::Deserialize(bytes);
      // what decodes re-encodes to the same sketch
      if (floe::ThetaSketch::Deserialize(sketch.Serialize()).Serialize() != sketch.Serialize()) __builtin_trap();
    });
    auto positions = floe::iceberg::RoaringPositionBitmap::Deserialize(bytes, kMaxCardinality, "fuzz bitmap");
    // what decodes re-encodes to a bitmap that decodes to the same positions
    if (!positions.empty() && positions.size() < 100000) {
      std::string again = floe::iceberg::RoaringPositionBitmap::Serialize(positions);
      if (floe::iceberg::RoaringPositionBitmap::Deserialize(again, positions.size(), "re-encoded") != positions) {
        __builtin_trap();
      }
    }
  });
  return 0;
}
