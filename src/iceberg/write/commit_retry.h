#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace floe::iceberg {

/// How often and how patiently a commit that lost a race is tried again: the table
/// properties commit.retry.num-retries (4), commit.retry.min-wait-ms (100),
/// commit.retry.max-wait-ms (60000) and commit.retry.total-timeout-ms (1800000), with
/// the defaults and the exponential backoff of Iceberg Java (Tasks.exponentialBackoff:
/// min-wait * 2^(attempt - 1), at most max-wait, plus up to 10% random jitter).
struct CommitRetryPolicy {
  int64_t num_retries = 4;
  int64_t min_wait_ms = 100;
  int64_t max_wait_ms = 60 * 1000;
  int64_t total_timeout_ms = 30 * 60 * 1000;

  /// Reads the policy from table properties; throws InvalidInputError naming a property
  /// whose value is not a non-negative integer.
  static CommitRetryPolicy FromProperties(const std::map<std::string, std::string>& properties);

  /// Returns the wait before retry `attempt` (1 for the first retry), jitter included.
  int64_t WaitMs(int attempt) const;
  /// Returns true when another attempt may follow `attempts` failed ones that took
  /// `elapsed_ms` in all (the total timeout stops retries after the first attempt).
  bool MayRetry(int attempts, int64_t elapsed_ms) const;
};

}  // namespace floe::iceberg
