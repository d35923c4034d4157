#include "execution/plan_printer.h"

#include "execution/operators/physical_table_scan.h"

namespace floe {

static void PrintNode(const PhysicalOperator& op, const std::string& prefix, bool last, bool root,
                      bool analyze, std::string* out) {
  std::string line = root ? "" : prefix + (last ? "+- " : ":- ");
  line += op.Name();
  std::string details = op.Details();
  // Spark prints a V2 scan's columns right after the table: BatchScan db.t[a, b] db.t ...
  bool attached = details.rfind("[", 0) == 0 && dynamic_cast<const PhysicalTableScan*>(&op) &&
                  op.Name().rfind("BatchScan ", 0) == 0;
  if (!details.empty()) line += (attached ? "" : " ") + details;
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

namespace {

// Numbers operators bottom-up (children first), as Spark does.
void Number(const PhysicalOperator& op, std::vector<const PhysicalOperator*>* order) {
  for (const auto& child : op.children()) Number(*child, order);
  order->push_back(&op);
}

size_t IndexOf(const std::vector<const PhysicalOperator*>& order, const PhysicalOperator* op) {
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] == op) return i + 1;
  }
  return 0;
}

void PrintTree(const PhysicalOperator& op, const std::vector<const PhysicalOperator*>& order,
               const std::string& prefix, bool last, bool root, std::string* out) {
  std::string line = root ? "" : prefix + (last ? "+- " : ":- ");
  line += op.Name() + " (" + std::to_string(IndexOf(order, &op)) + ")";
  *out += line + "\n";
  std::string child_prefix = root ? "" : prefix + (last ? "   " : ":  ");
  const auto& children = op.children();
  for (size_t i = 0; i < children.size(); ++i) {
    PrintTree(*children[i], order, child_prefix, i + 1 == children.size(), false, out);
  }
}

}  // namespace

std::string PrintFormattedPlan(const PhysicalOperator& root) {
  std::vector<const PhysicalOperator*> order;
  Number(root, &order);
  std::string out = "== Physical Plan ==\n";
  PrintTree(root, order, "", true, true, &out);
  for (size_t i = 0; i < order.size(); ++i) {
    const PhysicalOperator& op = *order[i];
    out += "\n\n(" + std::to_string(i + 1) + ") " + op.Name() + "\n";
    std::string types;
    for (size_t t = 0; t < op.types().size(); ++t) types += (t ? ", " : "") + op.types()[t].ToString();
    out += "Output [" + std::to_string(op.types().size()) + "]: [" + types + "]\n";
    std::string details = op.Details();
    if (!details.empty()) out += "Arguments: " + details + "\n";
    if (!op.children().empty()) {
      std::string inputs;
      for (const auto& c : op.children()) {
        inputs += (inputs.empty() ? "" : ", ") + std::string("(") + std::to_string(IndexOf(order, c.get())) + ")";
      }
      out += "Input: " + inputs + "\n";
    }
  }
  return out;
}

}  // namespace floe
