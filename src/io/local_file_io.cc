#include "io/local_file_io.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "common/exception.h"
#include "io/local_file_reader.h"
#include "io/local_file_system.h"
#include "io/local_file_writer.h"

namespace floe {

namespace {

namespace fs = std::filesystem;

void CreateParentFolders(const std::string& path) {
  std::string parent = fs::path(path).parent_path().string();
  if (!parent.empty()) CreateDirectories(parent);
}

// A name beside `path` no other writer of this process or another picks at the same time.
std::string TemporaryPathFor(const std::string& path) {
  static std::atomic<uint64_t> counter{0};
  return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
}

// Writes `bytes` to a new temporary file beside `path` and returns its name; on failure
// deletes it and rethrows.
std::string WriteTemporaryFor(const std::string& path, std::string_view bytes) {
  std::string tmp = TemporaryPathFor(path);
  try {
    LocalFileWriter out(tmp);
    out.Write(bytes);
    out.Close();
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
  return tmp;
}

}  // namespace

std::unique_ptr<InputFile> LocalFileIO::OpenForRead(const std::string& path) { return LocalFileReader::Open(path); }

std::string LocalFileIO::ReadAll(const std::string& path) { return LocalFileReader::Open(path)->ReadAll(); }

std::unique_ptr<OutputFile> LocalFileIO::Create(const std::string& path) {
  CreateParentFolders(path);
  return std::make_unique<LocalFileWriter>(path);
}

void LocalFileIO::WriteAtomically(const std::string& path, std::string_view bytes) {
  CreateParentFolders(path);
  std::string tmp = WriteTemporaryFor(path, bytes);
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    throw IOError("cannot rename \"" + tmp + "\" to \"" + path + "\": " + std::strerror(err));
  }
}

bool LocalFileIO::CreateIfAbsent(const std::string& path, std::string_view bytes) {
  CreateParentFolders(path);
  std::string tmp = WriteTemporaryFor(path, bytes);
  // why: link() fails when the name exists, atomically: of two writers racing, one wins
  int linked = ::link(tmp.c_str(), path.c_str());
  int err = errno;
  ::unlink(tmp.c_str());
  if (linked == 0) return true;
  if (err == EEXIST) return false;
  throw IOError("cannot create \"" + path + "\": " + std::strerror(err));
}

void LocalFileIO::Rename(const std::string& from, const std::string& to) {
  CreateParentFolders(to);
  if (::rename(from.c_str(), to.c_str()) != 0) {
    throw IOError("cannot rename \"" + from + "\" to \"" + to + "\": " + std::strerror(errno));
  }
}

size_t LocalFileIO::Delete(const std::vector<std::string>& paths) {
  size_t deleted = 0;
  for (const auto& path : paths) {
    // why: unlink removes a file or a link, never a folder
    if (::unlink(path.c_str()) == 0) {
      ++deleted;
    } else if (errno != ENOENT) {
      throw IOError("cannot delete \"" + path + "\": " + std::strerror(errno));
    }
  }
  return deleted;
}

std::vector<FileInfo> LocalFileIO::List(const std::string& folder) {
  std::vector<FileInfo> out;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return out;
  for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code size_error;
    if (!it->is_regular_file(size_error)) continue;
    // size and change time (remove_orphan_files keeps files younger than its cutoff)
    struct stat st;
    if (::stat(it->path().c_str(), &st) != 0) continue;  // gone meanwhile
    out.push_back({it->path().string(), static_cast<uint64_t>(st.st_size),
                   static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec});
  }
  if (ec) throw IOError("cannot list \"" + folder + "\": " + ec.message());
  std::sort(out.begin(), out.end(), [](const FileInfo& a, const FileInfo& b) { return a.path < b.path; });
  return out;
}

bool LocalFileIO::Exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && !S_ISDIR(st.st_mode);
}

uint64_t LocalFileIO::FileSize(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    throw IOError("cannot stat file \"" + path + "\": " + std::strerror(errno));
  }
  LocalFileReader::CheckRegularFile(path, st.st_mode);
  return static_cast<uint64_t>(st.st_size);
}

std::optional<FileInfo> LocalFileIO::Stat(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileInfo{path, static_cast<uint64_t>(st.st_size),
                  static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

bool LocalFileIO::CreateFolder(const std::string& path) { return CreateDirectory(path); }

bool LocalFileIO::DeleteEmptyFolder(const std::string& path) { return ::rmdir(path.c_str()) == 0; }

}  // namespace floe
