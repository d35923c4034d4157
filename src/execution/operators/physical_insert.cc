#include "execution/operators/physical_insert.h"

#include "common/exception.h"
#include "execution/task_scheduler.h"

namespace floe {

namespace {

struct InsertGlobalState : GlobalSinkState {
  std::unique_ptr<TableWrite> write;
};

struct InsertLocalState : LocalSinkState {
  std::unique_ptr<TableWrite::LocalState> write;
};

}  // namespace

PhysicalInsert::PhysicalInsert(std::shared_ptr<TableSink> sink, WriteMode mode)
    : PhysicalOperator({}), sink_(std::move(sink)), mode_(std::move(mode)) {}

std::unique_ptr<GlobalSinkState> PhysicalInsert::GetGlobalSinkState(ExecutionContext& context) const {
  auto state = std::make_unique<InsertGlobalState>();
  state->write = sink_->BeginWrite(mode_);
  return state;
}

std::unique_ptr<LocalSinkState> PhysicalInsert::GetLocalSinkState(ExecutionContext& context,
                                                                  GlobalSinkState& global) const {
  auto state = std::make_unique<InsertLocalState>();
  state->write = static_cast<InsertGlobalState&>(global).write->NewLocalState();
  return state;
}

SinkResult PhysicalInsert::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                                LocalSinkState& local) const {
  const std::vector<bool>& required = sink_->required();
  for (size_t c = 0; c < required.size() && c < input.ColumnCount(); ++c) {
    if (!required[c] || input.column(c).validity().AllValid()) continue;
    for (size_t r = 0; r < input.size(); ++r) {
      if (input.column(c).IsNull(r)) {
        throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] NULL value in column `" + sink_->names()[c] + "` of " +
                              sink_->DisplayName() + " which is NOT NULL");
      }
    }
  }
  static_cast<InsertGlobalState&>(global).write->Write(*static_cast<InsertLocalState&>(local).write, input);
  return SinkResult::kNeedMoreInput;
}

void PhysicalInsert::Combine(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local) const {
  static_cast<InsertGlobalState&>(global).write->Flush(*static_cast<InsertLocalState&>(local).write);
}

void PhysicalInsert::Finalize(ExecutionContext& context, GlobalSinkState& global) const {
  rows_written_ = static_cast<InsertGlobalState&>(global).write->Commit(
      [&](int n, const std::function<void(int)>& fn) { RunParallel(context, n, fn); });
}

}  // namespace floe
