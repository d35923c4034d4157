#pragma once

#include <memory>
#include <vector>

#include "execution/physical_operator.h"

namespace floe {

/// A chain source -> operators -> sink run by several threads at once.
struct Pipeline {
  const PhysicalOperator* source = nullptr;
  std::vector<const PhysicalOperator*> operators;  // in data-flow order
  const PhysicalOperator* sink = nullptr;
  std::vector<Pipeline*> dependencies;
};

/// Splits a physical plan into pipelines and runs them, dependencies first.
class PipelineExecutor {
 public:
  PipelineExecutor(ExecutionContext& context, const PhysicalOperator& root,
                   const PhysicalOperator& result_sink);
  /// Runs the plan's subqueries, then every pipeline; the result sink holds the output
  /// afterwards.
  void Execute();

 private:
  /// Runs, once each, the subqueries the operators of `op`'s tree read.
  void RunSubqueries(const PhysicalOperator& op);

  Pipeline* NewPipeline();
  void Build(const PhysicalOperator& op, Pipeline* current);
  void Run(Pipeline* pipeline);
  void RunPipeline(Pipeline& pipeline);

  ExecutionContext& context_;
  const PhysicalOperator& root_operator_;
  std::vector<std::unique_ptr<Pipeline>> pipelines_;
  Pipeline* root_ = nullptr;
  std::vector<Pipeline*> done_;
};

}  // namespace floe
