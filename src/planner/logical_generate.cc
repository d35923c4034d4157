#include "planner/logical_generate.h"

namespace floe {

std::string LogicalGenerate::Describe() const { return std::string("Generate ") + text + (outer ? ", outer" : ""); }

void LogicalGenerate::GeneratedColumns(GeneratorKind kind, const LogicalType& argument, std::vector<LogicalType>* types,
                                       std::vector<std::string>* names) {
  if (kind == GeneratorKind::kPosExplode) {
    types->push_back(TypeId::kInt32);
    names->push_back("pos");
  }
  if (kind == GeneratorKind::kInline) {
    for (const auto& [name, type] : argument.element().fields()) {
      types->push_back(type);
      names->push_back(name);
    }
  } else if (argument.id() == TypeId::kMap) {
    types->push_back(argument.key());
    names->push_back("key");
    types->push_back(argument.value());
    names->push_back("value");
  } else {
    types->push_back(argument.element());
    names->push_back("col");
  }
}

}  // namespace floe
