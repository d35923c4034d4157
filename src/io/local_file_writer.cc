#include "io/local_file_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/exception.h"
#include "io/local_file_system.h"

namespace floe {

namespace {

constexpr size_t kBufferSize = 1 << 20;

// Writes all `size` bytes at `data` to `fd`, retrying short and interrupted writes.
void WriteFully(int fd, const std::string& path, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw IOError("cannot write file \"" + path + "\": " + std::strerror(errno));
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
}

}  // namespace

LocalFileWriter::LocalFileWriter(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, kFileMode);
  if (fd_ < 0) {
    throw IOError("cannot create file \"" + path_ + "\": " + std::strerror(errno));
  }
  // why: open's mode is masked by the umask; files floe makes are 0644 regardless.
  if (::fchmod(fd_, kFileMode) != 0) {
    int err = errno;
    ::close(fd_);
    fd_ = -1;
    throw IOError("cannot set the permissions of file \"" + path_ + "\": " + std::strerror(err));
  }
}

LocalFileWriter::~LocalFileWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void LocalFileWriter::Write(const void* data, size_t size) {
  if (fd_ < 0) throw IOError("cannot write file \"" + path_ + "\": it is closed");
  position_ += size;
  if (buffer_.size() + size > kBufferSize) {
    Flush();
    if (size >= kBufferSize) {
      WriteFully(fd_, path_, static_cast<const char*>(data), size);
      return;
    }
  }
  buffer_.append(static_cast<const char*>(data), size);
}

void LocalFileWriter::Flush() {
  WriteFully(fd_, path_, buffer_.data(), buffer_.size());
  buffer_.clear();
}

void LocalFileWriter::ReleaseBuffer() {
  if (fd_ < 0) return;
  Flush();
  std::string().swap(buffer_);
}

void LocalFileWriter::Close() {
  if (fd_ < 0) return;
  Flush();
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    throw IOError("cannot close file \"" + path_ + "\": " + std::strerror(errno));
  }
}

}  // namespace floe
