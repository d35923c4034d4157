#pragma once

#include <memory>
#include <string>
#include <vector>

#include "execution/table_sources/memory_table.h"
#include "planner/table_sink.h"

namespace floe {

/// A temporary table as an INSERT writes it: the rows arrive in the query's order and
/// become the table's (added, or replacing its rows for INSERT OVERWRITE) at commit.
class MemoryTableSink : public TableSink {
 public:
  /// `name` is the table's name in messages.
  MemoryTableSink(std::string name, std::shared_ptr<MemoryTable> table);

  const std::vector<std::string>& names() const override { return table_->names(); }
  const std::vector<LogicalType>& types() const override { return table_->types(); }
  const std::vector<bool>& required() const override { return table_->not_null(); }
  std::string DisplayName() const override { return name_; }
  bool PreservesOrder() const override { return true; }
  std::unique_ptr<TableWrite> BeginWrite(const WriteMode& mode) const override;

 private:
  std::string name_;
  std::shared_ptr<MemoryTable> table_;
};

}  // namespace floe
