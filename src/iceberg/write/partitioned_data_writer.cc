#include "iceberg/write/partitioned_data_writer.h"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <numeric>

#include "common/exception.h"
#include "common/row_bytes.h"
#include "common/vector_operations.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/type.h"
#include "iceberg/uuid.h"

namespace floe::iceberg {

namespace {

// A thread hands a partition's buffered rows to the partition's writer at this many rows
// (up to four times as many when another thread is writing that partition).
constexpr size_t kFlushRows = 4096;
// Rows handed to a Parquet writer at once; the file's size is checked in between.
constexpr size_t kWriteSlice = 2048;
// What an open file holds besides its column buffers (the writer and its column writers,
// the file's output buffer, the metadata of its row groups), counted against the limit.
constexpr int64_t kOpenFileBytes = 64 << 10;
// A write turns clustered when memory runs short while it has more partitions than the
// limit gives this much each (smaller row groups would make poor files).
constexpr int64_t kPartitionShare = 4 << 20;
// Spill files of a clustered write: each holds the rows of the partitions whose hash falls
// in it, and Finish writes them one group at a time.
constexpr size_t kSpillGroups = 64;


// Makes room for `extra` more rows, doubling the capacity.
void Grow(DataChunk& chunk, size_t extra) {
  size_t need = chunk.size() + extra;
  if (need <= chunk.capacity()) return;
  size_t capacity = std::max(need, chunk.capacity() * 2);
  for (auto& column : chunk.columns()) column.Reserve(capacity);
  chunk.SetCapacity(capacity);
}

// Appends the rows of src named by sel (strings still pointing into src's heaps, which the
// caller keeps alive).
void AppendSelected(DataChunk& dst, const DataChunk& src, const std::vector<uint32_t>& sel) {
  Grow(dst, sel.size());
  size_t base = dst.size();
  for (size_t c = 0; c < src.ColumnCount(); ++c) {
    Vector& out = dst.column(c);
    const Vector& in = src.column(c);
    for (size_t k = 0; k < sel.size(); ++k) out.CopyRow(in, sel[k], base + k);
  }
  dst.SetSize(base + sel.size());
}

// Appends every row of src with its strings copied into dst's own heaps, so that a long-lived
// buffer does not keep whole batches alive.
void AppendOwned(DataChunk& dst, const DataChunk& src) {
  size_t n = src.size();
  Grow(dst, n);
  size_t base = dst.size();
  for (size_t c = 0; c < src.ColumnCount(); ++c) {
    Vector& out = dst.column(c);
    const Vector& in = src.column(c);
    if (!in.type().HasStringStorage()) {
      for (size_t r = 0; r < n; ++r) out.CopyRow(in, r, base + r);
      continue;
    }
    const StringRef* s = in.Data<StringRef>();
    for (size_t r = 0; r < n; ++r) {
      bool null = in.IsNull(r);
      out.SetNull(base + r, null);
      if (!null) out.SetString(base + r, s[r].view());
    }
  }
  dst.SetSize(base + n);
}

// Returns false when row i of `values` and the one-row `key` are zeros of opposite signs:
// -0.0 equals +0.0, but an identity partition keeps its source value (Iceberg Java's
// partition keys tell them apart), so they are two partitions.
bool SameZeroSign(const Vector& key, const Vector& values, size_t i) {
  if (key.IsNull(0) || values.IsNull(i)) return true;
  if (values.type().id() == TypeId::kDouble) {
    return std::signbit(key.Data<double>()[0]) == std::signbit(values.Data<double>()[i]) ||
           key.Data<double>()[0] != 0;
  }
  if (values.type().id() == TypeId::kFloat) {
    return std::signbit(key.Data<float>()[0]) == std::signbit(values.Data<float>()[i]) ||
           key.Data<float>()[0] != 0;
  }
  return true;
}

}  // namespace

std::string PartitionKey(const std::vector<Value>& partition) {
  std::string key;
  for (const auto& v : partition) key += v.is_null() ? std::string("\x01N") : "\x01V" + v.ToString();
  return key;
}

/// One partition of the write: its open file (one at a time), or its rows waiting to be sorted.
struct PartitionedDataWriter::Slot {
  std::mutex mutex;
  std::vector<Value> partition;
  std::string partition_path;
  bool folder_created = false;
  std::unique_ptr<ParquetWriter> writer;
  std::string path;
  DataChunk pending;  // sorted writes: rows not yet written, strings owned
  int64_t pending_bytes = 0;
  std::atomic<int64_t> memory{0};  // as last accounted in memory_
  std::atomic<int64_t> open_rows{0};  // rows in the open file
  std::vector<DataFile> done;
};

ParquetWriterField WriterField(const NestedField& field, const std::string& column) {
  // why: Iceberg stores them as FIXED_LEN_BYTE_ARRAY (a uuid: 16 bytes, read as text),
  // which the writer does not produce yet; a string or binary column would be wrong
  if (field.type()->kind() == TypeKind::kUuid || field.type()->kind() == TypeKind::kFixed) {
    throw NotImplementedError("cannot write column `" + column + "` of type " + field.type()->ToString() +
                              " yet (Parquet FIXED_LEN_BYTE_ARRAY)");
  }
  ParquetWriterField out{field.name(), field.id(), field.type()->ToLogicalType(), field.optional()};
  // (the spec: an unknown column is always NULL and not stored; Iceberg's TypeToMessageType
  // leaves it out of the file)
  out.stored = field.type()->kind() != TypeKind::kUnknown;
  for (const auto& child : field.type()->fields()) out.children.push_back(WriterField(child, column));
  return out;
}

namespace {

// Returns the path to a partition source: its top-level column, then the index of each
// struct field down to it (Iceberg allows sources inside structs, not in lists or maps).
std::vector<int> SourcePath(const Schema& schema, int source_id, const std::string& what) {
  std::function<bool(const std::vector<NestedField>&, std::vector<int>*)> find =
      [&](const std::vector<NestedField>& fields, std::vector<int>* path) {
        for (size_t i = 0; i < fields.size(); ++i) {
          path->push_back(static_cast<int>(i));
          if (fields[i].id() == source_id) return true;
          if (fields[i].type()->kind() == TypeKind::kStruct && find(fields[i].type()->fields(), path)) return true;
          path->pop_back();
        }
        return false;
      };
  std::vector<int> path;
  if (!find(schema.fields(), &path)) {
    throw InvalidInputError("partition field " + what + " has no source column in the table or its structs (id " +
                            std::to_string(source_id) + ")");
  }
  return path;
}

}  // namespace

PartitionedDataWriter::PartitionedDataWriter(const Schema& schema, const PartitionSpec& spec,
                                             DataWriterOptions options)
    : schema_(schema), spec_(spec), options_(std::move(options)), write_id_(Uuid::Random()) {
  for (const auto& field : schema_.fields()) {
    // why: these v3 types need what floe's Parquet writer does not write yet (the GEOMETRY /
    // GEOGRAPHY annotation and bounding-box bounds); an unknown column is not stored at all
    if (field.type()->kind() == TypeKind::kGeometry || field.type()->kind() == TypeKind::kGeography) {
      throw NotImplementedError("writing column " + field.name() + " of type " + field.type()->ToString() +
                                " is not supported");
    }
    fields_.push_back(WriterField(field, field.name()));
    types_.push_back(fields_.back().type);
  }
  auto top_level = [&](int source_id, const std::string& what) {
    for (size_t i = 0; i < schema_.fields().size(); ++i) {
      if (schema_.fields()[i].id() == source_id) return static_cast<int>(i);
    }
    throw InvalidInputError(what + " has no top-level source column (id " + std::to_string(source_id) + ")");
  };
  for (const auto& pf : spec_.fields()) source_paths_.push_back(SourcePath(schema_, pf.source_id(), pf.name()));
  for (const auto& sf : options_.sort_order.fields()) {
    sort_columns_.push_back(sf.transform.kind() == TransformKind::kVoid ? -1 : top_level(sf.source_id, "sort field"));
  }
  if (options_.zorder) {
    for (int c : options_.zorder->columns) {
      if (c < 0 || c >= static_cast<int>(types_.size()) || !ZOrderSupports(types_[c])) {
        throw InvalidInputError("Cannot use column " + std::to_string(c) + " in ZOrdering, the type is unsupported");
      }
    }
  }
  sorted_ = !sort_columns_.empty() || (options_.zorder && !options_.zorder->columns.empty());
  for (const auto& t : types_) {
    spillable_ = spillable_ && SpillFile::CanHold(t);
    fixed_row_bytes_ += static_cast<int64_t>(PhysicalSize(t.id())) + 1;
  }
  options_.parquet.key_value_metadata.push_back({"iceberg.schema", schema_.ToJson().dump()});
  options_.parquet.truncate_bounds = 16;
  options_.threads = std::max(1, options_.threads);
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    // why: the process needs descriptors for more than this write (its reads, the catalog)
    options_.max_open_files = std::min<int64_t>(options_.max_open_files, static_cast<int64_t>(limit.rlim_cur) / 2);
  }
  options_.max_open_files = std::max(1, options_.max_open_files);
  if (options_.reservation && options_.reservation->limit() > 0) {
    options_.memory_limit = std::min(options_.memory_limit, options_.reservation->limit() / 2);
  }
}

