#include "iceberg/puffin/deletion_vector.h"

#include <limits>

#include <zlib.h>

#include "common/exception.h"
#include "iceberg/puffin/roaring_position_bitmap.h"

namespace floe::iceberg {

namespace {

constexpr unsigned char kMagic[4] = {0xD1, 0xD3, 0x39, 0x64};

void PutBigEndian32(std::string* out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out->push_back(static_cast<char>((v >> shift) & 0xFF));
}

uint32_t GetBigEndian32(std::string_view bytes, size_t at) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

uint32_t Crc32(std::string_view bytes) {
  return static_cast<uint32_t>(
      crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

}  // namespace

std::string DeletionVector::Serialize(const std::vector<int64_t>& positions) {
  std::string body(reinterpret_cast<const char*>(kMagic), 4);
  body += RoaringPositionBitmap::Serialize(positions);
  if (body.size() > 0xFFFFFFFFu) throw InvalidInputError("a deletion vector of " + std::to_string(body.size()) + " bytes is too large");
  std::string out;
  out.reserve(body.size() + 8);
  PutBigEndian32(&out, static_cast<uint32_t>(body.size()));
  out += body;
  PutBigEndian32(&out, Crc32(body));
  return out;
}

std::vector<int64_t> DeletionVector::Deserialize(std::string_view blob, int64_t cardinality, const std::string& what) {
  RoaringPositionBitmap bitmap = Parse(std::string(blob), cardinality, what);
  std::vector<int64_t> positions;
  positions.reserve(bitmap.cardinality());
  bitmap.Append(0, std::numeric_limits<int64_t>::max(), &positions);
  return positions;
}

RoaringPositionBitmap DeletionVector::Parse(std::string bytes, int64_t cardinality, const std::string& what) {
  std::string_view blob = bytes;
  auto fail = [&](const std::string& problem) -> RoaringPositionBitmap {
    throw FormatError(what + ": invalid deletion vector: " + problem);
  };
  if (blob.size() < 12) return fail("it is " + std::to_string(blob.size()) + " bytes long");
  uint32_t length = GetBigEndian32(blob, 0);
  if (length != blob.size() - 8) {
    return fail("its length prefix says " + std::to_string(length) + " bytes, the blob holds " +
                std::to_string(blob.size() - 8));
  }
  std::string_view body = blob.substr(4, length);
  if (body.compare(0, 4, std::string_view(reinterpret_cast<const char*>(kMagic), 4)) != 0) return fail("wrong magic");
  uint32_t stored = GetBigEndian32(blob, 4 + length);
  if (stored != Crc32(body)) return fail("its CRC-32 does not match");
  if (cardinality < 0) return fail("a negative cardinality");
  // (the bitmap: the body after the magic, kept in the blob)
  auto bitmap = RoaringPositionBitmap::Parse(std::move(bytes), 8, 4 + size_t{length}, static_cast<size_t>(cardinality),
                                             what);
  if (static_cast<int64_t>(bitmap.cardinality()) != cardinality) {
    return fail("it holds " + std::to_string(bitmap.cardinality()) + " positions, its manifest entry says " +
                std::to_string(cardinality));
  }
  return bitmap;
}

}  // namespace floe::iceberg
