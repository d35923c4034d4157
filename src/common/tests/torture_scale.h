#pragma once

#include <cstdlib>

namespace floe::testing {

/// Returns how many times its short version a robustness test runs: $FLOE_TORTURE_SCALE
/// under `make torture`, 1 under `make test` (tests labelled `torture` in ctest).
inline int TortureScale() {
  const char* value = std::getenv("FLOE_TORTURE_SCALE");
  int scale = value != nullptr ? std::atoi(value) : 1;
  return scale > 1 ? scale : 1;
}

}  // namespace floe::testing
