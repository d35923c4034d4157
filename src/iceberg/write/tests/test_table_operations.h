#pragma once

#include <functional>
#include <memory>
#include <string>

#include "common/exception.h"
#include "iceberg/write/table_operations.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {

// A catalog of one table held in memory; its metadata files are real files.
class TestTableOperations : public TableOperations {
 public:
  std::string name() const override { return "db.t"; }
  FileIO& io() override { return ::floe::testing::TestIO(); }
  const LocationRemapper& remapper() const override { return remapper_; }
  TableState Refresh() override {
    if (location_.empty()) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] db.t");
    return {location_, std::make_shared<TableMetadata>(TableMetadata::Parse(io().ReadAll(location_), location_))};
  }
  void CheckWritable(const TableMetadata&) override {}
  bool Swap(const std::string& base, const std::string& next) override {
    ++swaps;
    if (before_swap) {
      // what another writer commits between this one's refresh and its swap
      auto concurrent = std::move(before_swap);
      before_swap = nullptr;
      concurrent();
    }
    if (fail_swaps > 0) {
      --fail_swaps;
      return false;
    }
    if (base.empty()) {
      if (!location_.empty()) throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] db.t");
    } else if (base != location_) {
      return false;
    }
    location_ = next;
    return true;
  }

  int swaps = 0;
  int fail_swaps = 0;
  std::function<void()> before_swap;
  std::string location_;

 private:
  LocationRemapper remapper_;
};

}  // namespace floe::iceberg