PartitionedDataWriter::~PartitionedDataWriter() {
  if (!finished_) Abort();
  groups_.clear();  // why: deletes the spill files of a write that failed
  if (options_.reservation) options_.reservation->Release(std::max<int64_t>(0, memory_.load()));
}

std::string PartitionedDataWriter::NewFilePath(const std::string& partition_path) {
  char name[64];
  std::lock_guard<std::mutex> lock(slots_mutex_);
  std::snprintf(name, sizeof(name), "%05d-0-", file_counter_++);
  std::string folder = options_.data_location;
  if (!partition_path.empty()) folder += "/" + partition_path;
  std::string path = folder + "/" + name + write_id_ + "-00001.parquet";
  written_paths_.push_back(path);
  return path;
}

void PartitionedDataWriter::CreateFolder(const std::string& folder) {
  std::vector<std::string> chain;  // the folder and its parents, deepest first
  for (std::filesystem::path p = folder; !p.empty(); p = p.parent_path()) {
    chain.push_back(p.string());
    if (p == p.parent_path()) break;
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    // why: CreateFolder says whether this call made the folder; one another thread or
    // another writer made meanwhile is not ours to remove
    if (!options_.io->CreateFolder(*it)) continue;
    std::lock_guard<std::mutex> lock(slots_mutex_);
    created_folders_.push_back(*it);
  }
}

