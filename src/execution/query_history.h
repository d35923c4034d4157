#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace floe {

/// One finished query and what its scans read, for system.queries / system.scans.
struct QueryRecord {
  int64_t query_id = 0;
  std::string sql;
  int64_t started_us = 0;
  double elapsed_ms = 0;
  int64_t rows = 0;
  struct Scan {
    std::string table;
    std::vector<std::pair<std::string, std::string>> metrics;
  };
  std::vector<Scan> scans;
};

/// The newest queries of a database (at most 1,000), numbered from 1. Thread-safe.
class QueryHistory {
 public:
  /// Remembers a finished query; returns its id.
  int64_t Record(QueryRecord record);
  /// Returns the remembered queries, oldest first.
  std::vector<QueryRecord> Recent() const;

 private:
  mutable std::mutex mutex_;
  std::vector<QueryRecord> records_;
  int64_t next_query_id_ = 1;
};

}  // namespace floe
