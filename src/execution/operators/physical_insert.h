#pragma once

#include <memory>
#include <string>
#include <vector>

#include "execution/physical_operator.h"
#include "planner/table_sink.h"

namespace floe {

/// INSERT INTO / OVERWRITE (and the rows of CREATE TABLE AS): the sink that streams the
/// query's batches into the target's write as they come (NOT NULL columns checked), and
/// commits the write once every batch is in. A failed or cancelled statement never
/// commits: the write, destroyed with the plan, deletes what it wrote. Outputs no rows.
class PhysicalInsert : public PhysicalOperator {
 public:
  PhysicalInsert(std::shared_ptr<TableSink> sink, WriteMode mode);

  std::string Name() const override { return sink_->PlanName(mode_); }
  std::string Details() const override {
    if (mode_.kind != WriteMode::Kind::kOverwriteByExpression) return sink_->DisplayName();
    return sink_->DisplayName() + ", " + mode_.Condition(sink_->names());
  }

  bool IsSink() const override { return true; }
  bool SinkOrderMatters() const override { return sink_->PreservesOrder(); }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                    GlobalSinkState& global) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global, LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  bool IsSource() const override { return true; }
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override {
    return false;
  }

  /// Returns the rows written, once the plan has run.
  int64_t rows_written() const { return rows_written_; }

 private:
  std::shared_ptr<TableSink> sink_;
  WriteMode mode_;
  mutable int64_t rows_written_ = 0;
};

}  // namespace floe