PartitionedDataWriter::Slot& PartitionedDataWriter::SlotFor(const std::vector<Value>& partition) {
  std::string key = PartitionKey(partition);
  std::lock_guard<std::mutex> lock(slots_mutex_);
  auto it = slots_.find(key);
  if (it != slots_.end()) return *it->second;
  auto slot = std::make_unique<Slot>();
  slot->partition = partition;
  slot->partition_path = spec_.fields().empty() ? "" : spec_.PartitionToPath(schema_, partition);
  slot->pending.Initialize(types_, 64);
  return *slots_.emplace(key, std::move(slot)).first->second;
}

std::unique_ptr<PartitionedDataWriter::LocalState> PartitionedDataWriter::NewLocalState() {
  return std::make_unique<LocalState>();
}

void PartitionedDataWriter::AddMemory(int64_t delta) {
  if (options_.reservation) {
    if (delta > 0) options_.reservation->ForceReserve(delta);
    if (delta < 0) options_.reservation->Release(-delta);
  }
  int64_t now = memory_.fetch_add(delta) + delta;
  int64_t peak = peak_memory_.load();
  while (now > peak && !peak_memory_.compare_exchange_weak(peak, now)) {
  }
}

void PartitionedDataWriter::Write(LocalState& local, const DataChunk& chunk) {
  size_t n = chunk.size();
  if (n == 0) return;
  local.touched.clear();
  int64_t string_bytes = 0;
  for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
    if (!chunk.column(c).type().HasStringStorage()) continue;
    local.pinned.ShareHeapsOf(chunk.column(c));
    const StringRef* s = chunk.column(c).Data<StringRef>();
    for (size_t i = 0; i < n; ++i) string_bytes += chunk.column(c).IsNull(i) ? 0 : s[i].size;
  }
  local.pinned_bytes += string_bytes;
  AddMemory(string_bytes);
  if (spec_.fields().empty()) {
    if (local.entries.empty()) {
      auto entry = std::make_unique<LocalState::Entry>();
      entry->slot = &SlotFor({});
      local.entries.push_back(std::move(entry));
    }
    LocalState::Entry& entry = *local.entries[0];
    if (entry.rows.ColumnCount() == 0) entry.rows.Initialize(types_, entry.last_flush_rows);
    entry.rows.Append(chunk, 0, n);
    int64_t bytes = RowBytes(chunk, nullptr, n);
    entry.bytes += bytes;
    local.bytes += bytes;
    AddMemory(bytes);
    local.touched.push_back(0);
  } else {
    // Partition values of every row, a vector per partition field, and their hashes.
    std::vector<Vector> values;
    for (size_t f = 0; f < spec_.fields().size(); ++f) {
      const auto& pf = spec_.fields()[f];
      const NestedField& source = *schema_.FindFieldById(pf.source_id());
      Vector part(pf.transform().ResultType(source.type())->ToLogicalType(), std::max<size_t>(n, 1));
      const Vector* column = &chunk.column(static_cast<size_t>(source_paths_[f][0]));
      Vector leaf;
      if (source_paths_[f].size() > 1) {
        // a field inside structs: the child vectors, NULL where any struct on the way is
        // (a NULL struct's field vectors may hold anything)
        std::vector<const Vector*> parents;
        for (size_t k = 1; k < source_paths_[f].size(); ++k) {
          parents.push_back(column);
          column = &column->child(static_cast<size_t>(source_paths_[f][k]));
        }
        leaf = Vector(column->type(), std::max<size_t>(n, 1));
        leaf.CopyRange(*column, 0, 0, n);
        for (size_t i = 0; i < n; ++i) {
          for (const Vector* p : parents) {
            if (p->IsNull(i)) leaf.SetValue(i, Value::Null());
          }
        }
        column = &leaf;
      }
      pf.transform().Apply(*column, n, &part);
      values.push_back(std::move(part));
    }
    std::vector<uint64_t> hashes(n, 0);
    for (size_t f = 0; f < values.size(); ++f) HashVector(values[f], n, hashes.data(), f > 0);
    if (clustering_.load() && !local.replay) {
      SpillRows(local, chunk, hashes);
      if (local.bytes + local.pinned_bytes > options_.memory_limit / (4 * options_.threads)) Flush(local);
      return;
    }
    size_t last = SIZE_MAX;
    for (size_t i = 0; i < n; ++i) {
      auto same = [&](size_t p) {
        const LocalState::Entry& e = *local.entries[p];
        if (e.hash != hashes[i]) return false;
        for (size_t f = 0; f < values.size(); ++f) {
          if (!values[f].type().IsStringLike()) {
            if (!RowsEqualNullSafe(e.key_values[f], 0, values[f], i)) return false;
            if (!SameZeroSign(e.key_values[f], values[f], i)) return false;
            continue;
          }
          bool null = values[f].IsNull(i);
          if (null != e.partition[f].is_null()) return false;
          if (!null && values[f].Data<StringRef>()[i].view() != e.partition[f].str()) return false;
        }
        return true;
      };
      size_t p = SIZE_MAX;
      if (last != SIZE_MAX && same(last)) {
        p = last;
      } else {
        for (size_t candidate : local.by_hash[hashes[i]]) {
          if (same(candidate)) {
            p = candidate;
            break;
          }
        }
      }
      if (p == SIZE_MAX) {
        auto entry = std::make_unique<LocalState::Entry>();
        // why: a one-row copy, not the batch's vector, so an entry keeps no batch alive
        for (const auto& v : values) {
          entry->key_values.emplace_back(v.type(), 1);
          if (!v.type().IsStringLike()) entry->key_values.back().CopyRow(v, i, 0);
          entry->partition.push_back(v.GetValue(i));
        }
        entry->hash = hashes[i];
        entry->slot = &SlotFor(entry->partition);
        p = local.entries.size();
        local.entries.push_back(std::move(entry));
        local.by_hash[hashes[i]].push_back(p);
      }
      LocalState::Entry& entry = *local.entries[p];
      if (entry.batch_rows.empty()) local.touched.push_back(p);
      entry.batch_rows.push_back(static_cast<uint32_t>(i));
      last = p;
    }
    for (size_t p : local.touched) {
      LocalState::Entry& entry = *local.entries[p];
      int64_t bytes = 0;
      if (entry.rows.ColumnCount() == 0) {
        entry.rows.Initialize(types_, entry.last_flush_rows);
        // why: a buffer allocates its capacity (and a few hundred bytes of vectors) however
        // few rows it holds; across thousands of partitions that is most of the memory
        bytes += static_cast<int64_t>(entry.last_flush_rows) * fixed_row_bytes_ + 512;
      }
      AppendSelected(entry.rows, chunk, entry.batch_rows);
      bytes += RowBytes(chunk, entry.batch_rows.data(), entry.batch_rows.size());
      entry.bytes += bytes;
      local.bytes += bytes;
      AddMemory(bytes);
      entry.batch_rows.clear();
    }
  }
  // A partition's buffer goes to its writer once it is full; all of them when the thread's
  // share of the memory limit is used up.
  int64_t local_limit = options_.memory_limit / (4 * options_.threads);
  if (local.bytes + local.pinned_bytes > local_limit) {
    Flush(local);
    return;
  }
  for (size_t p : local.touched) {
    LocalState::Entry& entry = *local.entries[p];
    size_t rows = entry.rows.size();
    if (rows < kFlushRows) continue;
    FlushEntry(local, entry, rows >= 4 * kFlushRows);
  }
  if (memory_.load() > options_.memory_limit) Shrink();
}

