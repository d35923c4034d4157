#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "common/query_context.h"
#include "common/vector.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"
#include "iceberg/sort_order.h"
#include "iceberg/write/zorder.h"
#include "parquet/parquet_writer.h"
#include "io/file_io.h"
#include "io/spill_file.h"

namespace floe::iceberg {

/// Returns a key equal for equal partition tuples (NULLs equal), for grouping files by
/// partition: the writer's routing and INSERT OVERWRITE's replaced partitions use the same one.
std::string PartitionKey(const std::vector<Value>& partition);

/// How data files are written: where, with which Parquet options, how large, in what order.
struct DataWriterOptions {
  /// Where the files go (must outlive the writer).
  FileIO* io = nullptr;
  /// Folder of the table's data files (`<table location>/data`).
  std::string data_location;
  ParquetWriterOptions parquet;
  /// Files roll once their written (compressed) size reaches this
  /// (write.target-file-size-bytes, default 512 MiB).
  int64_t target_file_size = int64_t{512} << 20;
  /// Rows are sorted by this order within each file (none when unsorted).
  SortOrder sort_order = SortOrder::Unsorted();
  /// Rows are sorted by their z-value within each file instead (a z-order rewrite).
  std::optional<ZOrderOptions> zorder;
  /// Most bytes of rows the writer holds in memory at once, over all partitions and threads:
  /// rows routed but not yet encoded, encoded pages not yet written, rows waiting to be sorted.
  int64_t memory_limit = int64_t{256} << 20;
  /// Threads that call Write at once (the memory limit is shared among them).
  int threads = 1;
  /// The statement's memory (nullptr: none): the writer's buffers are reserved from it, and
  /// the writer keeps to at most half of its limit when that is below `memory_limit`.
  MemoryReservation* reservation = nullptr;
  /// Where rows wait, grouped by partition, once memory runs short while more partitions
  /// are open than it holds well (see PartitionedDataWriter); no FileIO: nowhere, and the
  /// writer writes smaller row groups early instead.
  FileIO* spill_io = nullptr;
  std::string spill_folder;
  /// Most files open at once (and at most half the process's descriptor limit); past it the
  /// files with the most rows are closed early (their partitions get a new file if more rows
  /// come), so a write into more partitions than this makes several files per partition.
  int max_open_files = 8192;
};

/// Writes the rows of an INSERT as data files: routes each batch by the spec's transforms
/// (applied to whole vectors) into per-thread, per-partition buffers, hands full buffers to
/// one shared Parquet writer per partition (so threads do not multiply small files), rolls
/// files at the target size measured on the compressed bytes, and keeps the memory it holds
/// under a limit by compressing pages and writing row groups of the largest partitions early.
///
/// With a sort order, a partition's rows are buffered (under the same memory limit) and
/// sorted before they are written: each file is sorted, and when memory runs short a
/// partition's buffered rows are sorted and written as a file of their own, so a sorted
/// write into many partitions may make more, smaller files than an unsorted one.
///
/// A write into more partitions than memory holds well (when memory runs short with more
/// than `memory_limit / 4 MiB` partitions open) turns to a clustered write, as Spark sorts
/// rows by partition before its writers: the files open then are closed, and from then on
/// the rows go to spill files, one per group of partitions (by partition hash); Finish
/// writes each group's partitions in turn, a file each, so only one group's files are open
/// at once. Such a write makes two files in the partitions open when it turned.
///
/// Write and Flush may be called from several threads at once, each with its own LocalState.
class PartitionedDataWriter {
 public:
  struct Slot;
  /// A writing thread's rows, per partition, not yet handed to the partitions' writers.
  struct LocalState {
    struct Entry {
      std::vector<Vector> key_values;  // one row: the partition values (strings: in `partition`)
      std::vector<Value> partition;
      uint64_t hash = 0;
      Slot* slot = nullptr;
      DataChunk rows;  // strings point into the batch heaps `pinned` keeps alive
      int64_t bytes = 0;
      size_t last_flush_rows = 16;  // capacity of the next buffer: small, as thousands may exist
      std::vector<uint32_t> batch_rows;  // rows of the current batch
    };
    std::vector<std::unique_ptr<Entry>> entries;
    std::unordered_map<uint64_t, std::vector<size_t>> by_hash;
    std::vector<size_t> touched;
    int64_t bytes = 0;
    /// Keeps the string heaps of the batches routed since the last full flush alive (one
    /// reference per batch, not one per partition and batch).
    Vector pinned{LogicalType(TypeId::kString), 1};
    int64_t pinned_bytes = 0;
    /// Rows read back from the spill files: written to the partitions, never spilled again.
    bool replay = false;
    /// Clustered: rows waiting for their group's spill file, a batch per group.
    std::vector<DataChunk> groups;
    std::vector<int64_t> group_bytes;
  };
  /// Runs fn(0..n-1), possibly on several threads, and waits; rethrows the first error.
  using ParallelFor = std::function<void(int n, const std::function<void(int)>& fn)>;

