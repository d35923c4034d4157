#pragma once

#include <optional>

#include "execution/physical_operator.h"
#include "execution/sort_permutation.h"
#include "planner/bound_expression.h"

namespace floe {

/// ORDER BY: each thread collects its input; at the end each thread's rows are sorted as
/// a task of their own (a run), and the runs are merged (k-way) into the output order.
/// With a limit it is a top-N: it keeps only the best `offset + limit` rows as it goes.
///
/// The rows held count against the statement's memory limit (three times their bytes: the
/// sort gathers them into one batch and then into their order). A thread refused more sorts
/// what it holds into a run, writes it to a spill file and starts again empty; the output
/// is then a streaming merge of the spilled runs and those left in memory, read back a
/// batch at a time (an external merge sort).
class PhysicalOrder : public PhysicalOperator {
 public:
  PhysicalOrder(std::vector<LogicalType> types, std::vector<BoundOrder> orders,
                std::optional<int64_t> limit = std::nullopt, int64_t offset = 0);
  std::string Name() const override { return limit_ ? "TakeOrderedAndProject" : "Sort"; }
  std::string Details() const override;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                    GlobalSinkState& global) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;
  std::vector<std::string> AnalyzeLines() const override;

 private:
  std::vector<BoundOrder> orders_;
  std::optional<int64_t> limit_;
  int64_t offset_;
  // Where each key is in the buffered rows: a payload column when the key is one,
  // otherwise a column after the payload, evaluated in Sink.
  std::vector<size_t> key_columns_;
  std::vector<LogicalType> buffered_types_;
};

}  // namespace floe
