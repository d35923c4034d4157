#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "io/file_io.h"

namespace floe {

/// Reads byte ranges of a local file; ReadAt is safe to call from many threads at once.
class LocalFileReader : public InputFile {
 public:
  /// Opens the file for reading; throws IOError when it is missing or unreadable, or is
  /// not a regular file (a directory, FIFO, device or socket), never blocking on it.
  static std::unique_ptr<LocalFileReader> Open(const std::string& path);
  /// Throws IOError naming `path` and what it is when `mode` (a stat st_mode) is not a
  /// regular file's.
  static void CheckRegularFile(const std::string& path, unsigned mode);
  ~LocalFileReader() override;
  LocalFileReader(const LocalFileReader&) = delete;
  LocalFileReader& operator=(const LocalFileReader&) = delete;

  /// Returns the file's size in bytes, as it was when opened.
  uint64_t size() const override { return size_; }
  /// Returns the path the file was opened with.
  const std::string& path() const override { return path_; }
  /// Reads exactly `length` bytes at `offset` into `out`; throws IOError past the end,
  /// and when the file turns out shorter than it was when opened.
  void ReadAt(uint64_t offset, uint64_t length, void* out) const override;

 private:
  LocalFileReader(std::string path, int fd, uint64_t size)
      : path_(std::move(path)), fd_(fd), size_(size) {}

  std::string path_;
  int fd_;
  uint64_t size_;
};

}  // namespace floe
