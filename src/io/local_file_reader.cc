#include "io/local_file_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/exception.h"

namespace floe {

void LocalFileReader::CheckRegularFile(const std::string& path, unsigned mode) {
  if (S_ISREG(mode)) return;
  const char* kind = S_ISDIR(mode)    ? "a directory"
                     : S_ISFIFO(mode) ? "a FIFO"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "a special file";
  throw IOError("cannot read file \"" + path + "\": it is " + kind + ", not a regular file");
}

std::unique_ptr<LocalFileReader> LocalFileReader::Open(const std::string& path) {
  // why: stat before open, so a FIFO, device or socket is refused without being opened
  // (opening a FIFO waits for a writer; opening a device may act on it)
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    throw IOError("cannot open file \"" + path + "\": " + std::strerror(errno));
  }
  CheckRegularFile(path, st.st_mode);
  // why: O_NONBLOCK makes open return at once if the path became a FIFO since the stat;
  // for a regular file it changes nothing
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    throw IOError("cannot open file \"" + path + "\": " + std::strerror(errno));
  }
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    throw IOError("cannot stat file \"" + path + "\": " + std::strerror(err));
  }
  try {
    CheckRegularFile(path, st.st_mode);
  } catch (...) {
    ::close(fd);
    throw;
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
    if (n == 0) {
      throw IOError("file \"" + path_ + "\" ends at byte " + std::to_string(offset) + ", short of the " +
                    std::to_string(size_) + " bytes it had when opened: it was truncated while being read");
    }
    dst += n;
    offset += static_cast<uint64_t>(n);
    length -= static_cast<uint64_t>(n);
  }
}

}  // namespace floe
