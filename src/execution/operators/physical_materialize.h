#pragma once

#include <mutex>
#include <optional>

#include "execution/chunk_collection.h"
#include "execution/physical_operator.h"

namespace floe {

/// Global state of sinks that keep every batch they receive.
struct MaterializedState : GlobalSinkState {
  std::mutex mutex;
  ChunkCollection rows;
};

/// Constant rows as a source (VALUES, and the one empty row of SELECT without FROM).
class PhysicalValues : public PhysicalOperator {
 public:
  PhysicalValues(std::vector<LogicalType> types, std::vector<std::vector<Value>> rows);
  std::string Name() const override { return "LocalTableScan"; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::vector<std::vector<Value>> rows_;
};

/// Collects the query's result batches in arrival order.
class PhysicalResultCollector : public PhysicalOperator {
 public:
  explicit PhysicalResultCollector(std::vector<LogicalType> types)
      : PhysicalOperator(std::move(types)) {}
  std::string Name() const override { return "ResultCollector"; }
  bool IsSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override {
    return std::make_unique<MaterializedState>();
  }
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  /// Returns the collected rows after execution.
  ChunkCollection& rows() const { return static_cast<MaterializedState&>(*sink_state).rows; }
};

/// UNION ALL: every child feeds the sink; the rows are then read back as a source.
class PhysicalUnion : public PhysicalOperator {
 public:
  explicit PhysicalUnion(std::vector<LogicalType> types) : PhysicalOperator(std::move(types)) {}
  std::string Name() const override { return "Union"; }
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override {
    return std::make_unique<MaterializedState>();
  }
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;
};

/// LIMIT / OFFSET: keeps rows in arrival order until it has enough, then stops its input.
class PhysicalLimit : public PhysicalOperator {
 public:
  PhysicalLimit(std::vector<LogicalType> types, std::optional<int64_t> limit, int64_t offset)
      : PhysicalOperator(std::move(types)), limit_(limit), offset_(offset) {}
  std::string Name() const override { return "Limit"; }
  std::string Details() const override;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  bool ParallelSource() const override { return false; }
  bool SinkOrderMatters() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                  LocalSinkState& local) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::optional<int64_t> limit_;
  int64_t offset_;
};

/// Reads a ChunkCollection back batch by batch (in order when not parallel).
struct CollectionSourceState : GlobalSourceState {
  std::mutex mutex;
  size_t next = 0;
};
bool ScanCollection(ChunkCollection& rows, CollectionSourceState& state, DataChunk& out);

}  // namespace floe
