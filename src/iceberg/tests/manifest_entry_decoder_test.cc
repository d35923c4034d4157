// The schema-driven manifest entry decoder against the generic datum path: every fixture
// manifest (Spark, Trino, Java, DuckDB writers) and floe-written ones decode to the same
// entries both ways, entry by entry, and so do entries read without metrics once filled.
#include "iceberg/manifests/manifest_entry_decoder.h"

#include <gtest/gtest.h>

#include <iostream>
#include <set>

#include "common/exception.h"
#include "iceberg/avro/avro_file_writer.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/table_metadata.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

using avro::AvroDatum;
using Decoding = ManifestReader::Decoding;

// Compares the two paths on one manifest; returns the entries compared.
size_t ExpectSameBothWays(const std::string& bytes, const std::string& name, const std::optional<ManifestFile>& mf,
                          bool expect_fast) {
  ManifestReader generic(bytes, name, mf);
  ManifestReader fast(bytes, name, mf);
  std::vector<ManifestEntry> want = generic.Entries(Decoding::kGeneric);
  std::vector<ManifestEntry> got = fast.Entries(Decoding::kFast);
  EXPECT_EQ(got.size(), want.size());
  for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    EXPECT_TRUE(got[i] == want[i]) << name << " entry " << i << " (" << want[i].data_file.file_path << ")";
  }
  EXPECT_EQ(fast.partition_field_ids(), generic.partition_field_ids());

  // For planning (partition, counts, sequence numbers only), then filled: the live
  // entries again.
  ManifestReader lazy_reader(bytes, name, mf);
  LazyMetrics lazy;
  std::vector<ManifestEntry> lazy_entries;
  lazy_reader.VisitLiveEntriesForPlanning(&lazy, [&](ManifestEntry& e) { lazy_entries.push_back(e); });
  std::vector<ManifestEntry> live = ManifestReader(bytes, name, mf).LiveEntries(Decoding::kGeneric);
  EXPECT_EQ(lazy.decoder != nullptr, expect_fast) << name;
  EXPECT_EQ(lazy_entries.size(), live.size());
  for (size_t i = 0; i < std::min(lazy_entries.size(), live.size()); ++i) {
    const DataFile& f = lazy_entries[i].data_file;
    if (lazy.decoder) {
      EXPECT_TRUE(f.lower_bounds.empty() && f.value_counts.empty() && f.file_path.empty() && f.split_offsets.empty());
    }
    EXPECT_EQ(f.partition, live[i].data_file.partition) << name << " live entry " << i;
    EXPECT_EQ(f.record_count, live[i].data_file.record_count) << name << " live entry " << i;
    lazy.Fill(i, &lazy_entries[i].data_file);
    EXPECT_TRUE(lazy_entries[i] == live[i]) << name << " live entry " << i;
  }
  return want.size();
}

TEST(ManifestEntryDecoderTest, EveryFixtureManifestDecodesAlikeBothWays) {
  auto tables = testing::FirstSetFixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found at " << testing::FixturesDir();
  size_t manifests = 0, entries = 0, with_bounds = 0;
  std::set<std::string> done;
  for (const auto& dir : tables) {
    SCOPED_TRACE(dir.filename().string());
    auto path = testing::LatestMetadataFile(dir);
    TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
    LocationRemapper remap;
    remap.Add(m.location, dir.string());
    for (const auto& snap : m.snapshots) {
      if (!std::filesystem::exists(remap.Remap(snap.manifest_list))) continue;
      for (const auto& mf : ManifestListReader::Open(::floe::testing::TestIO(), remap.Remap(snap.manifest_list))) {
        std::string local = remap.Remap(mf.manifest_path);
        if (!done.insert(local).second) continue;
        std::string bytes = testing::ReadFile(local);
        entries += ExpectSameBothWays(bytes, local, mf, true);
        for (const auto& e : ManifestReader(bytes, local, mf).Entries()) with_bounds += !e.data_file.lower_bounds.empty();
        ++manifests;
      }
    }
    // and the manifests no remaining manifest list names (without inheritance)
    for (const auto& file : std::filesystem::directory_iterator(dir / "metadata")) {
      std::string local = file.path().string();
      if (!local.ends_with(".avro") || file.path().filename().string().starts_with("snap-")) continue;
      if (!done.insert(local).second) continue;
      entries += ExpectSameBothWays(testing::ReadFile(local), local, std::nullopt, true);
      ++manifests;
    }
  }
  std::cout << manifests << " fixture manifests, " << entries << " entries (" << with_bounds
            << " with bounds) compared\n";
  EXPECT_GE(manifests, 23u);
  EXPECT_GE(entries, 41u);
  EXPECT_GE(with_bounds, 30u);  // the comparison covers metrics, not only empty maps
}

