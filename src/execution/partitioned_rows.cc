#include "execution/partitioned_rows.h"

#include <cstring>

namespace floe {

PartitionedRows::PartitionedRows(std::vector<LogicalType> types)
    : types_(std::move(types)), partitions_(kPartitions) {}

void AppendGathered(Vector& dst, size_t at, const Vector& src, const uint32_t* sel, size_t count) {
  size_t width = PhysicalSize(src.type().id());
  const uint8_t* in = src.Data<uint8_t>();
  uint8_t* out = dst.RawData() + at * width;
  switch (width) {
    case 1:
      for (size_t k = 0; k < count; ++k) out[k] = in[sel[k]];
      break;
    case 4:
      for (size_t k = 0; k < count; ++k) {
        std::memcpy(out + k * 4, in + size_t{sel[k]} * 4, 4);
      }
      break;
    case 8:
      for (size_t k = 0; k < count; ++k) {
        std::memcpy(out + k * 8, in + size_t{sel[k]} * 8, 8);
      }
      break;
    default:
      for (size_t k = 0; k < count; ++k) {
        std::memcpy(out + k * width, in + size_t{sel[k]} * width, width);
      }
  }
  if (!src.validity().AllValid()) {
    for (size_t k = 0; k < count; ++k) dst.SetNull(at + k, src.IsNull(sel[k]));
  }
  if (src.type().IsStringLike()) dst.ShareHeapsOf(src);
}

void PartitionedRows::Append(const std::vector<const Vector*>& columns, size_t count,
                             const uint64_t* hashes) {
  if (count == 0) return;
  // Counting sort of the row numbers by partition.
  size_t counts[kPartitions] = {};
  for (size_t i = 0; i < count; ++i) ++counts[PartitionOf(hashes[i])];
  size_t starts[kPartitions];
  size_t sum = 0;
  for (size_t p = 0; p < kPartitions; ++p) {
    starts[p] = sum;
    sum += counts[p];
  }
  std::vector<uint32_t> sel(count);
  size_t fill[kPartitions];
  std::memcpy(fill, starts, sizeof(fill));
  for (size_t i = 0; i < count; ++i) sel[fill[PartitionOf(hashes[i])]++] = static_cast<uint32_t>(i);
  for (size_t p = 0; p < kPartitions; ++p) {
    size_t done = 0;
    while (done < counts[p]) {
      auto& chunks = partitions_[p];
      if (chunks.empty() || chunks.back().size() == chunks.back().capacity()) {
        chunks.emplace_back(types_, kBatchSize);
      }
      DataChunk& chunk = chunks.back();
      size_t n = std::min(counts[p] - done, chunk.capacity() - chunk.size());
      const uint32_t* rows = sel.data() + starts[p] + done;
      for (size_t c = 0; c < columns.size(); ++c) {
        AppendGathered(chunk.column(c), chunk.size(), *columns[c], rows, n);
      }
      chunk.SetSize(chunk.size() + n);
      done += n;
    }
  }
  rows_ += count;
}

}  // namespace floe
