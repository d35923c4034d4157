#include "iceberg/puffin/puffin_file.h"

#include <lz4frame.h>
#include <zstd.h>

#include <cstring>
#include <nlohmann/json.hpp>

#include "common/exception.h"
#include "common/utf8.h"
#include "iceberg/json_object.h"

namespace floe::iceberg {

namespace {

using json = nlohmann::json;

constexpr char kMagic[4] = {'P', 'F', 'A', '1'};
// Magic, payload size, flags, magic.
constexpr uint64_t kFooterTail = 12;
// The most a compressed blob or footer may grow to (a bound on memory, as for metadata).
constexpr size_t kMaxDecompressed = size_t{1} << 30;

std::string Decompress(const std::string& codec, std::string_view bytes, const std::string& what) {
  std::string out;
  if (codec == "zstd") {
    ZSTD_DStream* stream = ZSTD_createDStream();
    ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
    char buf[1 << 16];
    size_t rc = 1;
    while (rc != 0) {
      ZSTD_outBuffer o{buf, sizeof(buf), 0};
      size_t consumed = in.pos;
      rc = ZSTD_decompressStream(stream, &o, &in);
      if (ZSTD_isError(rc)) {
        ZSTD_freeDStream(stream);
        throw FormatError(what + ": corrupt zstd data: " + ZSTD_getErrorName(rc));
      }
      out.append(buf, o.pos);
      // (output may still be pending after the last input byte: stop only without progress)
      if (out.size() > kMaxDecompressed || (o.pos == 0 && in.pos == consumed)) break;
    }
    ZSTD_freeDStream(stream);
    if (rc != 0 && out.size() <= kMaxDecompressed) throw FormatError(what + ": truncated zstd data");
  } else if (codec == "lz4") {
    LZ4F_dctx* ctx = nullptr;
    if (LZ4F_isError(LZ4F_createDecompressionContext(&ctx, LZ4F_VERSION))) throw InternalError("LZ4F context");
    size_t at = 0;
    size_t rc = 1;
    char buf[1 << 16];
    while (rc != 0) {
      size_t out_size = sizeof(buf), in_size = bytes.size() - at;
      rc = LZ4F_decompress(ctx, buf, &out_size, bytes.data() + at, &in_size, nullptr);
      if (LZ4F_isError(rc)) {
        LZ4F_freeDecompressionContext(ctx);
        throw FormatError(what + ": corrupt LZ4 frame: " + LZ4F_getErrorName(rc));
      }
      at += in_size;
      out.append(buf, out_size);
      if (out.size() > kMaxDecompressed || (out_size == 0 && in_size == 0)) break;
    }
    LZ4F_freeDecompressionContext(ctx);
    if (rc != 0 && out.size() <= kMaxDecompressed) throw FormatError(what + ": truncated LZ4 frame");
  } else {
    throw NotImplementedError(what + ": compression codec " + QuoteForMessage(codec) + " is not supported");
  }
  if (out.size() > kMaxDecompressed) throw FormatError(what + ": decompresses to more than 1 GiB");
  return out;
}

std::string Read(const InputFile& file, uint64_t offset, uint64_t length) {
  std::string out(length, '\0');
  file.ReadAt(offset, length, out.data());
  return out;
}

}  // namespace

PuffinFileMetadata PuffinReader::ReadFileMetadata(const InputFile& file) {
  const std::string what = "Puffin file " + file.path();
  uint64_t size = file.size();
  if (size < 4 + 4 + kFooterTail) throw FormatError(what + " is too short (" + std::to_string(size) + " bytes)");
  std::string head = Read(file, 0, 4);
  std::string tail = Read(file, size - kFooterTail, kFooterTail);
  if (std::memcmp(head.data(), kMagic, 4) != 0 || std::memcmp(tail.data() + 8, kMagic, 4) != 0) {
    throw FormatError(what + " does not start and end with the Puffin magic PFA1");
  }
  int32_t payload_size;
  std::memcpy(&payload_size, tail.data(), 4);
  uint8_t flags = static_cast<uint8_t>(tail[4]);
  if (payload_size < 0 || static_cast<uint64_t>(payload_size) > size - 4 - 4 - kFooterTail) {
    throw FormatError(what + ": footer payload size " + std::to_string(payload_size) + " does not fit the file");
  }
  uint64_t footer_start = size - kFooterTail - static_cast<uint64_t>(payload_size) - 4;
  std::string footer = Read(file, footer_start, 4 + static_cast<uint64_t>(payload_size));
  if (std::memcmp(footer.data(), kMagic, 4) != 0) throw FormatError(what + ": the footer does not start with PFA1");
  std::string payload = footer.substr(4);
  if (flags & 1) payload = Decompress("lz4", payload, what + " footer");
  json j;
  try {
    j = json::parse(payload);
  } catch (const json::exception&) {
    throw FormatError(what + ": the footer payload is not JSON");
  }
  JsonObject o(j, what + " footer");
  PuffinFileMetadata out;
  for (const auto& b : o.Array("blobs")) {
    JsonObject bo(b, what + " blob");
    BlobMetadata blob;
    blob.type = bo.String("type");
    for (const auto& f : bo.Array("fields")) {
      if (!f.is_number_integer()) throw FormatError(what + ": a blob's fields must be integers");
      blob.fields.push_back(f.get<int>());
    }
    blob.snapshot_id = bo.Int("snapshot-id");
    blob.sequence_number = bo.Int("sequence-number");
    blob.offset = bo.Int("offset");
    blob.length = bo.Int("length");
    blob.compression_codec = bo.OptionalString("compression-codec");
    blob.properties = bo.StringMap("properties");
    if (blob.offset < 4 || blob.length < 0 || static_cast<uint64_t>(blob.offset) > footer_start ||
        static_cast<uint64_t>(blob.length) > footer_start - static_cast<uint64_t>(blob.offset)) {
      throw FormatError(what + ": blob at offset " + std::to_string(blob.offset) + " of length " +
                        std::to_string(blob.length) + " lies outside the blob area");
    }
    out.blobs.push_back(std::move(blob));
  }
  out.properties = o.StringMap("properties");
  return out;
}

std::string PuffinReader::ReadBlob(const InputFile& file, int64_t offset, int64_t length,
                                   const std::optional<std::string>& codec) {
  const std::string what = "Puffin file " + file.path();
  uint64_t size = file.size();
  if (offset < 4 || length < 0 || static_cast<uint64_t>(offset) > size ||
      static_cast<uint64_t>(length) > size - static_cast<uint64_t>(offset)) {
    throw FormatError(what + ": blob at offset " + std::to_string(offset) + " of length " + std::to_string(length) +
                      " lies outside the file (" + std::to_string(size) + " bytes)");
  }
  std::string bytes = Read(file, static_cast<uint64_t>(offset), static_cast<uint64_t>(length));
  if (codec) return Decompress(*codec, bytes, what + " blob at offset " + std::to_string(offset));
  return bytes;
}

const BlobMetadata& PuffinWriter::Add(BlobMetadata blob, std::string_view bytes) {
  if (out_.position() == 0) out_.Write(kMagic, 4);
  std::string compressed;
  if (blob.compression_codec == "zstd") {
    // Iceberg's PuffinCompressionCodec.ZSTD: one zstd frame (level 3, as Iceberg's default)
    compressed.resize(ZSTD_compressBound(bytes.size()));
    size_t n = ZSTD_compress(compressed.data(), compressed.size(), bytes.data(), bytes.size(), 3);
    if (ZSTD_isError(n)) throw InternalError(std::string("zstd compression failed: ") + ZSTD_getErrorName(n));
    compressed.resize(n);
    bytes = compressed;
  } else if (blob.compression_codec) {
    throw InternalError("Puffin blobs are written uncompressed or with zstd, not " + *blob.compression_codec);
  }
  blob.offset = static_cast<int64_t>(out_.position());
  blob.length = static_cast<int64_t>(bytes.size());
  out_.Write(bytes);
  metadata_.blobs.push_back(std::move(blob));
  return metadata_.blobs.back();
}

void PuffinWriter::Finish() {
  if (out_.position() == 0) out_.Write(kMagic, 4);
  json blobs = json::array();
  for (const auto& b : metadata_.blobs) {
    json jb = {{"type", b.type},           {"fields", b.fields}, {"snapshot-id", b.snapshot_id},
               {"sequence-number", b.sequence_number}, {"offset", b.offset},   {"length", b.length}};
    if (b.compression_codec) jb["compression-codec"] = *b.compression_codec;
    if (!b.properties.empty()) jb["properties"] = b.properties;
    blobs.push_back(std::move(jb));
  }
  json footer = {{"blobs", std::move(blobs)}, {"properties", {{"created-by", "floe"}}}};
  std::string payload = footer.dump();
  int64_t footer_start = static_cast<int64_t>(out_.position());
  out_.Write(kMagic, 4);
  out_.Write(payload);
  int32_t payload_size = static_cast<int32_t>(payload.size());
  char tail[kFooterTail] = {};
  std::memcpy(tail, &payload_size, 4);
  std::memcpy(tail + 8, kMagic, 4);
  out_.Write(tail, kFooterTail);
  file_size_ = static_cast<int64_t>(out_.position());
  footer_size_ = file_size_ - footer_start;
  out_.Close();
}

}  // namespace floe::iceberg
