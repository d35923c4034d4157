#include "io/local_file_system.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "common/exception.h"

namespace floe {

bool CreateDirectory(const std::string& path) {
  if (::mkdir(path.c_str(), kFolderMode) != 0) {
    int err = errno;
    struct stat st;
    if (err == EEXIST && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return false;
    throw IOError("cannot create folder \"" + path + "\": " + std::strerror(err));
  }
  // why: mkdir's mode is masked by the umask; folders floe makes are 0755 regardless.
  if (::chmod(path.c_str(), kFolderMode) != 0) {
    throw IOError("cannot set the permissions of folder \"" + path + "\": " + std::strerror(errno));
  }
  return true;
}

void CreateDirectories(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) return;
  fs::path target = fs::path(path).lexically_normal();
  std::error_code ec;
  if (fs::is_directory(target, ec)) return;
  fs::path partial;
  for (const auto& part : target) {
    partial /= part;
    if (part == "/" || part.empty() || part == ".") continue;
    if (fs::is_directory(partial, ec)) continue;
    CreateDirectory(partial.string());
  }
}

}  // namespace floe
