#include "parquet/rle_encoder.h"

namespace floe::parquet {

namespace {

void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// Writes values [begin, end) as one bit-packed run, padded with zeros to groups of 8.
template <typename T>
void PutLiterals(const T* values, size_t begin, size_t end, int bit_width, std::string* out) {
  if (begin == end) return;
  size_t groups = (end - begin + 7) / 8;
  PutVarint((uint64_t{groups} << 1) | 1, out);
  uint64_t buffer = 0;
  int bits = 0;
  for (size_t i = begin; i < begin + groups * 8; ++i) {
    uint64_t v = i < end ? static_cast<uint64_t>(values[i]) : 0;
    buffer |= v << bits;
    bits += bit_width;
    while (bits >= 8) {
      out->push_back(static_cast<char>(buffer & 0xff));
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) out->push_back(static_cast<char>(buffer & 0xff));
}

template <typename T>
void PutRepeat(T value, size_t count, int bit_width, std::string* out) {
  PutVarint(uint64_t{count} << 1, out);
  uint64_t v = static_cast<uint64_t>(value);
  for (int i = 0; i < (bit_width + 7) / 8; ++i) out->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

}  // namespace

template <typename T>
void RleEncoder::Encode(const T* values, size_t n, int bit_width, std::string* out) {
  size_t literal_start = 0;
  size_t i = 0;
  while (i < n) {
    size_t run = 1;
    while (i + run < n && values[i + run] == values[i]) ++run;
    if (run >= 8) {
      // literal runs must hold whole groups of 8: lend values from this run to pad them
      size_t pending = i - literal_start;
      size_t lend = pending % 8 == 0 ? 0 : 8 - pending % 8;
      i += lend;
      run -= lend;
      if (run >= 8) {
        PutLiterals(values, literal_start, i, bit_width, out);
        PutRepeat(values[i], run, bit_width, out);
        i += run;
        literal_start = i;
        continue;
      }
    }
    i += run;
  }
  PutLiterals(values, literal_start, n, bit_width, out);
}

template void RleEncoder::Encode<uint8_t>(const uint8_t*, size_t, int, std::string*);
template void RleEncoder::Encode<uint32_t>(const uint32_t*, size_t, int, std::string*);

}  // namespace floe::parquet
