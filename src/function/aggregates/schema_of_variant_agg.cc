#include "function/aggregates/schema_of_variant_agg.h"

#include "common/exception.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"
#include "function/variant_schema.h"

namespace floe {

namespace {

struct SchemaState {
  VariantSchema schema;  // VOID until a value is seen
  SchemaState() { schema.name = "VOID"; }
};

}  // namespace

BoundAggregateFunction BindSchemaOfVariantAgg(const std::vector<LogicalType>& arg_types, bool distinct) {
  const char* name = "schema_of_variant_agg";
  if (arg_types.size() != 1 || (arg_types[0].id() != TypeId::kVariant && arg_types[0].id() != TypeId::kNull)) {
    ThrowUnsupportedArguments(name, arg_types, "(variant)");
  }
  // (DISTINCT changes no merged schema)
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {TypeId::kVariant};
  f.return_type = TypeId::kString;
  f.state_size = sizeof(SchemaState);
  f.initialize = [](uint8_t* state) { new (state) SchemaState(); };
  f.destroy = [](uint8_t* state) { StateAt<SchemaState>(&state, 0).~SchemaState(); };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states, const FunctionContext&) {
    const StringRef* packed = args[0]->Data<StringRef>();
    ForEachValidRow(args[0]->validity(), count, [&](size_t i) {
      auto& state = StateAt<SchemaState>(states, i);
      state.schema = MergeVariantSchema(state.schema, SchemaOfVariant(VariantRef::Unpack(packed[i].view())));
    });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    auto& dst = StateAt<SchemaState>(&target, 0);
    dst.schema = MergeVariantSchema(dst.schema, StateAt<SchemaState>(&source, 0).schema);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      result.SetNull(i, false);
      result.SetString(i, VariantSchemaText(StateAt<SchemaState>(states, i).schema));
    }
  };
  return f;
}

}  // namespace floe
