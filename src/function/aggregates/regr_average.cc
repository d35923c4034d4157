#include "function/aggregates/regr_average.h"

#include <memory>

#include "function/aggregates/avg.h"
#include "function/aggregates/unsupported_arguments.h"

namespace floe {

BoundAggregateFunction BindRegrAverage(bool of_x, const std::vector<LogicalType>& arg_types,
                                       bool distinct) {
  const char* name = of_x ? "regr_avgx" : "regr_avgy";
  if (arg_types.size() != 2) ThrowUnsupportedArguments(name, arg_types, "(numeric y, numeric x)");
  size_t averaged = of_x ? 1 : 0;
  auto inner = std::make_shared<const BoundAggregateFunction>(
      BindAvg({arg_types[averaged]}, distinct));
  BoundAggregateFunction f = *inner;
  f.name = name;
  f.arg_types = {arg_types[0], arg_types[1]};
  f.arg_types[averaged] = inner->arg_types[0];
  f.remove = nullptr;
  // Gathers the rows where both arguments are non-NULL, then runs avg's update on them.
  f.update = [inner, averaged](const std::vector<const Vector*>& args, size_t count,
                               uint8_t** states, const FunctionContext& context) {
    const Vector& other = *args[1 - averaged];
    const Vector& values = *args[averaged];
    if (other.validity().AllValid()) {
      inner->update({&values}, count, states, context);
      return;
    }
    std::vector<uint32_t> rows;
    std::vector<uint8_t*> targets;
    for (size_t i = 0; i < count; ++i) {
      if (!other.IsNull(i)) {
        rows.push_back(static_cast<uint32_t>(i));
        targets.push_back(states[i]);
      }
    }
    Vector gathered(values.type(), count == 0 ? 1 : count);
    gathered.Gather(values, rows.data(), rows.size());
    inner->update({&gathered}, rows.size(), targets.data(), context);
  };
  return f;
}

}  // namespace floe
