#include "iceberg/manifests/partition_block_index.h"

#include <cmath>
#include <cstring>

#include "common/exception.h"
#include "common/vector_operations.h"
#include "iceberg/avro/avro_decoder.h"
#include "iceberg/avro/avro_encoder.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

namespace {

uint64_t Combine(uint64_t h, uint64_t v) { return MixHash(h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2))); }

// FNV-1a over bytes.
uint64_t HashBytes(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

uint64_t StablePartitionHash(int spec_id, const std::vector<Value>& partition) {
  // why: the payload only, not the type: a writer's partition values and the values read
  // back from Avro may differ in type (INT vs DATE for a day) but not in payload
  uint64_t h = MixHash(static_cast<uint64_t>(static_cast<uint32_t>(spec_id)) + 0x51ed270b27fd6a4dULL);
  for (const Value& v : partition) {
    if (v.is_null()) {
      h = Combine(h, 0x6e756c6c6e756c6cULL);
      continue;
    }
    switch (v.type().id()) {
      case TypeId::kString:
      case TypeId::kBinary:
        h = Combine(h, HashBytes(v.str()));
        break;
      case TypeId::kDecimal:
        h = Combine(Combine(h, static_cast<uint64_t>(v.decimal())), static_cast<uint64_t>(v.decimal() >> 64));
        break;
      case TypeId::kFloat:
      case TypeId::kDouble: {
        // -0.0 and +0.0 are two partitions (an identity partition keeps its source value, as
        // Iceberg Java's partition keys do); every NaN is one
        double d = v.float64();
        if (std::isnan(d)) d = std::nan("");
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof(bits));
        h = Combine(h, bits);
        break;
      }
      default:
        h = Combine(h, static_cast<uint64_t>(v.int64()));
    }
  }
  return h;
}

namespace {

// Returns a floating-point zero bound as -0.0 when lower, +0.0 when upper: the two zeros
// are equal here, so one may hide the other, and Iceberg Java orders -0.0 below +0.0.
Value WidenZero(const Value& v, bool lower) {
  TypeId id = v.type().id();
  if ((id != TypeId::kFloat && id != TypeId::kDouble) || v.float64() != 0) return v;
  double zero = lower ? -0.0 : 0.0;
  return id == TypeId::kFloat ? Value::Float(static_cast<float>(zero)) : Value::Double(zero);
}

}  // namespace

void PartitionSummaryBuilder::Add(const std::vector<Value>& partition) {
  for (size_t i = 0; i < partition.size() && i < summaries_.size(); ++i) {
    const Value& v = partition[i];
    PartitionFieldSummary& s = summaries_[i];
    if (!s.contains_nan) s.contains_nan = false;
    if (v.is_null()) {
      s.contains_null = true;
      continue;
    }
    TypeId id = v.type().id();
    if ((id == TypeId::kFloat || id == TypeId::kDouble) && std::isnan(v.float64())) {
      s.contains_nan = true;
      continue;
    }
    if (!lower_[i] || v.Compare(*lower_[i]) < 0) lower_[i] = v;
    if (!upper_[i] || v.Compare(*upper_[i]) > 0) upper_[i] = v;
  }
}

std::vector<PartitionFieldSummary> PartitionSummaryBuilder::Build(const Type& partition_type) const {
  std::vector<PartitionFieldSummary> out = summaries_;
  for (size_t i = 0; i < out.size(); ++i) {
    const Type& type = *partition_type.fields()[i].type();
    if (lower_[i]) out[i].lower_bound = SingleValueSerialization::ToBytes(type, WidenZero(*lower_[i], true));
    if (upper_[i]) out[i].upper_bound = SingleValueSerialization::ToBytes(type, WidenZero(*upper_[i], false));
  }
  return out;
}

namespace {

// Version 2 adds each block's unassigned_rows_before after its partition summaries.
constexpr int64_t kIndexVersion = 1;
constexpr int64_t kIndexVersionWithRowIds = 2;

void WriteOptionalBytes(avro::AvroEncoder& out, const std::optional<std::string>& v) {
  out.WriteLong(v ? static_cast<int64_t>(v->size()) : -1);
  if (v) out.WriteFixed(*v);
}

}  // namespace

