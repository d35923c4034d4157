#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace floe {

/// The largest file ReadAll reads. ReadAll is for metadata files (table metadata JSON,
/// manifest lists, manifests), which are read whole into memory; data files are read by
/// ranges. Real ones are far smaller: writers roll manifests at 8 MiB
/// (commit.manifest.target-size-bytes), a manifest list takes a few hundred bytes per
/// manifest, and metadata JSON about a KiB per snapshot kept (100,000 snapshots: ~100
/// MiB). Parsing takes several times a file's size, so 1 GiB is generous yet finite: a
/// pointer at a huge file is an error, not an exhausted memory. It matches the 1 GiB caps
/// on an inflated Avro block and a decompressed Parquet page.
inline constexpr uint64_t kMaxMetadataFileBytes = uint64_t{1} << 30;

/// One byte range of a file.
struct ByteRange {
  uint64_t offset = 0;
  uint64_t length = 0;
};

/// A file open for reading; ReadAt and ReadRanges are safe to call from many threads.
class InputFile {
 public:
  virtual ~InputFile() = default;
  /// Returns the path the file was opened with.
  virtual const std::string& path() const = 0;
  /// Returns the file's size in bytes, as it was when opened.
  virtual uint64_t size() const = 0;
  /// Reads exactly `length` bytes at `offset` into `out`; throws IOError past the end.
  virtual void ReadAt(uint64_t offset, uint64_t length, void* out) const = 0;
  /// Reads several ranges into `out` (one buffer per range, each its range's length), at
  /// once where the storage can (object storage fetches them in parallel).
  virtual void ReadRanges(const std::vector<ByteRange>& ranges, const std::vector<void*>& out) const;
  /// Reads the whole file, as many bytes as size() promised; throws IOError when it is
  /// larger than kMaxMetadataFileBytes (before allocating) or turns out shorter.
  std::string ReadAll() const;
};

/// A new file being written sequentially; not thread-safe. A file is whole only after Close.
class OutputFile {
 public:
  virtual ~OutputFile() = default;
  /// Returns the path being written.
  virtual const std::string& path() const = 0;
  /// Appends bytes.
  virtual void Write(const void* data, size_t size) = 0;
  /// Appends bytes.
  void Write(std::string_view data) { Write(data.data(), data.size()); }
  /// Returns the number of bytes written so far, the next write's offset.
  virtual uint64_t position() const = 0;
  /// Writes out buffered bytes and frees the buffer (a file kept open a long time).
  virtual void ReleaseBuffer() {}
  /// Finishes the file; throws IOError when it cannot.
  virtual void Close() = 0;
};

/// A file a listing found.
struct FileInfo {
  std::string path;
  uint64_t size = 0;
  /// When the file last changed (nanoseconds since the epoch; 0 when unknown).
  int64_t modified_ns = 0;
  bool operator==(const FileInfo&) const = default;
};

/// The one door to storage (DESIGN.md): every byte floe reads or writes goes through a
/// FileIO, local files today, object storage behind the same calls later. Paths are the
/// storage's own (after any location remapping). Errors are IOError naming the path.
class FileIO {
 public:
  virtual ~FileIO() = default;

  /// Opens a file for reading; throws IOError when it is missing or unreadable, or is not
  /// a regular file (a folder, FIFO, device or socket: the error says which).
  virtual std::unique_ptr<InputFile> OpenForRead(const std::string& path) = 0;
  /// Reads a whole metadata file, at most kMaxMetadataFileBytes (see InputFile::ReadAll).
  virtual std::string ReadAll(const std::string& path) { return OpenForRead(path)->ReadAll(); }
  /// Creates (or truncates) a file to write, and the folders it needs.
  virtual std::unique_ptr<OutputFile> Create(const std::string& path) = 0;
  /// Writes a whole file so that a reader sees all of it or none, replacing one that exists.
  virtual void WriteAtomically(const std::string& path, std::string_view bytes) = 0;
  /// Writes a whole file as WriteAtomically does, unless one exists: returns false then,
  /// having written nothing (two writers racing for a name: exactly one wins).
  virtual bool CreateIfAbsent(const std::string& path, std::string_view bytes) = 0;
  /// Renames a file, replacing `to` when it exists (and making the folders it needs).
  virtual void Rename(const std::string& from, const std::string& to) = 0;
  /// Deletes files; missing ones are skipped. Returns how many were deleted.
  virtual size_t Delete(const std::vector<std::string>& paths) = 0;
  /// Returns the files under a folder (recursively), sorted by path; none when it is missing.
  virtual std::vector<FileInfo> List(const std::string& folder) = 0;
  /// Returns true when something other than a folder exists at `path` (a FIFO or device
  /// too: opening it then says what it is, rather than that nothing is there).
  virtual bool Exists(const std::string& path) = 0;
  /// Returns a file's size; throws IOError when it is missing or not a regular file.
  virtual uint64_t FileSize(const std::string& path) = 0;
  /// Returns a file's size and change time, or nothing when no regular file is there (a
  /// cache key that changes when the file is replaced).
  virtual std::optional<FileInfo> Stat(const std::string& path) = 0;
  /// Creates one folder; returns false when it existed. Storage without folders returns
  /// false. Throws IOError when the parent is missing or it cannot be made.
  virtual bool CreateFolder(const std::string& path) = 0;
  /// Deletes a folder when it is empty; returns false otherwise (and on storage without folders).
  virtual bool DeleteEmptyFolder(const std::string& path) = 0;
};

/// Deletes files after a failure, ignoring what cannot be deleted: the failure is the
/// error to report, and a file left behind is an orphan, never a wrong table.
void DeleteQuietly(FileIO& io, const std::vector<std::string>& paths);

}  // namespace floe
