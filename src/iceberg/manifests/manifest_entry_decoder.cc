#include "iceberg/manifests/manifest_entry_decoder.h"

#include <type_traits>

#include "common/exception.h"
#include "iceberg/avro/avro_value_converter.h"

namespace floe::iceberg {

using avro::AvroDatum;
using avro::AvroDecoder;
using avro::AvroSchema;
using avro::AvroType;

void ManifestEntryDecoder::ThrowFormat(const std::string& message) { throw FormatError(message); }

namespace {

template <typename V>
std::map<int, V> IntMap(const AvroDatum* d, const char* name, const std::string& what) {
  std::map<int, V> out;
  if (!d) return out;
  auto put = [&](int64_t key, const AvroDatum& value) {
    if constexpr (std::is_same_v<V, std::string>) {
      if (value.type != AvroType::kBytes && value.type != AvroType::kFixed) throw FormatError(what + ": " + name + " value is not bytes");
      out[static_cast<int>(key)] = value.bytes;
    } else {
      if (value.type != AvroType::kLong && value.type != AvroType::kInt) throw FormatError(what + ": " + name + " value is not a long");
      out[static_cast<int>(key)] = value.long_value;
    }
  };
  if (d->type == AvroType::kArray) {
    for (const auto& kv : d->items) {
      if (kv.type != AvroType::kRecord || kv.items.size() != 2 || kv.items[0].type != AvroType::kInt) {
        throw FormatError(what + ": " + name + " is not an array of int key/value records");
      }
      put(kv.items[0].long_value, kv.items[1]);
    }
  } else if (d->type == AvroType::kMap) {
    for (const auto& [key, value] : d->entries) {
      try {
        put(std::stoi(key), value);
      } catch (const std::logic_error&) {
        throw FormatError(what + ": " + name + " has a non-numeric key \"" + key + "\"");
      }
    }
  } else {
    throw FormatError(what + ": " + name + " is not a map");
  }
  return out;
}

// The schema a value is read with once a union's branch is known.
const AvroSchema& Resolve(AvroDecoder& in, const AvroSchema& schema) {
  return schema.type() == AvroType::kUnion ? *schema.branches()[in.ReadUnionIndex(schema)] : schema;
}

// Whether an int-keyed map can be read directly: Iceberg's array of {key: int, value}
// records with a value of one of the two types.
bool DirectMap(const AvroSchema& s, AvroType v1, AvroType v2) {
  if (s.type() != AvroType::kArray || s.items()->type() != AvroType::kRecord) return false;
  const auto& fields = s.items()->fields();
  if (fields.size() != 2 || fields[0].schema->type() != AvroType::kInt) return false;
  AvroType v = fields[1].schema->type();
  return v == v1 || v == v2;
}

// Reads a map DirectMap accepted.
template <typename V>
void ReadDirectMap(AvroDecoder& in, const AvroSchema& s, std::map<int, V>* out) {
  const AvroSchema& item = *s.items();
  const AvroSchema& value = *item.fields()[1].schema;
  while (size_t n = in.ReadBlockCount(item)) {
    for (size_t i = 0; i < n; ++i) {
      int key = in.ReadInt();
      if constexpr (std::is_same_v<V, std::string>) {
        (*out)[key] = value.type() == AvroType::kFixed ? in.ReadFixed(static_cast<size_t>(value.size())) : in.ReadBytes();
      } else {
        (*out)[key] = value.type() == AvroType::kInt ? in.ReadInt() : in.ReadLong();
      }
    }
  }
}

// Skips a map DirectMap accepted: keys and values without decoding them.
void SkipDirectMap(AvroDecoder& in, const AvroSchema& s) {
  const AvroSchema& item = *s.items();
  const AvroSchema& value = *item.fields()[1].schema;
  AvroType type = value.type();
  while (true) {
    int64_t count = in.ReadLong();
    if (count == 0) return;
    if (count < 0) {
      if (count == INT64_MIN) in.Fail("invalid block count");
      in.SkipBytes();  // the block's byte size, then the block
      continue;
    }
    if (static_cast<uint64_t>(count) > in.remaining()) in.Fail("block count " + std::to_string(count) + " is too large");
    for (int64_t i = 0; i < count; ++i) {
      in.SkipVarint();
      if (type == AvroType::kBytes) {
        in.SkipBytes();
      } else if (type == AvroType::kFixed) {
        in.SkipFixed(static_cast<size_t>(value.size()));
      } else {
        in.SkipVarint();
      }
    }
  }
}

}  // namespace

std::map<int, int64_t> ManifestEntryDecoder::LongMap(const AvroDatum* d, const char* name, const std::string& what) {
  return IntMap<int64_t>(d, name, what);
}

std::map<int, std::string> ManifestEntryDecoder::BytesMap(const AvroDatum* d, const char* name, const std::string& what) {
  return IntMap<std::string>(d, name, what);
}

std::shared_ptr<const ManifestEntryDecoder> ManifestEntryDecoder::Compile(avro::AvroSchemaPtr root, std::string what) {
  if (!root || root->type() != AvroType::kRecord) return nullptr;
  const AvroSchema& schema = *root;
  auto d = std::make_shared<ManifestEntryDecoder>();
  d->root_ = std::move(root);
  d->what_ = std::move(what);
  struct Known {
    int id;
    const char* name;
    Target target;
  };
  auto assign = [](const AvroSchema& record, std::initializer_list<Known> known, std::vector<Step>* steps) {
    steps->assign(record.fields().size(), Step());
    for (size_t i = 0; i < record.fields().size(); ++i) (*steps)[i].schema = record.fields()[i].schema.get();
    for (const Known& k : known) {
      int index = record.FieldIndex(k.id, k.name);
      if (index < 0) continue;
      Step& step = (*steps)[static_cast<size_t>(index)];
      step.target = k.target;
      const AvroSchema& value = step.schema->NonNull();
      bool bytes = k.target == Target::kLowerBounds || k.target == Target::kUpperBounds;
      step.direct_map = bytes ? DirectMap(value, AvroType::kBytes, AvroType::kFixed)
                              : DirectMap(value, AvroType::kLong, AvroType::kInt);
    }
  };
  assign(schema,
         {{0, "status", Target::kStatus},
          {1, "snapshot_id", Target::kSnapshotId},
          {3, "sequence_number", Target::kSequenceNumber},
          {4, "file_sequence_number", Target::kFileSequenceNumber},
          {2, "data_file", Target::kDataFile}},
         &d->entry_steps_);
  int file_index = schema.FieldIndex(2, "data_file");
  if (file_index < 0) return nullptr;
  const AvroSchema& file_field = *schema.fields()[static_cast<size_t>(file_index)].schema;
  const AvroSchema& file = file_field.NonNull();
  if (file.type() != AvroType::kRecord) return nullptr;
  if (file_field.type() == AvroType::kUnion && file_field.branches().size() != 2) return nullptr;
  assign(file,
         {{134, "content", Target::kContent},
          {100, "file_path", Target::kFilePath},
          {101, "file_format", Target::kFileFormat},
          {102, "partition", Target::kPartition},
          {103, "record_count", Target::kRecordCount},
          {104, "file_size_in_bytes", Target::kFileSize},
          {108, "column_sizes", Target::kColumnSizes},
          {109, "value_counts", Target::kValueCounts},
          {110, "null_value_counts", Target::kNullValueCounts},
          {137, "nan_value_counts", Target::kNanValueCounts},
          {125, "lower_bounds", Target::kLowerBounds},
          {128, "upper_bounds", Target::kUpperBounds},
          {131, "key_metadata", Target::kKeyMetadata},
          {132, "split_offsets", Target::kSplitOffsets},
          {135, "equality_ids", Target::kEqualityIds},
          {140, "sort_order_id", Target::kSortOrderId},
          {142, "first_row_id", Target::kFirstRowId},
          {143, "referenced_data_file", Target::kReferencedDataFile},
          {144, "content_offset", Target::kContentOffset},
          {145, "content_size_in_bytes", Target::kContentSize}},
         &d->file_steps_);
  int partition_index = file.FieldIndex(102, "partition");
  if (partition_index >= 0) {
    const AvroSchema& field = *file.fields()[static_cast<size_t>(partition_index)].schema;
    const AvroSchema& partition = field.NonNull();
    if (partition.type() != AvroType::kRecord) return nullptr;
    if (field.type() == AvroType::kUnion && field.branches().size() != 2) return nullptr;
    d->partition_ = &partition;
    for (const auto& pf : partition.fields()) d->partition_field_ids_.push_back(pf.field_id.value_or(0));
  }
  return d;
}

namespace {
constexpr uint32_t Bit(int n) { return uint32_t{1} << n; }
enum SeenBit { kSeenStatus, kSeenDataFile, kSeenPath, kSeenFormat, kSeenRecords, kSeenSize };
}  // namespace

void ManifestEntryDecoder::Decode(AvroDecoder& in, ManifestEntry* out, bool with_metrics) const {
  uint32_t seen = 0;
  for (const Step& step : entry_steps_) DecodeField(in, step, out, with_metrics, &seen);
  if (!(seen & Bit(kSeenStatus))) throw FormatError(what_ + " has no integer field status");
  if (!(seen & Bit(kSeenDataFile))) throw FormatError(what_ + " has no record field data_file");
  if (!(seen & Bit(kSeenPath))) throw FormatError(what_ + " has no string field file_path");
  if (!(seen & Bit(kSeenFormat))) throw FormatError(what_ + " has no string field file_format");
  if (!(seen & Bit(kSeenRecords))) throw FormatError(what_ + " has no integer field record_count");
  if (!(seen & Bit(kSeenSize))) throw FormatError(what_ + " has no integer field file_size_in_bytes");
}

void ManifestEntryDecoder::DecodeField(AvroDecoder& in, const Step& step, ManifestEntry* e, bool with_metrics,
                                       uint32_t* seen) const {
  DataFile& f = e->data_file;
  if (step.target == Target::kSkip) {
    in.Skip(*step.schema);
    return;
  }
  const AvroSchema& s = Resolve(in, *step.schema);
  bool null = s.type() == AvroType::kNull;
  bool direct_map = step.direct_map && &s == &step.schema->NonNull();
  if (!with_metrics) {
    // why: planning needs the partition and counts of every entry but the rest only of the
    // files it keeps; LazyMetrics::Fill decodes that later
    switch (step.target) {
      case Target::kFilePath:
      case Target::kFileFormat: {
        bool path = step.target == Target::kFilePath;
        if (s.type() != AvroType::kString) {
          throw FormatError(what_ + " has no string field " + (path ? "file_path" : "file_format"));
        }
        in.SkipBytes();
        *seen |= Bit(path ? kSeenPath : kSeenFormat);
        return;
      }
      case Target::kKeyMetadata:
      case Target::kSplitOffsets:
      case Target::kEqualityIds:
      case Target::kSortOrderId:
        in.Skip(s);
        return;
      default:
        break;
    }
  }
  // Scalars: integers and strings read straight from the bytes (the usual shapes), other
  // shapes decoded as the generic path decodes them.
  auto scalar = [&]() -> AvroDatum {
    AvroDatum d;
    switch (s.type()) {
      case AvroType::kInt: d.type = AvroType::kInt; d.long_value = in.ReadInt(); return d;
      case AvroType::kLong: d.type = AvroType::kLong; d.long_value = in.ReadLong(); return d;
      case AvroType::kString: d.type = AvroType::kString; d.bytes = in.ReadBytes(); return d;
      default: return in.Decode(s);
    }
  };
  auto is_integer = [](const AvroDatum& d) { return d.type == AvroType::kLong || d.type == AvroType::kInt; };
  // Lists of integers: Iceberg's array of long or int read without a datum per item.
  auto int_list = [&](auto* out, const char* name) {
    using T = typename std::remove_pointer_t<decltype(out)>::value_type;
    out->clear();
    if (null) return;
    AvroType item = s.type() == AvroType::kArray ? s.items()->type() : AvroType::kNull;
    if (item != AvroType::kLong && item != AvroType::kInt) {
      AvroDatum d = in.Decode(s);
      *out = IntList<T>(&d, name, what_);
      return;
    }
    while (size_t n = in.ReadBlockCount(*s.items())) {
      for (size_t i = 0; i < n; ++i) out->push_back(static_cast<T>(item == AvroType::kInt ? in.ReadInt() : in.ReadLong()));
    }
  };
  switch (step.target) {
    case Target::kSkip: break;
    case Target::kStatus: {
      AvroDatum d = scalar();
      if (null || !is_integer(d)) throw FormatError(what_ + " has no integer field status");
      if (d.long_value < 0 || d.long_value > 2) throw FormatError(what_ + ": invalid entry status " + std::to_string(d.long_value));
      e->status = static_cast<ManifestEntryStatus>(d.long_value);
      *seen |= Bit(kSeenStatus);
      break;
    }
    case Target::kSnapshotId:
    case Target::kSequenceNumber:
    case Target::kFileSequenceNumber: {
      AvroDatum d = scalar();
      if (null) break;
      std::optional<int64_t>& to = step.target == Target::kSnapshotId       ? e->snapshot_id
                                   : step.target == Target::kSequenceNumber ? e->sequence_number
                                                                            : e->file_sequence_number;
      to = d.long_value;
      break;
    }
    case Target::kDataFile:
      if (null || s.type() != AvroType::kRecord) {
        if (!null) in.Skip(s);
        throw FormatError(what_ + " has no record field data_file");
      }
      *seen |= Bit(kSeenDataFile);
      for (const Step& file_step : file_steps_) DecodeField(in, file_step, e, with_metrics, seen);
      break;
    case Target::kContent: {
      AvroDatum d = scalar();
      if (null) break;
      if (d.long_value < 0 || d.long_value > 2) throw FormatError(what_ + ": invalid file content " + std::to_string(d.long_value));
      f.content = static_cast<FileContent>(d.long_value);
      break;
    }
    case Target::kFilePath:
    case Target::kFileFormat: {
      AvroDatum d = scalar();
      bool path = step.target == Target::kFilePath;
      if (null || d.type != AvroType::kString) {
        throw FormatError(what_ + " has no string field " + (path ? "file_path" : "file_format"));
      }
      (path ? f.file_path : f.file_format) = std::move(d.bytes);
      *seen |= Bit(path ? kSeenPath : kSeenFormat);
      break;
    }
    case Target::kPartition:
      if (null || s.type() != AvroType::kRecord) throw FormatError(what_ + " has no record field partition");
      f.partition.clear();
      f.partition.reserve(s.fields().size());
      for (const auto& field : s.fields()) {
        // ints and longs (identity, date and time transforms, buckets) read directly, as
        // AvroValueConverter::FromDatum converts them; the rest through a datum
        const AvroSchema& value = Resolve(in, *field.schema);
        if (value.type() == AvroType::kInt) {
          int32_t v = in.ReadInt();
          f.partition.push_back(value.logical_type() == "date" ? Value::Date(v) : Value::Int32(v));
        } else if (value.type() == AvroType::kLong) {
          f.partition.push_back(avro::AvroValueConverter::FromLong(value, in.ReadLong()));
        } else if (value.type() == AvroType::kNull) {
          f.partition.push_back(avro::AvroValueConverter::FromDatum(*field.schema, AvroDatum::Null()));
        } else {
          f.partition.push_back(avro::AvroValueConverter::FromDatum(value, in.Decode(value)));
        }
      }
      break;
    case Target::kRecordCount:
    case Target::kFileSize: {
      AvroDatum d = scalar();
      bool records = step.target == Target::kRecordCount;
      if (null || !is_integer(d)) {
        throw FormatError(what_ + " has no integer field " + (records ? "record_count" : "file_size_in_bytes"));
      }
      (records ? f.record_count : f.file_size_in_bytes) = d.long_value;
      *seen |= Bit(records ? kSeenRecords : kSeenSize);
      break;
    }
    case Target::kColumnSizes:
    case Target::kValueCounts:
    case Target::kNullValueCounts:
    case Target::kNanValueCounts: {
      if (!with_metrics) {
        direct_map ? SkipDirectMap(in, s) : in.Skip(s);
        break;
      }
      std::map<int, int64_t>& to = step.target == Target::kColumnSizes   ? f.column_sizes
                                   : step.target == Target::kValueCounts ? f.value_counts
                                   : step.target == Target::kNullValueCounts ? f.null_value_counts
                                                                              : f.nan_value_counts;
      to.clear();
      if (null) break;
      if (direct_map) {
        ReadDirectMap(in, s, &to);
      } else {
        const char* name = step.target == Target::kColumnSizes       ? "column_sizes"
                           : step.target == Target::kValueCounts     ? "value_counts"
                           : step.target == Target::kNullValueCounts ? "null_value_counts"
                                                                     : "nan_value_counts";
        AvroDatum d = in.Decode(s);
        to = LongMap(&d, name, what_);
      }
      break;
    }
    case Target::kLowerBounds:
    case Target::kUpperBounds: {
      if (!with_metrics) {
        direct_map ? SkipDirectMap(in, s) : in.Skip(s);
        break;
      }
      bool lower = step.target == Target::kLowerBounds;
      std::map<int, std::string>& to = lower ? f.lower_bounds : f.upper_bounds;
      to.clear();
      if (null) break;
      if (direct_map) {
        ReadDirectMap(in, s, &to);
      } else {
        AvroDatum d = in.Decode(s);
        to = BytesMap(&d, lower ? "lower_bounds" : "upper_bounds", what_);
      }
      break;
    }
    case Target::kKeyMetadata: {
      AvroDatum d = scalar();
      if (!null) f.key_metadata = std::move(d.bytes);
      break;
    }
    case Target::kSplitOffsets:
      int_list(&f.split_offsets, "split_offsets");
      break;
    case Target::kEqualityIds:
      int_list(&f.equality_ids, "equality_ids");
      break;
    case Target::kSortOrderId: {
      AvroDatum d = scalar();
      if (!null) f.sort_order_id = static_cast<int>(d.long_value);
      break;
    }
    case Target::kFirstRowId:
    case Target::kContentOffset:
    case Target::kContentSize: {
      AvroDatum d = scalar();
      std::optional<int64_t>& to = step.target == Target::kFirstRowId      ? f.first_row_id
                                   : step.target == Target::kContentOffset ? f.content_offset
                                                                           : f.content_size_in_bytes;
      to.reset();
      if (null) break;
      if (!is_integer(d) || d.long_value < 0) throw FormatError(what_ + ": a negative or non-integer v3 file field");
      to = d.long_value;
      break;
    }
    case Target::kReferencedDataFile: {
      AvroDatum d = scalar();
      f.referenced_data_file.reset();
      if (null) break;
      if (d.type != AvroType::kString) throw FormatError(what_ + ": referenced_data_file is not a string");
      f.referenced_data_file = std::move(d.bytes);
      break;
    }
  }
}

void LazyMetrics::Fill(size_t i, DataFile* f) const {
  if (!decoder) return;
  const Position& p = positions.at(i);
  AvroDecoder in(*blocks.at(p.block), decoder->what());
  in.Seek(p.offset);
  ManifestEntry full;
  decoder->Decode(in, &full, true);
  DataFile& from = full.data_file;
  f->file_path = std::move(from.file_path);
  f->file_format = std::move(from.file_format);
  f->key_metadata = std::move(from.key_metadata);
  f->split_offsets = std::move(from.split_offsets);
  f->equality_ids = std::move(from.equality_ids);
  f->sort_order_id = from.sort_order_id;
  f->referenced_data_file = std::move(from.referenced_data_file);
  f->content_offset = from.content_offset;
  f->content_size_in_bytes = from.content_size_in_bytes;
  f->column_sizes = std::move(full.data_file.column_sizes);
  f->value_counts = std::move(full.data_file.value_counts);
  f->null_value_counts = std::move(full.data_file.null_value_counts);
  f->nan_value_counts = std::move(full.data_file.nan_value_counts);
  f->lower_bounds = std::move(full.data_file.lower_bounds);
  f->upper_bounds = std::move(full.data_file.upper_bounds);
}

}  // namespace floe::iceberg
