#include "execution/operators/physical_iceberg_write.h"

#include "common/exception.h"
#include "execution/task_scheduler.h"

namespace floe {

namespace {

struct IcebergWriteLocalState : LocalSinkState {
  std::unique_ptr<iceberg::PartitionedDataWriter::LocalState> writer;
};

}  // namespace

PhysicalIcebergWrite::PhysicalIcebergWrite(std::vector<LogicalType> types, std::vector<std::string> names,
                                           std::vector<bool> required, std::string table_name,
                                           iceberg::PartitionedDataWriter& writer)
    : PhysicalOperator(std::move(types)),
      names_(std::move(names)),
      required_(std::move(required)),
      table_name_(std::move(table_name)),
      writer_(writer) {}

std::unique_ptr<LocalSinkState> PhysicalIcebergWrite::GetLocalSinkState(ExecutionContext& context,
                                                                        GlobalSinkState& global) const {
  auto state = std::make_unique<IcebergWriteLocalState>();
  state->writer = writer_.NewLocalState();
  return state;
}

SinkResult PhysicalIcebergWrite::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                                      LocalSinkState& local) const {
  for (size_t c = 0; c < required_.size() && c < input.ColumnCount(); ++c) {
    if (!required_[c] || input.column(c).validity().AllValid()) continue;
    for (size_t r = 0; r < input.size(); ++r) {
      if (input.column(c).IsNull(r)) {
        throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] NULL value in column `" + names_[c] + "` of " +
                              table_name_ + " which is NOT NULL");
      }
    }
  }
  writer_.Write(*static_cast<IcebergWriteLocalState&>(local).writer, input);
  return SinkResult::kNeedMoreInput;
}

void PhysicalIcebergWrite::Combine(ExecutionContext& context, GlobalSinkState& global,
                                   LocalSinkState& local) const {
  writer_.Flush(*static_cast<IcebergWriteLocalState&>(local).writer);
}

void PhysicalIcebergWrite::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  files_ = writer_.Finish([&](int n, const std::function<void(int)>& fn) {
    if (context.scheduler && context.threads > 1) {
      context.scheduler->RunParallel(n, fn);
    } else {
      for (int i = 0; i < n; ++i) fn(i);
    }
  });
}

}  // namespace floe
