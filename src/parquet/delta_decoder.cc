#include "parquet/delta_decoder.h"

#include <cstring>
#include <string>

#include "common/exception.h"
#include "common/types.h"

namespace floe::parquet {

namespace {

[[noreturn]] void Corrupt(const std::string& what) {
  throw FormatError("corrupt DELTA encoded data: " + what);
}

struct Cursor {
  const uint8_t* pos;
  const uint8_t* end;

  uint64_t Varint() {
    uint64_t result = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (pos >= end) Corrupt("varint past the end");
      uint8_t b = *pos++;
      result |= static_cast<uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return result;
    }
    Corrupt("varint too long");
  }
  int64_t ZigZag() {
    uint64_t v = Varint();
    return static_cast<int64_t>((v >> 1) ^ (~(v & 1) + 1));
  }
};

}  // namespace

size_t DeltaDecoder::DecodeBinaryPacked(const uint8_t* data, size_t size, size_t max_values,
                                        std::vector<int64_t>* out) {
  Cursor c{data, data + size};
  uint64_t block_size = c.Varint();
  uint64_t miniblocks = c.Varint();
  uint64_t total = c.Varint();
  int64_t value = c.ZigZag();
  if (block_size == 0 || block_size % 128 != 0 || miniblocks == 0 || block_size % miniblocks != 0 ||
      (block_size / miniblocks) % 32 != 0 || block_size > (1 << 20)) {
    Corrupt("bad block header");
  }
  // a block needs at least its min delta and bit widths: bound the count by the bytes
  if (total > 1 && (total - 1) / block_size > size / (miniblocks + 1) + 1) {
    Corrupt("value count larger than the data can hold");
  }
  if (total > max_values) {
    Corrupt("value count " + std::to_string(total) + " is more than the page's " + std::to_string(max_values));
  }
  uint64_t per_mini = block_size / miniblocks;
  out->clear();
  if (total == 0) return static_cast<size_t>(c.pos - data);
  out->reserve(total);
  out->push_back(value);
  uint64_t remaining = total - 1;
  std::vector<uint8_t> widths(miniblocks);
  while (remaining > 0) {
    int64_t min_delta = c.ZigZag();
    if (static_cast<uint64_t>(c.end - c.pos) < miniblocks) Corrupt("bit widths past the end");
    std::memcpy(widths.data(), c.pos, miniblocks);
    c.pos += miniblocks;
    for (uint64_t m = 0; m < miniblocks && remaining > 0; ++m) {
      int w = widths[m];
      if (w > 64) Corrupt("bit width above 64");
      uint64_t bytes = per_mini * static_cast<uint64_t>(w) / 8;
      if (bytes > static_cast<uint64_t>(c.end - c.pos)) {
        // the last miniblock may be cut short after the last value
        uint64_t needed = (remaining * static_cast<uint64_t>(w) + 7) / 8;
        if (needed > static_cast<uint64_t>(c.end - c.pos)) Corrupt("miniblock past the end");
        bytes = static_cast<uint64_t>(c.end - c.pos);
      }
      uint64_t n = std::min(per_mini, remaining);
      const uint8_t* p = c.pos;
      uint64_t bit = 0;
      for (uint64_t i = 0; i < n; ++i) {
        uint128_t acc = 0;
        uint64_t byte = bit / 8, shift = bit % 8;
        uint64_t nbytes = (shift + static_cast<uint64_t>(w) + 7) / 8;
        for (uint64_t k = 0; k < nbytes; ++k) acc |= static_cast<uint128_t>(p[byte + k]) << (8 * k);
        uint64_t delta = w == 64 ? static_cast<uint64_t>(acc >> shift)
                                 : static_cast<uint64_t>(acc >> shift) & ((uint64_t{1} << w) - 1);
        bit += static_cast<uint64_t>(w);
        value = static_cast<int64_t>(static_cast<uint64_t>(value) +
                                     static_cast<uint64_t>(min_delta) + delta);
        out->push_back(value);
      }
      c.pos += bytes;
      remaining -= n;
    }
  }
  return static_cast<size_t>(c.pos - data);
}

void DeltaDecoder::DecodeLengthByteArray(const uint8_t* data, size_t size, size_t max_values,
                                         std::vector<StringRef>* out) {
  std::vector<int64_t> lengths;
  size_t used = DecodeBinaryPacked(data, size, max_values, &lengths);
  size_t count = lengths.size();
  const uint8_t* p = data + used;
  const uint8_t* end = data + size;
  out->resize(count);
  for (size_t i = 0; i < count; ++i) {
    int64_t len = lengths[i];
    if (len < 0 || len > end - p) Corrupt("string length past the end");
    (*out)[i] = StringRef(reinterpret_cast<const char*>(p), static_cast<uint32_t>(len));
    p += len;
  }
}

void DeltaDecoder::DecodeByteArray(const uint8_t* data, size_t size, size_t max_values, StringHeap* heap,
                                   std::vector<StringRef>* out) {
  std::vector<int64_t> prefixes;
  size_t used = DecodeBinaryPacked(data, size, max_values, &prefixes);
  size_t count = prefixes.size();
  std::vector<StringRef> suffixes;
  DecodeLengthByteArray(data + used, size - used, max_values, &suffixes);
  if (suffixes.size() < count) Corrupt("fewer suffixes than prefix lengths");
  out->resize(count);
  StringRef prev;
  size_t decoded = 0;
  for (size_t i = 0; i < count; ++i) {
    int64_t prefix = prefixes[i];
    if (prefix < 0 || prefix > prev.size) Corrupt("prefix longer than the previous value");
    size_t len = static_cast<size_t>(prefix) + suffixes[i].size;
    if (len > UINT32_MAX) Corrupt("value too long");
    decoded += len;
    if (decoded > kMaxDecodedBytes) Corrupt("values decode to more than " + std::to_string(kMaxDecodedBytes) + " bytes");
    char* dst = len ? heap->Allocate(len) : nullptr;
    if (prefix) std::memcpy(dst, prev.data, static_cast<size_t>(prefix));
    if (suffixes[i].size) std::memcpy(dst + prefix, suffixes[i].data, suffixes[i].size);
    prev = StringRef(dst, static_cast<uint32_t>(len));
    (*out)[i] = prev;
  }
}

}  // namespace floe::parquet