TEST(ManifestEntryDecoderTest, FloeWrittenManifestsDecodeAlikeBothWays) {
  Schema schema(1, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kInt)),
                    NestedField::Optional(2, "name", Type::Primitive(TypeKind::kString)),
                    NestedField::Optional(3, "day", Type::Primitive(TypeKind::kDate)),
                    NestedField::Optional(4, "price", Type::Decimal(12, 2))});
  PartitionSpec spec(2, {PartitionField(1, 1000, "id_bucket", Transform::Bucket(8)),
                         PartitionField(2, 1001, "name", Transform::Identity()),
                         PartitionField(3, 1002, "day", Transform::Identity()),
                         PartitionField(4, 1003, "price", Transform::Identity())});
  for (auto content : {ManifestContent::kData, ManifestContent::kDeletes}) {
    for (auto codec : {avro::AvroCodec::kDeflate, avro::AvroCodec::kNull}) {
      ManifestWriter writer(schema, spec, 900, content, codec);
      for (int i = 0; i < 300; ++i) {
        DataFile f;
        f.content = content == ManifestContent::kData ? FileContent::kData
                    : i % 2                          ? FileContent::kEqualityDeletes
                                                     : FileContent::kPositionDeletes;
        f.file_path = "s3://bucket/t/data/f" + std::to_string(i) + ".parquet";
        f.partition = {Value::Int32(i % 8), i % 5 ? Value::String("n" + std::to_string(i % 3)) : Value::Null(),
                       Value::Date(19000 + i), Value::Decimal(i * 101, 12, 2)};
        f.record_count = 1000 + i;
        f.file_size_in_bytes = 4096 + i;
        for (int c = 1; c <= i % 5; ++c) {
          f.column_sizes[c] = c * 10 + i;
          f.value_counts[c] = 1000 + i;
          f.null_value_counts[c] = i % 3;
          if (c == 4) f.nan_value_counts[c] = 0;
          f.lower_bounds[c] = std::string("\x01\x00\x00", 3) + std::to_string(i);
          f.upper_bounds[c] = std::string("\x7f\x00", 2) + std::to_string(c);
        }
        if (i % 7 == 0) f.key_metadata = std::string("\0key", 4);
        if (i % 3 == 0) f.split_offsets = {4, 1000 + i};
        if (f.content == FileContent::kEqualityDeletes) f.equality_ids = {1, 3};
        if (i % 4 == 0) f.sort_order_id = i % 2;
        ManifestEntry e;
        e.data_file = f;
        e.snapshot_id = 800 + i % 3;
        e.sequence_number = 5;
        e.file_sequence_number = 6;
        if (i % 10 == 1) {
          writer.Delete(e);
        } else if (i % 10 == 2) {
          writer.Existing(e);
        } else {
          writer.Add(f, i % 2 ? std::optional<int64_t>(3) : std::nullopt);
        }
      }
      std::string bytes = writer.Finish();
      ManifestFile mf = writer.ToManifestFile("floe.avro", static_cast<int64_t>(bytes.size()));
      mf.sequence_number = 7;
      mf.min_sequence_number = 3;
      EXPECT_EQ(ExpectSameBothWays(bytes, "floe.avro", mf, true), 300u);
      EXPECT_EQ(ExpectSameBothWays(bytes, "floe.avro", std::nullopt, true), 300u);
    }
  }
}

// Another engine's shape: fields in another order, v1's required snapshot id and block
// size, an Avro map (string keys) for value counts, an unknown field, a union partition.
const char* kForeignSchema = R"J({"type":"record","name":"manifest_entry","fields":[
  {"name":"snapshot_id","type":"long","field-id":1},
  {"name":"data_file","type":{"type":"record","name":"r2","fields":[
    {"name":"partition","type":["null",{"type":"record","name":"r102","fields":[
      {"name":"d","type":["null",{"type":"int","logicalType":"date"}],"default":null,"field-id":1000}]}],
     "field-id":102},
    {"name":"custom_extra","type":{"type":"map","values":{"type":"array","items":"double"}},"field-id":9999},
    {"name":"file_format","type":"string","field-id":101},
    {"name":"file_path","type":"string","field-id":100},
    {"name":"record_count","type":"long","field-id":103},
    {"name":"block_size_in_bytes","type":"long","field-id":105},
    {"name":"value_counts","type":{"type":"map","values":"long"},"field-id":109},
    {"name":"file_size_in_bytes","type":"int","field-id":104},
    {"name":"upper_bounds","type":["null",{"type":"array","items":{"type":"record","name":"k1","fields":[
      {"name":"key","type":"int","field-id":129},{"name":"value","type":{"type":"fixed","name":"f4","size":4},
      "field-id":130}]}}],"field-id":128}
  ]},"field-id":2},
  {"name":"status","type":"int","field-id":0}]})J";