std::string PartitionBlockIndex::Encode() const {
  avro::AvroEncoder out;
  bool row_ids = !blocks.empty() && blocks[0].unassigned_rows_before.has_value();
  out.WriteLong(row_ids ? kIndexVersionWithRowIds : kIndexVersion);
  out.WriteLong(static_cast<int64_t>(blocks.size()));
  for (const Block& b : blocks) {
    out.WriteLong(static_cast<int64_t>(b.offset));
    out.WriteLong(b.entries);
    out.WriteLong(b.live_files);
    out.WriteLong(b.live_records);
    out.WriteLong(b.live_bytes);
    out.WriteLong(static_cast<int64_t>(b.partition_hashes.size()));
    for (uint64_t h : b.partition_hashes) {
      char le[8];
      for (int i = 0; i < 8; ++i) le[i] = static_cast<char>((h >> (8 * i)) & 0xff);
      out.WriteFixed(std::string_view(le, 8));
    }
    out.WriteLong(static_cast<int64_t>(b.partitions.size()));
    for (const PartitionFieldSummary& s : b.partitions) {
      out.WriteBoolean(s.contains_null);
      out.WriteLong(s.contains_nan ? (*s.contains_nan ? 1 : 0) : -1);
      WriteOptionalBytes(out, s.lower_bound);
      WriteOptionalBytes(out, s.upper_bound);
    }
    if (row_ids) out.WriteLong(b.unassigned_rows_before.value_or(0));
  }
  return std::move(out.buffer());
}

PartitionBlockIndex PartitionBlockIndex::Decode(std::string_view bytes, const std::string& what) {
  const std::string where = what + ": " + kMetadataKey;
  avro::AvroDecoder in(bytes, where);
  auto count = [&](const char* name) {
    int64_t v = in.ReadLong();
    if (v < 0) in.Fail(std::string("negative ") + name);
    return v;
  };
  int64_t version = in.ReadLong();
  if (version != kIndexVersion && version != kIndexVersionWithRowIds) {
    throw FormatError(where + " has version " + std::to_string(version) + "; floe reads versions 1 and 2");
  }
  int64_t n = count("block count");
  // each block takes at least 7 bytes: a larger count is corrupt
  if (static_cast<uint64_t>(n) > in.remaining() / 7) in.Fail("block count " + std::to_string(n) + " is too large");
  PartitionBlockIndex index;
  index.blocks.resize(static_cast<size_t>(n));
  for (size_t i = 0; i < index.blocks.size(); ++i) {
    Block& b = index.blocks[i];
    b.offset = static_cast<uint64_t>(count("block offset"));
    if (i > 0 && b.offset <= index.blocks[i - 1].offset) in.Fail("block offsets are not increasing");
    b.entries = count("entry count");
    if (b.entries == 0) in.Fail("empty block");
    b.live_files = count("live file count");
    if (b.live_files > b.entries) in.Fail("more live files than entries");
    b.live_records = count("live record count");
    b.live_bytes = count("live byte count");
    int64_t hashes = count("hash count");
    if (hashes > b.live_files || static_cast<uint64_t>(hashes) > in.remaining() / 8) {
      in.Fail("hash count " + std::to_string(hashes) + " is too large");
    }
    b.partition_hashes.resize(static_cast<size_t>(hashes));
    for (uint64_t& h : b.partition_hashes) {
      std::string le = in.ReadFixed(8);
      h = 0;
      for (int k = 7; k >= 0; --k) h = (h << 8) | static_cast<uint8_t>(le[static_cast<size_t>(k)]);
    }
    int64_t fields = count("field count");
    if (i > 0 && static_cast<size_t>(fields) != index.blocks[0].partitions.size()) {
      in.Fail("blocks have different partition field counts");
    }
    if (static_cast<uint64_t>(fields) > in.remaining() / 4) in.Fail("field count " + std::to_string(fields) + " is too large");
    b.partitions.resize(static_cast<size_t>(fields));
    for (PartitionFieldSummary& s : b.partitions) {
      s.contains_null = in.ReadBoolean();
      int64_t nan = in.ReadLong();
      if (nan < -1 || nan > 1) in.Fail("invalid NaN flag");
      if (nan >= 0) s.contains_nan = nan == 1;
      for (std::optional<std::string>* bound : {&s.lower_bound, &s.upper_bound}) {
        int64_t len = in.ReadLong();
        if (len < -1 || (len >= 0 && static_cast<uint64_t>(len) > in.remaining())) in.Fail("invalid bound length");
        if (len >= 0) *bound = in.ReadFixed(static_cast<size_t>(len));
      }
    }
    if (version == kIndexVersionWithRowIds) {
      b.unassigned_rows_before = count("unassigned row count");
      if (i > 0 && *b.unassigned_rows_before < *index.blocks[i - 1].unassigned_rows_before) {
        in.Fail("unassigned row counts are not increasing");
      }
    }
  }
  if (!in.AtEnd()) in.Fail("trailing bytes");
  return index;
}

}  // namespace floe::iceberg
