#pragma once

#include <string>

namespace floe::iceberg {

/// Random (version 4) UUIDs for table uuids and file names.
class Uuid {
 public:
  /// Returns a new random UUID in its 36-character text form.
  static std::string Random();
};

}  // namespace floe::iceberg