bool PartitionedDataWriter::FlushEntry(LocalState& local, LocalState::Entry& entry, bool wait) {
  if (entry.rows.size() == 0) return true;
  if (turning_.load() && !clustering_.load() && !local.replay) {
    // why: while another thread turns the write clustered (making the spill files first),
    // opening more partition files would only add memory the turn is about to free
    std::lock_guard<std::mutex> wait(cluster_mutex_);
  }
  if (clustering_.load() && !local.replay) {
    SpillEntry(local, entry);
    return true;
  }
  Slot& slot = *entry.slot;
  std::unique_lock<std::mutex> lock(slot.mutex, std::defer_lock);
  if (wait) {
    lock.lock();
  } else if (!lock.try_lock()) {
    return false;  // another thread is writing this partition: keep buffering for now
  }
  WriteToSlot(slot, entry.rows);
  Account(slot);
  lock.unlock();
  local.bytes -= entry.bytes;
  AddMemory(-entry.bytes);
  entry.bytes = 0;
  entry.last_flush_rows = std::max<size_t>(entry.rows.size(), 64);
  entry.rows = DataChunk();  // allocated again when rows come: an idle partition holds nothing
  return true;
}

void PartitionedDataWriter::Flush(LocalState& local) {
  for (size_t g = 0; g < local.groups.size(); ++g) {
    if (local.groups[g].size() > 0) WriteGroup(local, g);
    local.groups[g] = DataChunk();
  }
  for (auto& entry : local.entries) {
    FlushEntry(local, *entry, true);
    if (memory_.load() > options_.memory_limit) Shrink();
  }
  local.pinned.Reset();
  AddMemory(-local.pinned_bytes);
  local.pinned_bytes = 0;
}

