#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace floe {

/// Writes a new local file sequentially through a buffer; not thread-safe.
class LocalFileWriter {
 public:
  /// Creates (or truncates) the file; throws IOError when it cannot.
  explicit LocalFileWriter(std::string path);
  /// Closes the file if Close was not called; errors are swallowed here.
  ~LocalFileWriter();
  LocalFileWriter(const LocalFileWriter&) = delete;
  LocalFileWriter& operator=(const LocalFileWriter&) = delete;

  /// Appends bytes to the file.
  void Write(const void* data, size_t size);
  /// Appends bytes to the file.
  void Write(std::string_view data) { Write(data.data(), data.size()); }
  /// Returns the number of bytes written so far, which is the next write's offset.
  uint64_t position() const { return position_; }
  /// Writes the buffered bytes out and frees the buffer (for files kept open a long time).
  void ReleaseBuffer();
  /// Flushes the buffer, syncs nothing, and closes the file; throws IOError on failure.
  void Close();
  /// Returns the path being written.
  const std::string& path() const { return path_; }

 private:
  void Flush();

  std::string path_;
  int fd_ = -1;
  uint64_t position_ = 0;
  std::string buffer_;
};

}  // namespace floe
