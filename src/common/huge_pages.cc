#include "common/huge_pages.h"

#include <cstdint>

#include <sys/mman.h>

namespace floe {

void AdviseHugePages(const void* data, size_t bytes) {
  constexpr uintptr_t kHuge = uintptr_t{2} << 20;
  if (bytes < 2 * kHuge) return;
  auto begin = reinterpret_cast<uintptr_t>(data);
  uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  uintptr_t last = (begin + bytes) & ~(kHuge - 1);
  // why: a hint; where the kernel refuses it the buffer works the same with small pages
#ifdef MADV_HUGEPAGE
  if (last > first) (void)madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
}

}  // namespace floe