void PartitionedDataWriter::WriteToSlot(Slot& slot, const DataChunk& rows) {
  if (!sorted_) {
    WriteRows(slot, rows);
    return;
  }
  AppendOwned(slot.pending, rows);
  slot.pending_bytes += RowBytes(rows, nullptr, rows.size()) / 2 + 16 * static_cast<int64_t>(rows.size());
}

void PartitionedDataWriter::WriteRows(Slot& slot, const DataChunk& rows) {
  for (size_t offset = 0; offset < rows.size();) {
    if (!slot.writer) {
      if (open_files_.load() >= options_.max_open_files) CloseSomeFiles(slot);
      slot.path = NewFilePath(slot.partition_path);
      if (!slot.folder_created) {
        CreateFolder(std::filesystem::path(slot.path).parent_path().string());
        slot.folder_created = true;
      }
      slot.writer = std::make_unique<ParquetWriter>(*options_.io, slot.path, fields_, options_.parquet);
      ++open_files_;
    }
    size_t n = std::min(kWriteSlice, rows.size() - offset);
    if (int64_t written = slot.writer->rows(); written > 0) {
      // why: near the target, smaller slices so the file ends close to it, not a slice past it
      int64_t size = slot.writer->EstimatedSize();
      int64_t per_row = std::max<int64_t>(1, size / written);
      int64_t fit = std::max<int64_t>(0, options_.target_file_size - size) / per_row + 1;
      n = std::min(n, static_cast<size_t>(std::max<int64_t>(fit, 64)));
    }
    slot.writer->Write(rows, offset, n);
    slot.open_rows = slot.writer->rows();
    offset += n;
    // why: the file rolls on what it would take on disk, not on the rows' size in memory;
    // open pages are only estimated, so they are compressed before the file is closed
    if (slot.writer->EstimatedSize() >= options_.target_file_size) {
      slot.writer->FlushPages();
      if (slot.writer->EstimatedSize() >= options_.target_file_size) CloseFile(slot);
    }
  }
}

