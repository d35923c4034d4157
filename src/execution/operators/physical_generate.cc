#include "execution/operators/physical_generate.h"

#include "execution/expression_executor.h"

namespace floe {

namespace {

// Where the operator is within the current input batch, kept across the calls that return
// kHaveMoreOutput: the evaluated argument, a row and the elements of it already emitted.
struct GenerateState : OperatorState {
  bool evaluated = false;
  Vector argument;
  size_t row = 0;
  uint64_t emitted = 0;
};

}  // namespace

std::unique_ptr<OperatorState> PhysicalGenerate::GetOperatorState(ExecutionContext&) const {
  return std::make_unique<GenerateState>();
}

OperatorResult PhysicalGenerate::Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                                         OperatorState& state) const {
  auto& s = static_cast<GenerateState&>(state);
  if (!s.evaluated) {
    s.argument = ExpressionExecutor(context.function_context).Evaluate(*argument_, input);
    s.evaluated = true;
  }
  const Vector& arg = s.argument;
  const auto* entries = arg.Data<ListEntry>();
  // The output rows: their input row and element (-1: the one NULL row of an outer generator).
  std::vector<uint32_t> rows;
  std::vector<int64_t> elements;
  std::vector<int32_t> positions;
  while (s.row < input.size() && rows.size() < kBatchSize) {
    uint64_t length = arg.IsNull(s.row) ? 0 : entries[s.row].length;
    if (length == 0) {
      if (outer_) {
        rows.push_back(static_cast<uint32_t>(s.row));
        elements.push_back(-1);
        positions.push_back(0);
      }
      ++s.row;
      continue;
    }
    uint64_t take = std::min<uint64_t>(length - s.emitted, kBatchSize - rows.size());
    for (uint64_t k = 0; k < take; ++k) {
      rows.push_back(static_cast<uint32_t>(s.row));
      elements.push_back(static_cast<int64_t>(entries[s.row].offset + s.emitted + k));
      positions.push_back(static_cast<int32_t>(s.emitted + k));
    }
    s.emitted += take;
    if (s.emitted == length) {
      ++s.row;
      s.emitted = 0;
    }
  }
  size_t n = rows.size();
  size_t width = input.ColumnCount();
  for (size_t c = 0; c < width; ++c) output.column(c).Gather(input.column(c), rows.data(), n);
  // The element columns, gathered from the argument's children (a NULL for an outer row).
  std::vector<uint32_t> sel(n);
  for (size_t i = 0; i < n; ++i) sel[i] = elements[i] < 0 ? 0 : static_cast<uint32_t>(elements[i]);
  size_t column = width;
  auto gather = [&](const Vector& from) {
    Vector& out = output.column(column++);
    out = Vector(from.type(), std::max<size_t>(n, 1));
    if (from.capacity() == 0) {
      for (size_t i = 0; i < n; ++i) out.SetValue(i, Value::Null());
      return;
    }
    out.Gather(from, sel.data(), n);
    for (size_t i = 0; i < n; ++i) {
      if (elements[i] < 0) out.SetValue(i, Value::Null());
    }
  };
  if (kind_ == GeneratorKind::kPosExplode) {
    Vector& pos = output.column(column++);
    pos = Vector(TypeId::kInt32, std::max<size_t>(n, 1));
    for (size_t i = 0; i < n; ++i) {
      pos.Data<int32_t>()[i] = positions[i];
      pos.SetNull(i, elements[i] < 0);
    }
  }
  if (kind_ == GeneratorKind::kInline) {
    // a NULL struct element gives NULL fields
    const Vector& structs = arg.child(0);
    for (size_t f = 0; f < structs.ChildCount(); ++f) {
      size_t at = column;
      gather(structs.child(f));
      for (size_t i = 0; i < n; ++i) {
        if (elements[i] >= 0 && structs.IsNull(static_cast<size_t>(elements[i]))) {
          output.column(at).SetValue(i, Value::Null());
        }
      }
    }
  } else {
    for (size_t c = 0; c < arg.ChildCount(); ++c) gather(arg.child(c));
  }
  output.SetSize(n);
  if (s.row < input.size()) return OperatorResult::kHaveMoreOutput;
  s.row = 0;
  s.emitted = 0;
  s.evaluated = false;
  s.argument = Vector();
  return OperatorResult::kNeedMoreInput;
}

}  // namespace floe
