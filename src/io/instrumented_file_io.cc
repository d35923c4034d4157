#include "io/instrumented_file_io.h"

#include <thread>

#include "common/exception.h"

namespace floe {

namespace {

// A file read through the instrumented FileIO: each read is counted and may fault.
class InstrumentedInputFile : public InputFile {
 public:
  InstrumentedInputFile(std::unique_ptr<InputFile> inner, InstrumentedFileIO& io, bool truncated)
      : inner_(std::move(inner)), io_(io), size_(truncated ? inner_->size() / 2 : inner_->size()) {}
  const std::string& path() const override { return inner_->path(); }
  uint64_t size() const override { return size_; }
  void ReadAt(uint64_t offset, uint64_t length, void* out) const override {
    io_.Record(FileOperation::kRead, path(), static_cast<int64_t>(length));
    if (offset > size_ || length > size_ - offset) {
      throw IOError("cannot read " + std::to_string(length) + " bytes at offset " + std::to_string(offset) +
                    " of file \"" + path() + "\" (" + std::to_string(size_) + " bytes)");
    }
    inner_->ReadAt(offset, length, out);
  }
  void ReadRanges(const std::vector<ByteRange>& ranges, const std::vector<void*>& out) const override {
    int64_t bytes = 0;
    for (const auto& r : ranges) {
      bytes += static_cast<int64_t>(r.length);
      if (r.offset > size_ || r.length > size_ - r.offset) {
        throw IOError("cannot read " + std::to_string(r.length) + " bytes at offset " + std::to_string(r.offset) +
                      " of file \"" + path() + "\" (" + std::to_string(size_) + " bytes)");
      }
    }
    io_.Record(FileOperation::kRead, path(), bytes);
    inner_->ReadRanges(ranges, out);
  }

 private:
  std::unique_ptr<InputFile> inner_;
  InstrumentedFileIO& io_;
  uint64_t size_;
};

// A file written through the instrumented FileIO: appended bytes are counted.
class InstrumentedOutputFile : public OutputFile {
 public:
  InstrumentedOutputFile(std::unique_ptr<OutputFile> inner, InstrumentedFileIO& io)
      : inner_(std::move(inner)), io_(io) {}
  const std::string& path() const override { return inner_->path(); }
  using OutputFile::Write;
  void Write(const void* data, size_t size) override {
    if (io_.Record(FileOperation::kWrite, path(), static_cast<int64_t>(size)).torn_write) {
      inner_->Write(data, size / 2);
      inner_->ReleaseBuffer();  // why: the half is on disk, as a torn write leaves it
      throw IOError("cannot write file \"" + path() + "\": injected fault after " + std::to_string(size / 2) +
                    " of " + std::to_string(size) + " bytes");
    }
    inner_->Write(data, size);
  }
  uint64_t position() const override { return inner_->position(); }
  void ReleaseBuffer() override { inner_->ReleaseBuffer(); }
  // why: recorded after the inner Close, so that a fault there comes with every byte
  // written, as a failing close or sync reports it
  void Close() override {
    inner_->Close();
    io_.Record(FileOperation::kClose, path(), 0);
  }

 private:
  std::unique_ptr<OutputFile> inner_;
  InstrumentedFileIO& io_;
};

}  // namespace

const char* FileOperationName(FileOperation op) {
  switch (op) {
    case FileOperation::kOpenForRead: return "open_for_read";
    case FileOperation::kRead: return "read";
    case FileOperation::kCreate: return "create";
    case FileOperation::kWrite: return "write";
    case FileOperation::kClose: return "close";
    case FileOperation::kWriteAtomically: return "write_atomically";
    case FileOperation::kCreateIfAbsent: return "create_if_absent";
    case FileOperation::kRename: return "rename";
    case FileOperation::kDelete: return "delete";
    case FileOperation::kList: return "list";
    case FileOperation::kExists: return "exists";
    case FileOperation::kFileSize: return "file_size";
    case FileOperation::kStat: return "stat";
    case FileOperation::kCreateFolder: return "create_folder";
    case FileOperation::kDeleteEmptyFolder: return "delete_empty_folder";
  }
  return "unknown";
}

std::map<FileOperation, InstrumentedFileIO::Count> InstrumentedFileIO::Counts() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return counts_;
}

void InstrumentedFileIO::AddFault(FaultRule rule) {
  std::lock_guard<std::mutex> lock(mutex_);
  faults_.push_back(std::move(rule));
}

