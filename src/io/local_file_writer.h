#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "io/file_io.h"

namespace floe {

/// Writes a new local file sequentially through a buffer; not thread-safe.
class LocalFileWriter : public OutputFile {
 public:
  /// Creates (or truncates) the file; throws IOError when it cannot.
  explicit LocalFileWriter(std::string path);
  /// Closes the file if Close was not called; errors are swallowed here.
  ~LocalFileWriter() override;
  LocalFileWriter(const LocalFileWriter&) = delete;
  LocalFileWriter& operator=(const LocalFileWriter&) = delete;

  using OutputFile::Write;
  /// Appends bytes to the file.
  void Write(const void* data, size_t size) override;
  /// Returns the number of bytes written so far, which is the next write's offset.
  uint64_t position() const override { return position_; }
  /// Writes the buffered bytes out and frees the buffer (for files kept open a long time).
  void ReleaseBuffer() override;
  /// Flushes the buffer, syncs nothing, and closes the file; throws IOError on failure.
  void Close() override;
  /// Returns the path being written.
  const std::string& path() const override { return path_; }

 private:
  void Flush();

  std::string path_;
  int fd_ = -1;
  uint64_t position_ = 0;
  std::string buffer_;
};

}  // namespace floe
