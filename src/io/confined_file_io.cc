#include "io/confined_file_io.h"

#include <filesystem>

#include "io/path_confinement.h"

namespace floe {

namespace {

// The folder a file is in: deleting or renaming a link itself (the last part of its path)
// touches the link, not what it leads to.
std::string Parent(const std::string& path) { return std::filesystem::path(path).parent_path().string(); }

}  // namespace

std::unique_ptr<OutputFile> ConfinedFileIO::Create(const std::string& path) {
  // why: the whole path: opening an existing link to write truncates what it leads to
  CheckConfined(root_, path, "create file");
  return inner_->Create(path);
}

void ConfinedFileIO::WriteAtomically(const std::string& path, std::string_view bytes) {
  CheckConfined(root_, path, "write file");
  inner_->WriteAtomically(path, bytes);
}

bool ConfinedFileIO::CreateIfAbsent(const std::string& path, std::string_view bytes) {
  CheckConfined(root_, path, "create file");
  return inner_->CreateIfAbsent(path, bytes);
}

void ConfinedFileIO::Rename(const std::string& from, const std::string& to) {
  CheckConfined(root_, Parent(from), "rename file");
  CheckConfined(root_, to, "rename a file to");
  inner_->Rename(from, to);
}

size_t ConfinedFileIO::Delete(const std::vector<std::string>& paths) {
  for (const auto& path : paths) CheckConfined(root_, Parent(path), "delete file");
  return inner_->Delete(paths);
}

bool ConfinedFileIO::CreateFolder(const std::string& path) {
  CheckConfined(root_, path, "create folder");
  return inner_->CreateFolder(path);
}

bool ConfinedFileIO::DeleteEmptyFolder(const std::string& path) {
  CheckConfined(root_, Parent(path), "delete folder");
  return inner_->DeleteEmptyFolder(path);
}

}  // namespace floe