void InstrumentedFileIO::ClearFaults() {
  std::lock_guard<std::mutex> lock(mutex_);
  faults_.clear();
}

int64_t InstrumentedFileIO::FaultsHit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return faults_hit_;
}

FaultEffect InstrumentedFileIO::Record(FileOperation op, const std::string& path, int64_t bytes) {
  std::chrono::milliseconds delay{0};
  bool fail = false;
  FaultEffect effect;
  std::vector<std::function<void(const std::string&)>> callbacks;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    Count& c = counts_[op];
    ++c.requests;
    c.bytes += bytes;
    for (auto& rule : faults_) {
      if (rule.operation != op || rule.times == 0 || path.find(rule.path_contains) == std::string::npos) continue;
      if (rule.skip > 0) {
        --rule.skip;
        continue;
      }
      if (rule.times > 0) --rule.times;
      ++faults_hit_;
      switch (rule.kind) {
        case FaultKind::kError: fail = true; break;
        case FaultKind::kShortRead: effect.short_read = true; break;
        case FaultKind::kDelay: delay = std::max(delay, rule.delay); break;
        case FaultKind::kCallback: callbacks.push_back(rule.callback); break;
        case FaultKind::kTornWrite:
          if (op == FileOperation::kWrite) {
            effect.torn_write = true;
          } else {
            fail = true;
          }
          break;
      }
    }
  }
  // why: outside the lock, so that a callback may make requests of its own
  for (const auto& callback : callbacks) {
    if (callback) callback(path);
  }
  if (delay.count() > 0) std::this_thread::sleep_for(delay);
  if (fail) throw IOError("cannot " + std::string(FileOperationName(op)) + " \"" + path + "\": injected fault");
  return effect;
}

std::unique_ptr<InputFile> InstrumentedFileIO::OpenForRead(const std::string& path) {
  bool truncated = Record(FileOperation::kOpenForRead, path, 0).short_read;
  return std::make_unique<InstrumentedInputFile>(inner_->OpenForRead(path), *this, truncated);
}

std::unique_ptr<OutputFile> InstrumentedFileIO::Create(const std::string& path) {
  Record(FileOperation::kCreate, path, 0);
  return std::make_unique<InstrumentedOutputFile>(inner_->Create(path), *this);
}

void InstrumentedFileIO::WriteAtomically(const std::string& path, std::string_view bytes) {
  Record(FileOperation::kWriteAtomically, path, static_cast<int64_t>(bytes.size()));
  inner_->WriteAtomically(path, bytes);
}

bool InstrumentedFileIO::CreateIfAbsent(const std::string& path, std::string_view bytes) {
  Record(FileOperation::kCreateIfAbsent, path, static_cast<int64_t>(bytes.size()));
  return inner_->CreateIfAbsent(path, bytes);
}

void InstrumentedFileIO::Rename(const std::string& from, const std::string& to) {
  Record(FileOperation::kRename, from, 0);
  inner_->Rename(from, to);
}

size_t InstrumentedFileIO::Delete(const std::vector<std::string>& paths) {
  Record(FileOperation::kDelete, paths.empty() ? "" : paths.front(), static_cast<int64_t>(paths.size()));
  return inner_->Delete(paths);
}

std::vector<FileInfo> InstrumentedFileIO::List(const std::string& folder) {
  Record(FileOperation::kList, folder, 0);
  return inner_->List(folder);
}

bool InstrumentedFileIO::Exists(const std::string& path) {
  Record(FileOperation::kExists, path, 0);
  return inner_->Exists(path);
}

uint64_t InstrumentedFileIO::FileSize(const std::string& path) {
  Record(FileOperation::kFileSize, path, 0);
  return inner_->FileSize(path);
}

std::optional<FileInfo> InstrumentedFileIO::Stat(const std::string& path) {
  Record(FileOperation::kStat, path, 0);
  return inner_->Stat(path);
}

bool InstrumentedFileIO::CreateFolder(const std::string& path) {
  Record(FileOperation::kCreateFolder, path, 0);
  return inner_->CreateFolder(path);
}

bool InstrumentedFileIO::DeleteEmptyFolder(const std::string& path) {
  Record(FileOperation::kDeleteEmptyFolder, path, 0);
  return inner_->DeleteEmptyFolder(path);
}

}  // namespace floe
