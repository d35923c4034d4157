#include "execution/task_scheduler.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "common/exception.h"

namespace floe {
namespace {

TEST(TaskSchedulerTest, RunsEveryTaskAndRethrowsTheFirstError) {
  TaskScheduler scheduler(4);
  EXPECT_EQ(scheduler.threads(), 3);
  std::atomic<int> sum{0};
  scheduler.RunParallel(100, [&](int i) { sum += i; });
  EXPECT_EQ(sum.load(), 4950);
  EXPECT_THROW(scheduler.RunParallel(8, [](int i) {
    if (i == 5) throw InvalidInputError("task 5 failed");
  }), InvalidInputError);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FLOE_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FLOE_UNDER_SANITIZER 1
#endif
#endif

// Limits the process's address space to what it uses now plus `extra` bytes, so that
// thread stacks (8 MiB each) soon cannot be mapped.
void LimitAddressSpace(size_t extra) {
  size_t pages = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%zu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  rlimit limit{};
  getrlimit(RLIMIT_AS, &limit);
  limit.rlim_cur = pages * static_cast<size_t>(::sysconf(_SC_PAGESIZE)) + extra;
  setrlimit(RLIMIT_AS, &limit);
}

TEST(TaskSchedulerDeathTest, AThreadThatCannotStartIsAnErrorNotACrash) {
#ifdef FLOE_UNDER_SANITIZER
  GTEST_SKIP() << "the sanitizers reserve more address space than the limit leaves";
#else
  // why: in a child process, so the address-space limit ends with it
  EXPECT_EXIT(
      {
        LimitAddressSpace(size_t{64} << 20);
        try {
          TaskScheduler scheduler(256);
          std::cerr << "started " << scheduler.threads() << " workers\n";
          std::exit(1);
        } catch (const OutOfMemoryError& e) {
          std::cerr << e.what() << "\n";
          std::exit(0);
        }
      },
      ::testing::ExitedWithCode(0), "cannot start worker thread [0-9]+ of 255: .*use fewer threads");
#endif
}

}  // namespace
}  // namespace floe
