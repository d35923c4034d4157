// A batch in a spill file: its row count and payload size (uint32, uint64), then per column
// a flag byte (1: has NULLs) and the validity words, then the fixed-width values, or for
// strings their uint32 lengths followed by their bytes. Native byte order: a spill file
// lives only as long as the process that wrote it.
#include "io/spill_file.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "common/exception.h"

namespace floe {

namespace {

std::atomic<uint64_t> next_spill_file{0};

template <typename T>
void Put(std::string& out, T value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}

// Reads `n` bytes at `*pos` of `data` (of `size`), or throws naming the file.
const char* Take(const std::string& data, size_t* pos, size_t n, const std::string& path) {
  if (n > data.size() - *pos) throw IOError("spill file " + path + " is truncated");
  const char* p = data.data() + *pos;
  *pos += n;
  return p;
}

// Creates `folder` and its missing parents.
void CreateFolders(FileIO& io, const std::string& folder) {
  for (size_t slash = folder.find('/', 1);; slash = folder.find('/', slash + 1)) {
    std::string prefix = folder.substr(0, slash);
    io.CreateFolder(prefix);
    if (slash == std::string::npos) return;
  }
}

}  // namespace

SpillFile::SpillFile(FileIO& io, const std::string& folder, std::vector<LogicalType> types)
    : io_(io), types_(std::move(types)) {
  for (const auto& t : types_) {
    if (t.id() == TypeId::kNull) continue;
    // why: a list's entries point into child vectors this format does not write yet
    if (t.IsNested() || (!t.IsStringLike() && PhysicalSize(t.id()) == 0)) {
      throw NotImplementedError("cannot spill a column of type " + t.ToString());
    }
  }
  CreateFolders(io_, folder);
  path_ = folder + "/spill-" + std::to_string(::getpid()) + "-" + std::to_string(next_spill_file++) + ".bin";
  out_ = io_.Create(path_);
}

SpillFile::~SpillFile() {
  in_.reset();
  if (out_) {
    try {
      out_->Close();
    } catch (const std::exception&) {
    }
    out_.reset();
  }
  DeleteQuietly(io_, {path_});
}

void SpillFile::Append(const DataChunk& chunk, size_t from, size_t count) {
  buffer_.clear();
  for (size_t c = 0; c < types_.size(); ++c) {
    const Vector& v = chunk.column(c);
    bool has_nulls = false;
    for (size_t i = from; i < from + count && !has_nulls; ++i) has_nulls = v.IsNull(i);
    Put<uint8_t>(buffer_, has_nulls ? 1 : 0);
    if (has_nulls) {
      // one byte per row: simpler than shifting the words to `from`, and rare enough
      for (size_t i = from; i < from + count; ++i) Put<uint8_t>(buffer_, v.IsNull(i) ? 0 : 1);
    }
    if (types_[c].IsStringLike()) {
      const StringRef* s = v.Data<StringRef>();
      for (size_t i = from; i < from + count; ++i) Put<uint32_t>(buffer_, v.IsNull(i) ? 0 : s[i].size);
      for (size_t i = from; i < from + count; ++i) {
        if (!v.IsNull(i) && s[i].size > 0) buffer_.append(s[i].data, s[i].size);
      }
    } else {
      size_t width = PhysicalSize(types_[c].id());
      buffer_.append(reinterpret_cast<const char*>(v.RawData()) + from * width, count * width);
    }
  }
  std::string header;
  Put<uint32_t>(header, static_cast<uint32_t>(count));
  Put<uint64_t>(header, buffer_.size());
  out_->Write(header);
  out_->Write(buffer_);
  written_ += header.size() + buffer_.size();
}

void SpillFile::FinishWriting() {
  out_->Close();
  out_.reset();
  read_offset_ = 0;
}

bool SpillFile::Read(DataChunk& out) {
  constexpr size_t kHeader = sizeof(uint32_t) + sizeof(uint64_t);
  if (out_ || read_done_) return false;
  // why: opened on the first read, closed after the last, so files waiting their turn (a
  // hash aggregate's partitions) hold no file descriptor
  if (!in_) in_ = io_.OpenForRead(path_);
  if (read_offset_ + kHeader > in_->size()) {
    in_.reset();
    read_done_ = true;
    return false;
  }
  char header[kHeader];
  in_->ReadAt(read_offset_, kHeader, header);
  uint32_t rows;
  uint64_t payload;
  std::memcpy(&rows, header, sizeof(rows));
  std::memcpy(&payload, header + sizeof(rows), sizeof(payload));
  if (payload > in_->size() - read_offset_ - kHeader) throw IOError("spill file " + path_ + " is truncated");
  buffer_.resize(payload);
  in_->ReadAt(read_offset_ + kHeader, payload, buffer_.data());
  read_offset_ += kHeader + payload;
  out.Initialize(types_, std::max<size_t>(rows, 1));
  size_t pos = 0;
  for (size_t c = 0; c < types_.size(); ++c) {
    Vector& v = out.column(c);
    bool has_nulls = *Take(buffer_, &pos, 1, path_) != 0;
    if (has_nulls) {
      const char* valid = Take(buffer_, &pos, rows, path_);
      for (size_t i = 0; i < rows; ++i) v.SetNull(i, valid[i] == 0);
    }
    if (types_[c].IsStringLike()) {
      const char* lengths = Take(buffer_, &pos, rows * sizeof(uint32_t), path_);
      StringRef* s = v.Data<StringRef>();
      for (size_t i = 0; i < rows; ++i) {
        uint32_t n;
        std::memcpy(&n, lengths + i * sizeof(uint32_t), sizeof(n));
        s[i] = v.heap().Add(std::string_view(Take(buffer_, &pos, n, path_), n));
      }
    } else {
      size_t width = PhysicalSize(types_[c].id());
      std::memcpy(v.RawData(), Take(buffer_, &pos, rows * width, path_), rows * width);
    }
  }
  out.SetSize(rows);
  // why: a merge reads many files a batch at a time; each keeping its last batch's bytes
  // would hold as much again as the batches themselves
  std::string().swap(buffer_);
  return true;
}

void DeleteOrphanSpillFiles(FileIO& io, const std::string& folder) {
  try {
    std::vector<std::string> orphans;
    for (const auto& file : io.List(folder)) {
      std::string name = file.path.substr(file.path.find_last_of('/') + 1);
      if (name.rfind("spill-", 0) != 0) continue;
      long pid = std::strtol(name.c_str() + 6, nullptr, 10);
      // why: kill(pid, 0) probes a process without signalling it; ESRCH means it is gone
      if (pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
        orphans.push_back(file.path);
      }
    }
    DeleteQuietly(io, orphans);
  } catch (const std::exception&) {
    // A folder that cannot be listed holds nothing to clean here.
  }
}

}  // namespace floe
