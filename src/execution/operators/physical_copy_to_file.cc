#include "execution/operators/physical_copy_to_file.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>

#include "common/date_time.h"
#include "common/exception.h"
#include "io/file_io.h"
#include "parquet/parquet_writer.h"

namespace floe {

namespace fs = std::filesystem;

namespace {

// A name in the target's folder that readers of the folder skip (a leading dot) and
// no other COPY uses at the same time.
std::string TemporaryPath(const std::string& path) {
  static std::atomic<uint64_t> counter{0};
  fs::path target(path);
  std::string name = "." + target.filename().string() + ".tmp-" + std::to_string(getpid()) + "-" +
                     std::to_string(counter.fetch_add(1));
  return (target.parent_path() / name).string();
}

struct CopyToFileState : GlobalSinkState {
  FileIO* io = nullptr;
  std::string path;
  std::string temp_path;
  std::vector<LogicalType> types;
  std::unique_ptr<ParquetWriter> parquet;
  std::unique_ptr<OutputFile> csv;
  int64_t rows = 0;
  bool done = false;

  ~CopyToFileState() override {
    if (done) return;
    // why: a COPY that failed leaves nothing behind
    if (parquet) {
      parquet->Abort();
    } else if (csv) {
      csv.reset();
      try {
        io->Delete({temp_path});
      } catch (...) {
        // why: cleanup after a failure; the failure is the error to report
      }
    }
  }
};

std::string CsvField(const Vector& vector, size_t row, char delimiter, const TimeZone& zone) {
  if (vector.IsNull(row)) return "";
  Value v = vector.GetValue(row);
  // (instants in the session's zone, as they are shown)
  std::string text = v.type().id() == TypeId::kTimestamp     ? FormatTimestamp(v.int64(), zone)
                     : v.type().id() == TypeId::kTimestampNs ? FormatTimestampNanos(v.int64(), zone)
                                                             : v.ToString();
  bool quote =
      text.empty() || text.find_first_of(std::string("\"\r\n") + delimiter) != std::string::npos;
  if (!quote) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

PhysicalCopyToFile::PhysicalCopyToFile(std::vector<LogicalType> input_types,
                                       std::vector<std::string> names, std::string path,
                                       CopyToFileOptions options)
    : PhysicalOperator({TypeId::kInt64}),
      input_types_(std::move(input_types)),
      names_(std::move(names)),
      path_(std::move(path)),
      options_(std::move(options)) {}

std::unique_ptr<GlobalSinkState> PhysicalCopyToFile::GetGlobalSinkState(
    ExecutionContext& context) const {
  auto state = std::make_unique<CopyToFileState>();
  state->io = context.io;
  state->path = path_;
  state->temp_path = TemporaryPath(path_);
  if (!context.io->Exists(path_) && !context.io->List(path_).empty()) {
    throw IOError("cannot write \"" + path_ + "\": it is a directory");
  }
  // why: as Spark's writers do, the target's folders are created when missing (Create does)
  for (const auto& t : input_types_)
    state->types.push_back(t.id() == TypeId::kNull ? LogicalType(TypeId::kString) : t);
  if (options_.format == CopyToFileOptions::Format::kParquet) {
    std::vector<ParquetWriterField> fields;
    for (size_t i = 0; i < state->types.size(); ++i) {
      ParquetWriterField field;
      field.name = i < names_.size() ? names_[i] : "col" + std::to_string(i + 1);
      field.field_id = static_cast<int>(i + 1);
      field.type = state->types[i];
      field.nullable = true;
      fields.push_back(std::move(field));
    }
    try {
      state->parquet = std::make_unique<ParquetWriter>(*context.io, state->temp_path, std::move(fields),
                                                       options_.parquet);
    } catch (...) {
      // why: the writer creates its file before it checks the types (INTERVAL)
      try {
        context.io->Delete({state->temp_path});
      } catch (...) {
      }
      throw;
    }
  } else {
    state->csv = context.io->Create(state->temp_path);
    if (options_.csv_header) {
      std::string line;
      for (size_t i = 0; i < names_.size(); ++i) {
        if (i) line += options_.csv_delimiter;
        line += names_[i];
      }
      state->csv->Write(line + "\n");
    }
  }
  return state;
}

SinkResult PhysicalCopyToFile::Sink(ExecutionContext& context, DataChunk& input,
                                    GlobalSinkState& global, LocalSinkState& local) const {
  auto& state = static_cast<CopyToFileState&>(global);
  size_t n = input.size();
  if (state.parquet) {
    bool retype = false;
    for (size_t i = 0; i < input.ColumnCount(); ++i)
      retype = retype || input.column(i).type() != state.types[i];
    if (!retype) {
      state.parquet->Write(input);
    } else {
      // why: a column of bare NULLs has no Parquet type; it is written as a string column
      DataChunk chunk(state.types, std::max<size_t>(n, 1));
      for (size_t i = 0; i < input.ColumnCount(); ++i) {
        if (input.column(i).type() == state.types[i]) {
          chunk.column(i) = input.column(i);
        } else {
          for (size_t r = 0; r < n; ++r) chunk.column(i).SetNull(r, true);
        }
      }
      chunk.SetSize(n);
      state.parquet->Write(chunk);
    }
  } else {
    const TimeZone& zone = *context.function_context.time_zone;
    std::string text;
    for (size_t r = 0; r < n; ++r) {
      for (size_t c = 0; c < input.ColumnCount(); ++c) {
        if (c) text += options_.csv_delimiter;
        text += CsvField(input.column(c), r, options_.csv_delimiter, zone);
      }
      text += '\n';
    }
    state.csv->Write(text);
  }
  state.rows += static_cast<int64_t>(n);
  return SinkResult::kNeedMoreInput;
}

void PhysicalCopyToFile::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  auto& state = static_cast<CopyToFileState&>(global);
  if (state.parquet) {
    state.parquet->Close();
  } else {
    state.csv->Close();
  }
  try {
    state.io->Rename(state.temp_path, state.path);
  } catch (const IOError&) {
    state.done = true;
    try {
      state.io->Delete({state.temp_path});
    } catch (...) {
    }
    throw;
  }
  state.done = true;
}

namespace {

struct CountSourceState : GlobalSourceState {
  bool emitted = false;
};

}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalCopyToFile::GetGlobalSourceState(ExecutionContext& context) const {
  return std::make_unique<CountSourceState>();
}

bool PhysicalCopyToFile::GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                                 LocalSourceState& local) const {
  auto& state = static_cast<CountSourceState&>(global);
  if (state.emitted) return false;
  state.emitted = true;
  out.column(0).SetValue(0, Value::Int64(RowsWritten()));
  out.SetSize(1);
  return false;
}

int64_t PhysicalCopyToFile::RowsWritten() const {
  if (!sink_state) return 0;
  return static_cast<CopyToFileState&>(*sink_state).rows;
}

}  // namespace floe
