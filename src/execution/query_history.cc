#include "execution/query_history.h"

namespace floe {

int64_t QueryHistory::Record(QueryRecord record) {
  std::lock_guard<std::mutex> lock(mutex_);
  record.query_id = next_query_id_++;
  records_.push_back(std::move(record));
  // why: drop a hundred at once, so the erase's shift is paid once per hundred queries
  if (records_.size() > 1000) records_.erase(records_.begin(), records_.begin() + 100);
  return records_.back().query_id;
}

std::vector<QueryRecord> QueryHistory::Recent() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return records_;
}

}  // namespace floe
