#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/exception.h"
#include "io/file_io.h"

namespace floe::fuzz {

/// Serves one file held in memory, the bytes of a fuzz input, so that a reader opens it
/// through FileIO as a scan does, without touching the disk; writing is refused.
class MemoryFileIO : public FileIO {
 public:
  MemoryFileIO(std::string path, std::string_view bytes) : path_(std::move(path)), bytes_(bytes) {}

  /// Opens the one file; throws IOError for any other path.
  std::unique_ptr<InputFile> OpenForRead(const std::string& path) override {
    if (path != path_) throw IOError("no file \"" + path + "\" in memory");
    return std::make_unique<MemoryInputFile>(path_, bytes_);
  }
  std::unique_ptr<OutputFile> Create(const std::string& path) override { Refuse(path); }
  void WriteAtomically(const std::string& path, std::string_view) override { Refuse(path); }
  bool CreateIfAbsent(const std::string& path, std::string_view) override { Refuse(path); }
  void Rename(const std::string& from, const std::string&) override { Refuse(from); }
  size_t Delete(const std::vector<std::string>& paths) override { Refuse(paths.empty() ? "" : paths[0]); }
  std::vector<FileInfo> List(const std::string&) override { return {{path_, bytes_.size(), 0}}; }
  bool Exists(const std::string& path) override { return path == path_; }
  uint64_t FileSize(const std::string& path) override { return OpenForRead(path)->size(); }
  std::optional<FileInfo> Stat(const std::string& path) override {
    if (path != path_) return std::nullopt;
    return FileInfo{path_, bytes_.size(), 0};
  }
  bool CreateFolder(const std::string&) override { return false; }
  bool DeleteEmptyFolder(const std::string&) override { return false; }

 private:
  class MemoryInputFile : public InputFile {
   public:
    MemoryInputFile(const std::string& path, std::string_view bytes) : path_(path), bytes_(bytes) {}
    const std::string& path() const override { return path_; }
    uint64_t size() const override { return bytes_.size(); }
    /// Copies a range, as LocalFileReader reads one; throws IOError past the end.
    void ReadAt(uint64_t offset, uint64_t length, void* out) const override {
      if (offset > bytes_.size() || length > bytes_.size() - offset) {
        throw IOError("cannot read " + std::to_string(length) + " bytes at offset " + std::to_string(offset) +
                      " of \"" + path_ + "\": past its end");
      }
      if (length > 0) std::memcpy(out, bytes_.data() + offset, length);
    }

   private:
    const std::string& path_;
    std::string_view bytes_;
  };

  [[noreturn]] static void Refuse(const std::string& path) {
    throw InternalError("fuzz MemoryFileIO cannot write \"" + path + "\"");
  }

  std::string path_;
  std::string_view bytes_;
};

}  // namespace floe::fuzz
