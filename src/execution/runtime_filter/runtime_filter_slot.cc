#include "execution/runtime_filter/runtime_filter_slot.h"

namespace floe {

void RuntimeFilterSlot::Publish(std::shared_ptr<const RuntimeFilter> filter) {
  std::lock_guard<std::mutex> lock(mutex_);
  filter_ = std::move(filter);
}

std::shared_ptr<const RuntimeFilter> RuntimeFilterSlot::Read() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return filter_;
}

}  // namespace floe
