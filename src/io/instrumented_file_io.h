#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "io/file_io.h"

namespace floe {

/// The kinds of request a FileIO serves, as InstrumentedFileIO counts and faults them.
enum class FileOperation {
  kOpenForRead,
  kRead,        // one ReadAt, or one ReadRanges of several ranges
  kCreate,
  kWrite,       // bytes appended to a created file
  kClose,       // a created file finished (its bytes are all written when it faults)
  kWriteAtomically,
  kCreateIfAbsent,
  kRename,
  kDelete,      // one Delete call, of any number of files
  kList,
  kExists,
  kFileSize,
  kStat,
  kCreateFolder,
  kDeleteEmptyFolder,
};

/// Returns the operation's name as system.file_io shows it ("open_for_read", ...).
const char* FileOperationName(FileOperation op);

/// What a fault does to the request it hits.
enum class FaultKind {
  kError,      // the request throws IOError ("injected fault")
  kShortRead,  // an opened file reports half its size, as a truncated file would
  kDelay,      // the request waits, then runs
  kCallback,   // the rule's callback runs (outside the FileIO's lock), then the request
  kTornWrite,  // a kWrite stores the first half of its bytes, then throws IOError, as a
               // disk filling up would (other requests throw as with kError)
};

/// What the faults a request met ask of the wrapped file, beyond throwing or waiting
/// (which Record does itself).
struct FaultEffect {
  bool short_read = false;
  bool torn_write = false;
};

/// A fault to inject: on requests of `operation` whose path contains `path_contains`,
/// let `skip` pass, then hit the next `times` (-1: all).
struct FaultRule {
  FileOperation operation = FileOperation::kRead;
  std::string path_contains;
  int64_t skip = 0;
  int64_t times = 1;
  FaultKind kind = FaultKind::kError;
  std::chrono::milliseconds delay{0};
  /// For kCallback: runs with the request's path before the request (the concurrency
  /// tests commit another writer's change there, at a chosen step of a statement); it may
  /// use the FileIO itself, and a throw fails the request.
  std::function<void(const std::string& path)> callback;
};

/// Wraps a FileIO, counting requests and bytes per operation and injecting faults on a
/// schedule (for the reliability tests); thread-safe. The SQL logic tests run through it.
class InstrumentedFileIO : public FileIO {
 public:
  /// Requests and bytes of one operation.
  struct Count {
    int64_t requests = 0;
    int64_t bytes = 0;
  };

  explicit InstrumentedFileIO(std::shared_ptr<FileIO> inner) : inner_(std::move(inner)) {}

  /// Returns the counts so far, by operation (operations never requested are absent).
  std::map<FileOperation, Count> Counts() const;
  /// Adds a fault to the schedule.
  void AddFault(FaultRule rule);
  /// Removes every fault.
  void ClearFaults();
  /// Returns how many times a fault has hit a request so far.
  int64_t FaultsHit() const;

  std::unique_ptr<InputFile> OpenForRead(const std::string& path) override;
  std::unique_ptr<OutputFile> Create(const std::string& path) override;
  void WriteAtomically(const std::string& path, std::string_view bytes) override;
  bool CreateIfAbsent(const std::string& path, std::string_view bytes) override;
  void Rename(const std::string& from, const std::string& to) override;
  size_t Delete(const std::vector<std::string>& paths) override;
  std::vector<FileInfo> List(const std::string& folder) override;
  bool Exists(const std::string& path) override;
  uint64_t FileSize(const std::string& path) override;
  std::optional<FileInfo> Stat(const std::string& path) override;
  bool CreateFolder(const std::string& path) override;
  bool DeleteEmptyFolder(const std::string& path) override;

  /// Counts a request (and its bytes) and applies the faults it meets: throws, waits or
  /// runs callbacks, and returns what the caller must do. Used by the wrapped files too.
  FaultEffect Record(FileOperation op, const std::string& path, int64_t bytes);

 private:
  std::shared_ptr<FileIO> inner_;
  mutable std::mutex mutex_;
  std::map<FileOperation, Count> counts_;
  std::vector<FaultRule> faults_;
  int64_t faults_hit_ = 0;
};

}  // namespace floe
