#include "execution/spill/check_can_spill.h"

#include "common/exception.h"

namespace floe {

void CheckCanSpill(const ExecutionContext& context, const std::string& what) {
  if (!context.spill_folder.empty() && context.io) return;
  int64_t limit = context.query ? context.query->memory().limit() : 0;
  throw OutOfMemoryError(what + " needs more than memory_limit (" + std::to_string(limit) +
                         " bytes) and has no local state folder to spill to");
}

}  // namespace floe
