#include "io/local_file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/exception.h"

namespace floe {

std::unique_ptr<LocalFileReader> LocalFileReader::Open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw IOError("cannot open file \"" + path + "\": " + std::strerror(errno));
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    throw IOError("cannot stat file \"" + path + "\": " + std::strerror(err));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw IOError("cannot read file \"" + path + "\": it is a directory");
  }
  return std::unique_ptr<LocalFileReader>(
      new LocalFileReader(path, fd, static_cast<uint64_t>(st.st_size)));
}

LocalFileReader::~LocalFileReader() { ::close(fd_); }

void LocalFileReader::ReadAt(uint64_t offset, uint64_t length, void* out) const {
  if (offset > size_ || length > size_ - offset) {
    throw IOError("cannot read " + std::to_string(length) + " bytes at offset " +
                  std::to_string(offset) + " of file \"" + path_ + "\" (" +
                  std::to_string(size_) + " bytes)");
  }
  auto* dst = static_cast<char*>(out);
  while (length > 0) {
    ssize_t n = ::pread(fd_, dst, length, static_cast<off_t>(offset));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw IOError("cannot read file \"" + path_ + "\": " + std::strerror(errno));
    }
    if (n == 0) throw IOError("unexpected end of file \"" + path_ + "\"");
    dst += n;
    offset += static_cast<uint64_t>(n);
    length -= static_cast<uint64_t>(n);
  }
}

}  // namespace floe