void PartitionedDataWriter::CloseFile(Slot& slot) {
  if (!slot.writer) return;
  ParquetFileMetrics metrics = slot.writer->Close();
  slot.writer.reset();
  slot.open_rows = 0;
  --open_files_;
  DataFile file = MakeDataFile(schema_, slot.path, slot.partition, metrics, spec_.spec_id());
  if (!options_.sort_order.IsUnsorted()) file.sort_order_id = options_.sort_order.order_id();
  slot.done.push_back(std::move(file));
}

void PartitionedDataWriter::WriteSorted(Slot& slot) {
  DataChunk rows = std::move(slot.pending);
  slot.pending.Initialize(types_, 64);
  slot.pending_bytes = 0;
  size_t n = rows.size();
  if (n == 0) return;
  // The sort keys: each sort field's transform of its source column.
  const auto& sort_fields = options_.sort_order.fields();
  std::vector<Vector> keys;
  std::vector<const SortField*> key_fields;
  for (size_t k = 0; k < sort_fields.size(); ++k) {
    if (sort_columns_[k] < 0) continue;  // void: every row equal
    const Vector& source = rows.column(sort_columns_[k]);
    const Transform& transform = sort_fields[k].transform;
    if (transform.IsIdentity()) {
      keys.push_back(source);
    } else {
      const auto& field = schema_.fields()[sort_columns_[k]];
      Vector key(transform.ResultType(field.type())->ToLogicalType(), n);
      transform.Apply(source, n, &key);
      keys.push_back(std::move(key));
    }
    key_fields.push_back(&sort_fields[k]);
  }
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  if (options_.zorder && !options_.zorder->columns.empty()) {
    std::vector<const Vector*> columns;
    for (int c : options_.zorder->columns) columns.push_back(&rows.column(c));
    std::vector<std::string> z;
    z.reserve(n);
    ZValues(columns, n, *options_.zorder, &z);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return z[a] < z[b]; });
  } else {
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    for (size_t k = 0; k < keys.size(); ++k) {
      int c = CompareSortKey(keys[k], a, keys[k], b, key_fields[k]->direction == SortDirection::kAscending,
                             key_fields[k]->null_order == NullOrder::kNullsFirst);
      if (c != 0) return c < 0;
    }
    return false;
    });
  }
  DataChunk batch;
  for (size_t start = 0; start < n; start += kBatchSize) {
    size_t count = std::min(kBatchSize, n - start);
    batch.Initialize(types_, count);
    for (size_t c = 0; c < types_.size(); ++c) batch.column(c).Gather(rows.column(c), order.data() + start, count);
    batch.SetSize(count);
    WriteRows(slot, batch);
  }
  CloseFile(slot);  // why: rows written later are not in order with these
}

