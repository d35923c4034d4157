#include "execution/plan_printer.h"

#include <set>

#include "execution/operators/physical_subquery.h"
#include "execution/operators/physical_table_scan.h"

namespace floe {

namespace {

// Prints an operator and, under it, the subqueries it reads (Spark prints them as inner
// children, before the children, the first time a plan shows them; ReusedSubquery after),
// then its children.
void PrintNode(const PhysicalOperator& op, const std::string& prefix, bool last, bool root, bool analyze,
               std::set<const PhysicalOperator*>* printed, std::string* out) {
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
  const auto& subqueries = op.subqueries();
  std::string subquery_prefix = child_prefix + (children.empty() ? "   " : ":  ");
  for (size_t i = 0; i < subqueries.size(); ++i) {
    bool last_subquery = i + 1 == subqueries.size();
    const PhysicalOperator& subquery = *subqueries[i];
    if (!printed->insert(&subquery).second) {
      *out += subquery_prefix + (last_subquery ? "+- " : ":- ") + "ReusedSubquery " + subquery.Name() + "\n";
      continue;
    }
    PrintNode(subquery, subquery_prefix, last_subquery, false, analyze, printed, out);
  }
  for (size_t i = 0; i < children.size(); ++i) {
    PrintNode(*children[i], child_prefix, i + 1 == children.size(), false, analyze, printed, out);
  }
}

}  // namespace

std::string PrintPhysicalPlan(const PhysicalOperator& root, bool analyze) {
  std::string out;
  std::set<const PhysicalOperator*> printed;
  PrintNode(root, "", true, true, analyze, &printed, &out);
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

// The sections of the operators order[first..]: output columns, details, inputs.
std::string Sections(const std::vector<const PhysicalOperator*>& order, size_t first) {
  std::string out;
  for (size_t i = first; i < order.size(); ++i) {
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

}  // namespace

std::string PrintFormattedPlan(const PhysicalOperator& root) {
  std::vector<const PhysicalOperator*> order;
  Number(root, &order);
  std::string out = "== Physical Plan ==\n";
  PrintTree(root, order, "", true, true, &out);
  out += Sections(order, 0);
  // Spark's "===== Subqueries =====": each subquery with the operator reading it, its
  // operators numbered on from the query's.
  std::vector<std::pair<const PhysicalOperator*, size_t>> subqueries;  // (subquery, hosting operator id)
  auto collect = [&](size_t first) {
    for (size_t i = first; i < order.size(); ++i) {
      for (const auto& subquery : order[i]->subqueries()) {
        bool seen = false;
        for (const auto& [s, host] : subqueries) seen = seen || s == subquery.get();
        if (!seen) subqueries.emplace_back(subquery.get(), i + 1);
      }
    }
  };
  collect(0);
  if (!subqueries.empty()) out += "\n===== Subqueries =====\n";
  for (size_t k = 0; k < subqueries.size(); ++k) {
    const auto [subquery, host] = subqueries[k];
    const PhysicalOperator& plan = *subquery->children()[0];
    size_t first = order.size();
    Number(plan, &order);
    out += "\nSubquery:" + std::to_string(k + 1) + " Hosting operator id = " + std::to_string(host) +
           " Hosting Expression = " + subquery->Name() + "\n";
    PrintTree(plan, order, "", true, true, &out);
    out += Sections(order, first);
    collect(first);
  }
  return out;
}

}  // namespace floe
