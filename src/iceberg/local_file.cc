#include "iceberg/local_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <algorithm>

#include "common/exception.h"
#include "io/local_file_system.h"

namespace floe::iceberg {

std::string LocalFile::Read(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IOError("cannot open " + path + ": " + std::strerror(errno));
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    throw IOError("cannot stat " + path + ": " + std::strerror(err));
  }
  // why: one read of the known size; the loop also takes a file that grew meanwhile
  std::string out(static_cast<size_t>(std::max<off_t>(st.st_size, 0)) + 1, '\0');
  size_t used = 0;
  while (true) {
    if (used == out.size()) out.resize(out.size() * 2);
    ssize_t n = ::read(fd, out.data() + used, out.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      ::close(fd);
      throw IOError("cannot read " + path + ": " + std::strerror(err));
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  ::close(fd);
  out.resize(used);
  return out;
}

void LocalFile::Write(const std::string& path, const std::string& bytes) { WriteFileAtomically(path, bytes); }

}  // namespace floe::iceberg
