#include "parquet/codec.h"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <lz4.h>
#include <snappy-c.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe::parquet {

namespace {

[[noreturn]] void Corrupt(Codec codec, const std::string& what) {
  throw FormatError(std::string("corrupt ") + CodecName(codec) + " page: " + what);
}

void InflateGzip(const uint8_t* data, size_t size, uint8_t* out, size_t out_size) {
  z_stream zs;
  std::memset(&zs, 0, sizeof(zs));
  // 15 + 32: accept zlib and gzip headers (older writers used either); members repeat
  if (inflateInit2(&zs, 15 + 32) != Z_OK) Corrupt(Codec::kGzip, "cannot initialize zlib");
  zs.next_in = const_cast<uint8_t*>(data);
  zs.avail_in = static_cast<uInt>(size);
  zs.next_out = out;
  zs.avail_out = static_cast<uInt>(out_size);
  while (true) {
    int rc = inflate(&zs, Z_FINISH);
    if (rc == Z_STREAM_END) {
      if (zs.avail_in > 0 && zs.avail_out > 0) {  // another gzip member follows
        if (inflateReset(&zs) != Z_OK) break;
        continue;
      }
      break;
    }
    if (rc == Z_BUF_ERROR && zs.avail_out == 0 && zs.avail_in == 0) break;
    inflateEnd(&zs);
    Corrupt(Codec::kGzip, zs.msg ? zs.msg : "inflate failed");
  }
  size_t produced = out_size - zs.avail_out;
  inflateEnd(&zs);
  if (produced != out_size) Corrupt(Codec::kGzip, "decompressed size differs from the header");
}

// Hadoop's LZ4 framing (the deprecated LZ4 codec): blocks of [BE u32 raw size]
// [BE u32 compressed size][lz4 block]. Returns false when the framing does not fit.
bool DecompressHadoopLz4(const uint8_t* data, size_t size, uint8_t* out, size_t out_size) {
  size_t in = 0, produced = 0;
  auto be32 = [&](size_t at) {
    return (uint32_t{data[at]} << 24) | (uint32_t{data[at + 1]} << 16) |
           (uint32_t{data[at + 2]} << 8) | uint32_t{data[at + 3]};
  };
  while (in < size) {
    if (size - in < 8) return false;
    uint32_t raw = be32(in), comp = be32(in + 4);
    in += 8;
    if (comp > size - in || raw > out_size - produced) return false;
    int n = LZ4_decompress_safe(reinterpret_cast<const char*>(data + in),
                                reinterpret_cast<char*>(out + produced), static_cast<int>(comp),
                                static_cast<int>(raw));
    if (n < 0 || static_cast<uint32_t>(n) != raw) return false;
    in += comp;
    produced += raw;
  }
  return produced == out_size;
}

// ZSTD contexts are large to set up; each thread keeps one of each for all its pages.
struct ZstdContexts {
  ZSTD_CCtx* compress = ZSTD_createCCtx();
  ZSTD_DCtx* decompress = ZSTD_createDCtx();
  ~ZstdContexts() {
    ZSTD_freeCCtx(compress);
    ZSTD_freeDCtx(decompress);
  }
};

ZstdContexts& Zstd() {
  thread_local ZstdContexts contexts;
  return contexts;
}

}  // namespace

const char* CodecName(Codec codec) {
  switch (codec) {
    case Codec::kUncompressed: return "UNCOMPRESSED";
    case Codec::kSnappy: return "SNAPPY";
    case Codec::kGzip: return "GZIP";
    case Codec::kLzo: return "LZO";
    case Codec::kBrotli: return "BROTLI";
    case Codec::kLz4: return "LZ4";
    case Codec::kZstd: return "ZSTD";
    case Codec::kLz4Raw: return "LZ4_RAW";
  }
  return "UNKNOWN";
}

bool ParseCodecName(std::string_view name, Codec* out) {
  std::string lower = ToLower(name);
  if (lower == "zstd") *out = Codec::kZstd;
  else if (lower == "snappy") *out = Codec::kSnappy;
  else if (lower == "gzip") *out = Codec::kGzip;
  else if (lower == "lz4_raw" || lower == "lz4") *out = Codec::kLz4Raw;
  else if (lower == "brotli") *out = Codec::kBrotli;
  else if (lower == "uncompressed" || lower == "none") *out = Codec::kUncompressed;
  else return false;
  return true;
}

