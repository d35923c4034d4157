#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/vector.h"
#include "io/file_io.h"

namespace floe {

/// Rows an operator moved out of memory: batches written one after another to a file of
/// the spill folder, read back in the same order. The file, named spill-<pid>-<n>.bin so a
/// later process can tell a dead one's leftovers, is deleted when this goes (a query that
/// fails or is cancelled included); DeleteOrphanSpillFiles removes those of a killed one.
class SpillFile {
 public:
  /// Creates the file in `folder` (and the folder). Throws NotImplementedError for a column
  /// type it cannot hold (CanHold).
  SpillFile(FileIO& io, const std::string& folder, std::vector<LogicalType> types);
  ~SpillFile();
  /// Returns true when a column of `type` can be spilled: fixed-width values, strings, and
  /// structs, lists and maps of them.
  static bool CanHold(const LogicalType& type);
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  /// Writes rows [from, from + count) of `chunk` (of the file's types) as one batch.
  void Append(const DataChunk& chunk, size_t from, size_t count);
  /// Ends writing; the batches can be read from then on.
  void FinishWriting();
  /// Reads the next batch into `out` (re-initialized to the file's types, strings copied
  /// into its heaps); returns false after the last. The file is open only between the
  /// first read and the last.
  bool Read(DataChunk& out);
  /// Returns the bytes written.
  uint64_t bytes() const { return written_; }
  const std::string& path() const { return path_; }

 private:
  FileIO& io_;
  std::string path_;
  std::vector<LogicalType> types_;
  std::unique_ptr<OutputFile> out_;
  std::unique_ptr<InputFile> in_;
  uint64_t written_ = 0;
  uint64_t read_offset_ = 0;
  bool read_done_ = false;
  std::string buffer_;
};

/// Deletes the spill files in `folder` left by processes that no longer run (killed ones);
/// ignores what cannot be listed or deleted.
void DeleteOrphanSpillFiles(FileIO& io, const std::string& folder);

}  // namespace floe
