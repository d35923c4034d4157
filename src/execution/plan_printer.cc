#include "execution/plan_printer.h"

namespace floe {

static void PrintNode(const PhysicalOperator& op, const std::string& prefix, bool last, bool root,
                      bool analyze, std::string* out) {
  std::string line = root ? "" : prefix + (last ? "+- " : ":- ");
  line += op.Name();
  std::string details = op.Details();
  if (!details.empty()) line += " " + details;
  if (analyze) {
    line += "  [rows=" + std::to_string(op.profile.rows.load()) +
            ", time=" + std::to_string(op.profile.nanos.load() / 1000000) + "ms]";
  }
  *out += line + "\n";
  std::string child_prefix = root ? "" : prefix + (last ? "   " : ":  ");
  if (analyze) {
    for (const auto& l : op.AnalyzeLines()) *out += child_prefix + "   " + l + "\n";
  }
  const auto& children = op.children();
  for (size_t i = 0; i < children.size(); ++i) {
    PrintNode(*children[i], child_prefix, i + 1 == children.size(), false, analyze, out);
  }
}

std::string PrintPhysicalPlan(const PhysicalOperator& root, bool analyze) {
  std::string out;
  PrintNode(root, "", true, true, analyze, &out);
  return out;
}

}  // namespace floe