void Compress(Codec codec, int level, const uint8_t* data, size_t size, std::string* out) {
  size_t start = out->size();
  switch (codec) {
    case Codec::kUncompressed:
      out->append(reinterpret_cast<const char*>(data), size);
      return;
    case Codec::kZstd: {
      size_t bound = ZSTD_compressBound(size);
      out->resize(start + bound);
      size_t n = ZSTD_compressCCtx(Zstd().compress, out->data() + start, bound, data, size, level);
      if (ZSTD_isError(n)) throw InternalError(std::string("ZSTD: ") + ZSTD_getErrorName(n));
      out->resize(start + n);
      return;
    }
    case Codec::kSnappy: {
      size_t bound = snappy_max_compressed_length(size);
      out->resize(start + bound);
      if (snappy_compress(reinterpret_cast<const char*>(data), size, out->data() + start,
                          &bound) != SNAPPY_OK) {
        throw InternalError("snappy compression failed");
      }
      out->resize(start + bound);
      return;
    }
    case Codec::kLz4Raw: {
      int bound = LZ4_compressBound(static_cast<int>(size));
      out->resize(start + bound);
      int n = LZ4_compress_default(reinterpret_cast<const char*>(data), out->data() + start,
                                   static_cast<int>(size), bound);
      if (n <= 0 && size > 0) throw InternalError("LZ4 compression failed");
      out->resize(start + n);
      return;
    }
    case Codec::kGzip: {
      z_stream zs;
      std::memset(&zs, 0, sizeof(zs));
      if (deflateInit2(&zs, level > 0 && level <= 9 ? level : 6, Z_DEFLATED, 15 + 16, 8,
                       Z_DEFAULT_STRATEGY) != Z_OK) {
        throw InternalError("cannot initialize zlib");
      }
      size_t bound = deflateBound(&zs, size);
      out->resize(start + bound);
      zs.next_in = const_cast<uint8_t*>(data);
      zs.avail_in = static_cast<uInt>(size);
      zs.next_out = reinterpret_cast<uint8_t*>(out->data() + start);
      zs.avail_out = static_cast<uInt>(bound);
      int rc = deflate(&zs, Z_FINISH);
      deflateEnd(&zs);
      if (rc != Z_STREAM_END) throw InternalError("gzip compression failed");
      out->resize(start + (bound - zs.avail_out));
      return;
    }
    case Codec::kBrotli: {
      size_t bound = BrotliEncoderMaxCompressedSize(size);
      if (bound == 0) bound = size + 1024;
      out->resize(start + bound);
      if (!BrotliEncoderCompress(level > 0 && level <= 11 ? level : 4, BROTLI_DEFAULT_WINDOW,
                                 BROTLI_MODE_GENERIC, size, data, &bound,
                                 reinterpret_cast<uint8_t*>(out->data() + start))) {
        throw InternalError("brotli compression failed");
      }
      out->resize(start + bound);
      return;
    }
    default:
      throw NotImplementedError(std::string("writing Parquet with codec ") + CodecName(codec));
  }
}

void Decompress(Codec codec, const uint8_t* data, size_t size, uint8_t* out, size_t out_size) {
  switch (codec) {
    case Codec::kUncompressed:
      if (size != out_size) Corrupt(codec, "page sizes differ");
      if (size > 0) std::memcpy(out, data, size);
      return;
    case Codec::kZstd: {
      size_t n = ZSTD_decompressDCtx(Zstd().decompress, out, out_size, data, size);
      if (ZSTD_isError(n)) Corrupt(codec, ZSTD_getErrorName(n));
      if (n != out_size) Corrupt(codec, "decompressed size differs from the header");
      return;
    }
    case Codec::kSnappy: {
      size_t n = 0;
      const char* in = reinterpret_cast<const char*>(data);
      if (snappy_uncompressed_length(in, size, &n) != SNAPPY_OK) Corrupt(codec, "bad header");
      if (n != out_size) Corrupt(codec, "decompressed size differs from the header");
      if (snappy_uncompress(in, size, reinterpret_cast<char*>(out), &n) != SNAPPY_OK) {
        Corrupt(codec, "bad data");
      }
      return;
    }
    case Codec::kLz4Raw: {
      int n = LZ4_decompress_safe(reinterpret_cast<const char*>(data), reinterpret_cast<char*>(out),
                                  static_cast<int>(size), static_cast<int>(out_size));
      if (n < 0) Corrupt(codec, "bad data");
      if (static_cast<size_t>(n) != out_size) Corrupt(codec, "decompressed size differs");
      return;
    }
    case Codec::kLz4: {
      if (DecompressHadoopLz4(data, size, out, out_size)) return;
      int n = LZ4_decompress_safe(reinterpret_cast<const char*>(data), reinterpret_cast<char*>(out),
                                  static_cast<int>(size), static_cast<int>(out_size));
      if (n < 0 || static_cast<size_t>(n) != out_size) Corrupt(codec, "bad data");
      return;
    }
    case Codec::kGzip: InflateGzip(data, size, out, out_size); return;
    case Codec::kBrotli: {
      size_t n = out_size;
      if (BrotliDecoderDecompress(size, data, &n, out) != BROTLI_DECODER_RESULT_SUCCESS) {
        Corrupt(codec, "bad data");
      }
      if (n != out_size) Corrupt(codec, "decompressed size differs from the header");
      return;
    }
    default:
      throw NotImplementedError(std::string("Parquet codec ") + CodecName(codec));
  }
}

}  // namespace floe::parquet
