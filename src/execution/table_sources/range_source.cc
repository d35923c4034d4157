#include "execution/table_sources/range_source.h"

#include <atomic>

#include "common/exception.h"

namespace floe {

namespace {
struct RangeScanState : TableScanState {
  std::atomic<uint64_t> next{0};
  bool want_id = true;
};
}  // namespace

std::shared_ptr<RangeSource> RangeSource::FromArguments(const std::vector<Value>& args) {
  if (args.empty() || args.size() > 4) {
    throw BinderError("range takes 1 to 4 arguments: range(end) or range(start, end[, step[, numPartitions]])");
  }
  std::vector<int64_t> n;
  for (const auto& a : args) {
    if (a.is_null() || !a.type().IsInteger()) throw BinderError("range arguments must be integers, got " + a.ToString());
    n.push_back(a.int64());
  }
  if (n.size() == 1) return std::make_shared<RangeSource>(0, n[0], 1);
  return std::make_shared<RangeSource>(n[0], n[1], n.size() > 2 ? n[2] : 1);
}

RangeSource::RangeSource(int64_t start, int64_t end, int64_t step)
    : start_(start), end_(end), step_(step) {
  if (step == 0) throw InvalidInputError("range: the step must not be 0");
  if ((step > 0 && start >= end) || (step < 0 && start <= end)) {
    count_ = 0;
  } else {
    __int128 span = static_cast<__int128>(end) - start;
    __int128 n = (span + step + (step > 0 ? -1 : 1)) / step;
    count_ = static_cast<uint64_t>(n);
  }
}

std::string RangeSource::DisplayName() const {
  return "Range (" + std::to_string(start_) + ", " + std::to_string(end_) + ", step=" +
         std::to_string(step_) + ")";
}

std::unique_ptr<TableScanState> RangeSource::InitScan(const ScanRequest& request) const {
  auto state = std::make_unique<RangeScanState>();
  state->want_id = !request.column_ids.empty();
  return state;
}

bool RangeSource::Scan(TableScanState& global, LocalTableScanState*, DataChunk& out) const {
  auto& state = static_cast<RangeScanState&>(global);
  uint64_t begin = state.next.fetch_add(kBatchSize);
  if (begin >= count_) {
    out.SetSize(0);
    return false;
  }
  uint64_t n = std::min<uint64_t>(kBatchSize, count_ - begin);
  if (state.want_id) {
    int64_t* data = out.column(0).Data<int64_t>();
    int64_t value = start_ + static_cast<int64_t>(begin) * step_;
    for (uint64_t i = 0; i < n; ++i) {
      data[i] = value;
      value += step_;
    }
  }
  out.SetSize(n);
  return begin + n < count_;
}

}  // namespace floe
