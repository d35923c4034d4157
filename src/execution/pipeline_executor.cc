#include "execution/pipeline_executor.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>

#include "common/exception.h"
#include "execution/operators/physical_subquery.h"
#include "execution/task_scheduler.h"

namespace floe {

PipelineExecutor::PipelineExecutor(ExecutionContext& context, const PhysicalOperator& root,
                                   const PhysicalOperator& result_sink)
    : context_(context), root_operator_(root) {
  root_ = NewPipeline();
  root_->sink = &result_sink;
  Build(root, root_);
}

Pipeline* PipelineExecutor::NewPipeline() {
  pipelines_.push_back(std::make_unique<Pipeline>());
  return pipelines_.back().get();
}

void PipelineExecutor::Build(const PhysicalOperator& op, Pipeline* current) {
  if (op.IsSink() && op.IsStreamingOperator()) {
    // A join: the build children feed its sink; the probe child streams through it.
    current->operators.insert(current->operators.begin(), &op);
    auto sink_children = op.SinkChildren();
    for (size_t i = 0; i < op.children().size(); ++i) {
      if (std::find(sink_children.begin(), sink_children.end(), i) != sink_children.end()) {
        Pipeline* build = NewPipeline();
        build->sink = &op;
        Build(*op.children()[i], build);
        current->dependencies.push_back(build);
      }
    }
    for (size_t i = 0; i < op.children().size(); ++i) {
      if (std::find(sink_children.begin(), sink_children.end(), i) == sink_children.end()) {
        Build(*op.children()[i], current);
      }
    }
    return;
  }
  if (op.IsSink()) {
    current->source = &op;
    for (const auto& child : op.children()) {
      Pipeline* p = NewPipeline();
      p->sink = &op;
      Build(*child, p);
      current->dependencies.push_back(p);
    }
    return;
  }
  if (op.IsSource()) {
    current->source = &op;
    return;
  }
  current->operators.insert(current->operators.begin(), &op);
  if (op.children().empty()) throw InternalError(op.Name() + " has no input");
  Build(*op.children()[0], current);
}

void PipelineExecutor::Execute() {
  // Uncorrelated subqueries first (Spark's waitForSubqueries): an operator reads their
  // results as constants, and a scan plans its files with them.
  RunSubqueries(root_operator_);
  Run(root_);
}

void PipelineExecutor::RunSubqueries(const PhysicalOperator& op) {
  for (const auto& subquery : op.subqueries()) subquery->Run(context_);
  for (const auto& child : op.children()) RunSubqueries(*child);
}

void PipelineExecutor::Run(Pipeline* pipeline) {
  for (Pipeline* dep : pipeline->dependencies) Run(dep);
  if (context_.query) context_.query->CheckInterrupted();
  RunPipeline(*pipeline);
  // Finalize the sink once every pipeline feeding it has run.
  const PhysicalOperator* sink = pipeline->sink;
  size_t feeding = 0, finished = 0;
  done_.push_back(pipeline);
  for (const auto& p : pipelines_) {
    if (p->sink == sink) {
      ++feeding;
      if (std::find(done_.begin(), done_.end(), p.get()) != done_.end()) ++finished;
    }
  }
  if (feeding == finished) {
    if (context_.query) context_.query->CheckInterrupted();
    sink->Finalize(context_, *sink->sink_state);
  }
}

namespace {

// Pushes one batch through operators[index..] into the sink; handles operators that
// produce several outputs per input. Returns false when the sink is finished.
struct PipelineWorker {
  ExecutionContext& context;
  Pipeline& pipeline;
  std::vector<std::unique_ptr<OperatorState>> states;
  std::vector<DataChunk> buffers;
  std::unique_ptr<LocalSinkState> sink_local;

  bool Push(size_t index, DataChunk& chunk) {
    if (chunk.size() == 0) return true;
    if (index == pipeline.operators.size()) {
      if (context.query) context.query->CheckInterrupted();
      return pipeline.sink->Sink(context, chunk, *pipeline.sink->sink_state, *sink_local) ==
             SinkResult::kNeedMoreInput;
    }
    const PhysicalOperator* op = pipeline.operators[index];
    DataChunk& out = buffers[index];
    for (;;) {
      out.Initialize(op->types());
      auto start = std::chrono::steady_clock::now();
      OperatorResult result = op->Execute(context, chunk, out, *states[index]);
      op->profile.nanos += std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now() - start)
                               .count();
      op->profile.rows += out.size();
      if (!Push(index + 1, out)) return false;
      if (result == OperatorResult::kFinished) return false;
      if (result == OperatorResult::kNeedMoreInput) return true;
    }
  }
};

}  // namespace

void PipelineExecutor::RunPipeline(Pipeline& pipeline) {
  const PhysicalOperator* sink = pipeline.sink;
  if (!sink->sink_state) sink->sink_state = sink->GetGlobalSinkState(context_);
  auto source_global = pipeline.source->GetGlobalSourceState(context_);
  int threads = context_.threads;
  if (!pipeline.source->ParallelSource() || sink->SinkOrderMatters()) threads = 1;
  std::mutex combine_mutex;
  std::atomic<bool> finished{false};
  auto work = [&](int) {
    PipelineWorker worker{context_, pipeline, {}, {}, nullptr};
    for (const auto* op : pipeline.operators) {
      worker.states.push_back(op->GetOperatorState(context_));
    }
    worker.buffers.resize(pipeline.operators.size());
    worker.sink_local = sink->GetLocalSinkState(context_, *sink->sink_state);
    auto source_local = pipeline.source->GetLocalSourceState(context_, *source_global);
    DataChunk chunk;
    while (!finished.load()) {
      if (context_.query) context_.query->CheckInterrupted();
      chunk.Recycle(pipeline.source->types());
      auto start = std::chrono::steady_clock::now();
      bool more = pipeline.source->GetData(context_, chunk, *source_global, *source_local);
      pipeline.source->profile.nanos += std::chrono::duration_cast<std::chrono::nanoseconds>(
                                            std::chrono::steady_clock::now() - start)
                                            .count();
      pipeline.source->profile.rows += chunk.size();
      if (chunk.size() > 0 && !worker.Push(0, chunk)) {
        finished = true;
        break;
      }
      if (!more) break;
    }
    std::lock_guard<std::mutex> lock(combine_mutex);
    sink->Combine(context_, *sink->sink_state, *worker.sink_local);
  };
  if (threads <= 1 || !context_.scheduler) {
    work(0);
  } else {
    context_.scheduler->RunParallel(threads, work);
  }
  // Rows some operators emit once their input is done (unmatched rows of outer joins).
  for (size_t i = 0; i < pipeline.operators.size() && !finished.load(); ++i) {
    const PhysicalOperator* op = pipeline.operators[i];
    if (!op->HasFinalOutput()) continue;
    PipelineWorker worker{context_, pipeline, {}, {}, nullptr};
    for (const auto* o : pipeline.operators) worker.states.push_back(o->GetOperatorState(context_));
    worker.buffers.resize(pipeline.operators.size());
    worker.sink_local = sink->GetLocalSinkState(context_, *sink->sink_state);
    op->FinalOutput(context_, [&](DataChunk& chunk) {
      if (context_.query) context_.query->CheckInterrupted();
      op->profile.rows += chunk.size();
      if (worker.Push(i + 1, chunk)) return true;
      finished = true;
      return false;
    });
    sink->Combine(context_, *sink->sink_state, *worker.sink_local);
  }
}

}  // namespace floe
