#pragma once

#include "common/exception.h"

namespace floe::fuzz {

/// Runs `read`, accepting the errors bad input may raise: FormatError, and
/// NotImplementedError (a codec or type floe lacks). Anything else reaches libFuzzer.
template <typename Fn>
void Attempt(Fn&& read) {
  try {
    read();
  } catch (const FormatError&) {
  } catch (const NotImplementedError&) {
  }
}

}  // namespace floe::fuzz
