// A batch in a spill file: its row count and payload size (uint32, uint64), then per column
// a flag byte (1: has NULLs) and a validity byte per row, then the fixed-width values, or
// for strings their uint32 lengths followed by their bytes; a struct then its fields in
// turn, a list or map its rows' uint32 lengths then its elements' columns (keys, values) the
// same way. Native byte order: a spill file lives only as long as the process that wrote it.
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

// Appends rows `rows` of `v` (of `type`): validity, then values, children, or elements.
void WriteColumn(const Vector& v, const LogicalType& type, const std::vector<uint32_t>& rows, std::string& out) {
  bool has_nulls = false;
  for (size_t k = 0; k < rows.size() && !has_nulls; ++k) has_nulls = v.IsNull(rows[k]);
  Put<uint8_t>(out, has_nulls ? 1 : 0);
  if (has_nulls) {
    for (uint32_t i : rows) Put<uint8_t>(out, v.IsNull(i) ? 0 : 1);
  }
  switch (type.id()) {
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: {
      const StringRef* s = v.Data<StringRef>();
      for (uint32_t i : rows) Put<uint32_t>(out, v.IsNull(i) ? 0 : s[i].size);
      for (uint32_t i : rows) {
        if (!v.IsNull(i) && s[i].size > 0) out.append(s[i].data, s[i].size);
      }
      return;
    }
    case TypeId::kStruct:
      for (size_t c = 0; c < type.fields().size(); ++c) WriteColumn(v.child(c), type.fields()[c].second, rows, out);
      return;
    case TypeId::kList:
    case TypeId::kMap: {
      const ListEntry* entries = v.Data<ListEntry>();
      std::vector<uint32_t> elements;
      for (uint32_t i : rows) {
        uint64_t n = v.IsNull(i) ? 0 : entries[i].length;
        Put<uint32_t>(out, static_cast<uint32_t>(n));
        for (uint64_t e = 0; e < n; ++e) elements.push_back(static_cast<uint32_t>(entries[i].offset + e));
      }
      for (size_t c = 0; c < type.fields().size(); ++c) WriteColumn(v.child(c), type.fields()[c].second, elements, out);
      return;
    }
    default: {
      size_t width = PhysicalSize(type.id());
      const char* data = reinterpret_cast<const char*>(v.RawData());
      if (!rows.empty() && rows.back() - rows.front() + 1 == rows.size()) {
        out.append(data + rows.front() * width, rows.size() * width);  // contiguous: the usual case
        return;
      }
      for (uint32_t i : rows) out.append(data + i * width, width);
    }
  }
}

// Reads `rows` rows of a column written by WriteColumn into rows [0, rows) of `v`.
void ReadColumn(Vector& v, const LogicalType& type, size_t rows, const std::string& data, size_t* pos,
                const std::string& path) {
  if (v.capacity() < rows) v.Reserve(rows);
  bool has_nulls = *Take(data, pos, 1, path) != 0;
  if (has_nulls) {
    const char* valid = Take(data, pos, rows, path);
    for (size_t i = 0; i < rows; ++i) v.SetNull(i, valid[i] == 0);
  }
  switch (type.id()) {
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: {
      const char* lengths = Take(data, pos, rows * sizeof(uint32_t), path);
      StringRef* s = v.Data<StringRef>();
      for (size_t i = 0; i < rows; ++i) {
        uint32_t n;
        std::memcpy(&n, lengths + i * sizeof(uint32_t), sizeof(n));
        s[i] = v.heap().Add(std::string_view(Take(data, pos, n, path), n));
      }
      return;
    }
    case TypeId::kStruct:
      for (size_t c = 0; c < type.fields().size(); ++c) ReadColumn(v.child(c), type.fields()[c].second, rows, data, pos, path);
      return;
    case TypeId::kList:
    case TypeId::kMap: {
      const char* lengths = Take(data, pos, rows * sizeof(uint32_t), path);
      ListEntry* entries = v.Data<ListEntry>();
      uint64_t total = 0;
      for (size_t i = 0; i < rows; ++i) {
        uint32_t n;
        std::memcpy(&n, lengths + i * sizeof(uint32_t), sizeof(n));
        entries[i] = ListEntry{total, n};
        total += n;
      }
      if (total > data.size() - *pos) throw IOError("spill file " + path + " is truncated");
      v.SetChildSize(0);
      v.ReserveElements(total);
      v.SetChildSize(total);
      for (size_t c = 0; c < type.fields().size(); ++c) {
        ReadColumn(v.child(c), type.fields()[c].second, total, data, pos, path);
      }
      return;
    }
    default: {
      size_t width = PhysicalSize(type.id());
      std::memcpy(v.RawData(), Take(data, pos, rows * width, path), rows * width);
    }
  }
}

}  // namespace

SpillFile::SpillFile(FileIO& io, const std::string& folder, std::vector<LogicalType> types)
    : io_(io), types_(std::move(types)) {
  for (const auto& t : types_) {
    if (!CanHold(t)) throw NotImplementedError("cannot spill a column of type " + t.ToString());
  }
  CreateFolders(io_, folder);
  path_ = folder + "/spill-" + std::to_string(::getpid()) + "-" + std::to_string(next_spill_file++) + ".bin";
  out_ = io_.Create(path_);
}

bool SpillFile::CanHold(const LogicalType& type) {
  return !type.Contains([](const LogicalType& t) {
    return !t.IsNested() && !t.HasStringStorage() && t.id() != TypeId::kNull && PhysicalSize(t.id()) == 0;
  });
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
  std::vector<uint32_t> rows(count);
  for (size_t i = 0; i < count; ++i) rows[i] = static_cast<uint32_t>(from + i);
  for (size_t c = 0; c < types_.size(); ++c) WriteColumn(chunk.column(c), types_[c], rows, buffer_);
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
  for (size_t c = 0; c < types_.size(); ++c) ReadColumn(out.column(c), types_[c], rows, buffer_, &pos, path_);
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
