#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "io/file_io.h"

namespace floe::iceberg {

/// One blob a Puffin footer lists (spec "Puffin file format", BlobMetadata).
struct BlobMetadata {
  std::string type;
  std::vector<int> fields;
  int64_t snapshot_id = -1;
  int64_t sequence_number = -1;
  int64_t offset = 0;
  int64_t length = 0;
  /// "lz4" or "zstd" when the blob is compressed.
  std::optional<std::string> compression_codec;
  std::map<std::string, std::string> properties;
};

/// What a Puffin footer holds (FileMetadata).
struct PuffinFileMetadata {
  std::vector<BlobMetadata> blobs;
  std::map<std::string, std::string> properties;
};

/// Reads Puffin files: `PFA1`, the blobs, then a footer of `PFA1`, a JSON payload
/// (LZ4-frame compressed when flag bit 0 is set), its little-endian int32 length, four
/// flag bytes and `PFA1` (Java's PuffinReader).
class PuffinReader {
 public:
  /// Returns the footer of `file`; throws FormatError naming the file when a magic,
  /// length or the JSON is wrong, or a blob lies outside the blob area.
  static PuffinFileMetadata ReadFileMetadata(const InputFile& file);
  /// Returns the bytes of the blob at [offset, offset + length), decompressed when
  /// `codec` names a compression; throws FormatError when the range is outside the file.
  static std::string ReadBlob(const InputFile& file, int64_t offset, int64_t length,
                              const std::optional<std::string>& codec = std::nullopt);
};

/// Writes a Puffin file blob by blob, then its footer (Java's PuffinWriter). A blob whose
/// compression_codec is "zstd" is compressed; others are stored as they are.
class PuffinWriter {
 public:
  explicit PuffinWriter(OutputFile& out) : out_(out) {}

  /// Appends a blob and returns its metadata (offset and length filled in).
  const BlobMetadata& Add(BlobMetadata blob, std::string_view bytes);
  /// Writes the footer (with a created-by property) and closes the file.
  void Finish();
  /// Returns the size of the finished file.
  int64_t file_size() const { return file_size_; }
  /// Returns the size of the finished file's footer (its magic, payload and tail).
  int64_t footer_size() const { return footer_size_; }

 private:
  OutputFile& out_;
  PuffinFileMetadata metadata_;
  int64_t file_size_ = 0;
  int64_t footer_size_ = 0;
};

}  // namespace floe::iceberg
