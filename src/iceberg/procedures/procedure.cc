#include "iceberg/procedures/procedure.h"

#include <algorithm>

#include "common/exception.h"

namespace floe::iceberg {

bool ProcedureArguments::Has(const std::string& name) const {
  auto it = values.find(name);
  return it != values.end() && !it->second.is_null();
}

std::string ProcedureArguments::String(const std::string& name, const std::string& procedure) const {
  if (!Has(name)) throw InvalidInputError("procedure " + procedure + " needs the argument " + name);
  return values.at(name).ToString();
}

int64_t ProcedureArguments::Long(const std::string& name, const std::string& procedure) const {
  if (!Has(name)) throw InvalidInputError("procedure " + procedure + " needs the argument " + name);
  return values.at(name).int64();
}

void ProcedureArguments::CheckMaxConcurrentDeletes() const {
  if (Has("max_concurrent_deletes") && values.at("max_concurrent_deletes").int32() <= 0) {
    throw InvalidInputError("max_concurrent_deletes should have value > 0, value: " +
                            values.at("max_concurrent_deletes").ToString());
  }
}

namespace {

const std::vector<const Procedure*>& AllProcedures() {
  static const std::vector<const Procedure*> all = {
      &RewriteDataFilesProcedure(),   &RegisterTableProcedure(),        &GenerateProcedure(),
      &RollbackToSnapshotProcedure(), &RollbackToTimestampProcedure(), &SetCurrentSnapshotProcedure(),
      &AncestorsOfProcedure(),        &ExpireSnapshotsProcedure(),     &RemoveOrphanFilesProcedure(),
      &FastForwardProcedure(),        &CherrypickSnapshotProcedure(),  &RewriteManifestsProcedure(),
      &PublishChangesProcedure(),     &AddFilesProcedure(),
      &SnapshotTableProcedure(),      &RewriteTablePathProcedure(),    &MigrateTableProcedure(),
      &RewritePositionDeleteFilesProcedure(), &ComputeTableStatsProcedure()};
  return all;
}

}  // namespace

const Procedure* FindProcedure(const std::string& name) {
  for (const Procedure* p : AllProcedures()) {
    if (p->name() == name) return p;
  }
  return nullptr;
}

std::vector<std::string> ProcedureNames() {
  std::vector<std::string> names;
  for (const Procedure* p : AllProcedures()) names.push_back(p->name());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace floe::iceberg
