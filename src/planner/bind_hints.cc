// SELECT hints, as Spark's ResolveHints reads them: join strategy hints (BROADCAST, MERGE,
// SHUFFLE_HASH, SHUFFLE_REPLICATE_NL and their aliases) mark the relations they name, which
// the join strategy and dynamic pruning then see; partitioning hints (COALESCE,
// REPARTITION, REPARTITION_BY_RANGE, REBALANCE) are accepted; an unknown hint, or a relation
// a hint names that the FROM clause lacks, is a warning (Spark logs the same), never an error.
#include <algorithm>

#include "common/ascii_case.h"
#include "planner/binder.h"

namespace floe {

namespace {

// Spark's hint aliases (JoinStrategyHint.hintAliases), by the strategy they ask for.
std::string JoinStrategyOf(const std::string& name) {
  if (name == "BROADCAST" || name == "BROADCASTJOIN" || name == "MAPJOIN") return "BROADCAST";
  if (name == "MERGE" || name == "SHUFFLE_MERGE" || name == "MERGEJOIN") return "MERGE";
  if (name == "SHUFFLE_HASH") return "SHUFFLE_HASH";
  if (name == "SHUFFLE_REPLICATE_NL") return "SHUFFLE_REPLICATE_NL";
  return "";
}

// The hint as Spark prints it in its warnings: NAME(arg, arg).
std::string HintText(const Hint& hint) {
  std::string out = hint.name;
  if (hint.args.empty()) return out;
  out += "(";
  for (size_t i = 0; i < hint.args.size(); ++i) out += (i ? ", " : "") + hint.args[i]->ToString();
  return out + ")";
}

}  // namespace

std::pair<std::string, std::string> Binder::ReadHints(const SelectNode& node) {
  join_hints_.clear();
  std::pair<std::string, std::string> whole;
  for (const Hint& hint : node.hints) {
    std::string text = HintText(hint);
    std::string strategy = JoinStrategyOf(hint.name);
    if (!strategy.empty()) {
      if (hint.args.empty()) {
        if (whole.first.empty()) whole = {strategy, text};
        continue;
      }
      for (const auto& arg : hint.args) {
        // a relation name: `t`, `db.t` (its last part names it in FROM), or a string 't'
        std::string name = arg->ToString();
        if (name.size() >= 2 && name.front() == '\'' && name.back() == '\'') name = name.substr(1, name.size() - 2);
        name.erase(std::remove(name.begin(), name.end(), '`'), name.end());
        size_t dot = name.rfind('.');
        if (dot != std::string::npos) name = name.substr(dot + 1);
        join_hints_.push_back({ToLower(name), strategy, text});
      }
      continue;
    }
    if (hint.name == "COALESCE" || hint.name == "REPARTITION" || hint.name == "REPARTITION_BY_RANGE" ||
        hint.name == "REBALANCE") {
      context_.Warn("floe runs on one machine and does not repartition rows: " + text + " changes nothing");
      continue;
    }
    context_.Warn("Unrecognized hint: " + text);
  }
  return whole;
}

void Binder::MarkHintedRelation(const std::string& name, LogicalOperator& plan) {
  std::string lower = ToLower(name);
  for (JoinHint& hint : join_hints_) {
    if (hint.relation != lower) continue;
    hint.matched = true;
    // Spark's precedence when several name one relation: the first hint wins
    if (!plan.join_hint.empty()) continue;
    plan.join_hint = hint.strategy;
    plan.join_hint_text = hint.text;
  }
}

void Binder::WarnUnmatchedHints() {
  for (const JoinHint& hint : join_hints_) {
    if (!hint.matched) {
      context_.Warn("Count not find relation '" + hint.relation + "' specified in hint '" + hint.text + "'.");
    }
  }
  join_hints_.clear();
}

}  // namespace floe
