#pragma once

#include "io/local_file_io.h"

namespace floe::testing {

/// Returns the local FileIO the unit tests read and write through.
inline FileIO& TestIO() {
  static LocalFileIO io;
  return io;
}

}  // namespace floe::testing