void PartitionedDataWriter::CloseSomeFiles(const Slot& keep) {
  std::vector<std::pair<int64_t, Slot*>> by_rows;
  {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    for (auto& [key, slot] : slots_) {
      if (slot.get() != &keep && slot->open_rows.load() > 0) by_rows.emplace_back(slot->open_rows.load(), slot.get());
    }
  }
  std::sort(by_rows.begin(), by_rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  int target = options_.max_open_files - std::max(1, options_.max_open_files / 10);
  for (auto& [rows, slot] : by_rows) {
    if (open_files_.load() <= target) break;
    // why: the caller holds its own slot's lock; waiting for another could deadlock
    std::unique_lock<std::mutex> lock(slot->mutex, std::try_to_lock);
    if (!lock.owns_lock() || !slot->writer || sorted_) continue;
    CloseFile(*slot);
    Account(*slot);
  }
}

void PartitionedDataWriter::SpillEntry(LocalState& local, LocalState::Entry& entry) {
  size_t group = entry.hash % kSpillGroups;
  {
    std::lock_guard<std::mutex> lock(group_locks_[group]);
    groups_[group]->Append(entry.rows, 0, entry.rows.size());
  }
  spilled_rows_ += static_cast<int64_t>(entry.rows.size());
  local.bytes -= entry.bytes;
  AddMemory(-entry.bytes);
  entry.bytes = 0;
  entry.last_flush_rows = std::max<size_t>(entry.rows.size(), 64);
  entry.rows = DataChunk();
}

void PartitionedDataWriter::SpillRows(LocalState& local, const DataChunk& chunk, const std::vector<uint64_t>& hashes) {
  if (local.groups.empty()) {
    local.groups.resize(kSpillGroups);
    local.group_bytes.assign(kSpillGroups, 0);
  }
  std::vector<std::vector<uint32_t>> by_group(kSpillGroups);
  for (size_t i = 0; i < chunk.size(); ++i) by_group[hashes[i] % kSpillGroups].push_back(static_cast<uint32_t>(i));
  for (size_t g = 0; g < kSpillGroups; ++g) {
    const auto& sel = by_group[g];
    for (size_t done = 0; done < sel.size();) {
      DataChunk& batch = local.groups[g];
      if (batch.ColumnCount() == 0) {
        batch.Initialize(types_, kBatchSize);
        int64_t bytes = static_cast<int64_t>(kBatchSize) * fixed_row_bytes_;
        local.group_bytes[g] += bytes;
        local.bytes += bytes;
        AddMemory(bytes);
      }
      size_t n = std::min(sel.size() - done, kBatchSize - batch.size());
      for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
        batch.column(c).GatherAt(batch.size(), chunk.column(c), sel.data() + done, n);
      }
      batch.SetSize(batch.size() + n);
      done += n;
      if (batch.size() == kBatchSize) WriteGroup(local, g);
    }
  }
}

void PartitionedDataWriter::WriteGroup(LocalState& local, size_t g) {
  DataChunk& batch = local.groups[g];
  {
    std::lock_guard<std::mutex> lock(group_locks_[g]);
    groups_[g]->Append(batch, 0, batch.size());
  }
  spilled_rows_ += static_cast<int64_t>(batch.size());
  batch = DataChunk();  // why: its strings pin the batches they came from
  local.bytes -= local.group_bytes[g];
  AddMemory(-local.group_bytes[g]);
  local.group_bytes[g] = 0;
}

void PartitionedDataWriter::StartClustering() {
  std::lock_guard<std::mutex> guard(cluster_mutex_);
  if (clustering_.load()) return;
  turning_ = true;
  std::vector<std::unique_ptr<SpillFile>> groups;
  for (size_t g = 0; g < kSpillGroups; ++g) {
    groups.push_back(std::make_unique<SpillFile>(*options_.spill_io, options_.spill_folder, types_));
  }
  groups_ = std::move(groups);
  group_locks_.reset(new std::mutex[kSpillGroups]);
  clustering_ = true;
  // What the partitions hold now is written: their open files closed, sorted rows sorted.
  std::vector<Slot*> slots;
  {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    for (auto& [key, slot] : slots_) slots.push_back(slot.get());
  }
  for (Slot* slot : slots) {
    std::lock_guard<std::mutex> lock(slot->mutex);
    if (sorted_) WriteSorted(*slot);
    CloseFile(*slot);
    Account(*slot);
  }
}

void PartitionedDataWriter::WriteSpilledGroups(const ParallelFor& parallel_for) {
  for (auto& group : groups_) group->FinishWriting();
  parallel_for(static_cast<int>(groups_.size()), [&](int g) {
    auto local = NewLocalState();
    local->replay = true;
    DataChunk batch;
    while (groups_[g]->Read(batch)) Write(*local, batch);
    Flush(*local);
    // The group's partitions are complete: their files close before the next group's open.
    for (auto& entry : local->entries) {
      Slot& slot = *entry->slot;
      std::lock_guard<std::mutex> lock(slot.mutex);
      if (sorted_) WriteSorted(slot);
      CloseFile(slot);
      Account(slot);
    }
    groups_[g].reset();
  });
}

void PartitionedDataWriter::Account(Slot& slot) {
  int64_t now = slot.pending_bytes + (slot.writer ? slot.writer->MemoryUsage() + kOpenFileBytes : 0);
  int64_t before = slot.memory.exchange(now);
  AddMemory(now - before);
}

