#pragma once

#include <cstddef>

namespace floe {

/// Asks the kernel to back the whole 2 MiB pages inside [data, data + bytes) with huge pages
/// (madvise MADV_HUGEPAGE: transparent huge pages are often enabled only where asked). Call
/// it on a large buffer before its first touch: it then faults in 2 MiB at a time instead of
/// 4 KiB, which matters where a page fault is slow (virtual machines). Only a hint: buffers
/// under 4 MiB, and systems without transparent huge pages, are left as they are.
void AdviseHugePages(const void* data, size_t bytes);

}  // namespace floe
