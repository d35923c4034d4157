#include "execution/partitioned_rows.h"

#include <cstring>
#include <numeric>

#include "common/row_bytes.h"

namespace floe {

PartitionedRows::PartitionedRows(std::vector<LogicalType> types)
    : types_(std::move(types)), partitions_(kPartitions), bytes_(kPartitions, 0) {}

int64_t PartitionedRows::bytes() const { return std::accumulate(bytes_.begin(), bytes_.end(), int64_t{0}); }

void PartitionedRows::Clear(size_t p) {
  std::vector<DataChunk>().swap(partitions_[p]);
  bytes_[p] = 0;
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
    if (counts[p] > 0) bytes_[p] += RowBytes(columns, sel.data() + starts[p], counts[p]);
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
        chunk.column(c).GatherAt(chunk.size(), *columns[c], rows, n);
      }
      chunk.SetSize(chunk.size() + n);
      done += n;
    }
  }
}

}  // namespace floe