std::string ForeignManifest(const std::string& count_key) {
  avro::AvroFileWriter writer(kForeignSchema, {{"format-version", "1"}, {"partition-spec-id", "0"}},
                              avro::AvroCodec::kDeflate);
  for (int i = 0; i < 40; ++i) {
    AvroDatum extra;
    extra.type = avro::AvroType::kMap;
    extra.entries.push_back({"x", AvroDatum::Array({AvroDatum::Double(1.5), AvroDatum::Double(i)})});
    AvroDatum counts;
    counts.type = avro::AvroType::kMap;
    counts.entries.push_back({i == 39 ? count_key : "1", AvroDatum::Long(i)});
    counts.entries.push_back({"2", AvroDatum::Long(2 * i)});
    AvroDatum partition = i % 4 == 0 ? AvroDatum::Record({AvroDatum::Null()})
                                     : AvroDatum::Record({AvroDatum::Int(19000 + i)});
    AvroDatum bounds = AvroDatum::Array({AvroDatum::Record({AvroDatum::Int(1), AvroDatum::Fixed("abcd")})});
    AvroDatum file = AvroDatum::Record({partition, extra, AvroDatum::String("PARQUET"),
                                        AvroDatum::String("/f" + std::to_string(i)), AvroDatum::Long(i),
                                        AvroDatum::Long(1 << 20), counts, AvroDatum::Int(i * 3),
                                        i % 3 ? bounds : AvroDatum::Null()});
    writer.Append(AvroDatum::Record({AvroDatum::Long(77), file, AvroDatum::Int(i % 3)}));
  }
  return writer.Finish();
}

TEST(ManifestEntryDecoderTest, ForeignFieldOrderAndAvroMapsDecodeAlikeBothWays) {
  std::string bytes = ForeignManifest("1");
  EXPECT_EQ(ExpectSameBothWays(bytes, "foreign.avro", std::nullopt, true), 40u);
  auto entries = ManifestReader(bytes, "foreign.avro").Entries();
  EXPECT_EQ(entries[5].data_file.value_counts.at(2), 10);
  EXPECT_EQ(entries[5].data_file.upper_bounds.at(1), "abcd");
  EXPECT_EQ(entries[5].data_file.file_size_in_bytes, 15);
  EXPECT_TRUE(entries[4].data_file.partition[0].is_null());
  // A bad map key fails both ways, naming the manifest and the field.
  std::string bad = ForeignManifest("one");
  for (auto decoding : {Decoding::kFast, Decoding::kGeneric}) {
    try {
      ManifestReader(bad, "bad.avro").Entries(decoding);
      ADD_FAILURE() << "no error";
    } catch (const FormatError& e) {
      EXPECT_NE(std::string(e.what()).find("manifest bad.avro: value_counts has a non-numeric key"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(ManifestEntryDecoderTest, TruncatedManifestFailsBothWays) {
  Schema schema(1, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kInt))});
  PartitionSpec spec(0, {PartitionField(1, 1000, "id", Transform::Identity())});
  ManifestWriter writer(schema, spec, 1, ManifestContent::kData, avro::AvroCodec::kNull);
  DataFile f;
  f.file_path = "/f.parquet";
  f.partition = {Value::Int32(1)};
  f.lower_bounds[1] = "abcd";
  writer.Add(f);
  std::string bytes = writer.Finish();
  // cut inside the record, keeping the sync marker: the block's records are short
  for (size_t cut : {size_t{20}, size_t{40}}) {
    std::string broken = bytes.substr(0, bytes.size() - 16 - cut) + bytes.substr(bytes.size() - 16);
    for (auto decoding : {Decoding::kFast, Decoding::kGeneric}) {
      EXPECT_THROW(ManifestReader(broken, "cut.avro").Entries(decoding), FormatError);
    }
  }
}

}  // namespace
}  // namespace floe::iceberg
