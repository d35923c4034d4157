#include "execution/table_sinks/iceberg_table_sink.h"

#include "execution/table_sinks/required_fields.h"
#include "iceberg/single_value_parser.h"

namespace floe {

namespace {

class IcebergTableWrite : public TableWrite {
 public:
  IcebergTableWrite(const iceberg::TableMetadata& metadata, const iceberg::DataWriterOptions& options,
                    const iceberg::LocationRemapper& remapper, const IcebergTableSink::CommitFiles& commit,
                    WriteMode mode, std::string table)
      : schema_(metadata.CurrentSchema()),
        table_(std::move(table)),
        writer_(metadata.CurrentSchema(), metadata.DefaultSpec(), options),
        remapper_(remapper),
        commit_(commit),
        mode_(std::move(mode)) {}

  ~IcebergTableWrite() override {
    if (!committed_) writer_.Abort();
  }

  struct Local : LocalState {
    std::unique_ptr<iceberg::PartitionedDataWriter::LocalState> writer;
  };

  std::unique_ptr<LocalState> NewLocalState() override {
    auto local = std::make_unique<Local>();
    local->writer = writer_.NewLocalState();
    return local;
  }
  void Write(LocalState& local, const DataChunk& chunk) override {
    CheckRequiredNestedFields(schema_, chunk, table_);
    writer_.Write(*static_cast<Local&>(local).writer, chunk);
  }
  void Flush(LocalState& local) override { writer_.Flush(*static_cast<Local&>(local).writer); }

  int64_t Commit(const ParallelRunner& run_parallel) override {
    std::vector<iceberg::DataFile> files = writer_.Finish(run_parallel);
    // Paths are recorded as the table names them, not as remapped locally.
    for (auto& f : files) f.file_path = remapper_.Unmap(f.file_path);
    int64_t rows = 0;
    for (const auto& f : files) rows += f.record_count;
    commit_(std::move(files), mode_);  // a throw leaves committed_ false: the files go
    committed_ = true;
    return rows;
  }

 private:
  const iceberg::Schema schema_;
  const std::string table_;
  iceberg::PartitionedDataWriter writer_;
  // why: copies, as the write may outlive the sink that began it
  iceberg::LocationRemapper remapper_;
  IcebergTableSink::CommitFiles commit_;
  WriteMode mode_;
  bool committed_ = false;
};

}  // namespace

IcebergTableSink::IcebergTableSink(std::string name, std::shared_ptr<const iceberg::TableMetadata> metadata,
                                   iceberg::DataWriterOptions options, iceberg::LocationRemapper remapper,
                                   CommitFiles commit)
    : name_(std::move(name)),
      metadata_(std::move(metadata)),
      options_(std::move(options)),
      remapper_(std::move(remapper)),
      commit_(std::move(commit)) {
  for (const auto& f : metadata_->CurrentSchema().fields()) {
    names_.push_back(f.name());
    types_.push_back(f.type()->ToLogicalType());
    required_.push_back(f.required());
  }
}

std::optional<Value> IcebergTableSink::WriteDefault(size_t column) const {
  const iceberg::NestedField& field = metadata_->CurrentSchema().fields().at(column);
  if (!field.write_default() || !field.type()->IsPrimitive()) return std::nullopt;
  return iceberg::SingleValueParser::FromJson(*field.type(), nlohmann::json::parse(*field.write_default()),
                                              "write-default of field " + field.name());
}

std::vector<std::string> IcebergTableSink::IdentityPartitionColumns() const {
  std::vector<std::string> columns;
  const iceberg::Schema& schema = metadata_->CurrentSchema();
  for (const auto& field : metadata_->DefaultSpec().fields()) {
    if (!field.transform().IsIdentity()) continue;
    // only top-level columns: a nested source (s.b) is no column a PARTITION clause names
    for (const auto& top : schema.fields()) {
      if (top.id() == field.source_id()) columns.push_back(top.name());
    }
  }
  return columns;
}

std::unique_ptr<TableWrite> IcebergTableSink::BeginWrite(const WriteMode& mode) const {
  return std::make_unique<IcebergTableWrite>(*metadata_, options_, remapper_, commit_, mode, name_);
}

}  // namespace floe
