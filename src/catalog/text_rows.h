#pragma once

#include <string>
#include <vector>

namespace floe {

/// The rows of a statement whose result is text (SHOW, DESCRIBE): column names and rows.
struct TextRows {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> rows;
};

}  // namespace floe