void PartitionedDataWriter::Shrink() {
  std::unique_lock<std::mutex> guard(shrink_mutex_, std::try_to_lock);
  if (!guard.owns_lock()) return;  // another thread is shrinking already
  std::vector<std::pair<int64_t, Slot*>> by_size;
  size_t partitions = 0;
  {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    partitions = slots_.size();
    for (auto& [key, slot] : slots_) {
      int64_t m = slot->memory.load();
      if (m > 0) by_size.emplace_back(m, slot.get());
    }
  }
  // The write has more partitions than memory holds well: it turns clustered.
  int64_t crowded = std::max<int64_t>(16, options_.memory_limit / kPartitionShare);
  if (!clustering_.load() && options_.spill_io && spillable_ && static_cast<int64_t>(partitions) > crowded) {
    StartClustering();
    return;
  }
  std::sort(by_size.begin(), by_size.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  // why: shrinking to below three quarters of the limit, not just below it, so that a write
  // that keeps the total near the limit does not shrink one partition per batch
  int64_t low = options_.memory_limit / 4 * 3;
  for (auto& [size, slot] : by_size) {
    if (memory_.load() <= low) break;
    std::lock_guard<std::mutex> lock(slot->mutex);
    if (sorted_) {
      WriteSorted(*slot);
    } else if (slot->writer) {
      // Compressing the open pages usually frees most; otherwise the row group is written.
      int64_t before = slot->writer->MemoryUsage();
      slot->writer->FlushPages();
      if (slot->writer->MemoryUsage() * 2 > before) slot->writer->FlushRowGroup();
    }
    Account(*slot);
  }
}

std::vector<DataFile> PartitionedDataWriter::Finish(const ParallelFor& parallel_for) {
  if (clustering_.load()) WriteSpilledGroups(parallel_for);
  std::vector<Slot*> slots;
  {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    for (auto& [key, slot] : slots_) slots.push_back(slot.get());
  }
  parallel_for(static_cast<int>(slots.size()), [&](int i) {
    Slot& slot = *slots[i];
    std::lock_guard<std::mutex> lock(slot.mutex);
    if (sorted_) WriteSorted(slot);
    CloseFile(slot);
    Account(slot);
  });
  std::vector<DataFile> files;
  for (Slot* slot : slots) {
    for (auto& f : slot->done) files.push_back(std::move(f));
    slot->done.clear();
  }
  std::sort(files.begin(), files.end(),
            [](const DataFile& a, const DataFile& b) { return a.file_path < b.file_path; });
  finished_ = true;
  return files;
}

void PartitionedDataWriter::Abort() noexcept {
  finished_ = true;
  std::lock_guard<std::mutex> lock(slots_mutex_);
  for (auto& [key, slot] : slots_) {
    if (slot->writer) slot->writer->Abort();
    slot->writer.reset();
    slot->done.clear();
  }
  try {
    options_.io->Delete(written_paths_);
    // Deepest folders first, so a partition folder goes before its parent; a folder that
    // is not empty (files of another writer) stays.
    std::sort(created_folders_.begin(), created_folders_.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const auto& folder : created_folders_) options_.io->DeleteEmptyFolder(folder);
  } catch (...) {
    // why: Abort never throws; what cannot be deleted stays an orphan file
  }
}

DataFile MakeDataFile(const Schema& schema, const std::string& path, const std::vector<Value>& partition,
                      const ParquetFileMetrics& metrics, int spec_id) {
  DataFile file;
  file.content = FileContent::kData;
  file.file_path = path;
  file.file_format = "PARQUET";
  file.partition = partition;
  file.record_count = metrics.record_count;
  file.file_size_in_bytes = metrics.file_size;
  file.split_offsets = metrics.split_offsets;
  file.spec_id = spec_id;
  for (const auto& m : metrics.fields) {
    if (m.field_id < 0) continue;
    const NestedField* field = schema.FindFieldById(m.field_id);
    if (!field) continue;
    file.column_sizes[m.field_id] = m.column_size;
    file.value_counts[m.field_id] = m.value_count;
    file.null_value_counts[m.field_id] = m.null_count;
    LogicalType type = field->type()->ToLogicalType();
    if (type.IsFloating()) file.nan_value_counts[m.field_id] = m.nan_count;
    if (m.lower_bound) file.lower_bounds[m.field_id] = SingleValueSerialization::ToBytes(*field->type(), *m.lower_bound);
    if (m.upper_bound) file.upper_bounds[m.field_id] = SingleValueSerialization::ToBytes(*field->type(), *m.upper_bound);
  }
  return file;
}

}  // namespace floe::iceberg
