#pragma once

#include <cstdint>
#include <cstring>

#include "common/exception.h"

namespace floe::parquet {

/// Decodes Parquet's RLE / bit-packed hybrid (levels, dictionary indexes, booleans).
/// Every read is bounded by the buffer; malformed runs throw FormatError.
class RleDecoder {
 public:
  RleDecoder() = default;
  RleDecoder(const uint8_t* data, size_t size, int bit_width)
      : pos_(data), end_(data + size), bit_width_(bit_width) {
    if (bit_width < 0 || bit_width > 32) Corrupt("bit width out of range");
    byte_width_ = (bit_width + 7) / 8;
  }

  /// Decodes exactly n values into out; throws FormatError when the data runs out.
  template <typename T>
  void GetBatch(T* out, size_t n) {
    size_t done = 0;
    while (done < n) {
      if (repeat_left_ == 0 && literal_left_ == 0) NextRun();
      if (repeat_left_ > 0) {
        size_t k = std::min<size_t>(repeat_left_, n - done);
        T v = static_cast<T>(repeat_value_);
        for (size_t i = 0; i < k; ++i) out[done + i] = v;
        done += k;
        repeat_left_ -= k;
      } else {
        size_t k = std::min<size_t>(literal_left_, n - done);
        UnpackLiterals(out + done, k);
        done += k;
        literal_left_ -= k;
      }
    }
  }

  /// Skips n values.
  void Skip(size_t n) {
    uint32_t scratch[256];
    while (n > 0) {
      size_t k = std::min<size_t>(n, 256);
      GetBatch(scratch, k);
      n -= k;
    }
  }

 private:
  [[noreturn]] static void Corrupt(const char* what) {
    throw FormatError(std::string("corrupt RLE/bit-packed data: ") + what);
  }

  uint64_t ReadVarint() {
    uint64_t result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= end_) Corrupt("run header past the end");
      uint8_t b = *pos_++;
      result |= static_cast<uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return result;
    }
    Corrupt("run header varint too long");
  }

  void NextRun() {
    uint64_t header = ReadVarint();
    if (header & 1) {
      uint64_t groups = header >> 1;
      if (groups == 0) Corrupt("empty bit-packed run");
      uint64_t bytes = groups * static_cast<uint64_t>(bit_width_);
      if (groups > (uint64_t{1} << 40) || bytes > static_cast<uint64_t>(end_ - pos_)) {
        // the final run may be truncated: keep what is there, whole values only
        bytes = static_cast<uint64_t>(end_ - pos_);
        if (bit_width_ == 0) Corrupt("bit-packed run past the end");
        literal_left_ = bytes * 8 / static_cast<uint64_t>(bit_width_);
        if (literal_left_ == 0) Corrupt("bit-packed run past the end");
      } else {
        literal_left_ = groups * 8;
      }
      bit_buffer_ = 0;
      bits_ = 0;
    } else {
      repeat_left_ = header >> 1;
      if (repeat_left_ == 0) Corrupt("empty RLE run");
      if (static_cast<size_t>(end_ - pos_) < byte_width_) Corrupt("RLE value past the end");
      uint32_t v = 0;
      for (size_t i = 0; i < byte_width_; ++i) v |= uint32_t{pos_[i]} << (8 * i);
      pos_ += byte_width_;
      if (bit_width_ < 32 && (v >> bit_width_) != 0) Corrupt("RLE value wider than bit width");
      repeat_value_ = v;
    }
  }

  template <typename T>
  void UnpackLiterals(T* out, size_t n) {
    const uint64_t mask = bit_width_ == 32 ? 0xffffffffu : ((uint64_t{1} << bit_width_) - 1);
    for (size_t i = 0; i < n; ++i) {
      while (bits_ < bit_width_) {
        if (pos_ >= end_) Corrupt("bit-packed run past the end");
        bit_buffer_ |= static_cast<uint64_t>(*pos_++) << bits_;
        bits_ += 8;
      }
      out[i] = static_cast<T>(bit_buffer_ & mask);
      bit_buffer_ >>= bit_width_;
      bits_ -= bit_width_;
    }
  }

  const uint8_t* pos_ = nullptr;
  const uint8_t* end_ = nullptr;
  int bit_width_ = 0;
  size_t byte_width_ = 0;
  uint64_t repeat_left_ = 0;
  uint64_t literal_left_ = 0;
  uint32_t repeat_value_ = 0;
  uint64_t bit_buffer_ = 0;
  int bits_ = 0;
};

}  // namespace floe::parquet
