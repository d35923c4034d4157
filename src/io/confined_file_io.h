#pragma once

#include <memory>
#include <string>

#include "io/file_io.h"

namespace floe {

/// Wraps a FileIO so that nothing is written or deleted through a symbolic link under a
/// root (the warehouse) that leads out of it: a table, metadata, data or partition folder
/// replaced by such a link, or a file that is one. Each creating, renaming or deleting
/// request on a path under the root whose existing part resolves outside it throws
/// IOError; reads, and paths outside the root (a table LOCATION elsewhere, COPY TO), pass.
class ConfinedFileIO : public FileIO {
 public:
  ConfinedFileIO(std::shared_ptr<FileIO> inner, std::string root) : inner_(std::move(inner)), root_(std::move(root)) {}

  std::unique_ptr<InputFile> OpenForRead(const std::string& path) override { return inner_->OpenForRead(path); }
  std::string ReadAll(const std::string& path) override { return inner_->ReadAll(path); }
  std::unique_ptr<OutputFile> Create(const std::string& path) override;
  void WriteAtomically(const std::string& path, std::string_view bytes) override;
  bool CreateIfAbsent(const std::string& path, std::string_view bytes) override;
  void Rename(const std::string& from, const std::string& to) override;
  size_t Delete(const std::vector<std::string>& paths) override;
  std::vector<FileInfo> List(const std::string& folder) override { return inner_->List(folder); }
  bool Exists(const std::string& path) override { return inner_->Exists(path); }
  uint64_t FileSize(const std::string& path) override { return inner_->FileSize(path); }
  std::optional<FileInfo> Stat(const std::string& path) override { return inner_->Stat(path); }
  bool CreateFolder(const std::string& path) override;
  bool DeleteEmptyFolder(const std::string& path) override;

 private:
  std::shared_ptr<FileIO> inner_;
  std::string root_;
};

}  // namespace floe
