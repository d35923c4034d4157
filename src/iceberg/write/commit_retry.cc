#include "iceberg/write/commit_retry.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "common/exception.h"

namespace floe::iceberg {

namespace {

int64_t NonNegative(const std::map<std::string, std::string>& properties, const std::string& key, int64_t fallback) {
  auto it = properties.find(key);
  if (it == properties.end()) return fallback;
  const std::string& text = it->second;
  try {
    size_t used = 0;
    long long v = std::stoll(text, &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw InvalidInputError("table property " + key + " must be a non-negative integer, not '" + text + "'");
}

}  // namespace

CommitRetryPolicy CommitRetryPolicy::FromProperties(const std::map<std::string, std::string>& properties) {
  CommitRetryPolicy p;
  p.num_retries = NonNegative(properties, "commit.retry.num-retries", p.num_retries);
  p.min_wait_ms = NonNegative(properties, "commit.retry.min-wait-ms", p.min_wait_ms);
  p.max_wait_ms = NonNegative(properties, "commit.retry.max-wait-ms", p.max_wait_ms);
  p.total_timeout_ms = NonNegative(properties, "commit.retry.total-timeout-ms", p.total_timeout_ms);
  return p;
}

int64_t CommitRetryPolicy::WaitMs(int attempt) const {
  double scaled = static_cast<double>(min_wait_ms) * std::pow(2.0, std::max(0, attempt - 1));
  int64_t delay = static_cast<int64_t>(std::min(scaled, static_cast<double>(max_wait_ms)));
  // why: writers that lost the same race should not all come back at the same moment
  static thread_local std::mt19937_64 rng(std::random_device{}());
  int64_t jitter_bound = std::max<int64_t>(1, delay / 10);
  return delay + static_cast<int64_t>(rng() % static_cast<uint64_t>(jitter_bound));
}

bool CommitRetryPolicy::MayRetry(int attempts, int64_t elapsed_ms) const {
  if (attempts >= num_retries + 1) return false;
  return !(elapsed_ms > total_timeout_ms && attempts > 1);
}

}  // namespace floe::iceberg
