#pragma once

#include <functional>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "common/vector.h"
#include "execution/execution_context.h"

namespace floe {

struct GlobalSourceState {
  virtual ~GlobalSourceState() = default;
};
struct LocalSourceState {
  virtual ~LocalSourceState() = default;
};
struct OperatorState {
  virtual ~OperatorState() = default;
};
struct GlobalSinkState {
  virtual ~GlobalSinkState() = default;
};
struct LocalSinkState {
  virtual ~LocalSinkState() = default;
};

class PhysicalSubquery;

enum class OperatorResult { kNeedMoreInput, kHaveMoreOutput, kFinished };
enum class SinkResult { kNeedMoreInput, kFinished };

/// Per-operator counters for EXPLAIN ANALYZE.
struct OperatorProfile {
  std::atomic<uint64_t> rows{0};
  std::atomic<uint64_t> nanos{0};
};

/// A node of the physical plan. An operator plays up to three roles in push-based
/// pipelines: source (produces batches), operator (transforms a batch), sink (consumes
/// batches until its input ends, then becomes the source of the next pipeline).
class PhysicalOperator {
 public:
  explicit PhysicalOperator(std::vector<LogicalType> types) : types_(std::move(types)) {}
  virtual ~PhysicalOperator() = default;

  const std::vector<LogicalType>& types() const { return types_; }
  std::vector<std::unique_ptr<PhysicalOperator>>& children() { return children_; }
  const std::vector<std::unique_ptr<PhysicalOperator>>& children() const { return children_; }
  void AddChild(std::unique_ptr<PhysicalOperator> child) { children_.push_back(std::move(child)); }
  /// Returns the uncorrelated subqueries this operator's expressions read: they run before
  /// the plan does, and EXPLAIN shows them under the operator.
  const std::vector<std::shared_ptr<PhysicalSubquery>>& subqueries() const { return subqueries_; }
  void AddSubquery(std::shared_ptr<PhysicalSubquery> subquery) { subqueries_.push_back(std::move(subquery)); }

  /// Returns the operator's name as Spark prints it ("HashAggregate", "Filter", ...).
  virtual std::string Name() const = 0;
  /// Returns the details shown after the name in EXPLAIN.
  virtual std::string Details() const { return ""; }

  // Source role.
  virtual bool IsSource() const { return false; }
  virtual bool ParallelSource() const { return true; }
  virtual std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const {
    return std::make_unique<GlobalSourceState>();
  }
  virtual std::unique_ptr<LocalSourceState> GetLocalSourceState(ExecutionContext& context,
                                                                GlobalSourceState& global) const {
    return std::make_unique<LocalSourceState>();
  }
  /// Fills out with the next batch; returns false (with out empty) when exhausted.
  virtual bool GetData(ExecutionContext& context, DataChunk& out, GlobalSourceState& global,
                       LocalSourceState& local) const {
    return false;
  }

  // Operator role.
  virtual bool IsStreamingOperator() const { return false; }
  virtual std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const {
    return std::make_unique<OperatorState>();
  }
  virtual OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                                 OperatorState& state) const {
    return OperatorResult::kNeedMoreInput;
  }

  // Sink role.
  virtual bool IsSink() const { return false; }
  /// True when the sink needs its input in order (a single thread feeds it).
  virtual bool SinkOrderMatters() const { return false; }
  virtual std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const {
    return std::make_unique<GlobalSinkState>();
  }
  virtual std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context,
                                                            GlobalSinkState& global) const {
    return std::make_unique<LocalSinkState>();
  }
  virtual SinkResult Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                          LocalSinkState& local) const {
    return SinkResult::kNeedMoreInput;
  }
  virtual void Combine(ExecutionContext& context, GlobalSinkState& global,
                       LocalSinkState& local) const {}
  virtual void Finalize(ExecutionContext& context, GlobalSinkState& global) const {}
  /// Which children feed the sink (a join's build side only); others stream through.
  virtual std::vector<size_t> SinkChildren() const {
    std::vector<size_t> all;
    for (size_t i = 0; i < children_.size(); ++i) all.push_back(i);
    return all;
  }

  /// True for operators that emit more rows after their input ends (RIGHT / FULL joins, a
  /// hash join whose build side was spilled); asked once the operator's sink has finished.
  virtual bool HasFinalOutput() const { return false; }
  /// Produces those rows a batch at a time through `emit`, which returns false when no more
  /// are wanted (a LIMIT was reached); called once, after every thread of the pipeline has
  /// finished.
  virtual void FinalOutput(ExecutionContext& context, const std::function<bool(DataChunk&)>& emit) const {}

  /// The sink's state for this execution, set by the executor and read by the source role.
  mutable std::unique_ptr<GlobalSinkState> sink_state;
  mutable OperatorProfile profile;
  /// Extra lines for EXPLAIN ANALYZE (scan metrics), filled after execution.
  virtual std::vector<std::string> AnalyzeLines() const { return {}; }

 protected:
  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<PhysicalOperator>> children_;
  std::vector<std::shared_ptr<PhysicalSubquery>> subqueries_;
};

using PhysicalOperatorPtr = std::unique_ptr<PhysicalOperator>;

}  // namespace floe
