#pragma once

#include "io/file_io.h"

namespace floe {

/// FileIO over the local file system: files 0644 and folders 0755 whatever the umask,
/// missing folders created for new files, whole-file writes through a temporary file
/// renamed (or hard-linked, for CreateIfAbsent) into place.
class LocalFileIO : public FileIO {
 public:
  std::unique_ptr<InputFile> OpenForRead(const std::string& path) override;
  std::string ReadAll(const std::string& path) override;
  std::unique_ptr<OutputFile> Create(const std::string& path) override;
  void WriteAtomically(const std::string& path, std::string_view bytes) override;
  bool CreateIfAbsent(const std::string& path, std::string_view bytes) override;
  void Rename(const std::string& from, const std::string& to) override;
  size_t Delete(const std::vector<std::string>& paths) override;
  std::vector<FileInfo> List(const std::string& folder) override;
  bool Exists(const std::string& path) override;
  uint64_t FileSize(const std::string& path) override;
  std::optional<FileInfo> Stat(const std::string& path) override;
  bool CreateFolder(const std::string& path) override;
  bool DeleteEmptyFolder(const std::string& path) override;
};

}  // namespace floe