  PartitionedDataWriter(const Schema& schema, const PartitionSpec& spec, DataWriterOptions options);
  /// Deletes the files written when Finish was not reached.
  ~PartitionedDataWriter();

  /// Returns the routing buffers of one writing thread.
  std::unique_ptr<LocalState> NewLocalState();
  /// Routes a batch's rows (the schema's top-level columns in order) to their partitions.
  void Write(LocalState& local, const DataChunk& chunk);
  /// Hands every row the thread still buffers to the partition writers.
  void Flush(LocalState& local);
  /// Writes what is left, closes every file and returns the files written.
  std::vector<DataFile> Finish(const ParallelFor& parallel_for);
  /// Deletes every file written so far and the folders the writer created that are left
  /// empty (after a failure); never throws.
  void Abort() noexcept;

  /// Returns the most bytes held in memory at once (for tests and measurements).
  int64_t peak_memory() const { return peak_memory_.load(); }
  /// Returns the rows that went through the spill files of a clustered write.
  int64_t spilled_rows() const { return spilled_rows_.load(); }

 private:
  Slot& SlotFor(const std::vector<Value>& partition);
  /// Appends rows to a partition: to its open file, or to its sort buffer.
  void WriteToSlot(Slot& slot, const DataChunk& rows);
  /// Writes rows to the slot's open file (opening one when needed), rolling at the target size.
  void WriteRows(Slot& slot, const DataChunk& rows);
  /// Sorts the slot's buffered rows and writes them as new files.
  void WriteSorted(Slot& slot);
  void CloseFile(Slot& slot);
  /// Records a slot's new memory use; shrinks the largest slots when over the limit.
  void Account(Slot& slot);
  /// Closes the open files with the most rows (of slots other threads are not writing) until
  /// fewer than max_open_files remain open.
  void CloseSomeFiles(const Slot& keep);
  void Shrink();
  /// Turns the write clustered: closes the open files and makes the spill files.
  void StartClustering();
  /// Clustered: appends a partition's buffered rows to its group's spill file.
  void SpillEntry(LocalState& local, LocalState::Entry& entry);
  /// Clustered: routes a batch's rows (by their partition hashes) to their groups' batches.
  void SpillRows(LocalState& local, const DataChunk& chunk, const std::vector<uint64_t>& hashes);
  /// Clustered: appends a thread's batch of group `g` to the group's spill file.
  void WriteGroup(LocalState& local, size_t g);
  /// Clustered: writes each group's partitions from its spill file, a group at a time.
  void WriteSpilledGroups(const ParallelFor& parallel_for);
  void AddMemory(int64_t delta);
  /// Hands one partition's buffered rows to its writer (waiting for the partition's lock only
  /// when `wait`); returns false when it did not.
  bool FlushEntry(LocalState& local, LocalState::Entry& entry, bool wait);
  std::string NewFilePath(const std::string& partition_path);
  /// Creates a folder and its missing parents, recording the ones this call created.
  void CreateFolder(const std::string& folder);

  Schema schema_;
  PartitionSpec spec_;
  DataWriterOptions options_;
  std::vector<ParquetWriterField> fields_;
  std::vector<LogicalType> types_;
  /// Per partition field: its source's top-level column, then the struct fields down to it.
  std::vector<std::vector<int>> source_paths_;
  std::vector<int> sort_columns_;    // per sort field: top-level column index
  bool sorted_ = false;              // a sort order or a z-order: rows wait to be sorted

  std::mutex slots_mutex_;  // guards slots_, written_paths_, created_folders_, file_counter_
  std::unordered_map<std::string, std::unique_ptr<Slot>> slots_;
  std::vector<std::string> written_paths_;
  std::vector<std::string> created_folders_;
  std::string write_id_;
  int file_counter_ = 0;

  std::atomic<int> open_files_{0};
  std::atomic<int64_t> memory_{0};
  std::atomic<int64_t> peak_memory_{0};
  std::mutex shrink_mutex_;
  bool finished_ = false;

  std::mutex cluster_mutex_;  // guards the turn to clustering
  bool spillable_ = true;  // every column has a layout SpillFile writes
  int64_t fixed_row_bytes_ = 0;  // the fixed-width part of a row, as buffers allocate it
  std::atomic<bool> turning_{false};  // a thread is turning the write clustered
  std::atomic<bool> clustering_{false};
  std::vector<std::unique_ptr<SpillFile>> groups_;
  std::unique_ptr<std::mutex[]> group_locks_;
  std::atomic<int64_t> spilled_rows_{0};
};

/// Returns the Parquet field that stores an Iceberg field, its nested fields with their
/// ids; `column` names the top-level column in errors (NotImplementedError for the types
/// the writer cannot store).
ParquetWriterField WriterField(const NestedField& field, const std::string& column);

/// Converts a written file's Parquet metrics into an Iceberg DataFile.
DataFile MakeDataFile(const Schema& schema, const std::string& path, const std::vector<Value>& partition,
                      const ParquetFileMetrics& metrics, int spec_id);

}  // namespace floe::iceberg
